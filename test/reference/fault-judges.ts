// How the suites judge the requests of each fault probe (fault-probes*.ts): for each fault, the
// checks the suite test that sends such a request applies to the probe's answers, with its
// parameters and requirement ids. Envelope checks are the harness's, applied apart (check-kit.ts).
// Sections 2.1, 5 and 4.1 here; the customer, report, rate-limit and index probes in fault-judges-more.ts.
import { acceptedToken } from '../../contract/checks/auth.ts';
import { notServerError } from '../../contract/checks/envelope.ts';
import { orderStatusUpdated } from '../../contract/checks/order-status.ts';
import type { FaultName } from '../../reference/faults.ts';
import { pages, refused, status, type Judge } from './check-kit.ts';

/** The ids under which the auth suites send a request without a valid token to an operation of section 4. */
const SPEC_REFUSAL = { none: ['AUTH-1'], invalid: ['AUTH-2'] } as const;

export const BASE_JUDGES: Partial<Record<FaultName, Judge>> = {
  // ---- envelope: the harness's checks, and the suite's own of the same answers ----
  'envelope-status-string': pages,
  'envelope-no-message': ([ex]) => [orderStatusUpdated(ex!, undefined)],
  'envelope-code-ok': pages,
  'success-status-false': pages,
  'content-type-text': pages,
  // envelope.test.ts sends a body that is not JSON to each operation; malformed.test.ts to each index operation.
  // validation.test.ts OS-2e sends the order status update a body that is not JSON.
  'crash-on-bad-json': ([report, index, update]) => [status(report!, '4xx', 'ENV-6'), notServerError(index!, undefined), status(update!, 400, 'OS-2e')],
  'content-type-ignored': ([ex]) => [status(ex!, '4xx', 'ENV-7')],
  // ---- authentication ----
  'auth-missing-accepted': ([ex]) => refused(ex!, ...SPEC_REFUSAL.none),
  'auth-any-token': ([ex]) => refused(ex!, ...SPEC_REFUSAL.invalid),
  'auth-401': ([ex]) => refused(ex!, ...SPEC_REFUSAL.none),
  'auth-skip-order-status': ([ex]) => refused(ex!, ...SPEC_REFUSAL.invalid),
  'auth-rejects-valid': ([ex]) => [acceptedToken(ex!, undefined)],
  'auth-prefix-compare': ([ex]) => refused(ex!, 'AUTH-5'),
  'auth-case-insensitive': ([ex]) => refused(ex!, 'AUTH-5'),
  'auth-empty-accepted': ([ex]) => refused(ex!, 'AUTH-6'),
  'auth-duplicate-unchecked': ([ex]) => refused(ex!, 'AUTH-7b'),
  'auth-query-token': ([ex]) => refused(ex!, 'AUTH-8'),
  'auth-bearer-accepted': ([ex]) => refused(ex!, 'AUTH-8'),
  'auth-body-token': ([ex]) => refused(ex!, 'AUTH-8'),
  'auth-readback-open': (x) => x.flatMap((ex) => refused(ex, 'AUTH-10')),
  'ix-read-open': ([ex]) => refused(ex!, 'IX-1'),
  // ---- order status: validation.test.ts's refusals, lifecycle.test.ts's acceptances ----
  'os-ignore-branch': ([ex]) => [status(ex!, '4xx', 'OS-1')],
  'os-missing-voucher-200': ([ex]) => [status(ex!, '4xx', 'OS-1')],
  'os-missing-voucher-404': ([ex]) => [status(ex!, '4xx', 'OS-1'), status(ex!, 400, 'OS-1b')],
  'os-case-insensitive': (x) => x.map((ex) => status(ex, 400, 'OS-2')),
  'os-trim-status': (x) => x.map((ex) => status(ex, 400, 'OS-2f')),
  // Statuses outside the six (OS-2's property) and among the near misses (OS-4's list).
  'os-any-status': ([completed, dispatched, padded]) => [
    ...[completed!, dispatched!].flatMap((ex) => [status(ex, 400, 'OS-2'), status(ex, 400, 'OS-4')]),
    status(padded!, 400, 'OS-2f'),
  ],
  'os-non-string-status': ([ex]) => [status(ex!, 400, 'OS-2')],
  'os-reason-unchecked': ([word, list, fraction]) => [status(word!, 400, 'OS-2c'), status(list!, 400, 'OS-2c'), status(fraction!, 400, 'OS-2d')],
  'os-reason-lenient': (x) => x.map((ex) => status(ex, 400, 'OS-2d')),
  'os-branch-optional': (x) => x.map((ex) => status(ex, 400, 'OS-2b')),
  'os-empty-body-ok': ([ex]) => [status(ex!, 400, 'OS-2e')],
  'os-salesid-prefix': ([ex]) => [status(ex!, '4xx', 'OS-2g')],
  'os-response-object': ([ex]) => [orderStatusUpdated(ex!, undefined)],
};
