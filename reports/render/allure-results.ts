// The run's verdicts in its allure-results/. allure-vitest writes a result per test as vitest saw
// it: a test that ran and found nothing is "passed", although the certificate may call one of its
// requirements inconclusive (its checks saw nothing to apply to) or not run. Once the certificate
// is made, each result is brought in line with it (annotateAllureResults); running it twice
// changes nothing more.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Certification, RequirementResult } from '../model.ts';
import { inertDocumentText } from './inert.ts';
import { replayCommand } from './replay.ts';

interface Attachment {
  name: string;
  source: string;
  type: string;
}

interface AllureResult {
  uuid: string;
  name: string;
  status?: string;
  statusDetails?: { message?: string; trace?: string };
  labels?: { name: string; value: string }[];
  attachments?: Attachment[];
  steps?: { name?: string; attachments?: Attachment[] }[];
}

/** Allure's status of a test from vitest's and the verdicts of the requirements it verifies. */
export function allureStatus(vitestStatus: string | undefined, verdicts: Pick<RequirementResult, 'level' | 'status'>[]): string | undefined {
  if (vitestStatus !== 'passed') return vitestStatus;
  return verdicts.some((r) => r.level === 'MUST' && (r.status === 'inconclusive' || r.status === 'not-run')) ? 'broken' : 'passed';
}

const VITEST_STATUS = 'erp-vitest-status';
const VERDICTS = new Set(['passed', 'failed', 'observed', 'inconclusive', 'skipped', 'not-run']);

function notVerified(list: RequirementResult[]): string[] {
  return list.filter((r) => r.status === 'inconclusive' || r.status === 'not-run').map((r) => `${r.id} [${r.level}] ${r.status}: ${r.reason ?? ''}`);
}

function annotate(
  result: AllureResult,
  cert: Certification,
  byId: Map<string, RequirementResult>,
  write: (name: string, content: string) => string,
): AllureResult {
  const ids = (result.labels ?? []).filter((l) => l.name === 'tag' && byId.has(l.value)).map((l) => l.value);
  const verdicts = ids.map((id) => byId.get(id)!);
  const out: AllureResult = { ...result, labels: [...(result.labels ?? [])], attachments: [...(result.attachments ?? [])] };
  // vitest's own status is kept in a label, so a later certificate (report --merge of shards that
  // were each annotated) judges from it again rather than from an earlier annotation.
  const kept = out.labels!.find((l) => l.name === VITEST_STATUS);
  const vitestStatus = kept?.value ?? result.status;
  if (!kept && vitestStatus) out.labels!.push({ name: VITEST_STATUS, value: vitestStatus });
  const status = allureStatus(vitestStatus, verdicts);
  if (status) out.status = status;
  const open = notVerified(verdicts);
  const details = { ...(result.statusDetails ?? {}) };
  if (vitestStatus === 'passed') {
    if (open.length) details.message = `Not verified (no verdict without evidence):\n${open.join('\n')}`;
    else if (details.message?.startsWith('Not verified')) delete details.message;
  }
  if (details.message !== undefined) details.message = inertDocumentText(details.message);
  if (details.trace !== undefined) details.trace = inertDocumentText(details.trace);
  out.statusDetails = details;
  const verdictTags = new Set(verdicts.map((r) => `${r.id} ${r.status}`));
  const isVerdictTag = (v: string) => byId.has(v.split(' ')[0]!) && VERDICTS.has(v.split(' ')[1]!);
  out.labels = [...out.labels!.filter((l) => !(l.name === 'tag' && isVerdictTag(l.value))), ...[...verdictTags].map((value) => ({ name: 'tag', value }))];
  // One replay line per property failure (its findings share it), unless the harness attached it.
  const attached = [...out.attachments!, ...(result.steps ?? []).flatMap((s) => s.attachments ?? [])];
  if (!attached.some((a) => a.name.endsWith(': replay'))) {
    const lines = new Map<string, string>();
    for (const f of verdicts.flatMap((r) => r.findings)) {
      if (f.replay && f.replay.test === result.name) lines.set(replayCommand(f.replay, cert.invocation), f.requirementId);
    }
    let n = 0;
    for (const [line, id] of lines) {
      out.attachments!.push({ name: `${id} replay ${++n}: replay`, source: write('txt', inertDocumentText(line)), type: 'text/plain' });
    }
  }
  return out;
}

// How a result is brought in line:
// - a passed test with a MUST not verified (inconclusive, not run) becomes "broken", the reasons
//   in its status message (a defect of the run's fixtures or budget, not of the target);
// - a passed test with a SHOULD or INFO not verified stays passed, the reasons in its message;
// - every test is tagged with the verdicts of its requirements ("OS-4 failed", "ST-2 observed");
// - a finding that replays alone gets the replay line as a text attachment (reports/render/replay.ts);
// - status messages and text attachments are made inert (no escape sequence or bidi control).
/** Brings every result of `dir` (an allure-results/ folder) in line with the certificate; returns how many changed. */
export function annotateAllureResults(dir: string, cert: Certification): number {
  if (!existsSync(dir)) return 0;
  const byId = new Map(cert.requirements.map((r) => [r.id, r]));
  let changed = 0;
  for (const file of readdirSync(dir)) {
    const full = path.join(dir, file);
    if (file.endsWith('-attachment.txt')) {
      const text = readFileSync(full, 'utf8');
      const inert = inertDocumentText(text);
      if (inert !== text) writeFileSync(full, inert);
      continue;
    }
    if (!file.endsWith('-result.json')) continue;
    const text = readFileSync(full, 'utf8');
    let result: AllureResult;
    try {
      result = JSON.parse(text) as AllureResult;
    } catch {
      continue; // not one allure wrote whole; allure generate reports it
    }
    const uuid = file.slice(0, -'-result.json'.length);
    let n = 0;
    const write = (ext: string, content: string) => {
      const source = `${uuid}-erp-${++n}-attachment.${ext}`;
      writeFileSync(path.join(dir, source), content);
      return source;
    };
    const next = JSON.stringify(annotate(result, cert, byId, write));
    if (next !== JSON.stringify(result)) {
      writeFileSync(full, next);
      changed++;
    }
  }
  return changed;
}
