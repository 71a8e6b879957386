// From a vendor's onboarding to a certified run, with no hand edit: the production-shaped profile
// (vasy: quotas per operation, 429 stating its wait only in its message) is configured by the real
// CLI from what an onboarding e-mail hands over (the base URL, two tokens in variables of the
// user's naming, the voucher ids), and the config `init --discover` wrote runs, unedited, to
// CERTIFIED. Whole set: a discover and a whole conformance run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOKENS, OTHER_BRANCH_VOUCHERS, PAID_VOUCHERS, VOUCHERS_BY_ROLE } from '../../../reference/constants.ts';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { cli } from '../cli/spawn.ts';
import { WHOLE_FILE } from '../../tiers.ts';
import { raisedLimits, tempOut } from './run-reference.ts';

const dir = tempOut('onboarding');
let ref: ReferenceServer;
beforeAll(async () => {
  ref = await startReference({ port: 0, profile: 'vasy', ...raisedLimits('vasy') });
});
afterAll(async () => {
  await ref.close();
});

describe('the production-shaped vendor from its onboarding values', WHOLE_FILE, () => {
  it('init --discover with the base URL, two tokens and the vouchers handed over gives a config that runs unedited to CERTIFIED', async () => {
    const env = { VENDOR_TOKEN: DEFAULT_TOKENS[0]!, VENDOR_TOKEN_2: DEFAULT_TOKENS[1]! };
    const unpaid = [...VOUCHERS_BY_ROLE.lifecycle, ...VOUCHERS_BY_ROLE.cancel, ...VOUCHERS_BY_ROLE.refusals, ...VOUCHERS_BY_ROLE.parallel];
    const handed = [...unpaid, ...PAID_VOUCHERS.slice(0, 10), ...OTHER_BRANCH_VOUCHERS];
    const file = path.join(dir, 'erp.config.json');
    const init = await cli(
      [
        'init',
        '--discover',
        '--base-url',
        ref.url,
        '--token-env',
        'VENDOR_TOKEN',
        '--second-token-env',
        'VENDOR_TOKEN_2',
        '--vouchers',
        handed.join(','),
        '--out',
        file,
      ],
      { cwd: dir, env, timeoutMs: 120_000 },
    );
    expect(init.code, init.stderr).toBe(0);
    const config = JSON.parse(readFileSync(file, 'utf8'));
    expect([config.target.token, config.target.secondToken]).toEqual(['env:VENDOR_TOKEN', 'env:VENDOR_TOKEN_2']);
    // Nothing left to fill: every template's id was found on the target.
    expect((config.$comment as string[]).filter((c) => c.includes('fill this'))).toEqual([]);
    const run = await cli(['run', '--config', file, '--out', path.join(dir, 'report'), '--num-runs', '10'], { cwd: dir, env, timeoutMs: 900_000 });
    expect(run.stdout, run.stderr).toMatch(/verdict: CERTIFIED/);
    expect(run.code).toBe(0);
  }, 1_000_000);
});
