// A vendor that serves only the three operations of section 4 and its two read-backs, as a user
// meets it. `init --discover` against it writes a config without the index (nothing of it
// answered), and that config, unedited, runs certified with the scope on the verdict line. A
// config naming operations the vendor does not serve gets ONE line naming them with the fix, and
// they go out of scope: still certified, unless `certify.operations` demands one.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceOperations } from '../../../reference/index-routes.ts';
import { DEFAULT_TOKENS } from '../../../reference/constants.ts';
import { defaultProfile } from '../../../reference/profiles/index.ts';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { WHOLE_FILE, itWhole } from '../../tiers.ts';
import { cli } from './spawn.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-init-detailed-'));
const env = { ERP_API_TOKEN: DEFAULT_TOKENS[0]! };
let ref: ReferenceServer;

beforeAll(async () => {
  ref = await startReference({ port: 0, onlyDetailed: true });
});
afterAll(async () => {
  await ref.close();
});

const SCOPE =
  'Scope: update-order-status, contact-save, consumption-production-report; read-backs: get-contact-by-id, order-status; index operations: none configured.';
/** The runs' flags: the scope and the verdict are the proof, not the Allure results or the HAR. */
const FLAGS = ['--num-runs', '5', '--seed', '7', '--no-allure', '--har', 'off'];
/** The verdict line, its wrapped continuation joined. */
const verdictOf = (stdout: string) => (/^verdict: [\s\S]*?(?=\n\n)/m.exec(stdout)?.[0] ?? '').replace(/\n {2}/g, ' ');
const run = (config: string, out: string) => cli(['run', '--config', config, '--out', path.join(dir, out), ...FLAGS], { cwd: dir, env, timeoutMs: 300_000 });

/** `init --discover` against the vendor, once for the file (a test of either tier may be the first to need its config). */
const discovered = (() => {
  const file = path.join(dir, 'erp.config.json');
  const once: { init?: ReturnType<typeof cli> } = {};
  return () => ({ file, init: (once.init ??= cli(['init', '--discover', '--base-url', ref.url, '--out', file], { cwd: dir, env })) });
})();

describe('init and the preflight against a vendor serving only the three detailed operations', WHOLE_FILE, () => {
  it('init --discover writes no index operation, and its config runs certified unedited, the scope on the verdict line', async () => {
    const { file, init: initRun } = discovered();
    const init = await initRun;
    expect(init.code, init.stderr).toBe(0);
    const config = JSON.parse(readFileSync(file, 'utf8'));
    expect(config.operations).toBeUndefined();
    expect(Object.keys(config.readBack).sort()).toEqual(['getContactById', 'orderStatus']);
    const comment: string[] = config.$comment;
    expect(comment).toContain('operations: kept none (answered 2xx)');
    expect(comment.some((c) => c.startsWith('operations: left out branch-list, ') && c.endsWith('(HTTP 404: not served)'))).toBe(true);
    expect(comment).toContain(
      'operations: writes left out: order-create, update-payment-status, update-due-date, update-shipping-detail (the target answered no read of the index)',
    );

    const r = await run(file, 'plain');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const verdict = verdictOf(r.stdout);
    expect(verdict).toMatch(/^verdict: CERTIFIED: Every MUST requirement in scope passed \(\d+\)\. /);
    expect(verdict).toContain(SCOPE);
    expect(r.stdout).not.toContain('not served');
    // The plan counts no index operation.
    expect(r.stdout).not.toMatch(/^plan: .*index operations/m);
  }, 360_000);

  it('a config naming operations the vendor does not serve: one line names them with the fix, they are out of scope, the run certified', async () => {
    await discovered().init;
    const base = JSON.parse(readFileSync(discovered().file, 'utf8'));
    const whole = referenceOperations(defaultProfile);
    const extra = ['branch-list', 'get-product-list', 'order-create', 'get-sales-data-by-id'];
    const file = path.join(dir, 'extra.json');
    writeFileSync(file, JSON.stringify({ ...base, operations: Object.fromEntries(extra.map((n) => [n, whole[n]])) }));
    const r = await run(file, 'extra');
    const lines = r.stdout.split('\n').filter((l) => l.includes('not served (404/405)'));
    expect(lines).toEqual([
      'preflight note: not served (404/405): branch-list, get-product-list, order-create, get-sales-data-by-id - remove them from operations, or fix their paths (out of scope for this run)',
    ]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const verdict = verdictOf(r.stdout);
    expect(verdict).toMatch(/^verdict: CERTIFIED: /);
    expect(verdict).toContain('index operations: none configured.');
    expect(r.stdout).not.toMatch(/^plan: .*index operations/m);
    const cert = JSON.parse(readFileSync(path.join(dir, 'extra', 'certification.json'), 'utf8'));
    const status = (id: string) => cert.requirements.find((x: { id: string }) => x.id === id);
    for (const id of ['IX-1', 'IX-2', 'IX-3'])
      expect([id, status(id).status, status(id).reason]).toEqual([id, 'skipped', expect.stringContaining('not served')]);
    expect(status('OS-6').status).toBe('skipped');
    expect(status('OS-6').reason).toContain('not served');
  }, 400_000);

  // A repeat of the run above with certify.operations (runScope's part is test/reports/scope.test.ts): the whole set only.
  itWhole(
    'a certifier who demands an operation the vendor does not serve: inconclusive, with that reason',
    async () => {
      await discovered().init;
      const base = JSON.parse(readFileSync(discovered().file, 'utf8'));
      const whole = referenceOperations(defaultProfile);
      const file = path.join(dir, 'demanded.json');
      writeFileSync(file, JSON.stringify({ ...base, operations: { 'branch-list': whole['branch-list'] }, certify: { operations: ['branch-list'] } }));
      const demanded = await run(file, 'demanded');
      expect(demanded.code, demanded.stdout + demanded.stderr).toBe(3);
      expect(verdictOf(demanded.stdout)).toContain('certify.operations names branch-list (not served: HTTP 404 in the preflight)');
    },
    300_000,
  );
});
