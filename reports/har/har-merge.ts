// Joins the HAR parts of a run (reports/har/har-part.ts) into OUT/exchanges.har: the preflight's
// entries first, then the suite worker's, each with the outcomes its checks recorded, every text
// through the run's token scrubber; the log's comment says what it covers and what it left out.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { harLog, type HarEntry, type HarOutcome } from './har-entry.ts';
import { HAR_PARTS_DIR } from './har-part.ts';
import { scrubDeep } from '../scrub.ts';

export const HAR_FILE = 'exchanges.har';

export interface HarMerged {
  file: string;
  entries: number;
  omitted: number;
}

/** Writes OUT/exchanges.har from the parts and removes them; undefined when there are none. */
export function mergeHarParts(out: string, scrub: (text: string) => string, version: string): HarMerged | undefined {
  const dir = path.join(out, HAR_PARTS_DIR);
  if (!existsSync(dir)) return undefined;
  const parts = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort((a, b) => (a.startsWith('preflight') ? -1 : b.startsWith('preflight') ? 1 : a < b ? -1 : 1));
  const entries: HarEntry[] = [];
  let omitted = 0;
  for (const part of parts) {
    const lines = readFileSync(path.join(dir, part), 'utf8').split('\n').filter(Boolean);
    const outcomes = new Map<number, HarOutcome[]>();
    const mine: HarEntry[] = [];
    for (const text of lines) {
      let line: { e?: HarEntry; o?: HarOutcome & { seq: number }; x?: number };
      try {
        line = JSON.parse(text);
      } catch {
        continue; // a line cut by a worker that died mid-write
      }
      if (line.e) mine.push(line.e);
      else if (line.o) {
        const { seq, ...o } = line.o;
        const list = outcomes.get(seq) ?? [];
        if (!list.some((k) => k.check === o.check && k.requirementId === o.requirementId && k.outcome === o.outcome)) list.push(o);
        outcomes.set(seq, list);
      } else if (line.x !== undefined) omitted++;
    }
    for (const e of mine) e._erp.checks.push(...(outcomes.get(e._erp.seq) ?? []));
    entries.push(...mine);
  }
  const comment =
    `the exchanges of the preflight and of every test's client (${entries.length}); requests a test sends on a sender of its own ` +
    "(the rate-limit suite's probe, bursts and load) are counted in the certificate, not kept here" +
    (omitted ? `; ${omitted} exchange(s) left out at the size cap` : '');
  const file = path.join(out, HAR_FILE);
  // Scrubbed before JSON escaping could hide a token from the redactor, and after (as reports/write.ts does).
  writeFileSync(file, scrub(JSON.stringify(harLog(scrubDeep(entries, scrub), version, comment))));
  rmSync(dir, { recursive: true, force: true });
  return { file, entries: entries.length, omitted };
}
