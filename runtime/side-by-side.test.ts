// The functional suite files side by side in the one suite worker: each file is a concurrent block
// named by its path; the client and its scheduler stay one, so run.concurrency and the pacing hold
// for the whole run. The report files come in a second wave, after the files that change vouchers
// and contacts. A sharded or replayed run loads the files one by one instead. A worker started
// while the preflight runs loads the modules meanwhile, and declares the files once the preflight
// and the plan have said their part.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, inject } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// A worker kept from run to run (engine/phases/kept-workers.ts) holds the modules an earlier run
// evaluated: every module of the project is evaluated anew (vitest's module graph of this worker,
// its internal `evaluatedModules`), so no run meets another's state and every suite file declares
// its tests again; the packages (vitest, fast-check, zod ...) stay loaded.
if (inject('erpKept')) {
  type Modules = { fileToModulesMap: Map<string, Set<unknown>>; invalidateModule(m: unknown): void };
  const modules = (globalThis as { __vitest_worker__?: { evaluatedModules?: Modules } }).__vitest_worker__?.evaluatedModules;
  if (!modules) throw new Error('a kept suite worker cannot evaluate the suites anew: vitest no longer exposes its evaluated modules');
  const self = fileURLToPath(import.meta.url);
  const own = (file: string) => file !== self && file.startsWith(ROOT + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);
  for (const [file, mods] of modules.fileToModulesMap) if (own(file)) for (const m of mods) modules.invalidateModule(m);
}
// Imported once the graph is fresh (a static import would be the kept worker's earlier one).
const { awaitLateContext } = await import('./late-context.ts');
const { warmImports } = await import('./warm-imports.ts');
const { endWithMainProcess } = await import('./worker-signals.ts');
// A kept worker's run ends with its connections: each carries the flow that opened it (client/scheduler/slots.ts), and so its test.
if (inject('erpKept')) afterAll(async () => (await import('./run-client.ts')).releaseRuns());

const late = inject('erpLate');
// An early worker waits while the preflight runs: if the run's process ends meanwhile, so does the worker.
endWithMainProcess();
if (late) await warmImports(ROOT, inject('erpWaves').flat());
const waves = late ? await awaitLateContext(inject('erp')) : inject('erpWaves');

for (const [i, wave] of waves.entries()) {
  describe(`wave ${i + 1}`, () => {
    for (const file of wave) {
      describe.concurrent(file, { meta: { suiteFile: file } }, async () => {
        await import(pathToFileURL(path.join(ROOT, file)).href);
      });
    }
  });
}
