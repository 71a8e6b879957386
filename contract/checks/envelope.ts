// 2.1 Response envelope; 4 content type; 7 errors.
import { z } from 'zod';
import { envelope } from '../schemas/envelope.ts';
import type { Exchange } from '../../core/types.ts';
import { defineCheck, describeResponse, isSuccess, show, type Fact } from './finding.ts';

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

/** The shape ENV-1 holds: every member present and typed, except what `code` holds, which is ENV-3's rule alone. */
const shape = envelope.extend({ code: z.unknown().refine((v) => v !== undefined, 'Required') });

/** 2.1: a success body is the envelope {status boolean, message string, code, response}. */
export const envelopeShape = defineCheck('envelope.shape', 'ENV-1', (ex: Exchange): Fact[] | null => {
  if (!isSuccess(ex)) return null;
  if (ex.json === undefined) {
    return [{ title: 'Success body is not JSON', received: `${describeResponse(ex)} (${ex.jsonError ?? 'no body'})`, expected: 'the JSON envelope of 2.1' }];
  }
  const r = shape.safeParse(ex.json);
  if (r.success) return [];
  return [
    {
      title: 'Success body is not the 2.1 envelope',
      received: `${show(ex.json)} (${issues(r)})`,
      expected: '{status: boolean, message: string, code: string, response: object | null}',
    },
  ];
});

/** 2.1: "status | boolean | true on success". */
export const statusTrueOnSuccess = defineCheck('envelope.status-true-on-success', 'ENV-2', (ex: Exchange): Fact[] | null => {
  if (!isSuccess(ex) || !isRecord(ex.json) || !('status' in ex.json) || typeof ex.json.status !== 'boolean') return null;
  return ex.json.status === true
    ? []
    : [{ title: 'Success envelope has status false', received: `HTTP ${ex.response!.status} with status ${show(ex.json.status)}`, expected: 'status true' }];
});

/** 2.1: "code | string | status code as a string, e.g. the string form of 200" (on success). */
export const codeMatchesStatus = defineCheck('envelope.code-matches-status', 'ENV-3', (ex: Exchange): Fact[] | null => {
  if (!isSuccess(ex) || !isRecord(ex.json)) return null;
  const want = String(ex.response!.status);
  return ex.json.code === want
    ? []
    : [
        {
          title: 'Envelope code is not the HTTP status as a string',
          received: `HTTP ${want} with code ${show(ex.json.code)}`,
          expected: `code ${JSON.stringify(want)}`,
        },
      ];
});

/** The body carries the 2.1 envelope: a JSON object with a boolean `status` and a `code`. */
export function carriesEnvelope(json: unknown): json is Record<string, unknown> & { status: boolean } {
  return isRecord(json) && typeof json.status === 'boolean' && 'code' in json;
}

/** 2.1 on an error that carries the envelope: status false and code the HTTP status as a string. */
export function envelopeAgreesWithStatus(ex: Exchange): Fact[] | null {
  const s = ex.response?.status;
  if (s === undefined || !carriesEnvelope(ex.json)) return null;
  const facts: Fact[] = [];
  if (ex.json.status !== false)
    facts.push({
      title: `A ${s} envelope says status true`,
      received: `HTTP ${s} with status ${show(ex.json.status)}`,
      expected: 'status false ("true on success")',
    });
  if (ex.json.code !== String(s))
    facts.push({
      title: `A ${s} envelope code does not match the HTTP status`,
      received: `HTTP ${s} with code ${show(ex.json.code)}`,
      expected: `code "${s}"`,
    });
  return facts;
}

/**
 * 2.1, 7 (SHOULD): "The body shape of error responses: not shown", so a plain-text or
 * problem-details error passes; an error that carries the envelope has status false and code =
 * its HTTP status. 429s are RL-2's.
 */
export const errorEnvelope = defineCheck('envelope.error-envelope', 'ENV-4', (ex: Exchange): Fact[] | null => {
  const s = ex.response?.status;
  if (s === undefined || s < 400 || s >= 500 || s === 429) return null;
  return envelopeAgreesWithStatus(ex);
});

/** ENV-8 (INFO): the shape of an error body, for the certificate's observations. */
export function errorBodyShape(ex: Exchange): 'envelope' | 'problem-details' | 'other JSON' | 'text' | 'empty' | undefined {
  if (!ex.response || ex.response.status < 400) return undefined;
  if (ex.response.body.trim() === '') return 'empty';
  if (ex.json === undefined) return 'text';
  if (carriesEnvelope(ex.json)) return 'envelope';
  if (isRecord(ex.json) && ('title' in ex.json || 'type' in ex.json) && 'status' in ex.json) return 'problem-details';
  return 'other JSON';
}

/** A JSON media type: application/json or application/<anything>+json, with any parameters. */
export const JSON_MEDIA_TYPE = /^\s*application\/(?:json|[\w.!#$&^-]+\+json)\s*(?:;|$)/i;

/** 4 (SHOULD): a body that is JSON is labelled with a JSON media type. */
export const jsonContentType = defineCheck('envelope.json-content-type', 'ENV-5', (ex: Exchange): Fact[] | null => {
  if (!ex.response || ex.json === undefined) return null;
  const ct = ex.response.headers['content-type'] ?? '';
  return JSON_MEDIA_TYPE.test(ct)
    ? []
    : [
        {
          title: 'A JSON response is not labelled as JSON',
          received: `Content-Type ${show(ct || '(none)')}`,
          expected: 'Content-Type application/json (or another JSON media type such as application/problem+json)',
        },
      ];
});

/** 7 (SHOULD): only 400, 403 and 429 are listed as failures; nothing answers 5xx. */
export const notServerError = defineCheck('envelope.not-server-error', 'ENV-6', (ex: Exchange): Fact[] | null => {
  const s = ex.response?.status;
  if (s === undefined) return null;
  return s >= 500 ? [{ title: `Server answered ${s}`, received: describeResponse(ex), expected: 'a 2xx or a 4xx (400, 403, 429), never a 5xx' }] : [];
});

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every check that applies to any exchange of the three operations. */
export const envelopeChecks = [envelopeShape, statusTrueOnSuccess, codeMatchesStatus, errorEnvelope, jsonContentType, notServerError];
