// --out is checked before the run sends anything (bin/cli/writable-out.ts): a folder the user
// cannot write is a usage problem with the fix, never an internal error after the run.
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unwritableOut } from '../../../bin/cli/writable-out.ts';

const root = mkdtempSync(join(tmpdir(), 'erp-out-'));
/** root can write anywhere: the permission case needs another user. */
const asRoot = process.getuid?.() === 0;

describe('the --out folder', () => {
  it('is made when missing, and then fine', () => {
    const dir = join(root, 'a', 'b');
    expect(unwritableOut(dir)).toBeUndefined();
    expect(existsSync(dir)).toBe(true);
  });

  it('under a file cannot be made: the reason names the folder, the error code and the fix', () => {
    writeFileSync(join(root, 'file'), '');
    const why = unwritableOut(join(root, 'file', 'out'));
    expect(why).toMatch(/^--out .*file\/out cannot be written \(ENOTDIR\): choose a folder this user can write/);
    expect(why).toContain('docker run --user "$(id -u):$(id -g)"');
  });

  it.skipIf(asRoot)('owned by no one this user is (as CI mounts a workspace for another uid): EACCES, with the fix', () => {
    const dir = join(root, 'locked');
    expect(unwritableOut(dir)).toBeUndefined();
    chmodSync(dir, 0o555);
    expect(unwritableOut(dir)).toMatch(/cannot be written \(EACCES\)/);
  });
});
