// Findings as an older run stored them: with their words (`message`, "Received ...\nExpected ...")
// and curl line written in, and no `received`/`expected`. Reports now make both from the data
// (reports/render/finding.ts); a stored finding of either form is read into the data form, so
// `report --merge` and `run --resume` over an older records.json (or `report` over an older
// certification.json) print it as that run did.
import type { Finding } from '../../core/types.ts';

type Stored = Finding & { message?: unknown; curl?: unknown };

/**
 * The finding in the data form. An older finding's message splits at its first "\nExpected ":
 * `Received ${received}\nExpected ${expected}` then prints the very same text (whatever followed
 * Expected, a sequence or notes, stays in `expected`). Its stored curl line is dropped: the line
 * is made again from the kept exchange, the same but for a request body over the kept size.
 */
export function storedFinding(f: Finding): Finding {
  const { message, curl: _curl, ...rest } = f as Stored;
  if (typeof message !== 'string' || typeof rest.received === 'string') return rest;
  const at = message.indexOf('\nExpected ');
  const received = message.startsWith('Received ') && at >= 0 ? message.slice('Received '.length, at) : message;
  const expected = at >= 0 && message.startsWith('Received ') ? message.slice(at + '\nExpected '.length) : '';
  return { ...rest, received, expected };
}
