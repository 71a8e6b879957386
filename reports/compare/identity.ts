// What identifies each of the two runs `compare` is given, and why the first is no like-for-like
// baseline of the second: another kit version, another config (its hash, tokens left out),
// another target, another selection. The embedded reference listens on a new port each run: two of
// its runs are the same target unless their profiles differ (its faults are what a comparison shows).
import type { RunVerdict } from '../../core/types.ts';
import type { Certification } from '../model.ts';

export interface RunRef {
  /** The folder or file it was read from, when read from one. */
  path?: string;
  startedAt: string;
  verdict: RunVerdict;
  suiteVersion: string;
  target: { name: string; baseUrl: string };
  selection: string[] | null;
  configSha256?: string;
}

export function runRef(c: Certification, path?: string): RunRef {
  return {
    ...(path !== undefined ? { path } : {}),
    startedAt: c.startedAt,
    verdict: c.verdict,
    suiteVersion: c.suiteVersion,
    target: { name: c.target.name, baseUrl: c.target.baseUrl },
    selection: c.selection,
    ...(c.configSha256 ? { configSha256: c.configSha256 } : {}),
  };
}

/** The embedded reference (no config file, no --base-url): its profile, else undefined. */
const embedded = (c: Certification): string | undefined =>
  c.invocation && !c.invocation.config && !c.invocation.baseUrl
    ? `the embedded reference${c.invocation.profile ? ` as ${c.invocation.profile}` : ''}`
    : undefined;

const selectionText = (s: string[] | null) => (s ? `--only ${s.join(',')}` : 'the whole catalogue');

/** Each way PREV differs from NEW as a baseline, in words; empty for a like-for-like baseline. */
export function baselineDiffers(prev: Certification, next: Certification): string[] {
  const out: string[] = [];
  if (prev.suiteVersion !== next.suiteVersion) out.push(`another kit version (${prev.suiteVersion}, now ${next.suiteVersion})`);
  const [a, b] = [embedded(prev), embedded(next)];
  const sameTarget = a !== undefined || b !== undefined ? a === b : prev.target.baseUrl === next.target.baseUrl;
  if (!sameTarget) out.push(`another target (${a ?? prev.target.baseUrl}, now ${b ?? next.target.baseUrl})`);
  else if (a === undefined && prev.configSha256 && next.configSha256 && prev.configSha256 !== next.configSha256)
    out.push(`another config (sha256 ${prev.configSha256.slice(0, 12)}, now ${next.configSha256.slice(0, 12)})`);
  if (selectionText(prev.selection) !== selectionText(next.selection))
    out.push(`another selection (${selectionText(prev.selection)}, now ${selectionText(next.selection)})`);
  return out;
}

/** An age in words: "45 min", "14 h", "3 days". */
export function ageText(ms: number): string {
  const min = Math.round(Math.abs(ms) / 60_000);
  const sign = ms < 0 ? '-' : '';
  if (min < 120) return `${sign}${min} min`;
  const h = Math.round(min / 60);
  return h < 48 ? `${sign}${h} h` : `${sign}${Math.round(h / 24)} days`;
}
