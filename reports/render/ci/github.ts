// GitHub's CI outputs of a run. The job summary (GITHUB_STEP_SUMMARY, Markdown), the first thing a
// CI page shows: the verdict and its reason, what changed since the baseline (given by the caller:
// `compare` makes it), then each failed MUST and each failed SHOULD with its first finding on one
// line and its curl line, and the MUSTs not verified. The annotations: one `::error` per failed MUST
// and one `::warning` per failed SHOULD, printed on stdout. Everything a server may have written is
// made inert and escaped: no markup, link or image of a server's reaches the summary, no code block
// is closed from inside, and no text starts a workflow command of its own (%, CR, LF escaped as the
// runner reads them; in a property also : and ,).
import type { Certification, RequirementResult } from '../../model.ts';
import { VERDICT_LABELS } from '../html/certificate.ts';
import { failedShoulds, openMusts } from '../html/lead.ts';
import { cutCurl } from '../console-text.ts';
import { findingCurl } from '../finding.ts';
import { inertDocumentText, inertTerminalText } from '../inert.ts';
import { scrubDeep } from '../../scrub.ts';
import { baselineLines } from '../../compare/baseline.ts';

/** How many requirements of a kind the summary names one by one (GitHub caps a summary at 1 MiB). */
const LISTED = 50;

/** Text as Markdown shows it, never as markup: one line, HTML's characters as entities, and the
 *  characters inline Markdown acts on (emphasis, code, links, images, tables, strike) escaped. */
export function mdText(text: string): string {
  return inertDocumentText(text)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|~])/g, '\\$1');
}

/** A code block no line of `text` can close: its fence is longer than any run of backticks in it. */
export function mdCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}sh\n${inertDocumentText(text)}\n${fence}`;
}

/** A failed requirement: its id, level and title, its first finding on one line, and the curl line that reproduces it. */
function failedItem(r: RequirementResult): string[] {
  const f = r.findings[0];
  const what = f?.title ?? r.reason?.split('\n')[0] ?? 'its tests failed';
  const more = r.findingCount > 1 ? ` (${r.findingCount} findings)` : '';
  const lines = [`- **${mdText(r.id)}** \\[${r.level}\\] ${mdText(r.title)}: ${mdText(what)}${more}`];
  const curl = f ? findingCurl(f) : undefined;
  if (curl) {
    const shown = cutCurl(curl);
    lines.push('', `  ${shown.cut ? 'reproduce (cut, not for pasting: the whole request is in certification.json):' : 'reproduce:'}`, '');
    lines.push(
      ...mdCode(shown.line)
        .split('\n')
        .map((l) => `  ${l}`),
      '',
    );
  }
  return lines;
}

function listed(title: string, list: RequirementResult[], item: (r: RequirementResult) => string[]): string[] {
  if (!list.length) return [];
  const more = list.length > LISTED ? [`- … and ${list.length - LISTED} more (certification.html lists every one)`] : [];
  return ['', `### ${title} (${list.length})`, '', ...list.slice(0, LISTED).flatMap(item), ...more];
}

export interface StepSummaryOptions {
  /** What changed since the baseline, Markdown lines (`compare` makes them); absent: no baseline was given. */
  changes?: string[];
  /** Where the report folder is (an artifact name or a path), said at the end. */
  reportAt?: string;
}

/** The Markdown of a run for a CI job summary; `scrub` removes the run's tokens. */
export function stepSummary(cert: Certification, o: StepSummaryOptions = {}, scrub: (text: string) => string = (t) => t): string {
  // Scrubbed before the escapes too (an escape inside a token would hide it from the scrubber).
  cert = scrubDeep(cert, scrub);
  // Without lines of the caller's, a run under --baseline says what its certificate says first.
  const changes =
    o.changes ?? (cert.baseline ? baselineLines(cert.baseline).map((l) => (l.startsWith('  ') ? `- ${mdText(l.trim())}` : mdText(l))) : undefined);
  const label = VERDICT_LABELS[cert.verdict] ?? cert.verdict.toUpperCase();
  const { failed, unverified } = cert.verdict === 'preflight-failed' ? { failed: [], unverified: [] } : openMusts(cert);
  const shoulds = failedShoulds(cert);
  const m = cert.summary;
  const lines = [
    `## erp-conformance: ${label}`,
    '',
    `**${mdText(cert.target.name)}** (${mdText(cert.target.baseUrl)}), seed ${cert.seed}: ${mdText(cert.verdictReason)}`,
    '',
    `MUST ${m.MUST.passed} passed, ${m.MUST.failed} failed, ${m.MUST.inconclusive + m.MUST['not-run']} not verified; SHOULD ${m.SHOULD.passed} passed, ${m.SHOULD.failed} failed`,
    '',
    '### What changed since the baseline',
    '',
    ...(changes?.length ? changes : changes ? ['Nothing changed.'] : ['No baseline was given (`run --baseline PREV` compares this run with an earlier one).']),
    ...(cert.preflight?.problems.length
      ? ['', '### The preflight stopped the run', '', ...cert.preflight.problems.map((p) => `- ${mdText(p.key)}: ${mdText(p.problem)}`)]
      : []),
    ...listed(cert.replay ? 'Failed again in this replay' : 'Failed MUST requirements', failed, failedItem),
    ...listed('Failed SHOULD requirements, not counted against the verdict', shoulds, failedItem),
    ...listed('MUST requirements not verified', unverified, (r) => [`- **${mdText(r.id)}** ${r.status}: ${mdText(r.reason ?? r.status)}`]),
    '',
    `The whole certificate: certification.html${o.reportAt ? ` in ${mdText(o.reportAt)}` : ''} (every finding, its exchange and curl line).`,
    '',
  ];
  return scrub(lines.join('\n'));
}

/** The most characters of an annotation's message (GitHub shows a few lines; the rest is in the report). */
const MESSAGE_MAX = 4000;

/** A workflow command's data: % CR LF escaped. */
export const commandData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A workflow command's property value: the data's escapes and : , as well. */
export const commandProperty = (text: string) => commandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

function annotation(kind: 'error' | 'warning', r: RequirementResult, scrub: (text: string) => string): string {
  const f = r.findings[0];
  const what = f?.title ?? r.reason?.split('\n')[0] ?? 'its tests failed';
  const curl = f ? findingCurl(f) : undefined;
  const more = r.findingCount > 1 ? ` (${r.findingCount} findings)` : '';
  // Scrubbed before the escapes (an escape inside a token would hide it from the scrubber).
  let message = inertTerminalText(scrub(`${what}${more}${curl ? `\nreproduce: ${curl}` : ''}`));
  if (message.length > MESSAGE_MAX) message = `${message.slice(0, MESSAGE_MAX)}… (cut; certification.html has it whole)`;
  const title = inertTerminalText(scrub(`${r.id} [${r.level}] ${r.title}`));
  return `::${kind} title=${commandProperty(title)}::${commandData(message)}`;
}

/** The annotation lines of a run: an error per failed MUST, then a warning per failed SHOULD; `scrub` removes the run's tokens first. */
export function annotations(cert: Certification, scrub: (text: string) => string = (t) => t): string[] {
  if (cert.verdict === 'preflight-failed') return [];
  const musts = openMusts(cert).failed.filter((r) => r.level === 'MUST');
  return [...musts.map((r) => annotation('error', r, scrub)), ...failedShoulds(cert).map((r) => annotation('warning', r, scrub))];
}
