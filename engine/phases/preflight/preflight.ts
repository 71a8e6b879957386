// Before the suites: does the target answer (connection, TLS), is the token accepted, and do the
// fixtures hold what the config says? A run against an unreachable target, or with a report range
// that holds nothing, would otherwise send hundreds of requests and end with a verdict about the
// config, not the target. The preflight only blames the config when the target answered usably:
// a report that does not answer a page is the suites' to judge (RP-7), not a fixture problem.
import { createClient, type Client } from '../../../client/operations.ts';
import { createScheduler } from '../../../client/scheduler.ts';
import { statedQuotas } from '../../../client/stated-quotas.ts';
import { retryWaitMs } from '../../../runtime/run-client.ts';
import { deferred, readSample } from './quotas.ts';
import type { RunConfig, VoucherRole } from '../../../config/schema.ts';
import { VOUCHER_ROLES } from '../../../config/schema.ts';
import { atPath } from '../../../core/json.ts';
import type { Quota } from '../../../core/quota.ts';
import type { Exchange } from '../../../core/types.ts';
import { customerFixtures, weakeningNotes } from './customer.ts';
import { branchFixtures } from './branches.ts';
import { cityFixtures } from './cities.ts';
import { notServedNote, servedProbe } from './served.ts';
import { readBackEntriesNote, servedConfig } from '../../../config/operations.ts';
import type { PreflightProblem, PreflightResult } from './types.ts';
import { preflightSays } from '../../../core/words/preflight.ts';
import { refusedWrites, unfilledWrites } from './writes.ts';
import { reportFixtures, SCARCE_PAGE } from './report.ts';
import { readList } from '../../../client/index-lists.ts';
import { ADAPTIVE_SLACK_MS } from '../../../client/scheduler/adaptive-concurrency.ts';

const answered = (ex: Exchange) =>
  ex.response ? `HTTP ${ex.response.status}` : `no answer (${ex.failure?.kind ?? ex.notSent?.reason}: ${ex.failure?.message ?? ex.notSent?.message ?? ''})`;

async function voucherFixtures(client: Client, config: RunConfig, problems: PreflightProblem[], notes: string[]) {
  const rb = config.readBack?.orderStatus;
  if (!rb) {
    notes.push(preflightSays('vouchersUnchecked'));
    return;
  }
  const f = config.fixtures;
  const read = (salesId: number | bigint, branchId: number) =>
    client.raw({
      method: 'GET',
      path: rb.path.replaceAll('{salesId}', encodeURIComponent(String(salesId))).replaceAll('{branchId}', encodeURIComponent(String(branchId))),
      quota: 'orderStatusRead',
    });
  const paid = (ex: Exchange) => String(atPath(ex.json, rb.paymentStatus) ?? '').toLowerCase() === rb.paidValue.toLowerCase();
  // A voucher that could not be read carries how it was read: when none could be, the read path is the problem.
  const jobs: Promise<(PreflightProblem & { read?: string }) | undefined>[] = [];
  const sample = readSample(config);
  if (sample.note) notes.push(sample.note);
  let unasked = 0;
  for (const role of VOUCHER_ROLES) {
    const branchId = role === 'otherBranch' ? f.otherBranchId : f.branchId;
    for (const salesId of (f.sales[role as VoucherRole] ?? []).slice(0, sample.perRole)) {
      jobs.push(
        read(salesId, branchId).then((ex) => {
          const key = `fixtures.sales.${role}`;
          // A 429 still refused after its waits, or no answer: the check is deferred, not failed.
          if (deferred(ex)) return void unasked++;
          if (ex.response?.status !== 200 || atPath(ex.json, rb.orderStatus) === undefined) {
            const read = `GET ${rb.path} answered ${answered(ex)} (readBack.orderStatus.orderStatus = "${rb.orderStatus}")`;
            return { key, problem: preflightSays('voucherUnread', { salesId, branchId, read }), read };
          } else if (role === 'deliver' && !paid(ex)) {
            return {
              key,
              problem: preflightSays('deliverUnpaid', { salesId, field: rb.paymentStatus, value: JSON.stringify(atPath(ex.json, rb.paymentStatus)) }),
            };
          } else if (role !== 'deliver' && paid(ex)) {
            return { key, problem: preflightSays('rolePaid', { salesId }) };
          }
          return undefined;
        }),
      );
    }
  }
  jobs.push(
    read(f.sales.missing, f.branchId).then((ex) => {
      if (deferred(ex)) return void unasked++;
      if (ex.response?.status === 200 && atPath(ex.json, rb.orderStatus) !== undefined)
        return { key: 'fixtures.sales.missing', problem: preflightSays('missingExists', { salesId: f.sales.missing, branchId: f.branchId }) };
      return undefined;
    }),
  );
  const found = (await Promise.all(jobs)).filter((p) => p !== undefined);
  if (unasked) notes.push(preflightSays('readsDeferred', { count: unasked }));
  // When no voucher could be read at all, the read path is what is wrong, not the vouchers.
  const unread = found.flatMap((p) => (p.read === undefined ? [] : [p.read]));
  const all = VOUCHER_ROLES.reduce((n, role) => n + Math.min(sample.perRole, f.sales[role as VoucherRole]?.length ?? 0), 0);
  if (unread.length === all && all > 1) problems.push({ key: 'readBack.orderStatus', problem: preflightSays('noVoucherRead', { read: unread[0]! }) });
  else problems.push(...found.map(({ key, problem }) => ({ key, problem })));
}

/** The tightest quota known to count the report's requests (its own, or one on all requests). */
function reportQuota(known: Record<string, Quota>, stated: readonly Quota[]): { quota?: Quota; estimate?: boolean } {
  const on = [known.report, known['*']].filter((q): q is Quota => q !== undefined);
  const quota = on.sort((a, b) => a.requests / a.windowMs - b.requests / b.windowMs)[0];
  return quota ? { quota, estimate: !stated.some((q) => q.requests === quota.requests && q.windowMs === quota.windowMs) } : {};
}

/** At most `max` problems per key; the rest are counted. */
export function capProblems(problems: PreflightProblem[], max = 3): PreflightProblem[] {
  const out: PreflightProblem[] = [];
  const byKey = new Map<string, number>();
  for (const p of problems) {
    const n = (byKey.get(p.key) ?? 0) + 1;
    byKey.set(p.key, n);
    if (n <= max) out.push(p);
  }
  for (const [key, n] of byKey) if (n > max) out.push({ key, problem: preflightSays('moreLikeThese', { count: n - max }) });
  return out;
}

/** `onExchange`: told of each exchange as it is made (the run's HAR, reports/har/). */
export async function preflight(config: RunConfig, onExchange?: (ex: Exchange) => void): Promise<PreflightResult> {
  const problems: PreflightProblem[] = [];
  const notes: string[] = [];
  // run.concurrency requests in flight, under the stated quotas, 429s waited out (as the suites do;
  // one still refused defers its check, never a fixture problem), a refused or reset connection
  // while many are in flight backs off the concurrency and is read again; a target slowing down
  // gets fewer in flight.
  const scheduler = createScheduler({
    concurrency: config.run.concurrency,
    pacing: true,
    quotas: statedQuotas(config.run.rateLimit),
    retry429: { maxRetries: 5, maxWaitMs: retryWaitMs(config.run.rateLimit) },
    backoff: { resend: true },
    // As the suites: fewer in flight as the target's latency grows (run.concurrency the ceiling).
    adaptive: { slackMs: ADAPTIVE_SLACK_MS },
  });
  const client = createClient(config.target, { scheduler, operations: config.operations, ...(onExchange ? { onExchange } : {}) });
  try {
    const r = config.fixtures.report;
    // Under a stated report quota the first request is a page of the range the fixture checks
    // read instead of counting what it shows (report.ts); otherwise a count.
    const stated = statedQuotas(config.run.rateLimit).filter((q) => q.operations === null || q.operations.includes('report'));
    const limit = stated.length ? SCARCE_PAGE : 1;
    const ask = () => client.report({ body: { dateFrom: r.dateFrom, dateTo: r.dateTo, branchList: r.branchList, limit, offset: 0 } });
    // One refused or reset connection is not a target that does not answer: asked once more.
    let first = await ask();
    if (!first.response && !first.notSent) first = await ask();
    if (!first.response) {
      problems.push({
        key: 'target.baseUrl',
        problem: preflightSays('silent', { baseUrl: config.target.baseUrl, kind: first.failure?.kind, message: first.failure?.message }),
      });
      return { problems, notes, requests: client.count() };
    }
    for (const [key, kind] of [
      ['target.token', 'valid'],
      ['target.secondToken', 'second'],
    ] as const) {
      if (kind === 'second' && !config.target.secondToken) continue;
      const ex =
        kind === 'valid'
          ? first
          : await client.report({ body: { dateFrom: r.dateFrom, dateTo: r.dateTo, branchList: r.branchList, limit: 1, offset: 0 }, token: kind });
      if (ex.response?.status !== 401 && ex.response?.status !== 403) continue;
      // Refused on the report: the token is wrong only if the order status update refuses it too
      // (an empty body changes nothing: 400 with a valid token). Otherwise the suites judge AUTH-3.
      const other = await client.updateOrderStatus({ salesId: config.fixtures.sales.missing, branchId: config.fixtures.branchId, body: {}, token: kind });
      if (other.response?.status === 401 || other.response?.status === 403) {
        problems.push({ key, problem: preflightSays('tokenRefused', { status: ex.response.status }) });
      }
    }
    if (problems.length) return { problems, notes, requests: client.count() };
    // Each configured operation of the index once: the reads first, so the fixture checks that
    // read a list (Branch List, the city lists) take its answer or leave a route that is not there.
    const probe = servedProbe(client, config);
    await probe.sendAll(false);
    const served = servedConfig(config, probe.notServed());
    // Side by side; the report's problems are listed first.
    const vouchers = { problems: [] as PreflightProblem[], notes: [] as string[] };
    const customers = { problems: [] as PreflightProblem[], notes: [] as string[] };
    const [, , customer, , cities] = await Promise.all([
      reportFixtures(client, served, problems, notes, {
        ...(limit === SCARCE_PAGE ? { page: first } : {}),
        ...reportQuota(
          scheduler.quotas(),
          stated.map((q) => q.quota),
        ),
        // The whole lists (the probe asked a page of 10): products name the filters' ids (report.ts).
        lists: async () => {
          const [products, recipes] = await Promise.all([readList(client, served, 'get-product-list'), readList(client, served, 'get-all-recipe')]);
          return { products: products.items, recipes: recipes.items };
        },
      }),
      voucherFixtures(client, served, vouchers.problems, vouchers.notes),
      customerFixtures(client, served, customers.problems, customers.notes),
      branchFixtures(client, served, problems, notes, probe.send('branch-list')),
      cityFixtures(client, served, customers.problems, customers.notes),
    ]);
    problems.push(...vouchers.problems, ...customers.problems, ...unfilledWrites(served));
    // The writes once the fixtures are read (an update of the index must not race their checks),
    // and only for a run that goes on; one the target refuses stops it (writes.ts).
    if (problems.length === 0) {
      await probe.sendAll(true);
      problems.push(...refusedWrites(served, probe.sent()));
    }
    const notServed = probe.notServed();
    const line = notServedNote(notServed);
    const readBacks = readBackEntriesNote(config);
    notes.push(...[line, readBacks].filter((n) => n !== undefined), ...vouchers.notes, ...customers.notes, ...weakeningNotes(servedConfig(config, notServed)));
    return {
      problems: capProblems(problems),
      notes,
      requests: client.count(),
      quotas: scheduler.quotas(),
      learnt: scheduler.learnt(),
      met429: Object.fromEntries(Object.entries(scheduler.stats().operations).flatMap(([op, v]) => (v.responses429 ? [[op, v.responses429]] : []))),
      inFlightMs: scheduler.stats().inFlightMs,
      ...(customer ? { customer } : {}),
      ...(cities ? { cities } : {}),
      ...(Object.keys(notServed).length ? { notServed } : {}),
      operations: probe.answers(),
    };
  } finally {
    await client.close();
  }
}
