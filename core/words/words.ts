// A message of the kit as data: its words made from named values by one function, and, for a
// preflight problem, the config key the troubleshooting page names. The code makes its words by
// calling an entry of a table (core/words/preflight.ts, reasons.ts), so a message has an entry or
// does not compile; docs/troubleshooting.md reads the same tables, each value shown as "…".

/** A value a message holds. */
export type Value = string | number | bigint;

/** One message: `say` makes its words from its values; `key` is the config key a problem names (absent: a note or a reason). */
export interface Words<V> {
  key?: string;
  say: (v: V) => string;
}

/** A table of messages, by code. */
export type WordsTable = Record<string, Words<never>>;

/** Every value read from it is "…": a message's words as the page shows them. */
const SLOTS: unknown = new Proxy({}, { get: () => '…' });

/** A message's words with each value as "…" (docs/troubleshooting.md). */
export const shown = (w: Words<never>): string => w.say(SLOTS as never);
