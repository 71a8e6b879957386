// The console summary: a line per spec section, then each failed requirement with its first
// finding, the replay line and the requests it cost; each MUST or SHOULD not verified with its
// reason; the preflight's problems; the requirements that cost the most requests; and the verdict
// with its reason. Everything a server sent is made inert for a terminal first (no escape
// sequence of a hostile server reaches it).
import type { Certification, RequirementResult } from '../model.ts';
import { renderFinding } from './finding.ts';
import { inertTerminalText } from './inert.ts';
import { partsConsole } from './run-parts.ts';
import { figuresText } from './figures.ts';
import { replayCommand, replayedWhat } from './replay.ts';
import { byLevel, CUT_CURL_LABEL, cutCurl, sectionLine, WIDTH, wrapAll } from './console-text.ts';
import { compareSections, primarySection } from './spec-sections.ts';
import { thinnestEvidenceLine, verifiedByText } from '../verified-by.ts';
import { failedShoulds, openMusts } from './html/lead.ts';
import { replayed } from '../replay-verdict.ts';
import { baselineLines } from '../compare/baseline.ts';

/** Control characters (ESC, BEL, CSI, OSC, C1 ...) except newline and tab, and bidi controls, are shown as \uXXXX. */
export function inertForTerminal(text: string): string {
  return inertTerminalText(text);
}

const COLUMNS = ['passed', 'failed', 'inconclusive', 'not-run', 'skipped', 'observed'] as const;

/** How many of the costliest requirements the summary names. */
const COSTLIEST = 5;

const STOPPED: Record<string, string> = {
  budget: 'the run budget (run.maxDurationSeconds, --max-duration) was spent',
  'max-requests': 'the request budget (run.maxRequests) was spent',
  interrupted: 'the run was interrupted',
  'max-failures': 'as many MUST requirements failed as --max-failures allows',
};

/** A sequence step's curl line, its long values cut as in the reproduce line, and marked when cut. */
function sequenceLine(l: string): string {
  if (!/^\s*(\w+=\$\()?curl /.test(l)) return l;
  const shown = cutCurl(l.trimStart());
  return shown.cut ? `${l.slice(0, l.length - l.trimStart().length)}(cut, not for pasting) ${shown.line}` : l;
}

function failedLines(cert: Certification, r: RequirementResult): string[] {
  const f = r.findings[0];
  const by = verifiedByText(r);
  const lines = [`  ${r.id} [${r.level}] ${r.title} (${r.findingCount} finding(s), ${r.requests} requests${by ? `; verified by ${by}` : ''})`];
  if (f) {
    const { text, curl } = renderFinding(f);
    lines.push(`    ${f.title}`, ...text.split('\n').map((l) => `    ${sequenceLine(l)}`));
    if (curl) {
      // A long value is cut (the JSON and HTML keep it whole): then the line is no command to paste.
      const shown = cutCurl(curl);
      // Of a sequence, the line is its last step: alone it meets the record in another state (or an id another copy never made).
      lines.push(`    ${shown.cut ? CUT_CURL_LABEL : f.sequence ? 'last step:' : 'reproduce:'} ${shown.line}`);
    }
    if (f.replay) lines.push(`    replay: ${replayCommand(f.replay, cert.invocation)}`);
    // A property failure among the others: the line that replays it alone.
    const shrunk = f.replay?.path !== undefined ? undefined : r.findings.find((x) => x.replay?.path !== undefined);
    if (shrunk?.replay) lines.push(`    property failure: ${shrunk.title}`, `    replay: ${replayCommand(shrunk.replay, cert.invocation)}`);
  } else if (r.reason) {
    lines.push(
      ...r.reason
        .split('\n')
        .slice(0, 5)
        .map((l) => `    ${l}`),
    );
  }
  return lines;
}

/** `scrub` removes the run's tokens before the lines are wrapped (a wrap could split one). */
export function consoleSummary(cert: Certification, scrub: (text: string) => string = (t) => t, width = WIDTH): string {
  const lines: string[] = [];
  const sections = [...new Set(cert.requirements.map((r) => primarySection(r.section)))].sort(compareSections);
  lines.push(
    `erp-conformance ${cert.suiteVersion} against ${cert.target.name} (${cert.target.baseUrl}), seed ${cert.seed}${cert.nonce ? `, nonce ${cert.nonce}` : ''}`,
  );
  // Under `run --baseline PREV`: what changed since it, on the first lines (reports/compare/baseline.ts).
  if (cert.baseline) lines.push(...baselineLines(cert.baseline));
  // A replay says so first: its verdict is about one property, not the target.
  if (cert.replay)
    lines.push(`replay of ${cert.replay.path !== undefined ? 'one property' : 'one test'} (not a certification of the target): ${replayedWhat(cert.replay)}`);
  const stoppedAtPreflight = cert.verdict === 'preflight-failed' || !!cert.preflight?.problems.length;
  // The preflight's problems on their own, first: no suite ran, so no section has anything to say.
  if (stoppedAtPreflight && cert.preflight?.problems.length) {
    lines.push(
      '',
      'The preflight stopped the run (exit 2): fix the config or the target, then run again:',
      ...cert.preflight.problems.map((p) => `  ${p.key}: ${p.problem}`),
    );
  }
  for (const s of stoppedAtPreflight ? [] : sections) {
    const list = cert.requirements.filter((r) => primarySection(r.section) === s);
    // A replay names only the sections of the requirements it replayed: the others are not part of it.
    if (cert.replay && list.every((r) => r.status === 'skipped')) continue;
    const counts = COLUMNS.map((st) => [st, list.filter((r) => r.status === st).length] as const).filter(([, n]) => n > 0);
    const flagged = list
      .filter((r) => r.status === 'failed' || ((r.status === 'inconclusive' || r.status === 'not-run') && r.level !== 'INFO'))
      .map((r) => `${r.id} ${r.status}`);
    lines.push(sectionLine(s, counts.map(([st, n]) => `${n} ${st}`).join(', '), flagged));
  }
  const failed = byLevel(cert.requirements.filter((r) => r.status === 'failed'));
  if (failed.length) lines.push('', 'Failed requirements (MUST first):');
  for (const r of failed) lines.push(...failedLines(cert, r));

  const open = stoppedAtPreflight ? [] : cert.requirements.filter((r) => (r.status === 'inconclusive' || r.status === 'not-run') && r.level !== 'INFO');
  if (open.length) lines.push('', 'Not verified (no verdict without evidence):');
  // Requirements that share a reason (a spent budget, one empty fixture) are listed on one line.
  for (const [why, list] of byReason(open, (r) => `${r.status}: ${r.reason ?? ''}`))
    lines.push(`  ${list.map((r) => `${r.id} [${r.level}]`).join(', ')} ${why}`);
  // A full run names the MUSTs it did not test (no --with-load, no read path, untestable), whatever its verdict.
  const skipped = stoppedAtPreflight || cert.selection || cert.shard ? [] : cert.requirements.filter((r) => r.status === 'skipped' && r.level === 'MUST');
  if (skipped.length) lines.push('', 'MUST requirements this run did not test (the verdict stands without them):');
  for (const [why, list] of byReason(skipped, (r) => r.reason ?? 'skipped')) lines.push(`  ${list.map((r) => r.id).join(', ')}: ${why}`);
  if (cert.errors.length) lines.push('', 'Run errors:', ...cert.errors.map((e) => `  error: ${e}`));

  const costly = [...cert.requirements]
    .filter((r) => (r.requests ?? 0) > 0)
    .sort((a, b) => b.requests - a.requests || (a.id < b.id ? -1 : 1))
    .slice(0, COSTLIEST);
  if (costly.length)
    lines.push('', `Requests per requirement (most first; every one in certification.html): ${costly.map((r) => `${r.id} ${r.requests}`).join(', ')}`);
  const thinnest = stoppedAtPreflight ? undefined : thinnestEvidenceLine(cert);
  if (thinnest) lines.push(thinnest);

  const m = cert.summary;
  const level = (l: 'MUST' | 'SHOULD') =>
    `${l} ${m[l].passed} passed, ${m[l].failed} failed, ${m[l].inconclusive + m[l]['not-run']} not verified, ${m[l].skipped} skipped`;
  // A replay counts what it replayed: the rest of the catalogue is not part of it (not "48 MUST skipped").
  const mine = cert.replay ? replayed(cert.requirements) : [];
  lines.push(
    '',
    cert.replay
      ? `replayed: ${mine.map((r) => `${r.id} [${r.level}] ${r.status}`).join(', ') || 'nothing'}; the other ${cert.requirements.length - mine.length} requirements are not part of the replay`
      : `${level('MUST')}; ${level('SHOULD')}; INFO ${m.INFO.observed} observed`,
  );
  if (cert.pacing || cert.stoppedBy)
    lines.push(
      `${cert.pacing ? `pacing: ${cert.pacing}` : ''}${cert.pacing && cert.stoppedBy ? '; ' : ''}${cert.stoppedBy ? `stopped: ${STOPPED[cert.stoppedBy] ?? cert.stoppedBy}` : ''}`,
    );
  lines.push(...partsConsole(cert.parts));
  lines.push(...mustsAtEnd(cert));
  lines.push(
    `verdict: ${cert.verdict.toUpperCase()}: ${cert.verdictReason} (${figuresText(cert.figures, cert.preflight?.requests)}; ${(cert.durationMs / 1000).toFixed(1)}s)`,
  );
  if (cert.shard)
    lines.push(
      `partial: shard ${cert.shard} ran only its part of the suite files; erp-conformance report --merge DIR... --out DIR joins the shards into the certificate`,
    );
  // Made inert first (an escape sequence shown as \uXXXX is longer), then wrapped to 100 columns.
  return wrapAll(inertForTerminal(scrub(lines.join('\n'))).split('\n'), width).join('\n');
}

/**
 * Just above the verdict, the MUSTs that kept it from CERTIFIED, by id, then the failed SHOULDs
 * (each is detailed above, and first in certification.html): the end of a long console says what matters.
 */
function mustsAtEnd(cert: Certification): string[] {
  if (cert.verdict === 'preflight-failed') return [];
  const shoulds = failedShoulds(cert);
  const should = shoulds.length ? [`SHOULD failed (not counted against the verdict): ${shoulds.map((r) => r.id).join(', ')}`] : [];
  if (cert.verdict === 'certified') return should;
  const { failed, unverified } = openMusts(cert);
  const said = [
    failed.length ? `${cert.replay ? 'failed again' : 'MUST failed'}: ${failed.map((r) => r.id).join(', ')}` : '',
    unverified.length ? `${cert.replay ? 'not verified' : 'MUST not verified'}: ${unverified.map((r) => `${r.id} (${r.status})`).join(', ')}` : '',
  ].filter(Boolean);
  return [...(said.length ? [`${said.join('; ')}`] : []), ...should];
}

function byReason(list: RequirementResult[], key: (r: RequirementResult) => string): Map<string, RequirementResult[]> {
  const out = new Map<string, RequirementResult[]>();
  for (const r of list) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
}
