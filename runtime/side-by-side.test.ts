// The functional suite files side by side in the one suite worker: each file is a concurrent block
// named by its path; the client and its scheduler stay one, so run.concurrency and the pacing hold
// for the whole run. The report files come in a second wave, after the files that change vouchers
// and contacts. A sharded or replayed run loads the files one by one instead. A worker started
// while the preflight runs loads the modules meanwhile, and declares the files once the preflight
// and the plan have said their part.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, inject } from 'vitest';
import { awaitLateContext } from './late-context.ts';
import { warmImports } from './warm-imports.ts';
import { endWithMainProcess } from './worker-signals.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
