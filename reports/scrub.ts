// Defence in depth: whatever a report holds, no form of a configured token is written or printed,
// e.g. a server echoing it inside an error text. One redactor for the kit: the client's
// (client/redact.ts). Every string of a certificate or of its records is scrubbed before it is
// rendered (`scrubDeep`), and the rendered text once more.
import { redactorOf } from '../client/redact.ts';

export type Scrub = (text: string) => string;

export function scrubber(secrets: (string | undefined)[]): Scrub {
  const redact = redactorOf(secrets);
  return (text) => redact(text);
}

/** A copy of `value` with every string in it (object keys too) scrubbed; numbers, bigints and the rest as they are. */
export function scrubDeep<T>(value: T, scrub: Scrub): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return scrub(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      // Built key by key, as Object.fromEntries would (a later key scrubbed to an earlier one's text wins).
      const copy: Record<string, unknown> = {};
      for (const k of Object.keys(v)) {
        const key = scrub(k);
        const x = walk((v as Record<string, unknown>)[k]);
        if (key === '__proto__') Object.defineProperty(copy, key, { value: x, enumerable: true, writable: true, configurable: true });
        else copy[key] = x;
      }
      return copy;
    }
    return v;
  };
  return walk(value) as T;
}
