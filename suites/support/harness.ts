// A conformance test: a sentence, the requirement ids it verifies, and a body that sends
// requests through the client and runs checks on every exchange. Findings (not assertions)
// are the result; the test fails when it has any, so JUnit and Allure show it too.
import * as allure from 'allure-js-commons';
import fc from 'fast-check';
import { afterAll, it, type TestContext } from 'vitest';
import { envelopeChecks } from '../../contract/checks/envelope.ts';
import { toFinding, type Check, type CheckOptions } from '../../contract/checks/finding.ts';
import { statusIs, type StatusOracle } from '../../contract/checks/status.ts';
import { requirement } from '../../contract/requirements.ts';
import type { Exchange, Finding, Replay } from '../../contract/types.ts';
import { allureLabels, allureLinks, findingAttachments } from '../../reports/allure-labels.ts';
import { scrubber } from '../../reports/scrub.ts';
import { suiteClient, type SuiteClient } from './client.ts';
import { suiteContext, type SuiteContext } from './context.ts';
import { keptFinding, type TestRecord } from './record.ts';

/** Findings kept per test and check; the rest are counted. */
const KEPT_PER_CHECK = 3;
/** Requests a failing property may spend on shrinking before it keeps the smallest failure so far. */
const SHRINK_BUDGET = 60;

class PropertyFailure extends Error {
  constructor(readonly findings: Finding[]) {
    super(findings.map((f) => `${f.requirementId} ${f.title}`).join('; '));
  }
}

export class Harness {
  readonly record: TestRecord;
  private kept = new Map<string, number>();
  /** Inside a property, findings are returned to it, and kept only for its final (shrunk) input. */
  private inProperty = false;

  constructor(readonly ctx: SuiteContext, readonly client: SuiteClient, ids: string[]) {
    this.record = { ids, findings: [], observations: {}, exchanges: 0, rateLimited: { exchanges: 0, retries: 0, waitedMs: 0 } };
    client.onExchange = (ex) => this.seen(ex);
  }

  get config() {
    return this.ctx.config;
  }

  /** Every exchange is checked against the envelope rules of 2.1 and 7, whatever the test is about. */
  private seen(ex: Exchange) {
    this.record.exchanges++;
    if (ex.rateLimited) {
      this.record.rateLimited.exchanges++;
      this.record.rateLimited.retries += ex.rateLimited.retries;
      this.record.rateLimited.waitedMs += ex.rateLimited.waitedMs;
    }
    if (ex.response?.status === 429) return; // 429 envelopes are the rate-limit suite's (RL-2)
    for (const check of envelopeChecks) this.keep(check(ex, undefined));
  }

  /** Keeps findings for the certificate; inside a property body only returns them. */
  add(findings: Finding[]): Finding[] {
    if (!this.inProperty) this.keep(findings);
    return findings;
  }

  private keep(findings: Finding[]) {
    for (const f of findings) {
      const key = `${f.requirementId}|${f.checkId}`;
      const n = (this.kept.get(key) ?? 0) + 1;
      this.kept.set(key, n);
      if (n <= KEPT_PER_CHECK) this.record.findings.push(keptFinding(f));
    }
  }

  /** Runs checks on an exchange and keeps their findings. */
  check<P>(ex: Exchange, check: Check<P>, params: P, options?: CheckOptions): Finding[] {
    return this.add(check(ex, params, options));
  }

  /** The answer's status is what the rule `requirementId` says. */
  expectStatus(ex: Exchange, oracle: StatusOracle, requirementId: string, because: string, replay?: Replay): Finding[] {
    return this.add(statusIs(ex, { oracle, because }, { requirementId, replay }));
  }

  /** A fact the spec leaves "not shown", recorded for the certificate. */
  observe(key: string, value: unknown) {
    this.record.observations[key] = value;
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
   * A property over `arb`: `body` sends requests and returns findings; the first failing input
   * is shrunk (within a request budget) and its findings are kept with the replay `{ seed, path }`.
   */
  async property<T>(arb: fc.Arbitrary<T>, body: (value: T) => Promise<Finding[]>, options: { numRuns?: number } = {}): Promise<void> {
    let failures = 0;
    let afterFailure = 0;
    const prop = fc.asyncProperty(arb, async (value) => {
      if (failures > 0 && ++afterFailure > SHRINK_BUDGET) return; // budget spent: keep the smallest failure so far
      const findings = await body(value);
      if (findings.length > 0) {
        failures++;
        throw new PropertyFailure(findings);
      }
    });
    this.inProperty = true;
    const details = await fc.check(prop, { seed: this.ctx.seed, numRuns: options.numRuns ?? this.ctx.numRuns }).finally(() => {
      this.inProperty = false;
    });
    if (!details.failed) return;
    const replay: Replay = { seed: details.seed, path: details.counterexamplePath ?? '' };
    const err = details.errorInstance;
    if (err instanceof PropertyFailure) {
      this.add(err.findings.map((f) => ({ ...f, replay })));
    } else {
      this.add([toFinding('suite.property-error', this.record.ids[0]!, {
        title: 'The property could not run',
        received: String(err instanceof Error ? err.message : err),
        expected: 'requests sent and checked',
      }, undefined, replay)]);
    }
  }

  /** Stops the test as skipped, with the reason written into the certificate. */
  skip(reason: string, testContext: TestContext): never {
    this.record.skipReason = reason;
    testContext.task.meta.erp = this.record;
    testContext.skip(reason);
    throw new Error('unreachable');
  }
}

let client: SuiteClient | undefined;

/** allure-vitest's setup (loaded by `run` unless --no-allure) installs its runtime; without it Allure calls only warn. */
const allureOn = () => typeof (globalThis as { allureTestRuntime?: unknown }).allureTestRuntime === 'function';

async function allureEvidence(ctx: SuiteContext, findings: Finding[]) {
  if (!allureOn()) return;
  const scrub = scrubber([ctx.config.target.token, ctx.config.target.secondToken]);
  for (const a of findingAttachments(findings)) await allure.attachment(a.name, scrub(a.content), { contentType: a.contentType });
}

function fileClient(ctx: SuiteContext): SuiteClient {
  if (!client) {
    client = suiteClient(ctx.config);
    afterAll(async () => {
      await client?.close();
      client = undefined;
    });
  }
  return client;
}

/**
 * Declares a conformance test: `verifies(['OS-3'], 'Delivered is refused ...', async (h) => ...)`.
 * Test names are sentences; the ids must be in the requirements catalogue.
 */
export function verifies(ids: string[], name: string, body: (h: Harness, t: TestContext) => Promise<void>, timeoutMs = 120_000) {
  for (const id of ids) requirement(id); // unknown ids fail at collection
  const ctx = suiteContext();
  const c = fileClient(ctx);
  it(`${name} [${ids.join(', ')}]`, async (t) => {
    const h = new Harness(ctx, c, ids);
    t.task.meta.erp = h.record;
    if (allureOn()) {
      await allure.labels(...allureLabels(ids));
      await allure.links(...allureLinks(ids));
    }
    await body(h, t);
    await allureEvidence(ctx, h.record.findings);
    const failing = h.record.findings.filter((f) => requirement(f.requirementId).level !== 'INFO');
    if (failing.length > 0) {
      const lines = failing.slice(0, 5).map((f) => `${f.requirementId} ${f.title}\n  ${f.message.replace(/\n/g, '\n  ')}${f.replay ? `\n  replay: seed ${f.replay.seed}, path "${f.replay.path}"` : ''}`);
      const e = new Error(`${failing.length} finding(s):\n${lines.join('\n')}`);
      e.name = 'FindingsAssertionError'; // Allure: findings make a test "failed" (the target), a crash "broken" (the suite)
      throw e;
    }
  }, timeoutMs);
}
