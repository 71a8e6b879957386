#!/usr/bin/env -S node --max-old-space-size=320 --max-semi-space-size=4
// The package's bin: registers tsx so the TypeScript sources run as they are, then starts the CLI.
import { register } from 'tsx/esm/api';

// Bounded memory: vitest's bundler (rolldown) allocates through mimalloc, which by default commits
// its arenas eagerly; in this process that was ~70 MB of resident memory for nothing (measured:
// bench/run-memory.ts). Set before the bundler loads; a value the user set is kept.
process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';

// `run` always ends with its certificate: a SIGINT / SIGTERM that comes while the CLI loads is kept
// for it (suites/interrupts.ts takes it over); a second one exits at once.
if (process.argv[2] === 'run') {
  const early = { signal: undefined, handler: undefined };
  early.handler = (s) => (early.signal ? process.exit(early.signal === 'SIGTERM' ? 143 : 130) : (early.signal = s));
  process[Symbol.for('erp-conformance.early-signal')] = early;
  process.on('SIGINT', early.handler);
  process.on('SIGTERM', early.handler);
}

// vitest/node (vite, rolldown: ~1.5 MB of plain JS) is loaded before tsx's hooks: through them
// every module of it is scanned again on the loader thread, ~2 s of CPU per run for nothing.
if (process.argv[2] === 'run') await import('vitest/node');
register();
await import('./cli.ts');
