// A conformance test: a sentence, the requirement ids it verifies, and a body that sends
// requests through the client and runs checks on every exchange. Findings (not assertions) are
// the result; the test fails when it has any, so JUnit and Allure show it too. What its checks
// applied to is evidence: a requirement without any is inconclusive, never passed.
import type fc from 'fast-check';
import type { TestContext } from 'vitest';
import { envelopeChecks } from '../contract/checks/envelope.ts';
import { timedOut, toFinding, type Check, type CheckOptions, type CheckResult } from '../contract/checks/finding.ts';
import { statusIs, type StatusOracle } from '../contract/checks/status.ts';
import { uniquenessRefusal } from '../contract/checks/uniqueness.ts';
import { requirement } from '../contract/requirements.ts';
import type { Exchange, Finding, Replay } from '../core/types.ts';
import type { UniqueKey } from '../generators/unique-values.ts';
import { inFlow } from '../client/scheduler.ts';
import type { SuiteClient } from './run-client.ts';
import type { SuiteContext } from './context.ts';
import { noteCreation } from './creations.ts';
import { creationOf, sendingCreation } from './writes-ledger.ts';
import { writeGate } from './voucher-lease.ts';
import { runShared, type RunShared } from './run-state.ts';
import { FindingKeeper } from './keep.ts';
import { countOutside } from './progress.ts';
import { propertyShare } from './property-budget.ts';
import { runProperty } from './property.ts';
import { countExchange, emptyRecord, type TestRecord } from '../core/record.ts';
import { stopIfNotSent } from './stopped.ts';
import { testClient, type TestClient } from './test-client.ts';
import { harChecked, harExchange, harFailures, harSender } from './har-log.ts';
import { WriteTrail } from './write-trail.ts';
import { reasonSays } from '../core/words/reasons.ts';

const SPEC_OPERATIONS: ReadonlySet<string> = new Set(['order-status', 'customer-create', 'report']);

export class Harness {
  readonly record: TestRecord;
  readonly client: TestClient;
  private readonly keeper = new FindingKeeper();
  /** This test's writes, for the sequence of a stateful finding (runtime/write-trail.ts). */
  readonly writes = new WriteTrail();
  /** Inside a property body findings are returned to it, and kept only for its final (shrunk) input. */
  private inProperty = false;
  private properties = 0;
  /** Generators of this test that asked for unique values (h.uniqueKey). */
  private uniqueUses = 0;

  constructor(
    readonly ctx: SuiteContext,
    shared: SuiteClient,
    ids: string[],
    private readonly where: { file: string; test: string; id: string },
  ) {
    this.record = { testId: where.id, ...emptyRecord(ids) };
    this.client = testClient(
      shared,
      (ex) => this.seen(ex),
      (call, args) => {
        const a = (args ?? {}) as { method?: string; path?: string };
        const kind = creationOf(this, call === 'createCustomer' ? 'POST' : (a.method ?? ''), call, a.path);
        return kind ? sendingCreation(this, kind, a) : undefined;
      },
      (call, args) => writeGate(this, this, call, args, this.ctx.deadline),
    );
  }

  get config() {
    return this.ctx.config;
  }

  /** The run's one object: the home of its state (runtime/run-state.ts). */
  get run(): RunShared {
    return runShared(this.ctx);
  }

  /** Every exchange is checked against the envelope rules of 2.1 and 7, whatever the test is about. */
  private seen(ex: Exchange) {
    harExchange(this, ex, this.where, this.record.ids);
    countExchange(this.record, ex);
    this.writes.add(ex);
    if (ex.operation === 'customer-create') {
      noteCreation(this, ex);
      // A creation refused because a value the run chose is taken: the vendor's own rule, not a failure.
      const taken = uniquenessRefusal(ex);
      if (taken !== undefined) this.tookUniqueValue(`HTTP ${ex.response!.status} ${taken}`);
    }
    stopIfNotSent(ex);
    if (ex.notSent) return this.inconclusive(this.record.ids, reasonSays('notSent', { message: ex.notSent.message }));
    if (timedOut(ex)) return this.inconclusive(this.record.ids, reasonSays('timedOut', { message: ex.failure!.message }));
    if (ex.response?.status === 429) {
      // Still refused after the waits the run allows: evidence of nothing for the functional checks.
      if (ex.rateLimited) this.inconclusive(this.record.ids, reasonSays('still429', { retries: ex.rateLimited.retries, waitedMs: ex.rateLimited.waitedMs }));
      return; // 429 envelopes are the rate-limit suite's (RL-2)
    }
    // 2.1 "Response envelope (all operations described here)": the three operations, not the read paths the spec does not show.
    if (SPEC_OPERATIONS.has(ex.operation)) for (const check of envelopeChecks) this.keep(this.applied(harChecked(this, ex, check(ex, undefined))));
  }

  /**
   * Keeps findings for the certificate; inside a property body only returns them. Given a check's
   * or relation's result, records its evidence too (always: every property run is evidence).
   */
  add(found: Finding[] | CheckResult): Finding[] {
    const findings = Array.isArray(found) ? found : this.applied(found);
    harFailures(this, findings);
    if (!this.inProperty) this.keep(findings);
    return findings;
  }

  /** A sender of this test's own (the probe's, a burst's, a load's): each exchange given to it goes to the run's HAR. */
  readonly harSender = (source: 'probe' | 'burst' | 'load'): ((ex: Exchange) => void) => harSender(this, source, this.where, this.record.ids);

  /** Recorded, and the reason a requirement that saw nothing else is inconclusive. */
  private tookUniqueValue(said: string) {
    this.record.observations.uniquenessRule = said;
    this.inconclusive(this.record.ids, reasonSays('valueTaken', { said }));
  }

  /** Records what a check or relation applied to, and returns its findings (not kept: return or `add` them). */
  applied(result: CheckResult): Finding[] {
    for (const e of result.evidence) this.note(e.requirementId, e.n, e.via);
    return result.findings;
  }

  /** Only what the target answered fails a requirement: a finding about a request the run did not send (its breaker, its limits) is kept as a reason. */
  private keep(findings: Finding[]) {
    for (const f of findings) {
      if (f.exchange?.notSent) this.inconclusive(f.requirementId, reasonSays('findingNotSent', { message: f.exchange.notSent.message }));
      // Every finding replays: a property's with its input's path, any other with this test as a whole.
      else this.keeper.add(f.replay ? f : { ...f, replay: this.testReplay() });
    }
  }

  /** Runs a check on an exchange and keeps its findings. */
  check<P>(ex: Exchange, check: Check<P>, params: P, options?: CheckOptions): Finding[] {
    return this.add(harChecked(this, ex, check(ex, params, options)));
  }

  /** The answer's status is what the rule `requirementId` says. */
  expectStatus(ex: Exchange, oracle: StatusOracle, requirementId: string, because: string, replay?: Replay): Finding[] {
    return this.add(harChecked(this, ex, statusIs(ex, { oracle, because }, { requirementId, replay })));
  }

  /** The key of the values a target may keep unique (mobile numbers, e-mails, GSTIN, PAN): the run
   *  nonce, and this test and the how-manyth generator of it asking (generators/unique-values.ts). */
  uniqueKey(): UniqueKey {
    return { nonce: this.ctx.nonce, salt: `${this.where.file}::${this.where.test}#${this.uniqueUses++}` };
  }

  /** Requests this test sent on a sender of its own (the probe, bursts, load) and how many got an answer: counted in the certificate and the progress line. */
  sentOutside(sent: number, answered: number) {
    this.record.requests += sent;
    this.record.answered = (this.record.answered ?? 0) + answered;
    countOutside(this, sent);
  }

  /** A fact the spec leaves "not shown", recorded for the certificate: evidence for the test's INFO ids. */
  observe(key: string, value: unknown) {
    this.record.observations[key] = value;
    for (const id of this.record.ids) if (requirement(id).level === 'INFO') this.note(id);
  }

  /** The test's own oracle applied to `n` exchanges or items of requirement `id` (checks return theirs: `add`, `check`, `applied`). */
  note(id: string, n = 1, via?: string) {
    this.record.evidence[id] = (this.record.evidence[id] ?? 0) + n;
    if (via) {
      const by = ((this.record.evidenceBy ??= {})[id] ??= {});
      by[via] = (by[via] ?? 0) + n;
    }
  }

  /**
   * One part of requirement `id` (a write of AUTH-11, a voucher of OS-3): the cases it judged, or why
   * it judged none. Listed in the certificate; a part the config allows left unjudged makes `id`
   * inconclusive with that reason (reports/certify.ts), never passed.
   */
  part(id: string, name: string, outcome: { judged: number; why?: string; outOfScope?: boolean }) {
    const parts = ((this.record.parts ??= {})[id] ??= {});
    const was = parts[name];
    parts[name] = was ? { ...outcome, judged: was.judged + outcome.judged, why: outcome.why ?? was.why } : { ...outcome };
    if (outcome.judged === 0 && outcome.why && !outcome.outOfScope) this.inconclusive(id, reasonSays('partUnjudged', { part: name, why: outcome.why }));
  }

  /** Why requirement(s) may have seen nothing to apply to: the certificate shows it when they did not. */
  inconclusive(ids: string | string[], reason: string) {
    for (const id of typeof ids === 'string' ? [ids] : ids) {
      const list = (this.record.inconclusive[id] ??= []);
      if (!list.includes(reason)) list.push(reason);
    }
  }

  /**
   * Requirement(s) the config gives nothing to apply to (no operation of theirs configured, or only
   * writes under writes: false): out of scope, skipped with `reason` unless certify.require names
   * them. Never for an operation that is configured but showed nothing: that stays inconclusive.
   */
  outOfScope(ids: string | string[], reason: string) {
    for (const id of typeof ids === 'string' ? [ids] : ids) (this.record.outOfScope ??= {})[id] = reason;
  }

  /** A finding of the test's own oracle (not kept: return it from a property, or `add` it). */
  finding(requirementId: string, title: string, received: string, expected: string, exchange?: Exchange): Finding[] {
    return [toFinding('suite.assertion', requirementId, { title, received, expected }, exchange)];
  }

  /** Keeps a finding of the test's own oracle. */
  fail(requirementId: string, title: string, received: string, expected: string, exchange?: Exchange): Finding[] {
    return this.add(this.finding(requirementId, title, received, expected, exchange));
  }

  /**
   * A property over `arb`: `body` sends requests and returns findings. Its `examples` (the boundary
   * and class values of its input, the same whatever the seed) are evaluated first, in every run,
   * as the first of its numRuns runs; random runs fill the rest (runtime/property.ts). Runs are
   * evaluated run.concurrency at a time (`sequential` for runs that depend on each other); the
   * first failing input is shrunk (within a request budget) and its findings are kept with their
   * replay handle. A test's properties run one after another.
   */
  async property<T>(
    arb: fc.Arbitrary<T>,
    body: (value: T) => Promise<Finding[]>,
    options: { numRuns?: number; sequential?: boolean; examples?: readonly T[] } = {},
  ): Promise<void> {
    const index = this.properties++;
    // The plan shares the request budget among the properties tests declare (engine/phases/plan/costs.json):
    // a test starting more than it declares would make those shares wrong, so it stops here.
    const declared = this.ctx.propertiesOf && (this.ctx.propertiesOf[this.where.id] ?? 0);
    if (declared !== undefined && index >= declared)
      throw new Error(`test ${this.where.id} starts property ${index + 1} but declares ${declared} (its "properties" in engine/phases/plan/costs.json)`);
    const replay = this.ctx.replay;
    if (replay?.property !== undefined && replay.property !== index) return; // replaying another property of this test
    const numRuns = options.numRuns ?? this.ctx.numRuns;
    const budget = propertyShare(this, this.config.run.maxRequests, this.ctx.properties);
    const before = this.record.requests;
    this.inProperty = true;
    const out = await runProperty(arb, body, {
      seed: this.ctx.seed,
      numRuns,
      concurrency: options.sequential ? 1 : this.ctx.concurrency,
      requirementId: this.record.ids[0]!,
      ...(options.examples ? { examples: options.examples } : {}),
      enough: (launched) => budget.enough(launched, this.record.requests - before),
      ...(replay?.path !== undefined ? { path: replay.path } : {}),
    }).finally(() => {
      this.inProperty = false;
      budget.spent(this.record.requests - before);
    });
    if (!out.failed) return;
    const handle: Replay = { ...this.testReplay(), path: out.path, property: index };
    this.add(out.findings.map((f) => ({ ...f, replay: handle })));
  }

  /** The handle that replays this test alone: the run's seed and nonce (`run --replay-test` without --path). */
  private testReplay(): Replay {
    const { seed, nonce, numRuns } = this.ctx;
    // numRuns: the run's --num-runs: the replay derives each property's count from it, as the run did.
    return { seed, nonce, file: this.where.file, test: this.where.test, numRuns };
  }

  /** Runs `fn` over `items` at once (the scheduler bounds what is in flight); results in item order. */
  parallel<T, R>(items: readonly T[], fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
    return Promise.all(items.map((item, i) => fn(item, i)));
  }

  /**
   * As `parallel`, for requirements about requests in flight together (lost updates, id races,
   * identical requests at once): the requests go ahead of every other test's waiting requests, and
   * the first of them, as many as the items, wait for each other and go in one turn
   * (client/scheduler/gang.ts), so they meet each other at the target (run.concurrency at a time).
   */
  atOnce<T, R>(items: readonly T[], fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
    return inFlow(`${this.where.file} ${this.where.test} at once`, () => this.parallel(items, fn), { burst: true, together: items.length });
  }

  /**
   * Runs `fn` with its requests ahead of every other test's waiting requests: readings that must be
   * taken close together in time (a relation read again between two marks of the data).
   */
  ahead<R>(fn: () => Promise<R>): Promise<R> {
    return inFlow(`${this.where.file} ${this.where.test} ahead`, fn, { burst: true });
  }

  /** Stops the test as skipped, with the reason written into the certificate. */
  skip(reason: string, testContext: TestContext): never {
    this.record.skipReason = reason;
    this.finish();
    testContext.skip(reason);
    throw new Error('unreachable');
  }

  /** Moves the kept findings into the record (a stable order). */
  finish() {
    this.record.findings = this.keeper.findings();
    this.record.findingCounts = { ...this.keeper.counts };
  }
}
