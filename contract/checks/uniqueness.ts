// A vendor's own uniqueness rule. 4.2 states none, but real ERPs keep values unique (a customer's
// mobile number per branch: 400 "Mobile number already exists"; e-mail, GSTIN, PAN), and a staging
// server keeps what every run saved. The run makes those values unique per run and use
// (generators/unique-values.ts); a creation still refused because a value it chose is taken is
// the run's choice colliding with the vendor's rule, not a failure of the vendor: the checks of
// a valid customer take no evidence from it, and the certificate records the rule (CU-11).
import type { Exchange } from '../../core/types.ts';
import { isRecord } from './envelope.ts';

/** The words of a uniqueness refusal. */
const TAKEN = /already\s+(?:exists?|registered|in\s+use|taken|used|present|assigned)|duplicate|must\s+be\s+unique|not\s+unique|unique\s+constraint|is\s+taken/i;
/** Fields a vendor may keep unique, as a message may name them. */
const FIELD = /mob(?:ile|no)?|phone|whats\s*app|e-?mail|gstin|\bgst\b|\bpan\b|panno/i;
/** The request's values a vendor may keep unique. */
const UNIQUE_KEYS = ['mobNo', 'whatsappNo', 'email', 'gstin', 'panNo'];

function sentValues(ex: Exchange): string[] {
  let body: unknown;
  try {
    body = JSON.parse(ex.request.body ?? '');
  } catch {
    return [];
  }
  if (!isRecord(body)) return [];
  return UNIQUE_KEYS.map((k) => body[k]).filter((v): v is string => typeof v === 'string' && v.length >= 5);
}

/**
 * The refusal text when a customer creation was refused (400, or 409 Conflict) because a value the
 * run chose is already taken: the answer says so and names the field or the value; else undefined.
 */
export function uniquenessRefusal(ex: Exchange): string | undefined {
  const status = ex.response?.status;
  if (ex.operation !== 'customer-create' || (status !== 400 && status !== 409)) return undefined;
  const text = ex.response!.body.slice(0, 2000);
  if (!TAKEN.test(text)) return undefined;
  const names = FIELD.test(text) || sentValues(ex).some((v) => text.includes(v));
  return names ? text.slice(0, 200) : undefined;
}
