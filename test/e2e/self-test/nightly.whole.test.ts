// A nightly job, twice in a row: the real CLI runs two whole conformance runs one after the other
// against ONE reference server (its vouchers kept from run to run, as a vendor's staging server
// keeps them), with a config that names Order Create, Update Payment Status and Get Sales Data By
// Id and holds no voucher pool (no lifecycle, cancel, deliver or parallel vouchers). Each run makes
// its own vouchers: both are certified, and OS-6 is verified in both, never "not tested".
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certification } from '../../../reports/model.ts';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { cli, type CliResult } from '../cli/spawn.ts';
import { WHOLE_FILE } from '../../tiers.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'erp-nightly-'));
const dir = (name: string) => path.join(tmp, name);
const TOKEN = 'nightly-token-7';
/** What is proven is the vouchers each night makes and walks, not the Allure results or the HAR. */
const FLAGS = ['--num-runs', '5', '--quiet', '--no-allure', '--har', 'off'];
let server: ReferenceServer;
const runs: { result: CliResult; cert: Certification }[] = [];

beforeAll(async () => {
  server = await startReference({ port: 0, tokens: [TOKEN, 'nightly-token-8'] });
  const config = JSON.parse(JSON.stringify(server.runConfig()));
  // No pools: only the vouchers that never change on a conforming target stay.
  const { refusals, otherBranch, missing } = config.fixtures.sales;
  config.fixtures.sales = { refusals, otherBranch, missing };
  config.target.token = 'env:NIGHTLY_ERP_TOKEN';
  delete config.target.secondToken;
  for (const name of ['order-create', 'update-payment-status', 'get-sales-data-by-id']) expect(config.operations[name], name).toBeDefined();
  writeFileSync(dir('erp.config.json'), JSON.stringify(config, null, 2));
  // One after the other, as two nights are: the second finds what the first left.
  for (const night of [1, 2]) {
    const out = dir(`night-${night}`);
    const result = await cli(['run', '--config', dir('erp.config.json'), '--out', out, '--seed', String(night), ...FLAGS], {
      env: { NIGHTLY_ERP_TOKEN: TOKEN },
      timeoutMs: 400_000,
    });
    runs.push({ result, cert: JSON.parse(readFileSync(path.join(out, 'certification.json'), 'utf8')) as Certification });
  }
  // Generous ceiling (it ends a hang): two whole runs on a busy 2-core machine.
}, 900_000);

afterAll(async () => {
  await server?.close();
});

const status = (c: Certification, id: string) => c.requirements.find((r) => r.id === id)!;
const observed = (c: Certification, role: string) => String(c.observations[`fixtures.sales.${role}`]);
/** The voucher a walk took, from its observation ("took 500001 (made by Order Create: ..."). */
const took = (c: Certification, role: string) => /^took (\d+) \(made by Order Create: POST /.exec(observed(c, role))?.[1];

describe('a nightly job run twice against the same reference, with Order Create and no voucher pools', WHOLE_FILE, () => {
  it('is certified both nights (exit code 0)', () => {
    for (const { result, cert } of runs) {
      expect(cert.requirements.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual([]);
      expect(cert.verdict, result.stdout.slice(-2000)).toBe('certified');
      expect(result.code).toBe(0);
    }
  });

  it('verifies OS-6 both nights, with Get Sales Data By Id on a voucher made that night', () => {
    for (const { cert } of runs) {
      expect(status(cert, 'OS-6').status).toBe('passed');
      expect(status(cert, 'IX-10').status).toBe('passed');
    }
  });

  it('walks vouchers Order Create made that night, a new one each night, the deliver one made paid by Update Payment Status', () => {
    const ids = runs.map(({ cert }) => ['lifecycle', 'cancel', 'deliver'].map((role) => took(cert, role)));
    for (const night of ids) for (const id of night) expect(id).toMatch(/^\d+$/);
    expect(ids[1]!.filter((id) => ids[0]!.includes(id))).toEqual([]);
    for (const { cert } of runs) {
      expect(observed(cert, 'deliver')).toMatch(/update-payment-status\?branch_id=1 answered HTTP 200/);
      expect(observed(cert, 'parallel')).toMatch(/^made \d+, \d+(, \d+)* by Order Create/);
      for (const id of ['ST-1', 'OS-3', 'OS-5', 'OS-7', 'OS-9']) expect(status(cert, id).status, id).toBe('passed');
    }
  });
});
