// Requirements of 2.1 (response envelope), 4 (headers), 5 (authentication), 7 (errors) and
// 9 (versioning). See ../requirements.ts for the levels and how ambiguity is handled.
import type { Requirement } from '../../core/types.ts';

const ALL = ['order-status', 'customer-create', 'report'] as const;

export const envelopeAuthRequirements: Requirement[] = [
  // ---- 2.1 Response envelope, 4 headers, 7 errors --------------------------------------------
  {
    id: 'ENV-1',
    section: '2.1',
    level: 'MUST',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'Every success response is the JSON envelope {status, message, code, response}',
    quote:
      'status | boolean | true on success; message | string | human-readable outcome text; code | string | status code as a string; response | object or null',
  },
  {
    id: 'ENV-2',
    section: '2.1',
    level: 'MUST',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'The envelope status is true on success',
    quote: 'status | boolean | true on success',
  },
  {
    id: 'ENV-3',
    section: '2.1',
    level: 'MUST',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'The envelope code of a success is the HTTP status as a string',
    quote: 'code | string | status code as a string, e.g. the string form of 200',
  },
  {
    id: 'ENV-4',
    section: '2.1, 7',
    level: 'SHOULD',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'An error response that carries the envelope has status false and code the string of its HTTP status',
    quote: 'Response envelope (all operations described here); The body shape of error responses: not shown.',
    ambiguity:
      'The error body shape is not shown, so a vendor may answer errors with plain text, RFC 9457 problem details or JSON of its own (ENV-8 records which). ' +
      'Only an error body that is the 2.1 envelope (a JSON object with boolean status and string code) is held to 2.1: status false ("true on success") and code the HTTP status as a string. ' +
      'An envelope saying the opposite of its HTTP status misleads every client, so this is implied; it is SHOULD because the error shape itself is not stated.',
  },
  {
    id: 'ENV-5',
    section: '4',
    level: 'SHOULD',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'A response whose body is JSON says so with a JSON media type (application/json or a +json type)',
    quote: 'request bodies are JSON with header Content-Type: application/json',
    ambiguity:
      'The spec states the request content type only; that a JSON answer is labelled as JSON is implied by the JSON envelope. ' +
      'Any JSON media type passes (application/json with any parameters, application/problem+json ...); a body that is not JSON (a plain-text error) is not held to it.',
  },
  {
    id: 'ENV-6',
    section: '7',
    level: 'SHOULD',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'No request, however malformed, is answered with a 5xx status',
    quote: '400 | validation error / valid branch id ... 403 | Unauthorized ... 429 | Too Many Request',
    ambiguity:
      'Section 7 lists only 400, 403 and 429 as failures; that no request gets a 5xx is implied, not stated. ' +
      'A 5xx fails a MUST only where the spec names the answer for that request (a validation error of the order status update, 4.1 rule 2, and an invalid value or branch id of a customer, 7: each a 400). ' +
      "Everywhere else a 5xx is this SHOULD and only this, whatever was sent: the report's filter texts (RP-16), customers with unusual text (CU-13), " +
      "the index's malformed parameters (IX-5), a number past what a stack's parser reads. No check classifies a 5xx by guessing the vendor's parser.",
  },
  {
    id: 'ENV-7',
    section: '4, 4.1 rule 5',
    level: 'SHOULD',
    suite: 'envelope-auth',
    operations: ['order-status', 'customer-create'],
    title: 'A request whose Content-Type is not application/json is rejected with a 4xx',
    quote: 'Content-Type | string | yes | must be application/json',
    ambiguity:
      'The spec requires the header but does not say what a wrong one yields (4.1 rule 5 even labels the body plain text). Strict SHOULD oracle: any 4xx (400 or 415).',
  },
  {
    id: 'ENV-8',
    section: '7',
    level: 'INFO',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'Observed: the body shape of error responses (envelope, problem details, other JSON, text)',
    quote: 'The body shape of error responses: not shown.',
  },

  // ---- 5 Authentication ------------------------------------------------------------------------
  {
    id: 'AUTH-1',
    section: '5 rules 1-2',
    level: 'MUST',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'A request without the api-token header is rejected with 403',
    quote: 'Every operation requires the header api-token ... A request without a valid token is rejected with HTTP 403 (Unauthorized).',
    ambiguity: 'Section 7 lists 403 for create customer and the report only; section 5 says every operation, so 403 is required of all three.',
  },
  {
    id: 'AUTH-2',
    section: '5 rule 2',
    level: 'MUST',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'A request with an invalid api-token is rejected with 403',
    quote: 'A request without a valid token is rejected with HTTP 403 (Unauthorized).',
  },
  {
    id: 'AUTH-3',
    section: '5 rule 1',
    level: 'MUST',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'A request with a valid api-token is not rejected as unauthorized',
    quote: 'Every operation requires the header api-token, a token provided by the service operator.',
  },
  {
    id: 'AUTH-4',
    section: '5 rule 3',
    level: 'INFO',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'Observed: whether the token is checked before the request is validated',
    quote: 'How the token is issued, its lifetime and its scope: not shown.',
  },
  {
    id: 'AUTH-5',
    section: '5 rule 2',
    level: 'MUST',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'A token that differs from a valid one by a suffix, a prefix, a cut or letter case is rejected with 403',
    quote: 'A request without a valid token is rejected with HTTP 403 (Unauthorized).',
    ambiguity:
      'A near-miss of a valid token is not a valid token: a server that compares a prefix, ignores case or cuts the token lets guessed tokens in. No reading of the spec accepts them.',
  },
  {
    id: 'AUTH-6',
    section: '5 rules 1-2',
    level: 'MUST',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'An empty api-token header is rejected with 403',
    quote: 'Every operation requires the header api-token ... A request without a valid token is rejected with HTTP 403 (Unauthorized).',
  },
  {
    id: 'AUTH-7',
    section: '5 rule 2',
    level: 'INFO',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'Observed: which of two api-token values (one valid, one invalid) the target keeps, or whether it refuses both',
    quote: 'A request without a valid token is rejected with HTTP 403 (Unauthorized).',
    ambiguity:
      'The spec says nothing about a header sent twice. Correct stacks keep one value: the first (Java getHeader, Go Header.Get) or the last (a header map built from the list); ' +
      'stacks that join the values (Node, .NET) refuse both orders. An invalid-then-valid pair answered 200 is therefore no failure: recorded, never failed. ' +
      'Advice for the vendor: refuse a request that carries api-token more than once, so that a token a proxy or client adds cannot hide or override another.',
  },
  {
    id: 'AUTH-7b',
    section: '5 rule 2',
    level: 'SHOULD',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'A request carrying api-token twice, both values invalid, is rejected with 403',
    quote: 'A request without a valid token is rejected with HTTP 403 (Unauthorized).',
    ambiguity:
      'Two invalid values hold no valid token whichever one a stack keeps, and joined they are no valid token either. SHOULD, not MUST: a stack may refuse a repeated header with 400 before the token is read.',
  },
  {
    id: 'AUTH-8',
    section: '5 rule 1',
    level: 'SHOULD',
    suite: 'envelope-auth',
    operations: [...ALL],
    title:
      'A valid token sent only in the query string, the JSON body or under another header name (Authorization, x-api-token, api_token) is rejected with 403',
    quote: 'Every operation requires the header api-token',
    ambiguity:
      'The spec names one way to send the token, the header api-token, but rule 2 refuses a request "without a valid token", and this one carries a valid token elsewhere: ' +
      'not a MUST (lenient oracle). SHOULD, as advice: a token accepted in the query string or the body ends up in access logs, proxies and browser histories; ' +
      'accept it in the api-token header only. A refusal with 403 is correct.',
  },
  {
    id: 'AUTH-9',
    section: '5 rule 3',
    level: 'INFO',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'Observed: whether a valid token with surrounding whitespace is accepted',
    quote: 'How the token is issued, its lifetime and its scope: not shown.',
    ambiguity:
      'RFC 9110 5.5: leading and trailing whitespace is not part of a field value, so "api-token:  T " carries the token T and accepting it is correct. ' +
      'Only recorded, never failed.',
  },

  // ---- 9 Versioning ----------------------------------------------------------------------------------
  {
    id: 'VER-1',
    section: '9',
    level: 'MUST',
    suite: 'envelope-auth',
    operations: [...ALL],
    title: 'The operations answer under the /api/v1/ prefix',
    quote: 'all described operations live under the prefix /api/v1/',
  },

  // ---- 5 on every configured operation, read-backs included -----------------------------------------
  {
    id: 'AUTH-10',
    section: '5 rules 1-2',
    level: 'MUST',
    suite: 'envelope-auth',
    operations: ['contact-read'],
    title: 'The read-backs (readBack.getContactById, readBack.orderStatus) reject a missing, an empty, an invalid and a near-miss api-token with 403',
    quote: 'Every operation requires the header api-token ... A request without a valid token is rejected with HTTP 403 (Unauthorized).',
    ambiguity:
      'Get Contact By Id and Order Status are operations of the index (section 1), so section 5 holds for them. Each is asked for a record the run can read with the valid token first; ' +
      'a read the valid token does not get answered 200 is inconclusive (a config or scope question), never failed. Not configured: out of scope.',
  },
  {
    id: 'AUTH-11',
    section: '5 rule 2',
    level: 'MUST',
    suite: 'envelope-auth',
    operations: ['order-status', 'index'],
    title: 'A write refused for its token (401/403) changes nothing: the voucher or contact reads back as before',
    quote: 'A request without a valid token is rejected with HTTP 403 (Unauthorized).',
    ambiguity:
      'A request that is rejected is not carried out; a write that stores its change and then answers 403 lets anyone without a token write. ' +
      'Judged only where a read is configured (readBack.orderStatus, get-sales-data-by-id, operations.get-contact-by-mobile-no) and only on refused writes: an accepted one is AUTH-1/AUTH-2/IX-1/IX-2. ' +
      "Order Create, whose refused answer names no voucher: each creation sent without a valid token carries a marker of its own (the run's nonce and seed, config marker), and a voucher found carrying it was made by that refused request. " +
      "It is looked for among the ids between two accepted creations made just before and after, in the fixtures' other branch; a voucher there without such a marker is another writer's (another client, another run of the kit) and is not judged. " +
      'Where the read does not show the marker, or other writers leave too many ids between, inconclusive.',
  },
  {
    id: 'AUTH-12',
    section: '5 rule 1',
    level: 'SHOULD',
    suite: 'envelope-auth',
    operations: ['index', 'contact-read'],
    title: 'The index operations and read-backs refuse a valid token sent only in the query string (or in the JSON body of a POST) with 403',
    quote: 'Every operation requires the header api-token',
    ambiguity:
      'As AUTH-8, on the configured operations of the index and the read-backs: the request carries a valid token, not in the header, so accepting it is no MUST failure. ' +
      'Advice: a token taken from the query string or the body is written to access logs and proxies; accept it in the api-token header only. A refusal with 403 is correct.',
  },
];
