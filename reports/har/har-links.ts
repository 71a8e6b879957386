// Which entries of the run's HAR each requirement rests on, computed once when the HAR is joined
// (reports/har/har-merge.ts) and kept in the certificate: an entry belongs to the requirements its
// test verifies and to those its checks judged on it. Indexes of log.entries (0-based, the JSON
// pointer /log/entries/N), as ranges "12-40" so that a requirement checked on every exchange stays short.
import type { Certification, RequirementResult } from '../model.ts';
import type { HarEntry } from './har-entry.ts';

/** Per requirement id, its entries' indexes as ranges ("7", "12-40"), ascending. */
export type HarLinks = Record<string, string[]>;

/** Consecutive indexes as ranges: [1, 2, 3, 7] -> ["1-3", "7"]. */
export function indexRanges(sorted: number[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return out;
}

/** The indexes ranges name, in order ("12-14" -> 12, 13, 14). */
export function rangeIndexes(ranges: string[]): number[] {
  return ranges.flatMap((r) => {
    const [from, to = from] = r.split('-').map(Number);
    return Array.from({ length: to! - from! + 1 }, (_, k) => from! + k);
  });
}

/** Each requirement's entries: those of the tests verifying it, and those its checks judged. */
export function requirementLinks(entries: Pick<HarEntry, '_erp'>[]): HarLinks {
  const byId = new Map<string, number[]>();
  entries.forEach((e, index) => {
    const ids = new Set([...(e._erp.ids ?? []), ...e._erp.checks.map((c) => c.requirementId)]);
    for (const id of ids) byId.set(id, [...(byId.get(id) ?? []), index]);
  });
  return Object.fromEntries([...byId].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, list]) => [id, indexRanges(list)]));
}

/** The certificate with each requirement's HAR entries (none: the field absent). */
export function withHarLinks(cert: Certification, links: HarLinks | undefined): Certification {
  if (!links) return cert;
  for (const r of cert.requirements) {
    const ranges = links[r.id];
    if (ranges?.length) r.harEntries = ranges;
  }
  return cert;
}

const count = (ranges: string[]) => rangeIndexes(ranges).length;
/** Ranges the HTML shows; certification.json holds them all. */
const SHOWN = 12;

/** The line under a requirement in the HTML naming its HAR entries, or "" without any. */
export function harEntriesHtml(r: Pick<RequirementResult, 'harEntries'>, esc: (s: string) => string): string {
  if (!r.harEntries?.length) return '';
  const n = count(r.harEntries);
  return `<div class="verified-by har-entries" title="indexes of log.entries in exchanges.har (0-based): the exchanges this requirement was judged on">exchanges.har: ${n} entr${n === 1 ? 'y' : 'ies'} (${esc(r.harEntries.slice(0, SHOWN).join(', '))}${r.harEntries.length > SHOWN ? ` and ${r.harEntries.length - SHOWN} more ranges in certification.json` : ''})</div>`;
}
