// Requirements on the operations of the index (section 1) other than the three section 4 details,
// as config `operations` describes them: each covers every configured operation but
// update-order-status, contact-save and consumption-production-report (their own suites hold them),
// and writes only when writes is not false; the certificate's table "operations x requirements"
// says what each showed. Section 5 is the only rule the spec states for all of them: everything
// else is "not shown", so it is observed (INFO) or held to what the answers say (SHOULD), never more.
import type { Requirement } from '../../core/types.ts';

const COVERS =
  'Covers every operation of config `operations` except the three of section 4 (write operations only with writes not false). ' +
  'An operation whose configured request with the valid token is answered 401/403 (a token not scoped to it, as the production deployment shows) or 404/405 (not served at the configured path) is inconclusive, never failed: that is a config or scope question. ';

export const indexOperationRequirements: Requirement[] = [
  {
    id: 'IX-1',
    section: '1, 5 rules 1-2',
    level: 'MUST',
    suite: 'index-operations',
    operations: ['index'],
    title: 'Every configured operation of the index rejects a request without the api-token header with 403',
    quote: 'Every operation requires the header api-token ... A request without a valid token is rejected with HTTP 403 (Unauthorized).',
    ambiguity: `${COVERS}Section 7 lists 403 for two operations only; section 5 says "every operation".`,
  },
  {
    id: 'IX-2',
    section: '1, 5 rule 2',
    level: 'MUST',
    suite: 'index-operations',
    operations: ['index'],
    title: 'Every configured operation of the index rejects a request with an invalid or an empty api-token with 403',
    quote: 'A request without a valid token is rejected with HTTP 403 (Unauthorized).',
    ambiguity: `${COVERS}An empty api-token header carries no valid token (AUTH-6): it is sent to every operation in every run.`,
  },
  {
    id: 'IX-3',
    section: '1, 5 rule 2',
    level: 'MUST',
    suite: 'index-operations',
    operations: ['index'],
    title: 'Every configured operation of the index rejects a near miss of the valid token (a suffix, letter case) with 403',
    quote: 'A request without a valid token is rejected with HTTP 403 (Unauthorized).',
    ambiguity: `${COVERS}A near miss of a valid token is not a valid token (AUTH-5); the suffix and upper case go to every operation, one more near miss (a prefix, a cut, lower case) per operation is chosen by the seed: the requests stay few.`,
  },
  {
    id: 'IX-4',
    section: '1, 5 rule 3',
    level: 'INFO',
    suite: 'index-operations',
    operations: ['index'],
    title: 'Observed: which configured operations accept the configured token (its scope)',
    quote: 'How the token is issued, its lifetime and its scope: not shown.',
  },
  {
    id: 'IX-5',
    section: '1, 7',
    level: 'INFO',
    suite: 'index-operations',
    operations: ['index'],
    title:
      'Observed: what each configured operation answers to a malformed parameter (limit, offset, an id: negative, not a number) or a body that is not JSON',
    quote: 'Paths, parameters and payloads of every operation other than the three below: not shown.',
    ambiguity:
      `${COVERS}The parameters of these operations are not shown, so no answer is named for a malformed one: each operation's answers are recorded (400, 404, 200 with the parameter ignored ...). ` +
      'A 5xx among them is ENV-6 (SHOULD) and only ENV-6.',
  },
  {
    id: 'IX-6',
    section: '1, 2.1',
    level: 'INFO',
    suite: 'index-operations',
    operations: ['index'],
    title: 'Observed: whether each configured operation answers with the 2.1 envelope {status, message, code, response}',
    quote: 'Response envelope (all operations described here)',
    ambiguity: 'The envelope is stated for the three operations section 4 details; for the others it is only recorded.',
  },
  {
    id: 'IX-7',
    section: '1, 4.3 rule 2',
    level: 'SHOULD',
    suite: 'index-operations',
    operations: ['index'],
    title: 'A list operation the config declares paged does not contradict its own totalCount: the page at offset totalCount-1 holds exactly one item',
    quote: 'Pagination uses limit and offset for large result sets.',
    ambiguity:
      `${COVERS}The spec states pagination for the report only; the config says these lists are paged by limit and offset with a totalCount. ` +
      'Only what the answers say of themselves is held: when a first page of limit 2 honours the limit and carries a totalCount T, the page of limit 2 at offset T-1 holds one item. ' +
      'A page larger than its limit, a missing totalCount, or a totalCount that changed between the two requests (data added meanwhile) is inconclusive (a config or data question), never failed, ' +
      'but where the count grew by no more than the customers or vouchers the run itself may have created between the two readings (a list they feed): then the page at T-1 holds one or two items. ' +
      "A count that fell, or grew further, is another writer's: inconclusive. " +
      'A list paged by cursor is walked at its largest page and again by pages of a fifth of it: each item once (one on two pages fails), exactly its totalCount where none of the ' +
      "run's own creations was in flight (a walk they moved is walked once more; else it holds between its first and last count), and the two walks hold the same items (one a walk lacks is named with its page boundary).",
  },
  {
    id: 'IX-8',
    section: '1, 8 rule 2',
    level: 'INFO',
    suite: 'index-operations',
    operations: ['index'],
    title: 'Observed: the page cap of each paged list operation (items answered to a limit of 5000)',
    quote: 'the maximum value of limit: not shown.',
  },
  {
    id: 'IX-9',
    section: '1, 4.2',
    level: 'INFO',
    suite: 'index-operations',
    operations: ['index', 'customer-create'],
    title: 'Observed: whether a customer contactSave created shows up in Get Customer List W Branch Id',
    quote: 'Contact | Get Customer List W Branch Id | GET',
    ambiguity:
      'What the customer list holds is not shown (its order, its filter by branch); the created contactId is looked for on the first and the last page only.',
  },
  {
    id: 'IX-10',
    section: '1, 4.1',
    level: 'SHOULD',
    suite: 'order-status',
    operations: ['index', 'order-status'],
    title: 'A sales voucher Order Create made, which Get Sales Data By Id reads in the branch, takes an order status update',
    quote: 'to create and update sales orders and customers ... Purpose: change the order status of an existing sales voucher in a branch.',
    ambiguity:
      'Order Create is only listed in the index (its payload is not shown), and the spec does not say that what it creates is a voucher Update Order Status changes: implied by section 1, held as SHOULD. ' +
      'Needs operations["order-create"] and operations["get-sales-data-by-id"]: a created voucher Get Sales Data By Id does not read in the fixtures\' branch is a config question (the `created` path, the branch in its template), inconclusive. ' +
      'Failed only when Confirmed, Pending and Cancelled are all refused with a 4xx on a voucher made in this run that the target itself reads back: a vendor whose new orders start in another state still takes one of the three.',
  },
];
