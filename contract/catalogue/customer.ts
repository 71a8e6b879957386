// Requirements of 2.3, 2.4 and 4.2 (contactSave, create customer).
import type { Requirement } from '../../core/types.ts';

export const customerRequirements: Requirement[] = [
  {
    id: 'CU-1',
    section: '4.2',
    level: 'MUST',
    suite: 'customer',
    operations: ['customer-create'],
    title: 'A valid customer is created: 200, status true, code "200", response.contactId an integer',
    quote:
      'Success (HTTP 200): envelope with status true, a message saying the customer was created, code as string of 200, response an object with contactId (integer, id of the created contact).',
    ambiguity: 'The size of the integer is not shown: ids past 2^53 are integers too and are compared and shown digit for digit.',
  },
  {
    id: 'CU-2',
    section: '4.2',
    level: 'SHOULD',
    suite: 'customer',
    operations: ['customer-create'],
    title: 'Each creation returns a contactId not returned before, also when creations run in parallel',
    quote: 'contactId (integer, id of the created contact)',
    ambiguity: 'Distinct ids are implied by "id of the created contact", not stated.',
  },
  {
    id: 'CU-3',
    section: '4.2',
    level: 'MUST',
    suite: 'customer',
    operations: ['customer-create'],
    title: 'A customer with one, two or five addresses, exactly one of them default, is created',
    quote: 'several addresses can be sent in one request, and the one with isDefault 1 is the default address',
  },
  {
    id: 'CU-4',
    section: '2.3, 2.4, 7',
    level: 'MUST',
    suite: 'customer',
    operations: ['customer-create'],
    title:
      'Values no parser coerces into the stated type (text that is no number where a number is stated, a non-array where an array is stated) are rejected with 400',
    quote: 'opening | string | decimal amount as text; creditLimit | string | numeric amount as text; isDefault | integer',
    ambiguity:
      'Which fields are required is not shown. Lenient MUST oracle: only values invalid under every reading and that no common JSON parser coerces (non-numeric opening/creditLimit, isDefault or addressId as words, contactAddressDTO not an array, an array or object as firstName). ' +
      'What lenient parsers coerce by default (a number to text, null or true to an integer) is CU-4b.',
  },
  {
    id: 'CU-4b',
    section: '2.3, 2.4, 7',
    level: 'SHOULD',
    suite: 'customer',
    operations: ['customer-create'],
    title:
      'Values of another JSON type that lenient parsers coerce (a number where text is stated, true or null where an integer is stated) are rejected with 400',
    quote: 'firstName | string; isDefault | integer; contactId | integer | 0 when creating',
    ambiguity:
      'Common stacks coerce these by default (Jackson reads 42 as "42", null as 0 and true as 1 for an int; Newtonsoft reads a number as text): a vendor on those defaults is correct under a lenient reading, so this is SHOULD, the strict reading of the stated types.',
  },
  {
    id: 'CU-5',
    section: '2.4, 7',
    level: 'SHOULD',
    suite: 'customer',
    operations: ['customer-create'],
    title: 'An isDefault other than 0 or 1 is rejected with 400',
    quote: 'isDefault | integer | 1 marks the default address, 0 otherwise',
    ambiguity:
      'The field states its two values; section 7 makes "invalid value" a 400. A vendor could read "1 marks the default" as "anything else is not default", so this is SHOULD. ' +
      'gstType outside the values seen and the GSTIN format are not stated at all: CU-12 records them.',
  },
  {
    id: 'CU-6',
    section: '4.2, 7',
    level: 'MUST',
    suite: 'customer',
    operations: ['customer-create'],
    title: 'A missing, non-integer or unknown branch_id is rejected with 400',
    quote: 'query | branch_id | integer | yes | branch in which the customer is created; must be valid',
  },
  {
    id: 'CU-7',
    section: '2.3, 2.4',
    level: 'MUST',
    suite: 'customer',
    operations: ['customer-create'],
    title: 'Fields that "may be empty string" are accepted empty',
    quote: 'lastName | string | may be empty string; companyName | string | may be empty string; email | string | may be empty string ...',
  },
  {
    id: 'CU-8',
    section: '4.2',
    level: 'SHOULD',
    suite: 'customer',
    operations: ['customer-create', 'contact-read'],
    title: 'What was saved, read back by id, matches what was sent',
    quote: 'Get Contact By Id | GET',
    ambiguity:
      'The read path is not shown; verified only when config.readBack gives it, skipped otherwise. A vendor may normalise what it stores: surrounding whitespace, the case of e-mail, GSTIN and PAN, ' +
      "the way an amount is written (12.5 = 12.50) and a date's format are not differences; names, codes and lines are compared as sent.",
  },
  {
    id: 'CU-9',
    section: '4.2',
    level: 'SHOULD',
    suite: 'customer',
    operations: ['customer-create', 'contact-read'],
    title: 'Exactly one default address survives the save',
    quote: 'the one with isDefault 1 is the default address',
    ambiguity: 'Verified only with config.readBack.',
  },
  {
    id: 'CU-10',
    section: '4.2',
    level: 'SHOULD',
    suite: 'customer',
    operations: ['customer-create', 'contact-read'],
    title: 'A second save with the returned contactId and deletedAddressIds removes those addresses',
    quote: 'contactId 0 and addressId 0 denote new records ... deletedAddressIds lists addresses to drop.',
    ambiguity: 'Upsert semantics are implied by the operation name contactSave. Verified only with config.readBack.',
  },
  {
    id: 'CU-11',
    section: '4.2',
    level: 'INFO',
    suite: 'customer',
    operations: ['customer-create'],
    title: 'Observed: which body fields the target requires',
    quote: 'which individual body fields are required: not shown',
  },
  {
    id: 'CU-12',
    section: '2.3, 2.4',
    level: 'INFO',
    suite: 'customer',
    operations: ['customer-create'],
    title:
      'Observed: how strictly master data and optional formats are validated (gstType outside the values seen, GSTIN shape and check character, PAN, pin code, dates)',
    quote: 'gstType | string | values seen: UnRegistered, Registered; gstin | string | empty string when unregistered',
    ambiguity:
      '"Values seen" is not a closed list and no format is given for GSTIN, PAN, pin code or dates: a vendor that checks the GSTIN check character (through its own Verify GST operation) ' +
      'and one that stores any text are both correct. What the target refuses is shown as an observation, never a failure.',
  },
  {
    id: 'CU-12b',
    section: '2.4, 7',
    level: 'INFO',
    suite: 'customer',
    operations: ['customer-create', 'index'],
    title: 'Observed: what an address with a city code not in the city list, or a listed city with a state not its own, is answered',
    quote: 'cityCode | string | code of a city from the city list; stateCode | string | code of a state from the state list',
    ambiguity:
      'The spec does not say what an unknown code does: section 7 makes "invalid value" a 400, yet a vendor may store cities as free text, and whether a city must lie in the state sent is not stated. ' +
      "Recorded with the answer's status and message, never failed. Needs operations get-city-list (and get-state-list): the preflight reads them, checks the configured cities against them, and the customers use the cities they give.",
  },
  {
    id: 'CU-13',
    section: '2.3, 2.4, 4.2',
    level: 'INFO',
    suite: 'customer',
    operations: ['customer-create'],
    title:
      'Observed: what a customer valid under 2.3 and 2.4 with unusual text (any script, combining marks, emoji, right-to-left, 255 to 10,000 characters, surrounding spaces) is answered',
    quote: 'Success (HTTP 200) ...; Failures: 400, 403, 429 (see section 7).',
    ambiguity:
      'String fields have no stated length or alphabet and which body fields are required is not shown, so a vendor may take unusual text (200) or refuse it (a 4xx): the answers are recorded. ' +
      'The spec names no answer for such text, so a 5xx to it is ENV-6 (SHOULD) and only ENV-6; a server error that does not repeat for the same body is recorded too. ' +
      'What an accepted customer reads back as is CU-15.',
  },
  {
    id: 'CU-14',
    section: '4.2',
    level: 'SHOULD',
    suite: 'customer',
    operations: ['customer-create', 'contact-read'],
    title:
      'Saving a contact again updates addresses in place by addressId, adds new ones, drops deleted ones and keeps exactly one default: the read-back equals the model, or the save is refused with 400 and nothing changes',
    quote:
      'contactId 0 and addressId 0 denote new records; several addresses can be sent in one request, and the one with isDefault 1 is the default address; deletedAddressIds lists addresses to drop.',
    ambiguity:
      'Upsert semantics are implied by contactSave. Verified with config.readBack by a model-based run (sequences of saves, each compared with the model). ' +
      'Every save sends all remaining addresses, so a vendor that merges and one that replaces the list agree. A difference a narrower rule states is filed under it: ' +
      'a new address not saved under CU-8, the default under CU-9, a deleted address still there under CU-10; duplicates and changed ids under CU-14.',
  },
  {
    id: 'CU-15',
    section: '2.3, 2.4, 4.2',
    level: 'SHOULD',
    suite: 'customer',
    operations: ['customer-create', 'contact-read'],
    title:
      "Text a customer was created with reads back as it was sent: not cut to a column's width, not re-encoded through another charset, no character outside the BMP dropped, not HTML-escaped, no run of spaces collapsed (read-back = sent)",
    quote:
      'firstName | string; companyName | string; remark | string; addressLine1 | string ... Success (HTTP 200): envelope with status true, a message saying the customer was created',
    ambiguity:
      'The spec gives the strings no length or alphabet and Get Contact By Id no path: that a 200 stored the text it was sent is implied, not stated (SHOULD, verified only with config.readBack), ' +
      'and a target with a length or alphabet it does not take may refuse it with a 4xx (CU-13). What correct vendors do on save is no difference: surrounding whitespace trimmed (any trim: ' +
      'ASCII, Unicode spaces, zero-width, BOM; the strictest profile trims) and Unicode normalised (NFC or NFD); place names (cityName ...) may be filled from the codes and are not compared. ' +
      'Anything else a 200 changed is a silent change: cut (a VARCHAR width), characters outside Latin-1 stored as "?" or UTF-8 read as Latin-1 (a wrong charset), emoji dropped (utf8mb3), ' +
      '& < > " \' stored as entities or markup stripped (an input filter), runs of spaces, tabs or no-break spaces inside a value collapsed: inside a value every character counts. ' +
      'A trim or a normalisation a correct vendor made is recorded (savedTextsNormalised), never failed. ' +
      'Read back for the customers the text properties (CU-13) create, within a read budget, and for one customer holding every kind.',
  },
  {
    id: 'CU-16',
    section: '4.2, 7',
    level: 'SHOULD',
    suite: 'customer',
    operations: ['customer-create'],
    title: 'A customer refused with a 4xx is not saved: the state after a refused creation is the state before',
    quote: '400 | validation error | ... create customer ... | missing required field, invalid value ...',
    ambiguity:
      'The spec states the refusal, not its effect: that a refused creation saves nothing is implied (SHOULD, as OS-8 for order status). Verified around a creation refused for a non-numeric ' +
      'opening (CU-4): the same customer, valid, is created next (a target that keeps mobile numbers unique then refuses it as taken if the refused one was saved), and with ' +
      'operations.get-contact-by-mobile-no configured the lookup of its mobile number must list the valid one only.',
  },
  {
    id: 'CU-17',
    section: '2.3, 2.4, 4.2',
    level: 'SHOULD',
    suite: 'customer',
    operations: ['customer-create', 'contact-read'],
    title: "A save of one contact never changes another: addressIds and deletedAddressIds of another contact's addresses leave that contact as it was",
    quote:
      'deletedAddressIds | array of integers | ids of addresses to remove ... addressId | integer | 0 for a new address ... deletedAddressIds lists addresses to drop.',
    ambiguity:
      "The spec does not say that an addressId belongs to one contact, nor what a save sending another contact's addressId gets: the body is the customer object of 2.3 " +
      'with its contactAddressDTO, so the addresses it updates and drops are implied to be its own (SHOULD, verified only with config.readBack). ' +
      'A target may refuse such a save with a 4xx, save the address as a new one of the contact saved, or ignore the id it does not hold: all correct. Only a change to the other contact is a failure. ' +
      "Contact A (two addresses) is read back, contact B is saved once with A's first addressId as its own address's and once with A's second in deletedAddressIds, and A is read back again: five requests.",
  },
  {
    id: 'CU-18',
    section: '4.2',
    level: 'MUST',
    suite: 'customer',
    operations: ['customer-create', 'contact-read'],
    title: 'A customer is created in the branch the query names (branch_id), not in a branchId its body carries',
    quote: 'query | branch_id | integer | yes | branch in which the customer is created; must be valid',
    ambiguity:
      'branchId is no field of the customer object (2.3): a target may refuse a body carrying one (4xx) or ignore it; both pass. The query states the branch, so a save in ' +
      "the body's branch breaks the stated rule. Verified only with config.readBack: failed only when the customer is not in the named branch and reads back, as it was sent, in the body's.",
  },
];
