// The HAR of a run is written as it happens, in bounded memory: each process that sends (the host's
// preflight, the suite worker) appends its exchanges to a part file of its own under OUT/.har-parts/,
// one JSON line per entry or per check outcome; at the end the host joins the parts into
// exchanges.har (reports/har/har-merge.ts). A part stops taking entries at its size cap, and says
// how many it left out. A sender of its own (the probe's, a load's) tags its entries and outcomes
// with its name, as its exchanges number from 1 too.
// Lines are written in batches, in the order they were given: at HAR_FLUSH_BYTES held, at
// HAR_FLUSH_MS after the first line held, on flush() (the suite worker's at each test's end), on
// close, and when the process exits (process.exit included); at most one batch is held.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Exchange } from '../../core/types.ts';
import { harEntryOf, type HarOutcome, type HarTag } from './har-entry.ts';

export const HAR_PARTS_DIR = '.har-parts';
/** Bytes a part takes before it leaves entries out (bodies are cut first: reports/har/har-entry.ts). */
export const HAR_PART_CAP = 12 * 1024 * 1024;
/** Bytes of lines held before they are written. */
export const HAR_FLUSH_BYTES = 64 * 1024;
/** The longest a line is held before it is written (a worker that dies loses at most this much). */
export const HAR_FLUSH_MS = 200;

export interface HarPart {
  entry(ex: Exchange, tag: HarTag): void;
  /** A check's outcome on the exchange `seq` (of `sender`, when it was a sender of its own). */
  outcome(seq: number, o: HarOutcome, sender?: string): void;
  /** Writes the lines held now. */
  flush(): void;
  close(): void;
}

/** A part file OUT/PARTS/NAME.jsonl (PARTS: .har-parts, a run's), opened at its first line. */
export function harPart(outDir: string, name: string, cap = HAR_PART_CAP, parts = HAR_PARTS_DIR): HarPart {
  const state = { fd: undefined as number | undefined, bytes: 0, closed: false, atExit: false };
  const held = { lines: [] as string[], bytes: 0, timer: undefined as NodeJS.Timeout | undefined };
  const flush = () => {
    if (held.timer) clearTimeout(held.timer);
    held.timer = undefined;
    if (held.lines.length === 0) return;
    const text = held.lines.length === 1 ? held.lines[0]! : held.lines.join('');
    held.lines = [];
    held.bytes = 0;
    if (state.fd === undefined) {
      mkdirSync(path.join(outDir, parts), { recursive: true });
      state.fd = openSync(path.join(outDir, parts, `${name}.jsonl`), 'a');
    }
    writeSync(state.fd, text);
  };
  const line = (value: unknown, always = false) => {
    if (state.closed) return true; // an exchange answered after its sender was done (an interrupt)
    const text = `${JSON.stringify(value)}\n`;
    const size = Buffer.byteLength(text);
    if (!always && state.bytes + size > cap) return false;
    state.bytes += size;
    held.lines.push(text);
    held.bytes += size;
    if (!state.atExit) process.on('exit', flush);
    state.atExit = true;
    if (held.bytes >= HAR_FLUSH_BYTES) flush();
    else if (!held.timer) held.timer = setTimeout(flush, HAR_FLUSH_MS).unref();
    return true;
  };
  return {
    entry(ex, tag) {
      if (!line({ e: harEntryOf(ex, tag) })) line({ x: ex.seq, s: tag.source }, true);
    },
    outcome(seq, o, sender) {
      line({ o: { seq, ...(sender ? { sender } : {}), ...o } });
    },
    flush,
    close() {
      if (state.closed) return;
      flush();
      if (state.fd !== undefined) closeSync(state.fd);
      if (state.atExit) process.off('exit', flush);
      state.closed = true;
    },
  };
}
