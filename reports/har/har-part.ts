// The HAR of a run is written as it happens, in bounded memory: each process that sends (the host's
// preflight, the suite worker) appends its exchanges to a part file of its own under OUT/.har-parts/,
// one JSON line per entry or per check outcome; at the end the host joins the parts into
// exchanges.har (reports/har/har-merge.ts). A part stops taking entries at its size cap, and says
// how many it left out. A sender of its own (the probe's, a load's) tags its entries and outcomes
// with its name, as its exchanges number from 1 too.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Exchange } from '../../core/types.ts';
import { harEntryOf, type HarOutcome, type HarTag } from './har-entry.ts';

export const HAR_PARTS_DIR = '.har-parts';
/** Bytes a part takes before it leaves entries out (bodies are cut first: reports/har/har-entry.ts). */
export const HAR_PART_CAP = 12 * 1024 * 1024;

export interface HarPart {
  entry(ex: Exchange, tag: HarTag): void;
  /** A check's outcome on the exchange `seq` (of `sender`, when it was a sender of its own). */
  outcome(seq: number, o: HarOutcome, sender?: string): void;
  close(): void;
}

/** A part file OUT/PARTS/NAME.jsonl (PARTS: .har-parts, a run's), opened at its first line. */
export function harPart(outDir: string, name: string, cap = HAR_PART_CAP, parts = HAR_PARTS_DIR): HarPart {
  const state = { fd: undefined as number | undefined, bytes: 0, closed: false };
  const line = (value: unknown, always = false) => {
    if (state.closed) return true; // an exchange answered after its sender was done (an interrupt)
    const text = `${JSON.stringify(value)}\n`;
    if (!always && state.bytes + text.length > cap) return false;
    if (state.fd === undefined) {
      mkdirSync(path.join(outDir, parts), { recursive: true });
      state.fd = openSync(path.join(outDir, parts, `${name}.jsonl`), 'a');
    }
    state.bytes += writeSync(state.fd, text);
    return true;
  };
  return {
    entry(ex, tag) {
      if (!line({ e: harEntryOf(ex, tag) })) line({ x: ex.seq, s: tag.source }, true);
    },
    outcome(seq, o, sender) {
      line({ o: { seq, ...(sender ? { sender } : {}), ...o } });
    },
    close() {
      if (state.fd !== undefined) closeSync(state.fd);
      state.closed = true;
    },
  };
}
