// How the suites judge the requests of the customer, report, rate-limit and index probes
// (fault-probes*.ts): for each fault, the checks of the suite test that sends such a request, with
// its parameters and requirement ids (the envelope checks are the harness's: check-kit.ts).
import { notServerError } from '../../contract/checks/envelope.ts';
import { otherContactUnchanged } from '../../contract/checks/cross-record.ts';
import {
  anyContactId,
  contactIdReturnedBefore,
  customerAccepted,
  customerCreated,
  noServerError,
  oneDefaultAddress,
  readBackMatches,
  readBackPayload,
} from '../../contract/checks/customer.ts';
import { acceptedIsStored, orderCreateVoucherRefused, orderStatusAccepted, overlapStored } from '../../contract/checks/order-status.ts';
import { edgePage, negativeOffsetPage } from '../../contract/checks/report-edges.ts';
import { judgeCursorWalk } from '../../contract/checks/cursor-walk.ts';
import { branchTextLeaked, emptyFilterIsNoFilter, moduleFilterStrays, unknownModuleReported } from '../../contract/checks/report-filter-rules.ts';
import { pageTotal } from '../../contract/checks/report.ts';
import { pagesPartitionWhole, totalCountStable } from '../../contract/checks/report-relations.ts';
import { answersAgree } from '../../contract/checks/report-sets.ts';
import { textReadBack, type SentText } from '../../contract/checks/text-read-back.ts';
import type { Customer } from '../../contract/schemas/customer.ts';
import type { Exchange } from '../../core/types.ts';
import { EMPTY_BRANCH_ID } from '../../reference/constants.ts';
import type { FaultName } from '../../reference/faults.ts';
import { envelopeOn429, noServerErrorUnderLoad, refusedWith429 } from '../../load/checks.ts';
import { status, type Judge } from './check-kit.ts';

const sent = (ex: Exchange) => JSON.parse(ex.request.body ?? '{}') as Customer;

/** create.test.ts CU-1+CU-2: each creation's contactId, against those the creations before it got. */
const distinctIds: Judge = (x) => {
  const ids: unknown[] = [];
  return x.map((ex) => {
    const id = anyContactId(ex);
    const before = ids.filter((other) => other === id).length;
    if (id !== undefined) ids.push(id);
    return { findings: id === undefined ? [] : contactIdReturnedBefore(ex, id, before), evidence: [] };
  });
};

/** text-read-back.test.ts CU-15: each text the probe sent against the value read back for it. */
export const textsReadBack =
  (fields: string[]): Judge =>
  ([made, read]) => {
    const body = sent(made!);
    const got = read ? readBackPayload(read) : undefined;
    if (!read || !got) return [];
    const of = (o: unknown, field: string) => (o as Record<string, unknown>)[field];
    const texts: SentText[] = fields.map((field) => {
      const [, i, key] = /^contactAddressDTO\[(\d+)\]\.(\w+)$/.exec(field) ?? [];
      const value = key ? of(body.contactAddressDTO[Number(i)], key) : of(body, field);
      const back = key ? of((got.contactAddressDTO ?? [])[Number(i)], key) : of(got, field);
      return { field, value: value as string, got: back };
    });
    return [textReadBack(read, texts)];
  };

/** pagination.test.ts: the pages of one query from offset 0, each where the last ended. */
const walkPages: Judge = (x) => [totalCountStable(x), pagesPartitionWhole(x, undefined, { complete: false })];

/** The salesId of an order status request, and the status the reference's read path says. */
const salesIdOf = (ex: Exchange) => /\/sales\/([^/]+)\//.exec(ex.request.url)?.[1] ?? '';
const readStatus = (ex: Exchange) => String((ex.json as { response?: { orderStatus?: unknown } } | undefined)?.response?.orderStatus);

const during = 'while probing the rate limit (customer)';

export const MORE_JUDGES: Partial<Record<FaultName, Judge>> = {
  // ---- order status: lifecycle.test.ts's acceptances and refusals ----
  'os-reject-cancelled': ([ex]) => [orderStatusAccepted(ex!, { salesId: '', from: 'Pending', to: 'Cancelled' }, { requirementId: 'ST-1' })],
  'os-delivered-unpaid': ([ex]) => [status(ex!, 400, 'OS-3')],
  // lifecycle.test.ts OS-3+OS-8: Delivered on a voucher not paid now (after paid then unpaid; partially paid).
  'os-paid-once': (x) => [status(x.at(-1)!, 400, 'OS-3')],
  'os-partial-is-paid': (x) => [status(x.at(-1)!, 400, 'OS-3')],
  // lifecycle.test.ts OS-9: Cancelled accepted on a Pending voucher, then read back (the reference's read path).
  'os-cancel-not-stored': ([set, read]) => [
    {
      findings: acceptedIsStored(
        { salesId: salesIdOf(set!), from: 'Pending', to: 'Cancelled', now: readStatus(read!), said: `HTTP ${set!.response?.status}` },
        set!,
      ),
      evidence: [],
    },
  ],
  // parallel.test.ts's OS-9: Confirmed twice at once on a Pending voucher, then the read.
  'os-overlap-lost': ([a, b, read]) => [
    {
      findings: overlapStored(
        {
          salesId: salesIdOf(a!),
          from: 'Pending',
          to: 'Confirmed',
          now: readStatus(read!),
          said: [`HTTP ${a!.response?.status}`, `HTTP ${b!.response?.status}`],
        },
        [a!, b!],
      ),
      evidence: [],
    },
  ],
  'os-delivered-never': ([ex]) => [orderStatusAccepted(ex!, { salesId: '', from: 'Shipped', to: 'Delivered' }, { requirementId: 'OS-3' })],
  // ---- customer ----
  'envelope-code-number': ([ex]) => [customerCreated(ex!, undefined)],
  'cu-contactid-string': ([ex]) => [customerCreated(ex!, undefined)],
  'cu-contactid-reused': distinctIds,
  'cu-contactid-race': distinctIds,
  'cu-single-address': ([ex]) => [customerAccepted(ex!, undefined, { requirementId: 'CU-3' })],
  'cu-empty-lastname': ([ex]) => [customerAccepted(ex!, undefined, { requirementId: 'CU-7' })],
  'cu-opening-unchecked': (x) => x.map((ex) => status(ex, 400, 'CU-4')),
  'cu-type-coercion': (x) => x.map((ex) => status(ex, 400, 'CU-4b')),
  'cu-isdefault-unchecked': ([ex]) => [status(ex!, 400, 'CU-5')],
  'cu-branch-unchecked': ([ex]) => [status(ex!, 400, 'CU-6')],
  'cu-drop-addresses': ([made, read]) => [readBackMatches(read!, sent(made!)), oneDefaultAddress(read!, sent(made!))],
  'cu-default-lost': ([made, read]) => [readBackMatches(read!, sent(made!)), oneDefaultAddress(read!, sent(made!))],
  'cu-two-defaults-kept': ([made, read]) => (read ? [oneDefaultAddress(read, sent(made!))] : []),
  'cu-500-non-latin': ([ex]) => [noServerError(ex!, { what: 'names outside Latin-1' })],
  'cu-500-long-text': ([ex]) => [noServerError(ex!, { what: 'an addressLine1 of 360 characters' })],
  'cu-truncates-long-text': textsReadBack(['remark', 'contactAddressDTO[0].addressLine1']),
  'cu-mangles-non-ascii': textsReadBack(['firstName', 'companyName']),
  'cu-drops-non-bmp': textsReadBack(['companyName', 'remark']),
  'cu-address-of-another-contact': ([a, before, , , after]) => [
    otherContactUnchanged(after!, { before: readBackPayload(before!) ?? {}, contactId: String(anyContactId(a!)), between: 'saves of other contacts' }),
  ],
  // ---- report ----
  'rp-offset-overlap': walkPages,
  'rp-offset-ignored': walkPages,
  'rp-totalcount-endless': walkPages,
  'rp-pages-repeat': walkPages,
  // requests.test.ts RP-12: a dateFrom in dd/mm/yyyy (the probe's first two are no values of the suite's).
  'rp-accepts-bad-dates': ([, , ddmmyyyy]) => [status(ddmmyyyy!, '4xx', 'RP-12')],
  // filters.test.ts RP-8 on the bom filter's page; filter-relations.test.ts RP-22 and RP-24.
  'rp-module-filter-ignored': ([, bom]) => [{ findings: moduleFilterStrays('bom', [bom!]), evidence: [] }],
  'rp-empty-filter-nothing': ([empty, whole]) => [{ findings: emptyFilterIsNoFilter('productIds', empty!, pageTotal(whole!)!), evidence: [] }],
  'rp-module-unknown-dropped': ([unknown]) => [{ findings: unknownModuleReported(unknown!), evidence: [] }],
  // branch-text.test.ts RP-26 with the fixtures' empty branch (no transaction in the range).
  'rp-branchlist-injection': ([ex]) => {
    const [named, text] = [String(EMPTY_BRANCH_ID), `${EMPTY_BRANCH_ID} OR ${EMPTY_BRANCH_ID}=${EMPTY_BRANCH_ID}`];
    return ex!.response?.status === 200 ? [{ findings: branchTextLeaked({ text, named, own: 0, empty: true }, ex!), evidence: [] }] : [];
  },
  'rp-limit-zero-all': ([ex]) => [edgePage(ex!, { label: 'limit 0', limit: 0n, offset: 0n, ...totalOf(ex!) })],
  'rp-offset-wraps': ([past, first]) => [edgePage(past!, { label: 'offset 10000', limit: 3n, offset: 10_000n, ...totalOf(first!) })],
  'rp-parallel-disagree': (x) => [
    answersAgree(
      {
        checkId: 'report.parallel-agree',
        requirementId: 'RP-21',
        title: 'Identical report requests sent at the same time answered differently',
        expected: 'the same status, totalCount and transactions for every copy',
      },
      'limit 5, offset 0, 3 at once',
      x,
    ),
  ],
  // ---- rate limit: the probe's checks (load/checks.ts probeFindings) ----
  'rl-429-status-true': ([ex]) => [envelopeOn429(ex!, undefined)],
  'rl-503': ([ex]) => [refusedWith429(ex!, during), noServerErrorUnderLoad(ex!, during)],
  // unchanged.test.ts IX-10: Confirmed, then Pending and Cancelled while refused, on the voucher Order Create made.
  'ix-order-create-not-updatable': ([, confirmed, , ...more]) => {
    const tried = [confirmed!, ...more];
    return [
      {
        findings: orderCreateVoucherRefused(
          { salesId: salesIdOf(confirmed!), request: 'Order Create', said: tried.map((ex) => `HTTP ${ex.response?.status}`) },
          tried,
        ),
        evidence: [],
      },
    ];
  },
  // ---- index: malformed.test.ts ----
  'ix-limit-500': ([ex]) => [notServerError(ex!, undefined)],
};

function totalOf(ex: Exchange): { total?: number } {
  const total = pageTotal(ex);
  return total === undefined ? {} : { total };
}

/** How the suite tests judge the probes of fault-probes-texts.ts. */
export const TEXT_JUDGES: Partial<Record<FaultName, Judge>> = {
  // lists.test.ts IX-7: the walk by cursor, nothing of the probe created meanwhile.
  'ix-cursor-skips-boundary': (shown) => [
    judgeCursorWalk({
      name: 'get-customer-list-w-branch-id',
      pages: shown.map((ex) => ({ ex, items: (ex.json as { content: unknown[] }).content, total: (ex.json as { total: number }).total })),
      own: 0,
    }),
  ],
  'cu-html-escapes-text': textsReadBack(['lastName', 'contactAddressDTO[0].addressLine2']),
  'cu-collapses-spaces': textsReadBack(['companyName', 'contactAddressDTO[0].addressLine2']),
  'rp-negative-offset-from-end': ([negative, first]) => [negativeOffsetPage(negative!, { label: 'offset -1, limit 1', first: first! })],
};
