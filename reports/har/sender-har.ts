// The HAR of a command that sends on a sender of its own, outside a run: `probe` writes probe.har
// (every exchange it sends) and `load` writes load.har (the exchanges it keeps: 429s, 5xx, no
// answer, the first of each status), beside rate-limit.json and load.json and never over a run's
// exchanges.har. The same entries as a run's (reports/har/har-entry.ts): bodies cut at the cap,
// tokens scrubbed, each finding's outcome on its exchange.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Exchange, Finding } from '../../core/types.ts';
import { HAR_PART_CAP, harPart } from './har-part.ts';
import { mergeHarParts } from './har-merge.ts';

export interface SenderHar {
  /** One exchange sent (the probe's onExchange; the load's kept ones, after it). */
  entry(ex: Exchange): void;
  /** Closes the log: each finding's failure on its exchange; returns the file written (none without an exchange). */
  finish(findings: Finding[], scrub: (text: string) => string): string | undefined;
}

const kitVersion = () => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** OUT/probe.har or OUT/load.har, written as the exchanges come (parts under OUT/.har-parts-SOURCE). */
export function senderHar(out: string, source: 'probe' | 'load', cap = HAR_PART_CAP): SenderHar {
  const parts = `.har-parts-${source}`;
  rmSync(path.join(out, parts), { recursive: true, force: true }); // left by a command that died: not this one's
  const part = harPart(out, source, cap, parts);
  const sender = `${source}-1`;
  return {
    entry: (ex) => part.entry(ex, { source, sender }),
    finish(findings, scrub) {
      for (const f of findings) if (f.exchange) part.outcome(f.exchange.seq, { check: f.checkId, requirementId: f.requirementId, outcome: 'failed' }, sender);
      part.close();
      return mergeHarParts(out, scrub, kitVersion(), { file: `${source}.har`, parts })?.file;
    },
  };
}
