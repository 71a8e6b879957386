// The inputs of a run that move with its seed and reach a vendor's parser in one request each, drawn
// as the run draws them (the property's examples, then fast-check's values for the seed: runtime/
// property.ts), each with the check its suite applies to the answer under the suite's own ids:
// RP-16's filter texts, ENV-6's junk bodies, CU-1's valid customers, CU-13's unusual texts (one
// field, every field), CU-4/CU-4b/CU-5's invalid customers, OS-2's unaccepted statuses and bodies,
// OS-2c/OS-2d's reasons. Every answer also meets the envelope checks the harness applies to each
// exchange (check-kit.ts harnessChecks). The inputs judged over several requests on data that stayed
// still (the report's walks, ranges and pages, read-backs, upserts, the order sequences) are not
// here: the seed sweep's whole runs hold them (docs/decisions.md).
import fc from 'fast-check';
import type { RunConfig } from '../../config/schema.ts';
import { customerCreated, noServerError } from '../../contract/checks/customer.ts';
import { notServerError } from '../../contract/checks/envelope.ts';
import type { CheckResult } from '../../contract/checks/finding.ts';
import type { Exchange } from '../../core/types.ts';
import { customer, type CustomerConstraints } from '../../generators/customer.ts';
import { drawnExamples } from '../../generators/examples.ts';
import { anyFilter, anyFilterExamples } from '../../generators/filter-text.ts';
import { junkBody, junkBodyExamples } from '../../generators/junk-body.ts';
import { hostileCustomer, hostileCustomerExamples, oneHostileField, oneHostileFieldExamples } from '../../generators/hostile-customer.ts';
import {
  coercibleCustomer,
  coercibleExamples,
  outOfSetCustomer,
  outOfSetExamples,
  wrongTypeCustomer,
  wrongTypeExamples,
} from '../../generators/invalid-customer.ts';
import { NON_STRING_BODY_EXAMPLES, nonStringValue, UNACCEPTED_STATUS_EXAMPLES, unacceptedOrderStatus } from '../../generators/order-status.ts';
import { NON_INTEGER_REASON_EXAMPLES, NON_NUMERIC_REASON_EXAMPLES, nonIntegerReason, nonNumericReason } from '../../generators/reason.ts';
import { randomRunsOf } from '../../runtime/property.ts';
import { harnessChecks, status } from './check-kit.ts';
import { paths, reportBody, type CallOptions } from './helpers.ts';

/** One request of an input: where it goes and what it carries. */
export interface Sent {
  method: 'POST';
  path: string;
  opts: CallOptions;
}

/** What an input needs: the profile's run config (its fixtures), the seed and the runs per property. The values a
 *  target may keep unique (mobile numbers, e-mails, GSTIN, PAN) are made unique per seed, as a run makes them per nonce. */
export interface Drawing {
  config: RunConfig;
  seed: number;
  numRuns: number;
}

export interface SeedInput {
  name: string;
  /** The requests a run of `d.seed` sends for this input, in order. */
  draw(d: Drawing): Sent[];
  /** The suite's own check of one answer (besides the harness's envelope checks). */
  judge(ex: Exchange): CheckResult[];
}

/** The values of a property of a run: its examples, then fast-check's for the seed (runtime/property.ts). */
export function drawnAs<T>(arb: fc.Arbitrary<T>, examples: readonly T[], seed: number, numRuns: number): T[] {
  const probe = fc.asyncProperty(arb, async () => {});
  const drawn = fc.sample(probe, { seed, numRuns: randomRunsOf(numRuns, examples.length) }) as unknown as [T][];
  return [...examples, ...drawn.map((v) => v[0])];
}

/** The constraints of customerConstraints (suites/customer/constraints.ts) for a test of the run. */
function constraints(d: Drawing, salt: string, addresses?: { min: number; max: number }): CustomerConstraints {
  const c = d.config.fixtures.customer;
  return { ...c, minAddresses: addresses?.min ?? 1, maxAddresses: addresses?.max ?? 3, unique: { nonce: `seed-${d.seed}`, salt } };
}

const report = (body: unknown): Sent => ({ method: 'POST', path: paths.report, opts: { body } });
const create = (d: Drawing, body: unknown): Sent => ({ method: 'POST', path: paths.customer(d.config.fixtures.branchId), opts: { body } });
const createRaw = (d: Drawing, raw: string): Sent => ({ method: 'POST', path: paths.customer(d.config.fixtures.branchId), opts: { body: raw } });
/** An order status update to a voucher of the refusals pool (nothing changes on a correct vendor). */
const update = (d: Drawing, salesId: bigint | number, body: unknown): Sent => ({
  method: 'POST',
  path: paths.orderStatus(String(salesId), d.config.fixtures.branchId),
  opts: { body },
});
const refusals = (d: Drawing) => d.config.fixtures.sales.refusals;
/** The first voucher of the pool, where the suite sends what it sends to one voucher. */
const firstRefusal = (d: Drawing) => refusals(d)[0]!;
/** A property over a refusals voucher and a value, as suites/order-status/validation.test.ts draws it (the pool's first for the examples). */
const onRefusals = <T>(d: Drawing, values: fc.Arbitrary<T>, examples: readonly T[]) =>
  drawnAs(
    fc.tuple(fc.constantFrom(...refusals(d)), values),
    examples.map((v) => [firstRefusal(d), v] as [bigint | number, T]),
    d.seed,
    d.numRuns,
  );
const rejected = (id: string) => (ex: Exchange) => [status(ex, 400, id, 'the rule')];
const none = () => [];

/** The seed a Python-stack vendor failed RP-16 on, at 100 runs per property. */
export const MEASURED_SEED = 2021093996;
/**
 * Ten seeds: the fault matrix's (1), the profiles' (3), the sweep's two, the measured one, and five
 * more. Written out: importing the self-test's modules would load a whole run's machinery into
 * npm test (a whole-set test of stack-seeds.test.ts checks the first four against them).
 */
export const TEN_SEEDS: readonly number[] = [1, 3, 172343656, 1201065399, MEASURED_SEED, 7, 42, 20260101, 987654321, 2147483647];

export const SEED_INPUTS: readonly SeedInput[] = [
  {
    name: 'RP-16 filter texts',
    draw: (d) => drawnAs(anyFilter, anyFilterExamples, d.seed, d.numRuns).map((f) => report(reportBody({ [f.field]: f.value, limit: 5, offset: 0 }))),
    judge: none,
  },
  {
    name: 'ENV-6 junk bodies',
    draw: (d) => {
      const r = d.config.fixtures.report;
      // The suite's examples, the same in every run, then the drawn junk.
      const examples = junkBodyExamples(r);
      const last = refusals(d)[refusals(d).length - 1]!;
      return drawnAs(fc.tuple(fc.constantFrom('order-status', 'customer-create', 'report'), junkBody), examples, d.seed, d.numRuns).map(([op, raw]) =>
        op === 'order-status' ? update(d, last, raw) : op === 'customer-create' ? createRaw(d, raw) : report(raw),
      );
    },
    judge: (ex) => [notServerError(ex, undefined)],
  },
  {
    name: 'CU-1 valid customers',
    draw: (d) => {
      const valid = customer({ ...constraints(d, 'create/CU-1', { min: 1, max: 1 }), empties: false });
      return drawnAs(valid, drawnExamples(valid, 2), d.seed, d.numRuns).map((b) => create(d, b));
    },
    judge: (ex) => [customerCreated(ex, undefined)],
  },
  {
    name: 'CU-13 one unusual field',
    draw: (d) => {
      const c = constraints(d, 'text/one-field');
      return drawnAs(oneHostileField(c), oneHostileFieldExamples(c), d.seed, d.numRuns).map((v) => create(d, v.body));
    },
    judge: (ex) => [noServerError(ex, { what: 'an unusual text' })],
  },
  {
    name: 'CU-13 every field unusual',
    draw: (d) => {
      const c = constraints(d, 'text/every-field');
      return drawnAs(hostileCustomer(c), hostileCustomerExamples(c), d.seed, Math.max(5, Math.ceil(d.numRuns / 5))).map((v) => create(d, v.body));
    },
    judge: (ex) => [noServerError(ex, { what: 'unusual texts' })],
  },
  {
    name: 'CU-4 values of another type',
    draw: (d) => {
      const c = constraints(d, 'create/CU-4');
      return drawnAs(wrongTypeCustomer(c), wrongTypeExamples(c), d.seed, d.numRuns).map((v) => create(d, v.body));
    },
    judge: rejected('CU-4'),
  },
  {
    name: 'CU-4b values lenient parsers coerce',
    draw: (d) => {
      const c = constraints(d, 'create/CU-4b');
      return drawnAs(coercibleCustomer(c), coercibleExamples(c), d.seed, Math.max(5, Math.ceil(d.numRuns / 5))).map((v) => create(d, v.body));
    },
    judge: rejected('CU-4b'),
  },
  {
    name: 'CU-5 isDefault out of the set',
    draw: (d) => {
      const c = constraints(d, 'create/CU-5');
      return drawnAs(outOfSetCustomer(c), outOfSetExamples(c), d.seed, Math.max(5, Math.ceil(d.numRuns / 5))).map((v) => create(d, v.body));
    },
    judge: rejected('CU-5'),
  },
  {
    name: 'OS-2 unaccepted statuses',
    draw: (d) => onRefusals(d, unacceptedOrderStatus(), UNACCEPTED_STATUS_EXAMPLES).map(([id, orderStatus]) => update(d, id, { orderStatus })),
    judge: rejected('OS-2'),
  },
  {
    name: 'OS-2 bodies without a string status',
    draw: (d) => {
      const bodies = fc.oneof(
        nonStringValue().map((orderStatus) => ({ orderStatus })),
        fc.constant({}),
        fc.constant({ reason: 1 }),
        fc.constant({ status: 'Pending' }),
      );
      return onRefusals<object>(d, bodies, NON_STRING_BODY_EXAMPLES).map(([id, b]) => update(d, id, b));
    },
    judge: rejected('OS-2'),
  },
  {
    name: 'OS-2c reasons not a number',
    draw: (d) =>
      drawnAs(nonNumericReason(), NON_NUMERIC_REASON_EXAMPLES, d.seed, d.numRuns).map((reason) =>
        update(d, firstRefusal(d), { orderStatus: 'Pending', reason }),
      ),
    judge: rejected('OS-2c'),
  },
  {
    name: 'OS-2d reasons not an integer',
    draw: (d) =>
      drawnAs(nonIntegerReason(), NON_INTEGER_REASON_EXAMPLES, d.seed, d.numRuns).map((reason) =>
        update(d, firstRefusal(d), { orderStatus: 'Pending', reason }),
      ),
    judge: rejected('OS-2d'),
  },
];

/** The checks of one answer of `input`: the harness's envelope checks, then the suite's own. */
export const judged = (input: SeedInput, ex: Exchange): CheckResult[] => [...harnessChecks([ex]), ...input.judge(ex)];
