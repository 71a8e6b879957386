// The suite proves itself: re-runs give the same verdict. Two runs in a row (a nightly job, two CI
// jobs) against the SAME server must not turn the state the first run left into a failure of the
// second; past the size of a voucher pool, the run is inconclusive with the fix, never failed.
// Each case runs with readBack.orderStatus as the reference's config gives it, and without it, and
// without operations["order-create"]: these are the pools' tests (test/e2e/self-test/nightly.whole.test.ts runs
// twice with Order Create and no pools).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../client/operations.ts';
import { loadConfig } from '../../../config/load.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { startReference, type ReferenceOptions, type ReferenceServer } from '../../../reference/server.ts';
import { ROOT, runConformance } from '../../../engine/run.ts';
import type { RunResult } from '../../../engine/options.ts';
import { FORWARD_ONLY_RAISED_LIMIT, tempOut } from './run-reference.ts';
import { WHOLE_FILE } from '../../tiers.ts';

/** A ceiling against a hang, not a bound: the six tests run at once, two or three whole runs each, on a busy machine. */
const CEILING_MS = 600_000;
const WATCHED = ['ST-1', 'OS-3', 'OS-5', 'OS-7'];
const FIX = /reset the staging data or add fresh vouchers to the pool/;

/** The reference profiles (reference/profiles/index.ts), when that module exists: names found in its exports. */
async function profileNames(): Promise<string[]> {
  const file = path.join(ROOT, 'reference/profiles/index.ts');
  if (!existsSync(file)) return [];
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const names = new Set<string>();
  for (const v of Object.values(mod)) {
    if (Array.isArray(v)) {
      for (const x of v) {
        if (typeof x === 'string') names.add(x);
        else if (x && typeof x === 'object' && typeof (x as { name?: unknown }).name === 'string') names.add((x as { name: string }).name);
      }
    } else if (v && typeof v === 'object') for (const k of Object.keys(v)) names.add(k);
  }
  return [...names];
}
const forwardOnly = (await profileNames()).includes('forward-only');

/** The pools are the fallback of Order Create: without it, the walks take their vouchers from them. */
const poolsOnly = (c: RunConfig): RunConfig => {
  const { 'order-create': _made, ...operations } = c.operations ?? {};
  return { ...c, operations };
};
const dropRead = (c: RunConfig): RunConfig => ({ ...c, readBack: c.readBack ? { ...c.readBack, orderStatus: undefined } : undefined });
/** Pools of one voucher per role (the first of each role's list), so the second run is past them. */
const poolsOfOne = (c: RunConfig): RunConfig => {
  const s = c.fixtures.sales;
  return {
    ...c,
    fixtures: {
      ...c.fixtures,
      sales: {
        ...s,
        lifecycle: s.lifecycle!.slice(0, 1),
        cancel: s.cancel!.slice(0, 1),
        deliver: s.deliver!.slice(0, 1),
        refusals: s.refusals.slice(0, 1),
        parallel: s.parallel?.slice(0, 2),
      },
    },
  };
};

const VARIANTS: [string, (c: RunConfig) => RunConfig][] = [
  ['with readBack.orderStatus', (c) => c],
  ['without readBack.orderStatus', dropRead],
];

/** Does the server answer the read path of its config? (Until it does, the run goes without preflight.) */
async function readServed(server: ReferenceServer, config: RunConfig): Promise<boolean> {
  const rb = config.readBack?.orderStatus;
  if (!rb) return false;
  const client = createClient(config.target);
  try {
    const ex = await client.raw({
      method: 'GET',
      path: rb.path.replace('{salesId}', String(config.fixtures.sales.lifecycle![0])).replace('{branchId}', String(config.fixtures.branchId)),
    });
    return ex.response?.status === 200;
  } finally {
    await client.close();
  }
}

async function session(reference: ReferenceOptions, variant: (c: RunConfig) => RunConfig) {
  const server = await startReference({ port: 0, ...reference });
  const config = poolsOnly(variant(loadConfig({ base: server.runConfig(), env: {} })));
  const served = await readServed(server, config);
  const run = (patch: (c: RunConfig) => RunConfig = (c) => c): Promise<RunResult> =>
    runConformance({
      config: patch(config),
      out: tempOut('rerun'),
      only: ['ST', 'OS'],
      numRuns: 5,
      seed: 1,
      allure: false,
      keepWorker: true,
      preflight: served,
      log: () => {},
    });
  return { server, config, served, run };
}

const statusOf = (r: RunResult, id: string) => r.certification.requirements.find((x) => x.id === id)!;
const failed = (r: RunResult) => r.certification.requirements.filter((x) => x.status === 'failed').map((x) => `${x.id}: ${x.findings[0]?.title ?? x.reason}`);
const watched = (r: RunResult) => Object.fromEntries(WATCHED.map((id) => [id, statusOf(r, id).status]));

/** Two runs in a row of a session: neither fails a requirement, both pass the selection, with the same watched statuses. */
async function twoRuns(s: Awaited<ReturnType<typeof session>>): Promise<[RunResult, RunResult]> {
  const first = await s.run();
  const second = await s.run();
  expect(failed(first)).toEqual([]);
  expect(failed(second)).toEqual([]);
  expect(first.certification.verdict).toBe('selection-passed');
  expect(second.certification.verdict).toBe(first.certification.verdict);
  expect(watched(second)).toEqual(watched(first));
  return [first, second];
}
const observation = (r: RunResult, role: string) => String(r.certification.observations[`fixtures.sales.${role}`]);

// Each test has a server of its own: they run at once (a rerun of ST and OS is mostly the start-up
// of its suite worker, which waits on little but the CPU). The whole set's (test/tiers.ts).
describe.concurrent.each(VARIANTS)('re-runs against the same reference, %s', WHOLE_FILE, (_name, variant) => {
  it(
    'give the same verdict and the same ST-1, OS-3, OS-5 and OS-7 statuses, run after run',
    async () => {
      const s = await session({}, variant);
      try {
        const [first, second] = await twoRuns(s);
        for (const id of ['ST-1', 'OS-3', 'OS-5']) expect(statusOf(first, id).status, id).toBe('passed');
        expect(statusOf(first, 'OS-7').status).toBe(s.config.readBack?.orderStatus ? (s.served ? 'passed' : 'inconclusive') : 'skipped');
        // The reference makes Delivered and Cancelled final: the second run takes the next voucher of those pools.
        const sales = s.config.fixtures.sales;
        expect(observation(second, 'cancel')).toMatch(new RegExp(`^took ${sales.cancel![1]} .*passed over ${sales.cancel![0]}`));
        expect(observation(second, 'deliver')).toMatch(new RegExp(`^took ${sales.deliver![1]} .*passed over ${sales.deliver![0]}`));
      } finally {
        await s.server.close();
      }
    },
    CEILING_MS,
  );

  it(
    'end inconclusive past a pool of one voucher, not failed, with the fix in the reason',
    async () => {
      const s = await session({}, variant);
      try {
        const first = await s.run(poolsOfOne);
        expect(failed(first)).toEqual([]);
        expect(first.certification.verdict).toBe('selection-passed');
        // The reference moves a Shipped voucher back to Pending (a "free" vendor): the lifecycle voucher
        // is used up only once someone leaves it in a final state, as an earlier cancel run would.
        const client = createClient(s.config.target);
        const salesId = s.config.fixtures.sales.lifecycle![0]!;
        const ex = await client.updateOrderStatus({ salesId, branchId: s.config.fixtures.branchId, body: { orderStatus: 'Cancelled' } });
        await client.close();
        expect(ex.response?.status).toBe(200);
        const second = await s.run(poolsOfOne);
        expect(failed(second)).toEqual([]);
        expect(second.certification.verdict).toBe('inconclusive');
        expect(second.exitCode).toBe(3);
        const st1 = statusOf(second, 'ST-1');
        expect(st1.status).toBe('inconclusive');
        for (const role of ['lifecycle', 'cancel', 'deliver']) {
          expect(st1.reason).toMatch(
            new RegExp(`no voucher of fixtures\\.sales\\.${role} is Pending any more \\(${s.config.fixtures.sales[role as 'lifecycle']![0]}`),
          );
          expect(observation(second, role)).toMatch(FIX);
        }
        expect(st1.reason).toMatch(FIX);
      } finally {
        await s.server.close();
      }
    },
    CEILING_MS,
  );

  it.skipIf(!forwardOnly)(
    'against a forward-only vendor give the same verdict twice, then inconclusive (not failed) past the pools',
    async () => {
      // These runs are about its transitions: at its own limit the three waited 15 s for it.
      const s = await session({ profile: 'forward-only', rateLimit: FORWARD_ONLY_RAISED_LIMIT } as ReferenceOptions, variant);
      try {
        const [first, second] = await twoRuns(s);
        for (const id of ['ST-1', 'OS-3', 'OS-5']) expect(statusOf(second, id).status, id).toBe('passed');
        // The first run's vouchers are used up (the vendor never moves back): the second took the next ones.
        const sales = s.config.fixtures.sales;
        for (const role of ['lifecycle', 'cancel', 'deliver'] as const)
          expect(observation(second, role)).toMatch(new RegExp(`^took ${sales[role]![1]} .*passed over ${sales[role]![0]}`));
        // A third run whose pools hold only the vouchers the first run used: nothing usable is left.
        const third = await s.run(poolsOfOne);
        expect(failed(third)).toEqual([]);
        expect(third.certification.verdict).toBe('inconclusive');
        expect(statusOf(third, 'ST-1').status).toBe('inconclusive');
        expect(statusOf(third, 'ST-1').reason).toMatch(FIX);
      } finally {
        await s.server.close();
      }
    },
    CEILING_MS,
  );
});
