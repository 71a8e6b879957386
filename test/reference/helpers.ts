// Shared helpers of the reference tests: one HTTP call with full control of headers and body,
// and valid request bodies built from the reference's fixtures.
import { request } from 'undici';
import { gstinCheckChar } from '../../contract/gstin.ts';
import type { Address, Customer } from '../../contract/schemas/customer.ts';
import type { ReportRequest } from '../../contract/schemas/report.ts';
import { BRANCH_ID, CITIES, DEFAULT_TOKENS, REPORT_BRANCH_LIST, REPORT_DATE_FROM, REPORT_DATE_TO } from '../../reference/constants.ts';

export const TOKEN = DEFAULT_TOKENS[0]!;
export const SECOND_TOKEN = DEFAULT_TOKENS[1]!;
export const JSON_TYPE = 'application/json';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON, undefined when it is not JSON. */
  json: any;
}

export interface CallOptions {
  /** An object is sent as JSON; a string or Buffer as is. */
  body?: unknown;
  /** null: no api-token header. Default: the first reference token. */
  token?: string | null;
  /** Several api-token header lines (instead of `token`). */
  tokens?: string[];
  /** null: no Content-Type header. Default application/json when a body is sent. */
  contentType?: string | null;
  headers?: Record<string, string>;
}

export async function call(base: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string | string[]> = { ...opts.headers };
  const token = opts.token === undefined ? TOKEN : opts.token;
  if (opts.tokens) headers['api-token'] = opts.tokens;
  else if (token !== null) headers['api-token'] = token;
  let body: string | Buffer | undefined;
  if (opts.body !== undefined) body = typeof opts.body === 'string' || Buffer.isBuffer(opts.body) ? opts.body : JSON.stringify(opts.body);
  const contentType = opts.contentType === undefined ? (body !== undefined ? JSON_TYPE : null) : opts.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  const r = await request(base + path, { method: method as 'POST', headers, body });
  const text = await r.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const flat = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
  return { status: r.statusCode, headers: flat, text, json };
}

export const paths = {
  orderStatus: (salesId: number | string, branch: number | string | null = BRANCH_ID) =>
    `/api/v1/sales/${salesId}/update-order-status${branch === null ? '' : `?branch_id=${branch}`}`,
  customer: (branch: number | string | null = BRANCH_ID) => `/api/v1/customer/create${branch === null ? '' : `?branch_id=${branch}`}`,
  contact: (contactId: number | string, branch: number | string = BRANCH_ID) => `/api/v1/contact/${contactId}?branch_id=${branch}`,
  orderRead: (salesId: number | string, branch: number | string = BRANCH_ID) => `/api/v1/sales/${salesId}/order-status?branch_id=${branch}`,
  report: '/api/v1/report/consumption-production-report',
};

export const setStatus = (base: string, salesId: number, orderStatus: unknown, branch: number | string | null = BRANCH_ID, extra = {}) =>
  call(base, 'POST', paths.orderStatus(salesId, branch), { body: { orderStatus, ...extra } });

/** A GSTIN with a correct check character for a state code. */
export function validGstin(stateCode = '27', pan = 'ABCDE1234F'): string {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckChar(first14);
}

export function validAddress(overrides: Partial<Address> = {}): Address {
  const city = CITIES.MUM!;
  return {
    addressId: 0,
    addressLine1: '12 Marine Drive',
    addressLine2: 'Churchgate',
    cityCode: 'MUM',
    cityName: city.name,
    countriesCode: 'IN',
    countriesName: 'India',
    stateCode: city.stateCode,
    stateName: city.stateName,
    pinCode: '400020',
    isDefault: 1,
    gstType: 'UnRegistered',
    gstin: '',
    firstName: 'Asha',
    lastName: 'Rao',
    companyName: '',
    panNo: '',
    contactNo: '9820000000',
    contactEmail: 'asha@example.com',
    ...overrides,
  };
}

export function validCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    accountCustomId: 1,
    contactId: 0,
    contactType: 'Wholesale',
    firstName: 'Asha',
    lastName: 'Rao',
    companyName: 'Rao Traders',
    email: 'asha@example.com',
    mobNo: '9820000000',
    telephone: '',
    whatsappNo: '9820000000',
    dateOfBirth: '1990-05-17',
    anniversaryDate: '',
    gstType: 'UnRegistered',
    gstin: '',
    panNo: 'ABCDE1234F',
    opening: '0.00',
    openingType: 'debitAmount',
    creditLimit: '50000',
    remark: '',
    deletedAddressIds: [],
    contactAddressDTO: [validAddress()],
    ...overrides,
  };
}

export function reportBody(overrides: Partial<ReportRequest> & Record<string, unknown> = {}): Record<string, unknown> {
  return { dateFrom: REPORT_DATE_FROM, dateTo: REPORT_DATE_TO, branchList: REPORT_BRANCH_LIST, limit: 20, offset: 0, ...overrides };
}

export const postReport = (base: string, overrides: Partial<ReportRequest> & Record<string, unknown> = {}, token: string | null = TOKEN) =>
  call(base, 'POST', paths.report, { body: reportBody(overrides), token });

/** All items of a report request, fetched page by page with the given limit. */
export async function allPages(base: string, overrides: Record<string, unknown>, limit = 200): Promise<{ totalCount: number; items: any[] }> {
  const items: any[] = [];
  let totalCount = -1;
  for (let offset = 0; ; offset += limit) {
    const a = await postReport(base, { ...overrides, limit, offset });
    if (a.status !== 200) throw new Error(`report answered ${a.status}: ${a.text}`);
    totalCount = a.json.response.totalCount;
    items.push(...a.json.response.items);
    if (a.json.response.items.length < limit) break;
  }
  return { totalCount, items };
}

/** The 2.1 error envelope with the given status. */
export function expectedError(status: number) {
  return { status: false, code: String(status), response: null };
}
