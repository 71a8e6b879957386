// A command's process tree measured by process (bench/support/memory.ts peakOfCommand): each
// process's own peak under its role (the first process is `main`, vitest's fork the `worker`), the
// file-backed part of it, and the tree's peak at least the largest one. The child holds its memory
// until the sampler has seen it: no wall clock decides what is measured.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { peakOfCommand, processRole } from '../../../bench/support/memory.ts';

describe('the peak memory of a process tree, by process', () => {
  it('names each process by its role from its command line', () => {
    expect(processRole('node\0bin/erp-conformance.js\0run\0', true)).toBe('main');
    expect(processRole('/usr/bin/node\0--require\0x\0/k/node_modules/vitest/dist/workers/forks.js\0', false)).toBe('worker');
    expect(processRole('/k/node_modules/@esbuild/linux-x64/bin/esbuild\0--service=0.28.2\0', false)).toBe('esbuild');
  });

  it.skipIf(process.platform !== 'linux')("keeps each process's peak, its file-backed part, and the tree's peak", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-memory-'));
    const ready = path.join(dir, 'ready');
    const release = path.join(dir, 'release');
    // The child fills 48 MB, says it is ready, and holds it until told: the parent only waits for it.
    const child = `const b = Buffer.alloc(48 * 1024 * 1024, 1); require('fs').writeFileSync(${JSON.stringify(ready)}, ''); const t = setInterval(() => { if (require('fs').existsSync(${JSON.stringify(release)})) { clearInterval(t); b.fill(0); } }, 10);`;
    const parent = `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(child)}], { stdio: 'inherit' }).on('exit', (c) => process.exit(c));`;
    // Released once a sample was taken after the child said it was ready.
    let seenReady = false;
    const sampled = () => {
      if (seenReady && !existsSync(release)) writeFileSync(release, '');
      seenReady ||= existsSync(ready);
    };
    try {
      const r = await peakOfCommand(process.execPath, ['-e', parent], dir, { everyMs: 20, sampled });
      expect(r.exitCode).toBe(0);
      expect(r.byProcess.map((p) => p.role)).toEqual(['main', 'node']);
      const [main, held] = r.byProcess;
      expect(held!.peakMb).toBeGreaterThanOrEqual(48);
      expect(held!.fileMb).toBeGreaterThan(0);
      expect(held!.fileMb).toBeLessThan(held!.peakMb - 40);
      expect(r.peakMb).toBeGreaterThanOrEqual(held!.peakMb);
      expect(r.peakMb).toBeLessThanOrEqual(main!.peakMb + held!.peakMb);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
