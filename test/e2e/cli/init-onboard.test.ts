// `init --discover` from a vendor's onboarding values: the two tokens' variables are written as
// given (target.token, target.secondToken), the voucher pools take only the vouchers handed over
// (--vouchers) that the target lists, and "$comment" says so. One discover against the reference,
// in this process (in-process.ts): what is checked is what init writes and says, not the process.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOKENS } from '../../../reference/constants.ts';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { inProcess } from './in-process.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-init-onboard-'));
let ref: ReferenceServer;
beforeAll(async () => {
  ref = await startReference({ port: 0 });
});
afterAll(async () => {
  await ref.close();
});

describe('init --discover with the onboarding values', () => {
  it('writes both token variables and pools only the vouchers handed over', async () => {
    const file = path.join(dir, 'erp.config.json');
    const env = { VENDOR_TOKEN: DEFAULT_TOKENS[0]!, VENDOR_TOKEN_B: DEFAULT_TOKENS[1]! };
    // Handed over: unpaid 1001..1012, paid 2001..2003, other branch 3001; 9999 is not listed.
    const handed = [...Array.from({ length: 12 }, (_, i) => 1001 + i), 2001, 2002, 2003, 3001, 9999];
    const r = await inProcess(
      [
        'init',
        '--discover',
        '--base-url',
        ref.url,
        '--token-env',
        'VENDOR_TOKEN',
        '--second-token-env',
        'VENDOR_TOKEN_B',
        '--vouchers',
        handed.join(','),
        '--out',
        file,
      ],
      env,
    );
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    const config = JSON.parse(text);
    expect(config.target.token).toBe('env:VENDOR_TOKEN');
    expect(config.target.secondToken).toBe('env:VENDOR_TOKEN_B');
    for (const t of DEFAULT_TOKENS) expect(text).not.toContain(t);
    const pooled = ['lifecycle', 'cancel', 'deliver', 'refusals', 'parallel', 'otherBranch'].flatMap((role) => config.fixtures.sales[role] ?? []);
    expect(pooled.length).toBeGreaterThan(4);
    for (const id of pooled) expect(handed).toContain(id);
    expect(config.fixtures.sales.deliver).toEqual([2001, 2002, 2003]);
    expect(config.fixtures.sales.otherBranch).toEqual([3001]);
    expect(r.stdout).toContain('export VENDOR_TOKEN=<the token the operator issued> VENDOR_TOKEN_B=');
    // No "not found" of a fixture the answers showed elsewhere.
    const comment: string[] = config.$comment;
    expect(comment.filter((c) => c.startsWith('not found: customer.cities') || c.startsWith('not found: branches'))).toEqual([]);
  }, 120_000);

  it('refuses --second-token-env naming a variable that is not set, and --vouchers that are not ids', async () => {
    const env = { VENDOR_TOKEN: DEFAULT_TOKENS[0]!, UNSET_B: undefined };
    const a = await inProcess(
      ['init', '--discover', '--base-url', ref.url, '--token-env', 'VENDOR_TOKEN', '--second-token-env', 'UNSET_B', '--out', path.join(dir, 'a.json')],
      env,
    );
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('UNSET_B is not set');
    const b = await inProcess(
      ['init', '--discover', '--base-url', ref.url, '--token-env', 'VENDOR_TOKEN', '--vouchers', '12,abc', '--out', path.join(dir, 'b.json')],
      env,
    );
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('--vouchers takes voucher ids');
  }, 60_000);
});
