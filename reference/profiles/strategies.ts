// The small strategies the profiles choose between, where a choice is behaviour rather than data:
//  - 3 "Transitions: not shown": the transition rules a vendor may enforce (why a move is refused,
//    or null); 4.1 rule 3 (Delivered needs paid) holds in every profile, checked by the route first;
//  - 4.3: the order of the report's items (RP-14), each total (ties by transactionId): stable pages;
//  - 7 "The body shape of error responses: not shown" (ENV-8): the 2.1 envelope, RFC 9457 problem
//    details, plain text, or the vendor's own JSON.
import { STATUS_CODES } from 'node:http';
import type { Transaction } from '../data.ts';
import type { ErrorStyle, ReportOrder, TransitionStyle } from './types.ts';

/** 3: "The lifecycle described is: confirmed, processed, shipped, delivered, cancelled." */
const FORWARD = ['Pending', 'Confirmed', 'Processing', 'Shipped', 'Delivered'];
/** Cancelling is possible until the order ships. */
const CANCELLABLE = new Set(['Pending', 'Confirmed', 'Processing']);
const FINAL = new Set(['Delivered', 'Cancelled']);

type Rule = (from: string, to: string) => string | null;

const RULES: Record<TransitionStyle, Rule> = {
  // Anything until Delivered or Cancelled, which end the lifecycle (setting them again is no change).
  final: (from, to) => (FINAL.has(from) && to !== from ? `order is ${from} and can no longer change` : null),
  // One step forward at a time; Cancelled until shipped; nothing after Delivered or Cancelled.
  forward: (from, to) => {
    if (from === to) return `no change: the order is already ${from}`;
    if (FINAL.has(from)) return `order is ${from} and can no longer change`;
    if (to === 'Cancelled') return CANCELLABLE.has(from) ? null : `cannot cancel an order that is ${from}`;
    const next = FORWARD[FORWARD.indexOf(from) + 1];
    return to === next ? null : `cannot move an order from ${from} to ${to}${next ? ` (next is ${next})` : ''}`;
  },
  // Any move, back to Pending included.
  free: () => null,
};

export function transitionRefusal(style: TransitionStyle, from: string, to: string): string | null {
  return RULES[style](from, to);
}

/** The report orders other than the data's own (time, then transactionId), as comparators. */
export const REPORT_ORDERS: Record<Exclude<ReportOrder, 'time-asc'>, (a: Transaction, b: Transaction) => number> = {
  'time-desc': (a, b) => b.t - a.t || b.transactionId - a.transactionId,
  'id-desc': (a, b) => b.transactionId - a.transactionId,
  'module-time': (a, b) => (a.module === b.module ? 0 : a.module === 'bom' ? -1 : 1) || a.t - b.t || a.transactionId - b.transactionId,
};

/** The error codes of the vendor-JSON error shape ({"error":{"code","message"}}). */
const VENDOR_CODES: Record<number, string> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

export type ErrorBody = { kind: 'json'; value: unknown; mediaType?: string } | { kind: 'text'; text: string };

/** An error body in a style. `envelope`: the status and code an envelope says (2.1: status false,
 *  code the HTTP status as a string; the envelope faults change them). */
export function errorBody(style: ErrorStyle, status: number, message: string, envelope = { ok: false, code: String(status) }): ErrorBody {
  switch (style) {
    case 'envelope':
      return { kind: 'json', value: { status: envelope.ok, message, code: envelope.code, response: null } };
    case 'problem':
      // RFC 9457 3.1: with type about:blank, title is the status's reason phrase.
      return {
        kind: 'json',
        value: { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail: message },
        mediaType: 'application/problem+json',
      };
    case 'text':
      return { kind: 'text', text: message };
    case 'vendor':
      return { kind: 'json', value: { error: { code: VENDOR_CODES[status] ?? `HTTP_${status}`, message } } };
  }
}
