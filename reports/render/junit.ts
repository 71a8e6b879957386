// junit.xml for CI pages: one testcase per requirement, classname = spec section, each verdict the
// JUnit child the exit code would have it be (junitOutcome), its time the time its tests took. Everything a server may have written
// is XML-escaped, with the control characters XML cannot hold removed and bidi controls shown as
// \uXXXX; the replay line is reports/render/replay.ts's.
import type { Finding } from '../../core/types.ts';
import type { Certification, RequirementResult } from '../model.ts';
import { renderFinding } from './finding.ts';
import { inertXmlText } from './inert.ts';
import { replayCommand } from './replay.ts';

function xml(text: string): string {
  return inertXmlText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Response bodies in a CI page are cut here (certification.html has them whole, up to the kept size). */
const BODY_CHARS = 2000;

/** The kind of JUnit child a requirement's verdict becomes. */
export type JunitOutcome = 'failure' | 'error' | 'skipped' | 'warning' | 'pass';

export interface JunitOptions {
  /** A failed SHOULD is a <failure> (default: a warning that passes, as the exit code has it). */
  strict?: boolean;
}

/**
 * The JUnit child of a requirement's verdict:
 * - failed MUST: <failure>, message = the first finding (a failed INFO can only be a crash of its
 *   test: <error>);
 * - failed SHOULD: a warning, as the exit code takes it (a SHOULD never fails the verdict): the
 *   testcase passes with a property warning="..." and the finding in <system-out>; with --strict
 *   (junitXml(cert, { strict: true })) a <failure> like a MUST's;
 * - inconclusive or not-run MUST: <error>, message = the reason: a CI page must show a MUST the
 *   run could not verify, and it is no defect of the target;
 * - inconclusive or not-run SHOULD or INFO, and every skipped one: <skipped>, message = the reason;
 * - passed, and observed INFO: no child (an INFO's observations are in <system-out>, never a failure).
 */
export function junitOutcome(r: Pick<RequirementResult, 'level' | 'status'>, o: JunitOptions = {}): JunitOutcome {
  switch (r.status) {
    case 'failed':
      return r.level === 'INFO' ? 'error' : r.level === 'SHOULD' && !o.strict ? 'warning' : 'failure';
    case 'inconclusive':
    case 'not-run':
      return r.level === 'MUST' ? 'error' : 'skipped';
    case 'skipped':
      return 'skipped';
    case 'passed':
    case 'observed':
      return 'pass';
  }
}

function findingText(cert: Certification, f: Finding): string {
  const body = f.exchange?.response?.body;
  const { text, curl } = renderFinding(f);
  return [
    text,
    f.exchange?.response
      ? `response: HTTP ${f.exchange.response.status}${body ? `\n${body.length > BODY_CHARS ? `${body.slice(0, BODY_CHARS)}... [cut; certification.html has the rest]` : body}` : ''}`
      : '',
    curl ? `curl: ${curl}` : '',
    f.replay ? `replay: ${replayCommand(f.replay, cert.invocation)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

function testcaseBody(cert: Certification, r: RequirementResult, o: JunitOptions): string {
  const reason = r.reason ?? r.status;
  const outcome = junitOutcome(r, o);
  const more = r.findingCount > 1 ? `\n(+${r.findingCount - 1} more, see certification.json)` : '';
  const f = r.findings[0];
  switch (outcome) {
    case 'failure':
      return f
        ? `<failure message="${xml(f.title)}" type="${r.level}">${xml(findingText(cert, f) + more)}</failure>`
        : `<failure message="${xml(reason.split('\n')[0]!)}" type="${r.level}">${xml(reason)}</failure>`;
    case 'error':
      return `<error message="${xml(reason.split('\n')[0]!)}" type="${r.status}">${xml(`${r.id} [${r.level}] ${r.status}: ${reason}`)}</error>`;
    case 'skipped':
      return `<skipped message="${xml(reason)}"/>`;
    case 'warning': {
      const what = f ? f.title : reason.split('\n')[0]!;
      const text = f ? findingText(cert, f) + more : reason;
      return (
        `<properties><property name="warning" value="${xml(`SHOULD failed (not counted against the verdict; --strict makes it a failure): ${what}`)}"/></properties>` +
        `<system-out>${xml(`warning: ${r.id} [SHOULD] failed: ${what}\n${text}`)}</system-out>`
      );
    }
    case 'pass':
      if (r.status !== 'observed' || !f) return '';
      return `<system-out>${xml(r.findings.map((o) => `observed: ${o.title}\n${findingText(cert, o)}`).join('\n\n') + more)}</system-out>`;
  }
}

/** JUnit's time: the requirement's tests' time in seconds (0 when a certificate of an older run kept none). */
const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

function counts(list: RequirementResult[], opts: JunitOptions) {
  const n = (o: JunitOutcome) => list.filter((r) => junitOutcome(r, opts) === o).length;
  return `tests="${list.length}" failures="${n('failure')}" errors="${n('error')}" skipped="${n('skipped')}"`;
}

export function junitXml(cert: Certification, o: JunitOptions = {}): string {
  const bySection = new Map<string, RequirementResult[]>();
  for (const r of cert.requirements) bySection.set(r.section, [...(bySection.get(r.section) ?? []), r]);
  const suites = [...bySection].map(([section, list]) => {
    const cases = list.map((r) => {
      const name = `${r.id} [${r.level}] ${r.title}`;
      return `    <testcase classname="${xml(`section ${section}`)}" name="${xml(name)}" time="${seconds(r.durationMs)}">${testcaseBody(cert, r, o)}</testcase>`;
    });
    const time = seconds(list.reduce((n, r) => n + (r.durationMs ?? 0), 0));
    return `  <testsuite name="${xml(`section ${section}`)}" ${counts(list, o)} time="${time}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const name = `erp-conformance ${cert.target.name}: ${cert.verdict}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${xml(name)}" ${counts(cert.requirements, o)} time="${seconds(cert.durationMs)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
