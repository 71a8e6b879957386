// `init --discover`: the real CLI reads a served reference's lists (Branch List, Get All Sales
// Data, country/state/city lists, a report page per branch), writes a config whose fixtures are
// what it found, says so in "$comment", and that config runs certified against the same server.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover, voucherPools } from '../../../bin/cli/init-discover.ts';
import { createClient } from '../../../client/operations.ts';
import { loadConfig } from '../../../config/load.ts';
import { DEFAULT_TOKENS, EMPTY_BRANCH_ID, OTHER_BRANCH_VOUCHERS, PAID_VOUCHERS } from '../../../reference/constants.ts';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { referenceOperations } from '../../../reference/index-routes.ts';
import { defaultProfile } from '../../../reference/profiles/index.ts';
import { cli } from './spawn.ts';
import { inProcess } from './in-process.ts';
import { WHOLE_FILE } from '../../tiers.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-init-discover-'));
let ref: ReferenceServer;

beforeAll(async () => {
  ref = await startReference({ port: 0 });
});
afterAll(async () => {
  await ref.close();
});

describe('init --discover', WHOLE_FILE, () => {
  it('fills the fixtures from the lists, says what it found and what not, and the config it wrote runs certified', async () => {
    const file = path.join(dir, 'erp.config.json');
    const env = { MY_ERP_TOKEN: DEFAULT_TOKENS[0]! };
    const r = await cli(['init', '--discover', '--base-url', ref.url, '--token-env', 'MY_ERP_TOKEN', '--out', file], { cwd: dir, env });
    expect(r.code, r.stderr).toBe(0);
    const config = JSON.parse(readFileSync(file, 'utf8'));
    expect(config.target.token).toBe('env:MY_ERP_TOKEN');
    expect(readFileSync(file, 'utf8')).not.toContain(DEFAULT_TOKENS[0]);
    const f = config.fixtures;
    expect([f.branchId, f.otherBranchId]).toEqual([1, 2]);
    expect(f.report.emptyBranchId).toBe(EMPTY_BRANCH_ID);
    expect(f.report.branchList).toBe('1,2');
    // Pools from Get All Sales Data: paid Pending vouchers to deliver, branch 2's to otherBranch.
    expect(f.sales.deliver).toEqual([...PAID_VOUCHERS]);
    expect(OTHER_BRANCH_VOUCHERS).toEqual(expect.arrayContaining(f.sales.otherBranch));
    expect(f.sales.parallel.length).toBeGreaterThanOrEqual(4);
    // The index's write templates' vouchers (params.salesId) are in no pool.
    const pooled = Object.values(f.sales).flat().map(String);
    for (const name of ['update-payment-status', 'update-due-date', 'update-shipping-detail'])
      expect(pooled).not.toContain(String(config.operations[name].params.salesId));
    expect(Object.keys(f.customer.cities).length).toBeGreaterThanOrEqual(2);
    const comment: string[] = config.$comment;
    expect(comment[0]).toMatch(/^init --discover read .* \(\d+ requests\)$/);
    expect(comment.some((c) => c.startsWith('found: sales.deliver: 20 voucher(s)'))).toBe(true);
    expect(comment.some((c) => c.startsWith('not found: customer.contactTypes'))).toBe(true);
    expect(r.stdout).toContain('found: report.emptyBranchId 4');
    // Economy: a request per list, a report page per branch; then each read of the index once (kept: those answered 2xx).
    const reads = Object.values(referenceOperations(defaultProfile)).filter((op) => !op.writes).length;
    expect(Number(/\((\d+) requests\)/.exec(comment[0]!)![1])).toBeLessThanOrEqual(16 + reads);
    expect(comment).toContain(
      "operations: writes kept unsent: order-create, update-payment-status, update-due-date, update-shipping-detail (the run's preflight sends each once; one not served is left out, named on one line)",
    );
    expect(Object.keys(config.operations)).toContain('branch-list');

    const run = await cli(['run', '--config', file, '--out', path.join(dir, 'report'), '--num-runs', '5'], { cwd: dir, env, timeoutMs: 420_000 });
    expect(run.stdout, run.stderr).toMatch(/verdict: CERTIFIED/);
    expect(run.code).toBe(0);
    // Without fixtures.report.filterIds the id filters are tried with ids the lists give, and judged by them (RP-19c).
    const cert = JSON.parse(readFileSync(path.join(dir, 'report', 'certification.json'), 'utf8'));
    expect(cert.requirements.find((x: { id: string }) => x.id === 'RP-19c').status).toBe('passed');
    const byLists = Object.keys(cert.observations.filterIdsByLists);
    for (const key of ['productIds', 'categoryIds', 'brandIds', 'departmentIds', 'recipeIds']) expect(byLists.some((k) => k.startsWith(`${key}=`))).toBe(true);
  }, 480_000);

  it('refuses --discover without --base-url, and a --token-env that is not set', async () => {
    // Words of the command line and the environment it reads: in this process (in-process.ts).
    const a = await inProcess(['init', '--discover', '--out', path.join(dir, 'a.json')]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--discover needs --base-url');
    const b = await inProcess(['init', '--discover', '--base-url', ref.url, '--token-env', 'NOT_SET_HERE', '--out', path.join(dir, 'b.json')], {
      NOT_SET_HERE: undefined,
    });
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('NOT_SET_HERE is not set');
  });
});

describe('discover on a target whose lists are not configured', WHOLE_FILE, () => {
  it("keeps the template's fixtures and says, per fixture, what it could not find", async () => {
    const { operations: _o, ...base } = ref.runConfig();
    const config = loadConfig({ base, env: {} });
    const client = createClient(config.target);
    const d = await discover(client, config, structuredClone(base.fixtures) as Record<string, unknown>);
    await client.close();
    expect(d.found).toEqual([]);
    expect(d.fixtures.sales).toEqual(base.fixtures.sales);
    expect(d.fixtures.branchId).toBe(base.fixtures.branchId);
    const said = d.notFound.join('\n');
    for (const what of ['branches', 'report.branchList', 'sales (every pool)', 'customer.countriesCode', 'customer.cities']) expect(said).toContain(`${what}`);
    expect(said).toContain('operations.branch-list is not configured');
    // Nothing is sent for a list that is not configured.
    expect(client.count()).toBe(0);
  });
});

describe('voucherPools', WHOLE_FILE, () => {
  const row = (salesId: number, orderStatus: string, paymentStatus: string) => ({ salesId, orderStatus, paymentStatus });
  it('takes Pending vouchers only, paid ones to deliver, and sizes lifecycle, cancel and parallel for the same number of runs', () => {
    const rows = [
      ...Array.from({ length: 14 }, (_, i) => row(100 + i, 'Pending', 'unpaid')),
      row(200, 'Shipped', 'unpaid'),
      row(201, 'Pending', 'PAID'),
      row(202, 'Delivered', 'paid'),
    ];
    const p = voucherPools(rows, new Set(['113']));
    expect(p.deliver).toEqual(['201']);
    expect(p.refusals).toEqual(['100', '101']);
    expect(p.lifecycle.length).toBe(p.cancel.length);
    expect(p.parallel.length).toBe(4 * Math.ceil(p.lifecycle.length / 3));
    const all = [...p.lifecycle, ...p.cancel, ...p.refusals, ...p.parallel];
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain('113');
    expect(all).not.toContain('200');
  });
});
