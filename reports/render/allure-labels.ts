// How a conformance test appears in Allure: labelled by the requirements it verifies (epic = spec
// section, feature = operation, story = requirement, severity from the level), linked to the spec
// section, and with each finding's exchange (JSON), curl line and replay line (text) attached.
// Attachments are JSON or plain text only (never HTML), their text inert (reports/render/inert.ts), and
// a large id in the exchange keeps its digits (reports/json.ts).
import type { Label, Link } from 'allure-js-commons';
import { requirement } from '../../contract/requirements.ts';
import type { Finding, Level, Operation } from '../../core/types.ts';
import type { Invocation } from '../model.ts';
import { findingCurl } from './finding.ts';
import { inertDocumentText } from './inert.ts';
import { stringifyJson } from '../../core/json.ts';
import { replayCommand } from './replay.ts';
import { scrubDeep, type Scrub } from '../scrub.ts';
import { primarySection, sectionLink, sectionTitle } from './spec-sections.ts';

/** MUST critical, SHOULD normal, INFO minor. */
export const SEVERITY: Record<Level, 'critical' | 'normal' | 'minor'> = { MUST: 'critical', SHOULD: 'normal', INFO: 'minor' };

export const OPERATION_NAMES: Record<Operation, string | undefined> = {
  'order-status': 'Update Order Status (POST /api/v1/sales/{salesId}/update-order-status)',
  'customer-create': 'contactSave (POST /api/v1/customer/create)',
  report: 'Consumption Production Report (POST /api/v1/report/consumption-production-report)',
  'contact-read': 'Get Contact By Id (read-back extension)',
  index: 'the other operations of the index (config operations)',
  raw: undefined,
};

const unique = <T>(list: T[]) => [...new Set(list)];

export function allureLabels(ids: string[]): Label[] {
  const reqs = ids.map(requirement);
  const rank = (l: Level) => ['INFO', 'SHOULD', 'MUST'].indexOf(l);
  const top = reqs.map((r) => r.level).sort((a, b) => rank(b) - rank(a))[0] ?? 'INFO';
  return [
    ...unique(reqs.map((r) => sectionTitle(primarySection(r.section)))).map((value) => ({ name: 'epic', value })),
    ...unique(reqs.flatMap((r) => r.operations.map((o) => OPERATION_NAMES[o]).filter((n): n is string => !!n))).map((value) => ({ name: 'feature', value })),
    ...reqs.map((r) => ({ name: 'story', value: `${r.id} [${r.level}] ${r.title}` })),
    ...reqs.map((r) => ({ name: 'tag', value: r.id })),
    { name: 'severity', value: SEVERITY[top] },
  ];
}

export function allureLinks(ids: string[], env: NodeJS.ProcessEnv = process.env): Link[] {
  const sections = unique(ids.map((id) => primarySection(requirement(id).section)));
  return sections.flatMap((s) => {
    const url = sectionLink(s, env);
    return url ? [{ name: `spec ${sectionTitle(s)}`, url, type: 'link' }] : [];
  });
}

export interface AllureAttachment {
  name: string;
  content: string;
  contentType: 'application/json' | 'text/plain';
}

/** The attachment name of a finding's part: "OS-4 finding 2: curl" (an INFO requirement's findings are observations). */
export function attachmentName(f: Pick<Finding, 'requirementId'>, n: number, part: 'exchange' | 'curl' | 'replay'): string {
  const level = (() => {
    try {
      return requirement(f.requirementId).level;
    } catch {
      return 'MUST';
    }
  })();
  return `${f.requirementId} ${level === 'INFO' ? 'observation' : 'finding'} ${n}: ${part}`;
}

/**
 * Per finding: its exchange as JSON, its curl line and, given how the run was started (`run`: its
 * invocation, so the line selects the same target), the line that replays a property failure
 * alone (reports/render/replay.ts, the line every report prints). Without `run`, the replay line is
 * added once the certificate is made (reports/render/allure-results.ts), which knows the invocation.
 * `run.scrub`: the run's token scrubber (reports/scrub.ts); scrub the contents with it again too.
 */
export function findingAttachments(list: Finding[], run?: { invocation?: Invocation; scrub?: Scrub }): AllureAttachment[] {
  // Scrubbed before the exchange is written as JSON, whose escaping would hide a token from the redactor.
  const findings = run?.scrub ? scrubDeep(list, run.scrub) : list;
  return findings.flatMap((f, i) => [
    ...(f.exchange ? [{ name: attachmentName(f, i + 1, 'exchange'), content: stringifyJson(f.exchange, 2), contentType: 'application/json' as const }] : []),
    ...curlAttachment(f, i + 1),
    ...(f.replay && run
      ? [{ name: attachmentName(f, i + 1, 'replay'), content: inertDocumentText(replayCommand(f.replay, run.invocation)), contentType: 'text/plain' as const }]
      : []),
  ]);
}

/** The curl line of a finding with an exchange (from the scrubbed finding: a token in it is gone before it is written). */
function curlAttachment(f: Finding, n: number): AllureAttachment[] {
  const curl = findingCurl(f);
  return curl ? [{ name: attachmentName(f, n, 'curl'), content: inertDocumentText(curl), contentType: 'text/plain' }] : [];
}
