// Each check turns a conforming exchange into no finding and a broken one into a finding filed
// under its requirement, with the facts and a curl line.
import { describe, expect, it } from 'vitest';
import { rejectedUnauthorized } from '../../../contract/checks/auth.ts';
import { customerCreated, oneDefaultAddress, readBackMatches } from '../../../contract/checks/customer.ts';
import {
  codeMatchesStatus,
  envelopeShape,
  errorBodyShape,
  errorEnvelope,
  jsonContentType,
  notServerError,
  statusTrueOnSuccess,
} from '../../../contract/checks/envelope.ts';
import { orderStatusUpdated } from '../../../contract/checks/order-status.ts';
import { pagesPartitionWhole, totalCountStable, totalsRelation } from '../../../contract/checks/report-relations.ts';
import {
  itemAmounts,
  itemDates,
  itemGroupCounts,
  itemModules,
  itemNameCounts,
  itemsInRange,
  pageWithinLimit,
  reportShape,
} from '../../../contract/checks/report.ts';
import { statusIs } from '../../../contract/checks/status.ts';
import * as ex from '../examples.ts';
import { exchange } from '../report-exchanges.ts';
import { findingText, findingCurl } from '../../../reports/render/finding.ts';

const page = (items: unknown[], totalCount = items.length) => exchange(200, { status: true, message: 'list', code: '200', response: { totalCount, items } });

describe('the envelope checks', () => {
  it('find nothing in a conforming success and error', () => {
    const ok = exchange(200, ex.successEnvelope);
    const bad = exchange(400, { status: false, message: 'orderStatus invalid', code: '400', response: null });
    for (const check of [envelopeShape, statusTrueOnSuccess, codeMatchesStatus, errorEnvelope, jsonContentType, notServerError]) {
      expect(check(ok, undefined).findings).toEqual([]);
      expect(check(bad, undefined).findings).toEqual([]);
    }
  });
  it('file each broken rule under its requirement, with facts and a curl line', () => {
    const f = codeMatchesStatus(exchange(200, { ...ex.successEnvelope, code: 200 }), undefined).findings;
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({
      checkId: 'envelope.code-matches-status',
      requirementId: 'ENV-3',
    });
    expect(findingText(f[0]!)).toMatch(/^Received .*\nExpected code "200"/);
    expect(findingCurl(f[0]!)).toMatch(/^curl .*\$ERP_API_TOKEN/);
    expect(envelopeShape(exchange(200, '<html>'), undefined).findings[0]!.requirementId).toBe('ENV-1');
    expect(statusTrueOnSuccess(exchange(200, { ...ex.successEnvelope, status: false }), undefined).findings[0]!.requirementId).toBe('ENV-2');
    expect(errorEnvelope(exchange(400, { status: true, message: 'x', code: '400', response: null }), undefined).findings[0]!.requirementId).toBe('ENV-4');
    expect(errorEnvelope(exchange(403, { status: false, message: 'x', code: '200', response: null }), undefined).findings[0]!.title).toMatch(
      /code does not match/,
    );
    expect(
      jsonContentType(
        { ...exchange(200, ex.successEnvelope), response: { ...exchange(200, ex.successEnvelope).response!, headers: { 'content-type': 'text/plain' } } },
        undefined,
      ).findings,
    ).toHaveLength(1);
    expect(notServerError(exchange(502, 'bad gateway'), undefined).findings[0]!.requirementId).toBe('ENV-6');
  });
});

describe('the error shapes the spec leaves open', () => {
  const problem = { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'orderStatus invalid' };
  it('pass a plain-text, problem-details or vendor-JSON error, and record its shape (ENV-8)', () => {
    const text = { ...exchange(400, 'Bad Request'), response: { ...exchange(400, 'Bad Request').response!, headers: { 'content-type': 'text/plain' } } };
    const json = exchange(400, problem);
    const problemJson = { ...json, response: { ...json.response!, headers: { 'content-type': 'application/problem+json; charset=utf-8' } } };
    const vendor = exchange(400, { error: { code: 'VALIDATION', message: 'x' } });
    for (const e of [text, problemJson, vendor]) {
      expect(errorEnvelope(e, undefined).findings).toEqual([]);
      expect(jsonContentType(e, undefined).findings).toEqual([]);
    }
    expect([text, problemJson, vendor, exchange(400, { status: false, message: 'x', code: '400', response: null })].map(errorBodyShape)).toEqual([
      'text',
      'problem-details',
      'other JSON',
      'envelope',
    ]);
  });
  it('accept every JSON media type for a JSON body, and no other', () => {
    const label = (ct: string) => {
      const e = exchange(200, ex.successEnvelope);
      return { ...e, response: { ...e.response!, headers: { 'content-type': ct } } };
    };
    for (const ct of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8', 'application/vnd.acme.v1+json'])
      expect(jsonContentType(label(ct), undefined).findings, ct).toEqual([]);
    for (const ct of ['text/plain', 'text/json', 'application/jsonp', '']) expect(jsonContentType(label(ct), undefined).findings, ct).toHaveLength(1);
  });
});

describe('the evidence a check leaves', () => {
  it('is noted only where the check applies, for the requirement it files under', () => {
    const notes: [string, number][] = [];
    const results = [
      envelopeShape(exchange(400, 'Bad Request'), undefined), // not a success: does not apply
      errorEnvelope(exchange(400, 'Bad Request'), undefined), // not an envelope: does not apply
      notServerError(exchange(null, {}), undefined), // no answer: does not apply
      itemDates(page([]), undefined), // no item: does not apply
      itemDates(page([ex.reportItem, ex.reportItem]), undefined),
      statusIs(exchange(400, {}), { oracle: 400, because: 'x' }, { requirementId: 'OS-2' }),
      statusIs({ ...exchange(null, {}), failure: undefined, notSent: { reason: 'budget', message: 'run budget spent' } }, { oracle: 400, because: 'x' }),
    ];
    for (const r of results) for (const e of r.evidence) notes.push([e.requirementId, e.n]);
    expect(notes).toEqual([
      ['RP-4', 2],
      ['OS-2', 1],
    ]);
  });
});

describe('the report item counts', () => {
  it('take a product name holding a comma at MUST level, and report it at SHOULD level', () => {
    const item = { ...ex.reportItem, consumedProduct: 'Sugar, refined', consumedQty: '1.5', consumedMeasurementCode: 'KG', consumedLandingCost: '10.00' };
    expect(itemGroupCounts(page([item]), undefined).findings).toEqual([]);
    expect(itemNameCounts(page([item]), undefined).findings[0]!.requirementId).toBe('RP-3b');
    expect(itemGroupCounts(page([{ ...item, consumedQty: '1.5,2' }]), undefined).findings[0]!.requirementId).toBe('RP-3');
  });
});

describe('the status, auth and operation checks', () => {
  it('hold a status to its oracle and file it under the named requirement', () => {
    expect(statusIs(exchange(400, {}), { oracle: 400, because: 'x' }).findings).toEqual([]);
    expect(statusIs(exchange(404, {}), { oracle: '4xx', because: 'x' }).findings).toEqual([]);
    const f = statusIs(
      exchange(200, {}),
      { oracle: 400, because: 'Delivered on unpaid voucher 1001' },
      { requirementId: 'OS-3', replay: { seed: 1, path: '0:1' } },
    ).findings;
    expect(f[0]).toMatchObject({ requirementId: 'OS-3', replay: { seed: 1, path: '0:1' } });
    // A timeout is evidence of nothing (a far or busy target); a dropped connection is the target's failure.
    expect(statusIs(exchange(null, {}), { oracle: 400, because: 'x' }).findings).toEqual([]);
    const reset = { ...exchange(null, {}), failure: { kind: 'connection-reset' as const, message: 'other side closed' } };
    expect(findingText(statusIs(reset, { oracle: 400, because: 'x' }).findings[0]!)).toMatch(/no response \(connection-reset/);
  });
  it('want 403 for a request without a valid token', () => {
    expect(rejectedUnauthorized(exchange(403, {}, { tokenKind: 'none' }), undefined).findings).toEqual([]);
    expect(rejectedUnauthorized(exchange(401, {}, { tokenKind: 'none' }), undefined).findings[0]!.title).toMatch(/without api-token/);
  });
  it('want the 4.1 and 4.2 success envelopes', () => {
    expect(orderStatusUpdated(exchange(200, ex.successEnvelope), undefined).findings).toEqual([]);
    expect(orderStatusUpdated(exchange(200, { ...ex.successEnvelope, response: {} }), undefined).findings).toHaveLength(1);
    expect(customerCreated(exchange(200, { ...ex.successEnvelope, response: { contactId: 5001 } }), undefined).findings).toEqual([]);
    expect(customerCreated(exchange(200, { ...ex.successEnvelope, response: { contactId: '5001' } }), undefined).findings[0]!.requirementId).toBe('CU-1');
  });
  it('compare a read-back customer with what was sent', () => {
    const saved = { ...ex.customer, contactId: 5001, contactAddressDTO: ex.customer.contactAddressDTO.map((a, i) => ({ ...a, addressId: 10 + i })) };
    const read = exchange(200, { ...ex.successEnvelope, response: saved });
    expect(readBackMatches(read, ex.customer).findings).toEqual([]);
    expect(oneDefaultAddress(read, undefined).findings).toEqual([]);
    const lost = exchange(200, {
      ...ex.successEnvelope,
      response: { ...saved, lastName: 'X', contactAddressDTO: saved.contactAddressDTO.slice(0, 1).map((a) => ({ ...a, isDefault: 0 })) },
    });
    expect(readBackMatches(lost, ex.customer).findings.map((f) => f.title)).toEqual([
      'Saved lastName differs from what was sent',
      'Saved addresses differ from those sent',
    ]);
    expect(oneDefaultAddress(lost, undefined).findings[0]!.requirementId).toBe('CU-9');
  });
});

describe('the report checks', () => {
  const good = page([ex.reportItem, { ...ex.reportItem, transactionId: 8, module: 'mc', moduleName: 'Material Creation' }], 40);
  it('find nothing in a conforming page', () => {
    for (const check of [reportShape, itemDates, itemModules, itemAmounts, itemGroupCounts]) expect(check(good, undefined).findings).toEqual([]);
    expect(itemsInRange(good, { dateFrom: '2026-01-05T00:00:00Z', dateTo: '2026-01-05T23:59:59Z' }).findings).toEqual([]);
    expect(pageWithinLimit(good, { limit: 2 }).findings).toEqual([]);
  });
  it('file each broken format under its requirement', () => {
    const bad = page([{ ...ex.reportItem, date: '2026-01-05', moduleName: 'Material Creation', consumedQty: '2.5', producedMargin: '74.5' }]);
    expect(itemDates(bad, undefined).findings[0]!.requirementId).toBe('RP-4');
    expect(itemModules(bad, undefined).findings[0]!.requirementId).toBe('RP-5');
    expect(itemAmounts(bad, undefined).findings[0]!.requirementId).toBe('RP-6');
    expect(findingText(itemGroupCounts(bad, undefined).findings[0]!)).toMatch(/consumedQty=1/);
    expect(itemsInRange(good, { dateFrom: '2026-01-06T00:00:00Z', dateTo: '2026-01-31T00:00:00Z' }).findings[0]!.requirementId).toBe('RP-1');
    expect(pageWithinLimit(good, { limit: 1 }).findings[0]!.requirementId).toBe('RP-2');
    expect(reportShape(exchange(200, { ...ex.successEnvelope, response: { totalCount: '2', items: [] } }), undefined).findings[0]!.requirementId).toBe('RP-7');
  });
  it('find overlapping pages, a moving totalCount and a broken metamorphic relation', () => {
    const p1 = page([ex.reportItem, { ...ex.reportItem, transactionId: 8 }], 3);
    const p2 = page([{ ...ex.reportItem, transactionId: 8 }], 3);
    expect(pagesPartitionWhole([p1, p2]).findings.map((f) => f.checkId)).toEqual(['report.pages-disjoint', 'report.pages-cover-whole']);
    expect(pagesPartitionWhole([p1, page([{ ...ex.reportItem, transactionId: 9 }], 3)]).findings).toEqual([]);
    expect(totalCountStable([p1, page([], 4)]).findings[0]!.requirementId).toBe('RP-2');
    const rel = totalsRelation(
      { checkId: 'x', requirementId: 'RP-10', title: 't', expected: 'e' },
      [
        { label: 'a', exchanges: [page([], 5)] },
        { label: 'b', exchanges: [page([], 6)] },
      ],
      ([a, b]) => b! <= a!,
    ).findings;
    expect(findingText(rel[0]!)).toBe('Received a: totalCount 5; b: totalCount 6\nExpected e');
  });
});
