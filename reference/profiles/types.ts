// A vendor profile: one whole, coherent, correct vendor of the ERP Open Interface. The spec
// leaves many choices open ("not shown", "values seen", no order, no maximum ...); a profile makes
// every one of them, and stays correct under every MUST and SHOULD of the catalogue. Route code
// asks the profile for the choice; it never tests the profile's name.
import type { RateLimitConfig } from '../limiter.ts';

/** 7: "The body shape of error responses: not shown" (ENV-8). */
export type ErrorStyle = 'envelope' | 'problem' | 'text' | 'vendor';
/** 8 rule 1: what the answers say about the limit (RL-4). */
export type HeaderStyle = 'none' | 'structured' | 'legacy' | 'x-ratelimit';
/** RFC 9110 10.2.3: delay-seconds, an HTTP-date, or no Retry-After at all. */
export type RetryAfterStyle = 'seconds' | 'http-date' | 'none';
/** 4.3: the order of the items is not shown (RP-14); every order is total, hence stable across pages. */
export type ReportOrder = 'time-asc' | 'time-desc' | 'id-desc' | 'module-time';
/** 3 "Transitions: not shown". */
export type TransitionStyle = 'final' | 'forward' | 'free';
/** 4.3: "The list format inside the filter id strings ...: not shown" (RP-14). */
export type IdListFormat = 'comma' | 'comma-spaces' | 'single';
/** The integer parser of a stack (reference/stack-int.ts): Python's int(), Java's Long.parseLong, JavaScript's Number(). */
export type IntParser = 'python' | 'java' | 'js';
/** config/schema.ts DATE_FORMATS: the format of dateOfBirth/anniversaryDate. */
export type DateFormat = 'YYYY-MM-DD' | 'DD-MM-YYYY' | 'DD/MM/YYYY';

export interface OrderStatusReadBack {
  /** GET path with {salesId} and {branchId}, e.g. "/api/v1/sales/{salesId}/order-status?branch_id={branchId}". */
  path: string;
  /** Dot paths of the order and payment status in the answer, and the payment value meaning paid. */
  orderStatus: string;
  paymentStatus: string;
  paidValue: string;
  /** The values Update Payment Status takes for not paid and partially paid (the run config's readBack.orderStatus). */
  unpaidValue?: string;
  partialValue?: string;
}

/** Section 1 ("Paths, parameters and payloads of every operation other than the three below: not
 *  shown"): where a vendor serves the index's other operations and where its lists are kept. */
export interface IndexStyle {
  /** Replaces "/api/v1/" at the start of every index path (e.g. "/api/v1/erp/"): its paths, not the reference's. */
  prefix?: string;
  /** Paths of its own for some operations (with the prefix), by stable name; one {placeholder} at most. */
  paths?: Partial<Record<string, string>>;
  /** Every list under this key of `response` (whole lists too: {"content": [...]}) instead of the operation's own key. */
  listKey?: string;
  /** The count of a paged list under this key of `response` instead of totalCount. */
  totalKey?: string;
  /** Index answers without the 2.1 envelope (stated for the three of section 4 only): what `response` would hold, bare. */
  envelope?: false;
  /** Lists that are not paged answered as the bare list, not under a key. */
  bareLists?: true;
  /** Paged lists asked by page number and size (query or body `page`, `size`) instead of limit and offset. */
  paging?: { style: 'page'; firstPage: 0 | 1 };
  /** Get Sales Data By Id counts its reads of each voucher and shows the count (viewCount): a field no write changes that changes by itself. */
  viewCount?: true;
  /** Paged lists, by stable name, asked by an opaque cursor and a size (query or body `cursor`, `size`) instead: each answer gives the next page's cursor under `next`, none on the last. */
  cursorLists?: readonly string[];
  /** The cursor lists state no count (many cursor APIs have none): their config entry says `totalCount: null`. */
  cursorCount?: false;
  /** A refused index request (a 400) answered HTTP 200 with {"status": false, "message"}, as the production deployment does. */
  refusal200?: true;
  /** Index operations with a date window refuse one longer than this many days (each entry gives its own window). */
  windowDays?: number;
  /** The index operations it serves, by stable name (absent: every one); [] serves only the three
   *  of section 4 and the two read-backs (`serve --only-detailed`). */
  served?: readonly string[];
}

export interface Profile {
  name: string;
  /** One line for `erp-conformance profiles`. */
  summary: string;
  /** Success messages (2.1 "human-readable outcome text") and the messages of 403 and 429. */
  messages: {
    orderUpdated: string;
    customerCreated: string;
    report: string;
    contact: string;
    orderStatus: string;
    unauthorized: string;
    tooMany: string;
  };
  http: {
    errors: ErrorStyle;
    /** Content-Type of JSON answers: "application/json; charset=utf-8" or "application/json". */
    jsonType: string;
    /** Connection: close on every answer (no keep-alive). */
    connectionClose: boolean;
    /** Status for a request Content-Type other than application/json (ENV-7: any 4xx). */
    contentTypeStatus: 400 | 415;
    /** AUTH-4: whether the token is checked before or after the request's form is validated. */
    tokenCheck: 'first' | 'after-validation';
    /** AUTH-7 (INFO): api-token sent twice - both refused (default), or the first or the last value kept (Java/Go, header maps). */
    duplicateToken?: 'refuse' | 'first' | 'last';
    /** ENV-8: the body of 403 and 429 when it differs from `errors` (e.g. a gateway's own JSON). */
    refusalErrors?: ErrorStyle;
    /** Transfer-Encoding: chunked instead of Content-Length. */
    chunked?: boolean;
  };
  ids: {
    /** Added to voucher and transaction numbers: 0n, or 2^60 for a vendor with 64-bit ids. */
    base: bigint;
    firstContactId: bigint;
    firstAddressId: bigint;
  };
  rateLimit: {
    /** A limit on from the start (functional runs included), or null. */
    always: RateLimitConfig | null;
    /** The small limit the embedded run switches on for the rate-limit pass; null: a vendor without any limit. */
    probe: RateLimitConfig | null;
    /** true: every operation is limited; false: customer creation and the report, as section 7 lists. */
    everyRoute: boolean;
    headers: HeaderStyle;
    retryAfter: RetryAfterStyle;
    /** Quotas per operation from the start, e.g. {report: "5/6s", readBack: "4/6s"}: their 429 states the wait only in its message (reference/quotas.ts). */
    quotas?: Partial<Record<'all' | 'report' | 'customerCreate' | 'orderStatus' | 'readBack' | 'contactRead' | 'orderStatusRead', string>>;
  };
  report: {
    /** 8 rule 2 (RP-13): the largest limit, null for none. */
    maxLimit: number | null;
    /** Above maxLimit: 'cap' silently, or 'refuse' with 400. */
    aboveMax: 'cap' | 'refuse';
    order: ReportOrder;
    idList: IdListFormat;
    /** RP-15: a date without the trailing Z is refused, or read as UTC (8 rule 3). */
    zlessDates: 'refuse' | 'utc';
    /** RP-15: limit/offset written as text ("10") refused, or coerced. */
    numberText: 'refuse' | 'coerce';
    /** RP-15: a negative offset refused, or clamped to 0. */
    negativeOffset: 'refuse' | 'clamp';
  };
  transitions: TransitionStyle;
  customer: {
    /** CU-12: GSTIN shape and check character, PAN shape, gstType only the values seen. */
    strict: boolean;
    /** CU-12: pinCode must be a 6-digit Indian PIN code. */
    checkPin: boolean;
    /** CU-11: every 2.3/2.4 field required, or only a minimal set. */
    required: 'all' | 'minimal';
    /** A field 2.3/2.4 do not list: refused, or ignored. */
    unknownFields: 'refuse' | 'ignore';
    /** openingType values accepted ("value seen: debitAmount"); null: any text. */
    openingTypes: string[] | null;
    dateFormat: DateFormat;
    /** Also accept the other two date formats. */
    anyDateFormat: boolean;
    /** 2.3 contactType "a type label of the customer (a wholesale type appears among its values)". */
    contactTypes: string[];
    enforceContactTypes: boolean;
    /** CU-8: saving trims text, lower-cases e-mail, upper-cases GSTIN and PAN, writes amounts "12.5". */
    normalise: boolean;
    /** A mobNo already saved for another contact of the branch is refused: 400 "Mobile number already exists". */
    uniqueMobile?: boolean;
  };
  /** The stack whose integer parser reads the ids and numbers it takes from text past its own format
   *  check (a report's id filters, the index's limit and offset), its limits and all (stack-int.ts);
   *  absent: the reference's own check (at most 15 digits, else 400). */
  stack?: IntParser;
  /** The index's other operations: the reference's paths and list keys when absent. */
  index?: IndexStyle;
  /** A shared staging server: another integrator writes every `everyRequests` served (or every `everyMs`) while runs read (reference/other-writer.ts). */
  otherWriter?: { everyRequests: number } | { everyMs: number };
  readBack: {
    /** "Get Contact By Id" GET path with {contactId} and {branchId} (in the path or the query). */
    contact: string;
    orderStatus: OrderStatusReadBack;
    /** The contact read adds fields of its own (createdAt, branchName) and lists the default address first. */
    contactExtras?: boolean;
  };
}

export const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** A JSON integer: a number when it is exact as one, else a bigint (written as its digits). */
export function jsonId(id: bigint): number | bigint {
  return id <= MAX_SAFE && id >= -MAX_SAFE ? Number(id) : id;
}
