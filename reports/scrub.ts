// Defence in depth: whatever a report holds, no form of a configured token is written or printed.
// (The client already redacts exchanges; this catches anything else, e.g. a server echoing it
// inside an error text.) One redactor for the kit: the client's (client/redact.ts), which knows
// the raw, URL-encoded and JSON-escaped spellings of each token.
import { redactorOf } from '../client/redact.ts';

export function scrubber(secrets: (string | undefined)[]): (text: string) => string {
  const redact = redactorOf(secrets);
  return (text) => redact(text);
}
