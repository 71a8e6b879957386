// Joins the HAR parts (reports/har/har-part.ts) into one HAR 1.2 file: a run's OUT/exchanges.har (the
// preflight's entries first, then the suite worker's, the rate-limit suite's probe, burst and load
// among them), or the probe and load commands' own; each entry with the outcomes its checks
// recorded, every text through the token scrubber, and which entries each requirement links to
// (reports/har/har-links.ts). The log's comment says what it covers and what it left out.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { harLog, type HarEntry, type HarOutcome, type HarSource } from './har-entry.ts';
import { HAR_PARTS_DIR } from './har-part.ts';
import { requirementLinks, type HarLinks } from './har-links.ts';
import { scrubDeep } from '../scrub.ts';

export const HAR_FILE = 'exchanges.har';

export interface HarMerged {
  file: string;
  entries: number;
  omitted: number;
  /** Per requirement id, the indexes of log.entries that are its evidence, as ranges ("12-40"). */
  links: HarLinks;
}

const SOURCE_WORDS: Record<HarSource, string> = {
  preflight: 'the preflight',
  suites: "every test's client",
  probe: "the rate-limit probe's",
  burst: 'the bursts',
  load: 'the load',
};

/** Senders that keep only the exchanges that can be evidence (load/engines/kept-requests.ts). */
const KEPT_ONLY: HarSource[] = ['burst', 'load'];

const keyOf = (seq: number, sender?: string) => `${sender ?? ''}#${seq}`;

/** The part files, preflight first (then in name order). */
function partFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort((a, b) => (a.startsWith('preflight') ? -1 : b.startsWith('preflight') ? 1 : a < b ? -1 : 1));
}

/** The entries of one part, each with its checks' outcomes, and how many it left out. */
function readPart(file: string): { entries: HarEntry[]; omitted: number } {
  const outcomes = new Map<string, HarOutcome[]>();
  const entries: HarEntry[] = [];
  let omitted = 0;
  for (const text of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    let line: { e?: HarEntry; o?: HarOutcome & { seq: number; sender?: string }; x?: number };
    try {
      line = JSON.parse(text);
    } catch {
      continue; // a line cut by a worker that died mid-write
    }
    if (line.e) entries.push(line.e);
    else if (line.o) {
      const { seq, sender, ...o } = line.o;
      const list = outcomes.get(keyOf(seq, sender)) ?? [];
      if (!list.some((k) => k.check === o.check && k.requirementId === o.requirementId && k.outcome === o.outcome)) list.push(o);
      outcomes.set(keyOf(seq, sender), list);
    } else if (line.x !== undefined) omitted++;
  }
  for (const e of entries) e._erp.checks.push(...(outcomes.get(keyOf(e._erp.seq, e._erp.sender)) ?? []));
  return { entries, omitted };
}

/** What the log holds, by source, and what it left out. */
function coverage(entries: HarEntry[], omitted: number): string {
  const counts = new Map<HarSource, number>();
  for (const e of entries) counts.set(e._erp.source, (counts.get(e._erp.source) ?? 0) + 1);
  const by = [...counts].map(([s, n]) => `${SOURCE_WORDS[s]} ${n}`).join(', ');
  const kept = KEPT_ONLY.filter((s) => counts.has(s));
  return (
    `every exchange sent (${entries.length}${by ? `: ${by}` : ''})` +
    (kept.length
      ? `; ${kept.map((s) => SOURCE_WORDS[s]).join(' and ')} kept only the exchanges that can be evidence (429s, 5xx, no answer, the first of each status): their other requests are counted, not kept`
      : '') +
    (omitted ? `; ${omitted} exchange(s) left out at the size cap` : '')
  );
}

/** Writes OUT/FILE (exchanges.har) from the parts under OUT/PARTS and removes them; undefined when there are none. */
export function mergeHarParts(
  out: string,
  scrub: (text: string) => string,
  version: string,
  where: { file?: string; parts?: string } = {},
): HarMerged | undefined {
  const dir = path.join(out, where.parts ?? HAR_PARTS_DIR);
  if (!existsSync(dir)) return undefined;
  const entries: HarEntry[] = [];
  let omitted = 0;
  for (const part of partFiles(dir)) {
    const read = readPart(path.join(dir, part));
    entries.push(...read.entries);
    omitted += read.omitted;
  }
  const file = path.join(out, where.file ?? HAR_FILE);
  // Scrubbed before JSON escaping could hide a token from the redactor, and after (as reports/write.ts does).
  writeFileSync(file, scrub(JSON.stringify(harLog(scrubDeep(entries, scrub), version, coverage(entries, omitted)))));
  rmSync(dir, { recursive: true, force: true });
  return { file, entries: entries.length, omitted, links: requirementLinks(entries) };
}
