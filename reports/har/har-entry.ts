// One exchange as a HAR 1.2 entry, and the HAR log around the entries: the request and the answer
// as the client recorded them (tokens already redacted, client/redact.ts), each body cut at a cap
// with a note saying how much was left out, and the kit's own facts in the custom `_erp` field: the
// source (preflight, suites, the rate-limit suite's probe, burst and load, the probe and load
// commands), the test and its requirement ids, and each check's outcome on it.
import type { Exchange } from '../../core/types.ts';

/** A body longer than this (characters) is cut: a run of 3,000 exchanges stays near 10 MB. */
export const HAR_BODY_CAP = 1536;

export type HarSource = 'preflight' | 'suites' | 'probe' | 'burst' | 'load';

export interface HarTag {
  source: HarSource;
  /** A sender of its own (the probe's, a burst's, a load's): its exchanges number from 1, so `seq` is unique with it. */
  sender?: string;
  testId?: string;
  test?: string;
  file?: string;
  ids?: string[];
}

export interface HarOutcome {
  check: string;
  requirementId: string;
  outcome: 'passed' | 'failed';
}

const pairs = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => ({ name, value }));

function cut(text: string, cap: number): { text: string; note?: string } {
  if (text.length <= cap) return { text };
  return { text: text.slice(0, cap), note: `body cut at ${cap} of ${text.length} characters` };
}

function queryOf(url: string): { name: string; value: string }[] {
  if (!url.includes('?')) return []; // no query: no URL to parse
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** The HAR entry of an exchange; an exchange not sent or not answered has status 0 and says why. */
export function harEntryOf(ex: Exchange, tag: HarTag, cap = HAR_BODY_CAP) {
  const notes: string[] = [];
  const reqBody = ex.request.body === undefined ? undefined : cut(ex.request.body, cap);
  if (reqBody?.note) notes.push(`request ${reqBody.note}`);
  const resBody = ex.response ? cut(ex.response.body, cap) : undefined;
  if (resBody?.note) notes.push(`response ${resBody.note}`);
  if (ex.response?.truncated) notes.push(`response cut by the client at ${ex.response.body.length} of ${ex.response.bytes} bytes`);
  if (ex.notSent) notes.push(`not sent: ${ex.notSent.message}`);
  if (ex.failure) notes.push(`no answer: ${ex.failure.kind}: ${ex.failure.message}`);
  const contentType = ex.response?.headers['content-type'] ?? '';
  return {
    startedDateTime: ex.startedAt,
    time: Math.max(0, ex.durationMs),
    request: {
      method: ex.request.method,
      url: ex.request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(ex.request.headers),
      queryString: queryOf(ex.request.url),
      ...(reqBody ? { postData: { mimeType: ex.request.headers['content-type'] ?? 'application/json', text: reqBody.text } } : {}),
      headersSize: -1,
      bodySize: ex.request.body === undefined ? 0 : Buffer.byteLength(ex.request.body),
    },
    response: {
      status: ex.response?.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(ex.response?.headers ?? {}),
      content: { size: ex.response?.bytes ?? 0, mimeType: contentType, text: resBody?.text ?? '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: ex.response?.bytes ?? -1,
    },
    cache: {},
    timings: { send: 0, wait: Math.max(0, ex.durationMs), receive: 0 },
    ...(notes.length ? { comment: notes.join('; ') } : {}),
    _erp: {
      seq: ex.seq,
      operation: ex.operation,
      tokenKind: ex.tokenKind,
      ...tag,
      ...(ex.rateLimited ? { rateLimited: ex.rateLimited } : {}),
      checks: [] as HarOutcome[],
    },
  };
}
export type HarEntry = ReturnType<typeof harEntryOf>;

/** The HAR log of a run. */
export function harLog(entries: HarEntry[], version: string, comment?: string) {
  return { log: { version: '1.2', creator: { name: 'erp-conformance', version }, entries, ...(comment ? { comment } : {}) } };
}
