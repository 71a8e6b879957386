// The faults of the envelope, the authentication, the order status update and the customer
// (spec 2.1, 2.3, 2.4, 3, 4.1, 4.2, 5, 7): each breaks one rule and names the ids it breaks
// (reference/faults.ts joins them with the others).
import type { Fault } from './fault.ts';

export const WIRE_FAULTS = [
  // ---- envelope (2.1, 7) ----
  { name: 'envelope-status-string', does: 'success envelopes carry status "true" (a string)', breaks: ['ENV-1'] },
  { name: 'envelope-no-message', does: 'success envelopes omit message', breaks: ['ENV-1'] },
  { name: 'envelope-code-number', does: 'success envelopes carry code 200 as a number', breaks: ['ENV-3'] },
  { name: 'envelope-code-ok', does: 'success envelopes carry code "OK"', breaks: ['ENV-3'] },
  { name: 'success-status-false', does: 'success envelopes carry status false', breaks: ['ENV-2'] },
  { name: 'error-code-200', does: '400 envelopes carry code "200"', breaks: ['ENV-4'] },
  { name: 'content-type-text', does: 'JSON answers are labelled text/plain', breaks: ['ENV-5'] },
  // Every route that reads a JSON body: the three of section 4 and the index's POST operations (IX-5
  // sends them one). A 5xx is ENV-6 alone, but where the spec names the answer: the order status
  // update's validation error is 400 (4.1 rule 2, OS-2e).
  {
    name: 'crash-on-bad-json',
    does: "a body that is not JSON makes the server answer 500 (section 4's operations and the index's POST operations)",
    breaks: ['ENV-6', 'OS-2e'],
    reachedBy: ['IX'],
  },
  { name: 'content-type-ignored', does: 'any request Content-Type is accepted', breaks: ['ENV-7'] },
  // ---- authentication (5) ----
  // A request without the header carries no token, whatever else it carries (AUTH-8 too).
  { name: 'auth-missing-accepted', does: 'a request without api-token is served', breaks: ['AUTH-1', 'AUTH-8', 'AUTH-10', 'AUTH-12', 'IX-1'] },
  // A near-miss of a valid token is a non-empty invalid token (AUTH-5 too).
  { name: 'auth-any-token', does: 'any non-empty api-token value is accepted', breaks: ['AUTH-2', 'AUTH-5', 'AUTH-10', 'IX-2', 'IX-3'] },
  {
    name: 'auth-401',
    does: 'unauthorized requests get 401 instead of 403',
    breaks: ['AUTH-1', 'AUTH-2', 'AUTH-5', 'AUTH-6', 'AUTH-7b', 'AUTH-8', 'AUTH-10', 'AUTH-12', 'IX-1', 'IX-2', 'IX-3'],
  },
  {
    name: 'auth-skip-order-status',
    does: 'the order status update does not check the token',
    breaks: ['AUTH-1', 'AUTH-2', 'AUTH-5', 'AUTH-6', 'AUTH-7b', 'AUTH-8'],
  },
  { name: 'auth-rejects-valid', does: 'the report rejects the valid token with 403', breaks: ['AUTH-3'] },
  { name: 'auth-prefix-compare', does: 'only the first 8 characters of the token are compared', breaks: ['AUTH-5', 'AUTH-10', 'IX-3'] },
  { name: 'auth-case-insensitive', does: 'the token is compared without regard to letter case', breaks: ['AUTH-5', 'AUTH-10', 'IX-3'] },
  { name: 'auth-empty-accepted', does: 'an empty api-token header is served', breaks: ['AUTH-6', 'AUTH-10', 'IX-2'] },
  // Which of two values a stack keeps is the vendor's choice (AUTH-7, INFO); two invalid values are never a valid token.
  {
    name: 'auth-duplicate-unchecked',
    does: 'a request carrying api-token twice is served whatever the two values (the check skips a header that came as a list)',
    breaks: ['AUTH-7b'],
  },
  { name: 'auth-query-token', does: 'a valid token in the query string (?api-token=) is accepted when the header is absent', breaks: ['AUTH-8', 'AUTH-12'] },
  { name: 'auth-bearer-accepted', does: 'Authorization: Bearer <valid token> is accepted when api-token is absent', breaks: ['AUTH-8'] },
  // ---- order status (3, 4.1) ----
  { name: 'os-ignore-branch', does: 'a voucher of another branch is updated', breaks: ['OS-1'] },
  { name: 'os-missing-voucher-200', does: 'an unknown voucher answers 200', breaks: ['OS-1'] },
  { name: 'os-missing-voucher-404', does: 'an unknown voucher answers 404 (not 400)', breaks: ['OS-1b'] },
  { name: 'os-case-insensitive', does: 'orderStatus is matched case-insensitively', breaks: ['OS-2'] },
  { name: 'os-trim-status', does: 'orderStatus is trimmed before matching', breaks: ['OS-2f'] },
  { name: 'os-any-status', does: 'any string orderStatus is accepted', breaks: ['OS-2', 'OS-2f', 'OS-4'] },
  { name: 'os-non-string-status', does: 'a non-string orderStatus is coerced to a string', breaks: ['OS-2'] },
  { name: 'os-reject-cancelled', does: 'Cancelled is refused', breaks: ['ST-1'] },
  { name: 'os-delivered-unpaid', does: 'Delivered is accepted whatever the payment status', breaks: ['OS-3'] },
  { name: 'os-delivered-never', does: 'Delivered is refused even when paid', breaks: ['OS-3'] },
  { name: 'os-reason-unchecked', does: 'reason is not validated', breaks: ['OS-2c', 'OS-2d'] },
  { name: 'os-reason-lenient', does: 'reason accepts fractions and numeric strings', breaks: ['OS-2d'] },
  { name: 'os-branch-optional', does: 'branch_id may be missing or not an integer', breaks: ['OS-2b'] },
  { name: 'os-empty-body-ok', does: 'an empty body is taken as no change and answers 200', breaks: ['OS-2e'] },
  { name: 'os-response-object', does: 'success response is {} instead of null', breaks: ['OS-5'] },
  { name: 'os-refusal-writes', does: 'an update refused for its reason or branch_id has already stored its orderStatus', breaks: ['OS-8'] },
  { name: 'os-salesid-prefix', does: 'the path salesId is read up to its first non-digit (1001abc is taken as 1001)', breaks: ['OS-2g'] },
  { name: 'os-cancel-not-stored', does: 'Cancelled is answered 200 but not stored: the voucher keeps its status', breaks: ['OS-9'] },
  {
    name: 'os-parallel-lost-update',
    does: 'overlapping status updates go through one shared slot after a wait: only the last takes effect, each answers 200',
    breaks: ['OS-7'],
    // Another test's single update that overlaps one of them is lost too, and read back (OS-9).
    mayBreak: ['OS-9'],
  },
  {
    name: 'os-overlap-deadlock',
    does: 'two updates of one voucher in flight at once: the later is answered 500 (a database deadlock), the earlier is stored',
    breaks: ['ENV-6'],
    // The order-status suite sends two updates of one voucher at once on purpose (OS-9); the envelope
    // suite's updates meet only by chance: both suites reach it (a run of its own in the fault matrix).
    reachedBy: ['OS', 'ENV'],
  },
  { name: 'os-overlap-lost', does: 'two updates of one voucher in flight at once are both answered 200 and neither is stored', breaks: ['OS-9'] },
  // ---- customer (2.3, 2.4, 4.2) ----
  { name: 'cu-contactid-string', does: 'contactId is returned as a string', breaks: ['CU-1'] },
  { name: 'cu-contactid-reused', does: 'every creation returns the same contactId', breaks: ['CU-2'] },
  { name: 'cu-single-address', does: 'more than one address is refused with 400', breaks: ['CU-3'] },
  { name: 'cu-opening-unchecked', does: 'non-numeric opening and creditLimit are accepted', breaks: ['CU-4'] },
  {
    name: 'cu-type-coercion',
    does: 'the customer body is read as a lenient parser reads it: a number where text is stated becomes text, null or true where an integer is stated becomes 0 or 1',
    breaks: ['CU-4b'],
  },
  { name: 'cu-isdefault-unchecked', does: 'isDefault outside 0/1 is accepted', breaks: ['CU-5'] },
  { name: 'cu-branch-unchecked', does: 'an unknown branch_id is accepted', breaks: ['CU-6'] },
  { name: 'cu-empty-lastname', does: 'an empty lastName is refused', breaks: ['CU-7'] },
  { name: 'cu-drop-addresses', does: 'only the first address is saved', breaks: ['CU-8'] },
  { name: 'cu-default-lost', does: 'the saved addresses all have isDefault 0', breaks: ['CU-9'] },
  { name: 'cu-ignore-deleted', does: 'deletedAddressIds is ignored', breaks: ['CU-10'] },
  {
    name: 'cu-500-non-latin',
    does: 'a name, company or address line holding a letter outside Latin-1 (Devanagari, Tamil ...) answers 500',
    breaks: ['ENV-6'],
    reachedBy: ['CU'],
  },
  { name: 'cu-500-long-text', does: 'an addressLine1 or remark longer than 255 characters answers 500', breaks: ['ENV-6'], reachedBy: ['CU'] },
  { name: 'cu-upsert-duplicates', does: 'a saved address sent again with its addressId is added as a new address, not updated in place', breaks: ['CU-14'] },
  { name: 'cu-two-defaults-kept', does: 'a request marking two addresses isDefault 1 is accepted and both are saved as default', breaks: ['CU-9'] },
  { name: 'cu-truncates-long-text', does: 'text fields are saved cut to 255 characters (a VARCHAR(255) that truncates), and answered 200', breaks: ['CU-15'] },
  { name: 'cu-mangles-non-ascii', does: 'text fields are saved through Latin-1: every character outside it is stored as "?"', breaks: ['CU-15'] },
  { name: 'cu-drops-non-bmp', does: 'text fields are saved without their characters outside the BMP (emoji; a utf8mb3 column)', breaks: ['CU-15'] },
  { name: 'cu-html-escapes-text', does: 'text fields are saved HTML-escaped (& < > " \' stored as &amp; &lt; &gt; &quot; &#39;)', breaks: ['CU-15'] },
  { name: 'cu-collapses-spaces', does: 'text fields are saved with each run of spaces inside collapsed to one space', breaks: ['CU-15'] },
  {
    name: 'cu-refusal-saves',
    does: 'a customer refused with 400 for a value of its body (a non-numeric opening, isDefault outside 0/1 ...) has already been saved',
    breaks: ['CU-16'],
  },
  {
    name: 'cu-address-of-another-contact',
    does: "an addressId is looked up among every contact's addresses: a save sending another contact's addressId updates that address, and one in deletedAddressIds drops it",
    breaks: ['CU-17'],
  },
  { name: 'cu-contactid-race', does: 'the next contactId is read, then taken after a wait: overlapping creations get the same id', breaks: ['CU-2'] },
] as const satisfies readonly Fault[];
