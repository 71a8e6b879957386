// The baseline gate (`run --baseline PREV --fail-on new|any`): what certification.json keeps of
// the comparison with PREV (the certificate's first lines say it, console and HTML), and the exit
// code. With `new`, a run whose only failed MUSTs already failed in the baseline exits 0; those
// known failures stay listed. A run error, or any other verdict, keeps its own exit code.
import type { RunVerdict } from '../../core/types.ts';
import type { BaselineSummary, FailOn, Named } from './baseline-model.ts';
import { EXIT, type ExitCode } from '../../core/exit-codes.ts';
export type { BaselineSummary, FailOn } from './baseline-model.ts';
import { compare, type Comparison, type RequirementChange } from './compare.ts';
import type { Certification } from '../model.ts';
import { ageText } from './identity.ts';

const named = (l: RequirementChange[]): Named[] => l.map(({ id, level, title }) => ({ id, level, title }));

export function baselineSummary(c: Comparison, path: string, failOn: FailOn): BaselineSummary {
  const r = c.requirements;
  return {
    path,
    startedAt: c.prev.startedAt,
    ageMs: c.ageMs,
    differs: c.differs,
    failOn,
    verdictFrom: c.verdict.from,
    newlyFailed: named(r.newlyFailed),
    fixed: named(r.fixed),
    newlyInconclusive: named(r.newlyInconclusive),
    newlyNotRun: named(r.newlyNotRun),
    scopeIn: named(r.scopeIn),
    scopeOut: named(r.scopeOut),
    knownFailures: named(r.stillFailed),
    newFindings: c.findings.new.length,
    knownFindings: c.findings.known.length,
    newMustFailures: c.gate.newMustFailures,
  };
}

/** The exit code under the gate: with --fail-on new, a not-certified run with no new MUST failure and no run error exits 0. */
export function gatedExitCode(code: ExitCode, cert: { verdict: RunVerdict; errors: string[]; baseline?: BaselineSummary }): ExitCode {
  const b = cert.baseline;
  if (!b || b.failOn !== 'new' || cert.verdict !== 'not-certified' || cert.errors.length > 0) return code;
  return b.newMustFailures.length === 0 ? EXIT.ok : code;
}

/** What `run --baseline` keeps in the certificate: the comparison of the baseline with this run, summed up. */
export function sinceBaseline(b: { path: string; certification: Certification; failOn: FailOn }, cert: Certification): BaselineSummary {
  return baselineSummary(compare(b.certification, cert, { prev: b.path }), b.path, b.failOn);
}

const ids = (l: Named[]) => l.map((x) => `${x.id} [${x.level}]`).join(', ');

/** The certificate's first lines: the baseline (and how it differs, its age), then what changed since. */
export function baselineLines(b: BaselineSummary): string[] {
  const first = `Since the baseline of ${b.startedAt} (${ageText(b.ageMs)} older, ${b.path}${b.differs.length ? `; NOT like for like: ${b.differs.join('; ')}` : ''}):`;
  const lines = [first];
  const add = (label: string, l: Named[]) => l.length && lines.push(`  ${label} (${l.length}): ${ids(l)}`);
  add('newly failed', b.newlyFailed);
  add('fixed', b.fixed);
  add('newly inconclusive', b.newlyInconclusive);
  add('newly not run', b.newlyNotRun);
  add('into scope', b.scopeIn);
  add('out of scope', b.scopeOut);
  add('known failures, failed in the baseline too', b.knownFailures);
  if (lines.length === 1) lines.push(`  no requirement changed its status (verdict ${b.verdictFrom} then)`);
  lines.push(`  findings: ${b.newFindings} new, ${b.knownFindings} known (by fingerprint)`);
  if (b.failOn === 'new')
    lines.push(
      b.newMustFailures.length
        ? `  --fail-on new: ${b.newMustFailures.length} MUST failed that did not fail in the baseline (${b.newMustFailures.join(', ')})`
        : `  --fail-on new: no MUST failed that did not fail in the baseline${b.knownFailures.length ? '; the known failures above do not fail the gate' : ''}`,
    );
  return lines;
}
