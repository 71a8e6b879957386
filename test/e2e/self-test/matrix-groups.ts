// How the fault matrix (matrix.ts) groups the faults of the reference into whole runs: faults confined
// to different operations share a run, up to two per operation whose ids differ (but pairs seen to
// hide each other, APART), and a fault of the token alone shares one with a report fault; faults
// that reach further run alone.
import { prefixOf, requirement, requirements } from '../../../contract/requirements.ts';
import { FAULTS, fault, mayFail, type Fault, type FaultName } from '../../../reference/faults.ts';

/** The suite folder a requirement is verified in. */
export const suiteOf = (id: string) => requirement(id).suite;
/** Faults confined to one operation's suite: ENV-6 (a 5xx) is found by the harness on any exchange. */
const LANES = new Set(['order-status', 'customer', 'report']);

/** The suite folder of a requirement prefix (Fault.reachedBy). */
const suiteOfPrefix = (prefix: string) => requirements.find((r) => prefixOf(r.id) === prefix)!.suite;

/** The one operation suite a fault is confined to, or null when it reaches further (run it alone):
 *  the suites of the ids it breaks (but ENV-6) and of the suites that reach it (Fault.reachedBy). */
export function laneOf(f: Pick<Fault, 'breaks' | 'reachedBy'>): string | null {
  const suites = new Set([...f.breaks.filter((id) => id !== 'ENV-6').map(suiteOf), ...(f.reachedBy ?? []).map(suiteOfPrefix)]);
  const [only] = [...suites];
  return suites.size === 1 && LANES.has(only!) ? only! : null;
}

/**
 * Faults whose defect shows only on requests that do not carry the valid token in the api-token
 * header (how a server treats a token missing, wrong, or sent elsewhere). Every request of the
 * report suite carries the valid token, so none of them reaches it; and the report faults they are
 * paired with (groupFaults) change what a report answered 200 holds, never the status of a plain
 * report request, the one thing the token tests judge of theirs. Left out: auth-rejects-valid (it
 * refuses the valid token) and the writes-then-403 faults (their refused writes change state).
 */
export const TOKENLESS_ONLY: readonly FaultName[] = [
  'auth-missing-accepted',
  'auth-any-token',
  'auth-401',
  'auth-skip-order-status',
  'auth-prefix-compare',
  'auth-case-insensitive',
  'auth-empty-accepted',
  'auth-duplicate-unchecked',
  'auth-query-token',
  'auth-bearer-accepted',
  'auth-readback-open',
  'auth-body-token',
];

/**
 * Faults confined to different operations (order status, customer, report) share one run: each
 * suite calls its own operation only, so one fault cannot reach another's requirements. Then a
 * fault of TOKENLESS_ONLY left alone shares a run with a report fault left alone, in list order;
 * then two such runs of the operations share one (shareLaneRuns), two faults per operation whose
 * ids differ. A failed id belongs to the fault that names it, else to the faults of its suite; an
 * id no fault owns counts against every fault of the run. Faults that reach further run alone. The runs are
 * those of the whole list of faults, each kept to the faults given: a part of the matrix, or one of
 * its runs, is run as the whole matrix runs it.
 */
export function groupFaults(names: FaultName[]): FaultName[][] {
  return groupsOf(FAULTS.map((f) => f.name))
    .map((run) => run.filter((name) => names.includes(name)))
    .filter((run) => run.length > 0);
}

/** The runs of `names`, grouped afresh (groupFaults). */
function groupsOf(names: FaultName[]): FaultName[][] {
  const groups: FaultName[][] = [];
  for (const name of names) {
    const f: Fault = FAULTS.find((x) => x.name === name)!;
    const lane = laneOf(f);
    const fits = (g: FaultName[]) =>
      g.every((other) => {
        const o: Fault = FAULTS.find((x) => x.name === other)!;
        const otherLane = laneOf(o);
        return !o.profile && lane !== null && otherLane !== null && otherLane !== lane && !o.breaks.some((id) => (f.breaks as readonly string[]).includes(id));
      });
    const into = lane === null || f.profile ? undefined : groups.find((g) => g.length < LANES.size && fits(g));
    if (into) into.push(name);
    else groups.push([name]);
  }
  return shareLaneRuns(pairTokenless(groups));
}

/** The ids a fault's run must or may fail, or cannot judge: two faults of one run share none. */
const idsOf = (f: Fault): string[] => [...mayFail(f), ...(f.leavesOpen ?? [])];

/**
 * Pairs of faults of one operation seen to hide each other in a shared run: the second's ids came
 * out inconclusive, not failed, the first leaving the tests that judge them nothing to judge. A
 * shared run that would hold such a pair is not made: its two runs stay apart, as they were.
 */
export const APART: ReadonlyArray<readonly [FaultName, FaultName]> = [
  // dates yyyy-mm-dd, or a range a day late: RP-11's local times are not judged
  ['rp-date-iso', 'rp-local-time'],
  ['rp-range-day-after', 'rp-local-time'],
  // only the first address saved: no address left to delete (CU-10)
  ['cu-drop-addresses', 'cu-ignore-deleted'],
  // totalCount a string, or the branch list read as its first branch: the branch counts are not judged (RP-9b)
  ['rp-totalcount-string', 'rp-branch-double-count'],
  ['rp-branch-first-only', 'rp-branch-double-count'],
  // overlapping creations share a contactId: the texts read back are another's (CU-15)
  ['cu-contactid-race', 'cu-html-escapes-text'],
  // an unknown voucher answered 200: its 404 is never seen (OS-1b)
  ['os-missing-voucher-200', 'os-missing-voucher-404'],
];

/** A run of the operation lanes: each of its faults confined to one lane, none made for a profile. */
const laneRun = (run: readonly FaultName[]) => run.every((name) => !fault(name).profile && laneOf(fault(name)) !== null);

/** Whether a run holds both faults of a pair of APART. */
const holdsApart = (run: readonly FaultName[]) => APART.some(([a, b]) => run.includes(a) && run.includes(b));

/**
 * Runs of the operation lanes, in list order, each take the first open one whose faults' ids
 * (those they break, may break or leave open) differ from theirs: each lane then holds up to two
 * faults, each failed id has one owner, and an id neither names counts against both faults of its
 * lane (runGroup). The pairs are made before APART is read, and a pair holding one of its pairs is
 * undone, so that a pair found apart never moves the others.
 */
function shareLaneRuns(groups: FaultName[][]): FaultName[][] {
  const out: FaultName[][][] = [];
  const open: FaultName[][][] = [];
  for (const g of groups) {
    const ids = new Set(g.flatMap((name) => idsOf(fault(name))));
    const partner = laneRun(g) ? open.find(([o]) => o!.every((name) => !idsOf(fault(name)).some((id) => ids.has(id)))) : undefined;
    if (partner) {
      partner.push(g);
      open.splice(open.indexOf(partner), 1);
      continue;
    }
    const run = [g];
    out.push(run);
    if (laneRun(g)) open.push(run);
  }
  return out.flatMap((runs) => (holdsApart(runs.flat()) ? runs : [runs.flat()]));
}

/** The runs of one token fault alone, each joined by the next report fault alone (TOKENLESS_ONLY). */
function pairTokenless(groups: FaultName[][]): FaultName[][] {
  const alone = (test: (f: Fault) => boolean) => groups.filter((g) => g.length === 1 && test(FAULTS.find((x) => x.name === g[0])!));
  const reports = alone((f) => !f.profile && laneOf(f) === 'report');
  const partner = new Map(
    alone((f) => (TOKENLESS_ONLY as readonly string[]).includes(f.name)).flatMap((g, i) => (reports[i] ? [[g, reports[i]] as const] : [])),
  );
  const taken = new Set(partner.values());
  return groups.filter((g) => !taken.has(g)).map((g) => [...g, ...(partner.get(g) ?? [])]);
}
