#!/usr/bin/env -S node --max-old-space-size=320 --max-semi-space-size=4 --optimize-for-size
// The package's bin: registers tsx so the TypeScript sources run as they are, then starts the CLI.
// --optimize-for-size: this process ~10 MB smaller at the run's peak, the room that lets the suite worker run
// without it at two thirds of its CPU (engine/phases/pass.ts; docs/decisions.md).

// Bounded memory: vitest's bundler (rolldown) allocates through mimalloc, which by default commits
// its arenas eagerly; in this process that was ~70 MB of resident memory for nothing (measured:
// bench/run-memory.ts). Set before the bundler loads; a value the user set is kept.
process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';

// The bin's latch: `run` always ends with its certificate, so a SIGINT / SIGTERM that comes while the CLI loads is kept
// for it (engine/control/interrupts.ts takes it over); the same signal again within 1000 ms, or
// before the event loop has beaten 5 times (50 ms apart) since, is the same delivery
// (core/signals.ts SAME_DELIVERY_MS, BEAT_MS, FREE_BEATS: the loading modules hold the loop); a
// later one exits at once. These are the
// module's first statements: nothing is imported statically, so no module has to load before a
// signal is the run's (only Node's own start-up comes before them).
if (process.argv[2] === 'run') {
  const early = { signal: undefined, at: 0, beats: 0, handler: undefined };
  early.handler = (s) => {
    if (!early.signal) {
      early.signal = s;
      early.at = performance.now();
      setInterval(() => early.beats++, 50).unref();
      return;
    }
    if (performance.now() - early.at >= 1000 && early.beats >= 5) process.exit(early.signal === 'SIGTERM' ? 143 : 130);
  };
  process[Symbol.for('erp-conformance.early-signal')] = early;
  process.on('SIGINT', early.handler);
  process.on('SIGTERM', early.handler);
}

// The CLI as a bundle of plain modules, kept on disk while its sources are unchanged
// (bin/cli-bundle.js): no TypeScript hook is loaded, so no module pays for one.
const { fileURLToPath, pathToFileURL } = await import('node:url');
const { cliBundle } = await import('./cli-bundle.js');
const bundle = await cliBundle(fileURLToPath(new URL('..', import.meta.url)));
if (bundle.file) {
  // Error stacks name the sources' lines, as under tsx.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle.file).href);
} else await fromSources();

// Without a bundle (bin/cli-bundle.js says when): the sources run through tsx.
async function fromSources() {
  // The packages the chosen command uses are imported before tsx's hooks are in place: they need no
  // transform, yet under the hooks tsx reads every ES module of node_modules again to look for
  // dynamic imports (measured: vitest/node and zod cost 3 s of CPU that way instead of 0.8 s, at
  // every start). Imported here, they are in node's module cache when the commands import them.
  const command = process.argv[2];
  const help = process.argv.includes('--help') || process.argv.includes('-h');
  const config = ['zod', 'lossless-json'];
  const PRELOAD = {
    run: process.argv.includes('--plan') ? [...config, 'undici', 'fast-check'] : [...config, 'undici', 'fast-check', 'vitest/node'],
    serve: config,
    'check-config': config,
    report: config,
    openapi: config,
    init: [...config, 'undici'],
    schema: ['zod'],
    probe: [...config, 'undici', 'fast-check', '@faker-js/faker'],
    load: [...config, 'undici', 'fast-check', '@faker-js/faker'],
  };
  if (!help && Object.hasOwn(PRELOAD, command)) await Promise.all(PRELOAD[command].map((m) => import(m)));

  const { register } = await import('tsx/esm/api');
  register();
  await import('./cli.ts');
}
