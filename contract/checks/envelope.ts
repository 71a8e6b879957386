// 2.1 Response envelope; 4 content type; 7 errors.
import { envelope } from '../schemas/envelope.ts';
import type { Exchange } from '../types.ts';
import { defineCheck, describeResponse, isSuccess, show, type Fact } from './finding.ts';

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

/** 2.1: a success body is the envelope {status boolean, message string, code string, response}. */
export const envelopeShape = defineCheck('envelope.shape', 'ENV-1', (ex: Exchange): Fact[] => {
  if (!isSuccess(ex)) return [];
  if (ex.json === undefined) {
    return [{ title: 'Success body is not JSON', received: `${describeResponse(ex)} (${ex.jsonError ?? 'no body'})`, expected: 'the JSON envelope of 2.1' }];
  }
  const r = envelope.safeParse(ex.json);
  if (r.success) return [];
  return [{ title: 'Success body is not the 2.1 envelope', received: `${show(ex.json)} (${issues(r)})`, expected: '{status: boolean, message: string, code: string, response: object | null}' }];
});

/** 2.1: "status | boolean | true on success". */
export const statusTrueOnSuccess = defineCheck('envelope.status-true-on-success', 'ENV-2', (ex: Exchange): Fact[] => {
  if (!isSuccess(ex) || !isRecord(ex.json) || !('status' in ex.json) || typeof ex.json.status !== 'boolean') return [];
  return ex.json.status === true ? [] : [{ title: 'Success envelope has status false', received: `HTTP ${ex.response!.status} with status ${show(ex.json.status)}`, expected: 'status true' }];
});

/** 2.1: "code | string | status code as a string, e.g. the string form of 200" (on success). */
export const codeMatchesStatus = defineCheck('envelope.code-matches-status', 'ENV-3', (ex: Exchange): Fact[] => {
  if (!isSuccess(ex) || !isRecord(ex.json)) return [];
  const want = String(ex.response!.status);
  return ex.json.code === want ? [] : [{ title: 'Envelope code is not the HTTP status as a string', received: `HTTP ${want} with code ${show(ex.json.code)}`, expected: `code ${JSON.stringify(want)}` }];
});

/** 7 (shape not shown; SHOULD): an error body is the envelope with status false and code = HTTP status. */
export const errorEnvelope = defineCheck('envelope.error-envelope', 'ENV-4', (ex: Exchange): Fact[] => {
  const s = ex.response?.status;
  if (s === undefined || s < 400 || s >= 500) return [];
  const r = envelope.safeParse(ex.json);
  if (!r.success) return [{ title: `${s} body is not the envelope`, received: describeResponse(ex), expected: `{status: false, message, code: "${s}", response}` }];
  const facts: Fact[] = [];
  if (r.data.status !== false) facts.push({ title: `${s} envelope has status true`, received: `status ${show(r.data.status)}`, expected: 'status false' });
  if (r.data.code !== String(s)) facts.push({ title: `${s} envelope code does not match the HTTP status`, received: `code ${show(r.data.code)}`, expected: `code "${s}"` });
  return facts;
});

/** 4 (SHOULD): a JSON body is labelled Content-Type application/json. */
export const jsonContentType = defineCheck('envelope.json-content-type', 'ENV-5', (ex: Exchange): Fact[] => {
  if (!ex.response || ex.response.body === '') return [];
  const ct = ex.response.headers['content-type'] ?? '';
  return /^application\/json\b/i.test(ct) ? [] : [{ title: 'Response is not labelled application/json', received: `Content-Type ${show(ct || '(none)')}`, expected: 'Content-Type application/json' }];
});

/** 7 (SHOULD): only 400, 403 and 429 are listed as failures; nothing answers 5xx. */
export const notServerError = defineCheck('envelope.not-server-error', 'ENV-6', (ex: Exchange): Fact[] => {
  const s = ex.response?.status;
  return s !== undefined && s >= 500 ? [{ title: `Server answered ${s}`, received: describeResponse(ex), expected: 'a 2xx or a 4xx (400, 403, 429), never a 5xx' }] : [];
});

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every check that applies to any exchange of the three operations. */
export const envelopeChecks = [envelopeShape, statusTrueOnSuccess, codeMatchesStatus, errorEnvelope, jsonContentType, notServerError];
