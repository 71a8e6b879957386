// The contract's zod schemas accept what the spec states and reject what it rules out.
import { describe, expect, it } from 'vitest';
import { isValidGstin, gstinCheckChar } from '../../../contract/gstin.ts';
import { parseDayMonthYear, parseIsoUtc, splitJoined } from '../../../core/formats.ts';
import { customer, address } from '../../../contract/schemas/customer.ts';
import { envelope } from '../../../contract/schemas/envelope.ts';
import { ORDER_STATUSES, orderStatusRequest, orderStatusSuccess } from '../../../contract/schemas/order-status.ts';
import { reportItem, reportRequest, reportSuccess } from '../../../contract/schemas/report.ts';
import * as ex from '../examples.ts';

describe('the envelope schema (2.1)', () => {
  it('accepts the success envelope of each operation', () => {
    expect(envelope.safeParse(ex.successEnvelope).success).toBe(true);
    expect(orderStatusSuccess.safeParse(ex.successEnvelope).success).toBe(true);
    expect(reportSuccess.safeParse({ ...ex.successEnvelope, response: { totalCount: 1, items: [ex.reportItem] } }).success).toBe(true);
  });
  it.each([
    ['code as a number', { ...ex.successEnvelope, code: 200 }],
    ['status as a string', { ...ex.successEnvelope, status: 'true' }],
    ['no message', { status: true, code: '200', response: null }],
    ['no response key', { status: true, message: 'x', code: '200' }],
    ['an array response', { ...ex.successEnvelope, response: [] }],
    ['code "OK"', { ...ex.successEnvelope, code: 'OK' }],
  ])('rejects an envelope with %s', (_what, body) => {
    expect(envelope.safeParse(body).success).toBe(false);
  });
  it('rejects an order status success whose response is not null', () => {
    expect(orderStatusSuccess.safeParse({ ...ex.successEnvelope, response: {} }).success).toBe(false);
  });
});

describe('the order status request schema (3, 4.1)', () => {
  it.each(ORDER_STATUSES)('accepts %s, with and without a reason', (s) => {
    expect(orderStatusRequest.safeParse({ orderStatus: s }).success).toBe(true);
    expect(orderStatusRequest.safeParse({ orderStatus: s, reason: 3 }).success).toBe(true);
  });
  it.each([
    { orderStatus: 'delivered' },
    { orderStatus: ' Pending' },
    { orderStatus: 1 },
    {},
    { orderStatus: 'Pending', reason: '3' },
    { orderStatus: 'Pending', reason: 1.5 },
  ])('rejects %j', (body) => expect(orderStatusRequest.safeParse(body).success).toBe(false));
});

describe('the customer and address schemas (2.3, 2.4)', () => {
  it('accepts a customer with the values the spec names', () => {
    expect(customer.safeParse(ex.customer).success).toBe(true);
    expect(customer.safeParse({ ...ex.customer, gstType: 'Registered', gstin: '27AAPFU0939F1ZV' }).success).toBe(true);
  });
  it.each([
    ['opening not a decimal', { ...ex.customer, opening: 'abc' }],
    ['creditLimit not numeric', { ...ex.customer, creditLimit: '5k' }],
    ['gstType outside the two', { ...ex.customer, gstType: 'Composite' }],
    ['deletedAddressIds of strings', { ...ex.customer, deletedAddressIds: ['1'] }],
    ['a missing field', (({ mobNo: _m, ...rest }) => rest)(ex.customer)],
  ])('rejects a customer with %s', (_w, body) => expect(customer.safeParse(body).success).toBe(false));
  it.each([2, -1, '1', true])('rejects an address whose isDefault is %j', (isDefault) => {
    expect(address.safeParse({ ...ex.address, isDefault }).success).toBe(false);
  });
});

describe('the report schemas (2.5, 4.3)', () => {
  it('accepts the request and an item as the spec describes them', () => {
    expect(reportRequest.safeParse(ex.reportRequest).success).toBe(true);
    expect(reportItem.safeParse(ex.reportItem).success).toBe(true);
    expect(reportItem.safeParse({ ...ex.reportItem, module: 'mc', moduleName: 'Material Creation' }).success).toBe(true);
  });
  it.each([
    ['dateFrom without Z', { ...ex.reportRequest, dateFrom: '2026-01-01T00:00:00' }],
    ['an unknown module', { ...ex.reportRequest, moduleName: ['xyz'] }],
    ['branchList with semicolons', { ...ex.reportRequest, branchList: '1;2' }],
    ['a negative offset', { ...ex.reportRequest, offset: -1 }],
    ['limit as a string', { ...ex.reportRequest, limit: '10' }],
  ])('rejects a request with %s', (_w, body) => expect(reportRequest.safeParse(body).success).toBe(false));
  it.each([
    ['an ISO date', { ...ex.reportItem, date: '2026-01-05' }],
    ['a day that does not exist', { ...ex.reportItem, date: '31/02/2026' }],
    ['a one-digit day', { ...ex.reportItem, date: '5/01/2026' }],
    ['an amount with one decimal', { ...ex.reportItem, producedMargin: '74.5' }],
    ['a quantity that is not a number', { ...ex.reportItem, consumedQty: '2.5,one' }],
    ['an unknown module', { ...ex.reportItem, module: 'xx' }],
  ])('rejects an item with %s', (_w, item) => expect(reportItem.safeParse(item).success).toBe(false));
});

describe('the formats', () => {
  it('split a comma-joined field, the empty string holding no element', () => {
    expect(splitJoined('')).toEqual([]);
    expect(splitJoined('a,b')).toEqual(['a', 'b']);
  });
  it('read dd/mm/yyyy and ISO 8601 UTC instants', () => {
    expect(parseDayMonthYear('05/01/2026')).toBe(Date.UTC(2026, 0, 5));
    expect(parseDayMonthYear('29/02/2025')).toBeNull();
    expect(parseIsoUtc('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1));
    expect(parseIsoUtc('2026-01-01T00:00:00+05:30')).toBeNull();
  });
  it('validate a GSTIN by its check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });
});
