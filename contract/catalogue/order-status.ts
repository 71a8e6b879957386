// Requirements of 3 (states and transitions) and 4.1 (update order status).
import type { Requirement } from '../../core/types.ts';

export const orderStatusRequirements: Requirement[] = [
  {
    id: 'ST-1',
    section: '3',
    level: 'MUST',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'Each of Pending, Confirmed, Processing, Shipped, Delivered and Cancelled is accepted on a voucher whose state allows it',
    quote: 'Order status values accepted by the order status update: Pending, Confirmed, Processing, Shipped, Delivered, Cancelled (each "as applicable").',
    ambiguity:
      '"As applicable" and "Transitions: not shown": the suite walks the lifecycle order of section 3 (Pending -> Confirmed -> Processing -> Shipped, then Delivered on a paid voucher) ' +
      "and sets Cancelled on a fresh voucher. Each walk starts from the voucher's actual state (read through readBack.orderStatus when configured, otherwise told by the first answer): " +
      'a voucher an earlier run already moved on, and that the target will not move back, is a fixture problem (inconclusive, with the fix), never a failure.',
  },
  {
    id: 'ST-2',
    section: '3',
    level: 'INFO',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'Observed: the transition matrix the target enforces',
    quote: 'Transitions: not shown.',
    ambiguity: 'A vendor that enforces forward-only transitions or rejects changes after Delivered/Cancelled is not failed; what it accepts is recorded.',
  },
  {
    id: 'OS-1',
    section: '4.1 rule 1',
    level: 'MUST',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'An update of a voucher that does not exist in the given branch is refused with a 4xx',
    quote: 'The voucher must exist in the given branch.',
    ambiguity: 'Section 7 does not list "voucher not found" among the 400 conditions. Lenient MUST oracle: any 4xx; OS-1b holds the strict 400.',
  },
  {
    id: 'OS-1b',
    section: '4.1 rule 1, 7',
    level: 'SHOULD',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'An update of a voucher that does not exist in the given branch is refused with 400',
    quote: 'Failure: HTTP 400 (see section 7).',
  },
  {
    id: 'OS-2',
    section: '4.1 rule 2',
    level: 'MUST',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'A missing or unaccepted orderStatus (any other string, a case variant, or a non-string) is rejected with 400',
    quote: 'A missing required field, an invalid value, or an unaccepted orderStatus yields a validation error (status 400).',
    ambiguity:
      'Many stacks trim surrounding whitespace from input before anything reads it (a request filter, a binder), so a status that is one of the six once trimmed is OS-2f (SHOULD), not this MUST.',
  },
  {
    id: 'OS-2b',
    section: '4.1 rule 2, 7',
    level: 'MUST',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'A missing, non-integer or invalid branch_id is rejected with 400',
    quote: 'query | branch_id | integer | yes | branch in which the voucher exists',
  },
  {
    id: 'OS-2c',
    section: '4.1 rule 2',
    level: 'MUST',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'A reason that is present and not a number is rejected with 400',
    quote: 'reason | integer | no | ... when present must be a valid number',
    ambiguity:
      '"Integer" and "a valid number" disagree. Lenient MUST oracle: only values that are no number at all (text, objects, arrays, booleans) must give 400; OS-2d holds the strict reading.',
  },
  {
    id: 'OS-2d',
    section: '4.1 rule 2',
    level: 'SHOULD',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'A reason that is not a JSON integer (a fraction or a numeric string) is rejected with 400',
    quote: 'reason | integer | no | numeric reason code',
    ambiguity: 'The type column says integer, the rule "a valid number": the strict SHOULD oracle takes the type.',
  },
  {
    id: 'OS-2e',
    section: '4.1 rules 2, 5',
    level: 'MUST',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'A body that is not JSON, or is empty, is rejected with 400',
    quote: 'the body is JSON',
  },
  {
    id: 'OS-2f',
    section: '4.1 rule 2',
    level: 'SHOULD',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'One of the six statuses with surrounding whitespace (space, tab, newline, no-break space) is rejected with 400',
    quote: 'A missing required field, an invalid value, or an unaccepted orderStatus yields a validation error (status 400).',
    ambiguity:
      '" Confirmed" is not literally one of the six, but a vendor whose stack trims input reads it as Confirmed: correct under a lenient reading, so the strict reading is SHOULD.',
  },
  {
    id: 'OS-3',
    section: '3, 4.1 rule 3',
    level: 'MUST',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'Delivered is refused with 400 on a voucher whose payment is not paid, and accepted on a paid one',
    quote: "Delivered requires the voucher's payment status to be paid.",
    ambiguity:
      'A forward-only vendor may refuse Delivered on a paid voucher that has not been shipped: the suite sets Delivered on a paid voucher only after walking it to Shipped. ' +
      'The payment status that decides is the one the voucher has now: with Order Create, Update Payment Status and readBack.orderStatus configured, Delivered is also tried on fresh vouchers ' +
      'made paid and set back to unpaid (readBack.orderStatus.unpaidValue, default "unpaid"), and made partially paid where readBack.orderStatus.partialValue names that value (partially paid is not paid); ' +
      'judged only when the voucher reads not paid just before and after.',
  },
  {
    id: 'OS-4',
    section: '4.1 rule 4',
    level: 'MUST',
    suite: 'order-status',
    operations: ['order-status'],
    title: "Plausible statuses outside the six, like the documentation sample's, are rejected with 400",
    quote:
      "The documentation's sample request sends an orderStatus value that is not among the accepted values; the result for such a value is a validation error according to rule 2.",
    ambiguity:
      'The sample value itself is not quoted; the suite sends realistic near-miss values (Completed, Dispatched, Packed, Returned, Delivered with trailing text ...).',
  },
  {
    id: 'OS-5',
    section: '4.1',
    level: 'MUST',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'A successful update answers 200 with status true, code "200" and response null',
    quote: 'Success (HTTP 200): envelope with status true, a message saying the order status was updated, code as string of 200, response null.',
  },
  {
    id: 'OS-6',
    section: '4.1',
    level: 'MUST',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'Only the order status changes; all other voucher data stays unchanged',
    quote: 'Only the order status changes; all other voucher data stays unchanged.',
    ambiguity:
      'No read of a whole voucher has a path in the spec: verified with the index operations the config describes, Order Create (a fresh voucher) and Get Sales Data By Id (read before and after Pending -> Confirmed); ' +
      'without them the test is skipped. Lenient oracle: fields named like audit data (modified dates, versions, histories) and operations["get-sales-data-by-id"].volatile may change; every other field keeps its value. ' +
      'With Update Payment Status and readBack.orderStatus too, the payment status is read before and after every transition made on fresh vouchers, Cancelled on a paid voucher included; ' +
      'a change is failed only when a second fresh voucher shows it again (another client may change one).',
  },
  {
    id: 'OS-7',
    section: '4.1',
    level: 'SHOULD',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'Status updates sent in parallel to distinct vouchers all take effect',
    quote: 'Purpose: change the order status of an existing sales voucher in a branch.',
    ambiguity:
      'That updates of different vouchers do not interfere is implied by the operation changing "an existing sales voucher". Verified only with readBack.orderStatus, which reads each voucher back.',
  },
  {
    id: 'OS-8',
    section: '4.1 rule 2, 7',
    level: 'SHOULD',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'A refused update changes nothing: the voucher reads back as it was before',
    quote: 'A missing required field, an invalid value, or an unaccepted orderStatus yields a validation error (status 400).',
    ambiguity:
      'The spec states the refusal, not its effect: that a validation error leaves the voucher as it was is implied (SHOULD). Verified with readBack.orderStatus around updates that carry ' +
      "an accepted status with an invalid reason or branch_id, each judged only when refused, around each Delivered refused on a voucher not paid (the pool's or a fresh one), " +
      'and around every update refused on the fresh vouchers of the rules across operations (a transition the target refuses); a voucher read in a third state is inconclusive (another client).',
  },
  {
    id: 'OS-2g',
    section: '4.1 rule 2',
    level: 'MUST',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'A path salesId that is not an integer (trailing junk like 1001abc, a fraction) is refused with a 4xx',
    quote: 'path | salesId | integer | yes | id of the sales voucher',
    ambiguity:
      'Rule 2 makes an invalid value a 400; a router may answer 404 for a path whose id is not a number: the lenient MUST oracle takes any 4xx. A target that reads 1001abc as 1001 answers 200.',
  },
  {
    id: 'OS-9',
    section: '4.1',
    level: 'SHOULD',
    suite: 'order-status',
    operations: ['order-status'],
    title: 'An accepted update is stored: the voucher reads back in the status it was set to',
    quote: 'Purpose: change the order status of an existing sales voucher in a branch.',
    ambiguity:
      'Verified only with readBack.orderStatus, after each accepted step of the lifecycle walks, and after one step sent twice at the same instant to one voucher on two connections (both accepted and neither stored is a lost update; a 5xx to either is ENV-6). A vendor whose reads lag its writes (a replica) could read the old status for a while: SHOULD, and a voucher read in a third state is inconclusive (another run).',
  },
];
