// Every command that writes a folder refuses an --out it cannot write as a usage error (exit 2)
// with the fix, before it sends or reads anything: probe and load (the embedded reference is not
// even started), report --merge and report --out. (run: cli.test.ts, through the real CLI.) A path
// through a file (ENOTDIR) stands for a folder of another user: these tests may run as root, whom
// no permission stops.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from './in-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'erp-unwritable-'));
const file = join(dir, 'not-a-folder');
writeFileSync(file, '');
const OUT = join(file, 'report');
const REFUSED = /cannot be written \(ENOTDIR\): choose a folder this user can write .*docker run --user/;

describe('an --out the command cannot write', () => {
  it.each([
    ['probe', ['probe', '--out', OUT], /^probing /m],
    ['load', ['load', '--rate', '5', '--seconds', '1', '--out', OUT], /^load on /m],
    ['report --merge', ['report', '--merge', join(dir, 'shard-1'), join(dir, 'shard-2'), '--out', OUT], /verdict|written/],
    ['report --out', ['report', '--in', dir, '--out', OUT], /verdict|written/],
  ] as const)('%s: exit 2 with the fix, nothing sent or read', async (_name, args, started) => {
    const r = await inProcess([...args]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(REFUSED);
    expect(r.stdout).not.toMatch(started);
    // Not the shards' problem (they do not exist): the folder was refused before they were read.
    expect(r.stderr).not.toMatch(/shard-1|certification\.json/);
  });
});
