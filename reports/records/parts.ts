// A run in parts: a run cut by its budget or interrupted goes on with `run --resume DIR` (nightly
// jobs of fixed length build one certificate together). Each part re-runs the tests that did not
// end in the parts before it; the tests that ended keep their findings and evidence. This joins a
// part's records to the records of the parts before it and says, for the certificate, which part
// verified what, when, and how many requests it sent.
import { emptyRecord } from '../../core/record.ts';
import { crashSentence } from '../crash.ts';
import { ended, idsOf, type Certification, type PartFacts, type PartSummary, type StoppedBy } from '../model.ts';
import type { Collected, CollectedTest } from './collected.ts';
import type { RunRecords } from './records.ts';
import { sumFigures, type Figures } from '../figures.ts';
import { reasonSays } from '../../core/words/reasons.ts';

/** A test across parts: its suite file and its name. */
export const testKey = (t: Pick<CollectedTest, 'file' | 'name'>) => `${t.file}\u0000${t.name}`;

/** The parts of a run's records (a run that never resumed is its one part). */
export function partsOf(records: RunRecords): PartFacts[] {
  if (records.parts?.length) return records.parts;
  const f = records.facts;
  const sent = records.collected.tests.reduce((n, t) => n + (t.record?.requests ?? 0), 0) + (f.preflight?.requests ?? 0);
  return [
    {
      index: 1,
      startedAt: f.startedAt,
      durationMs: f.durationMs,
      requests: sent,
      ...(f.figures ? { figures: partFigures(f.figures) } : {}),
      ...(f.stoppedBy ? { stoppedBy: f.stoppedBy } : {}),
      ...crashedOf(records),
    },
  ];
}

/** A part's own figures: those of the run's facts without how the wait was counted (a part's is wall time). */
function partFigures(f: Figures): Figures {
  return { requests: f.requests, answers429: f.answers429, waitedOut: f.waitedOut, stillRefused: f.stillRefused, waitedMs: f.waitedMs };
}

/** A part's worker death, in words, for its row (an interrupt is the cause of what it cut: no crash). */
export function crashedOf(records: Pick<RunRecords, 'collected' | 'facts'>): { crashed?: string } {
  const crashes = records.facts.stoppedBy === 'interrupted' ? [] : (records.collected.crashes ?? []);
  return crashes.length ? { crashed: crashes.map(crashSentence).join('; ') } : {};
}

/**
 * The records of the parts before and of this one, as one run: a test this part re-ran
 * (it left a record) replaces the earlier one; every other test is kept as the earlier parts left
 * it. The run's facts are the first part's (target, seed, selection), but its stop, preflight and
 * duration come from the parts.
 */
export function joinParts(previous: RunRecords, current: RunRecords, reruns: (t: CollectedTest) => boolean, part: PartFacts): RunRecords {
  const earlier = partsOf(previous);
  const tests = new Map<string, CollectedTest>();
  for (const t of previous.collected.tests) tests.set(testKey(t), notEnded(t, previous.facts.stoppedBy));
  for (const t of current.collected.tests) {
    const key = testKey(t);
    if (reruns(t) && (ended(t) || !tests.get(key)?.record)) tests.set(key, notEnded({ ...t, part: part.index }, current.facts.stoppedBy));
  }
  const collected: Collected = {
    tests: [...tests.values()],
    errors: [...previous.collected.errors, ...current.collected.errors.map((e) => `part ${part.index}: ${e}`)],
  };
  // A worker that died cut the tests it ran; the next part re-runs them. While one of them has not
  // ended, the death stays a run error of the whole run (the cause of their "not run"); once every
  // one has, it is history: its part's row names it (PartFacts.crashed), the verdict no longer does.
  const open = collected.tests.some((t) => !ended(t) && idsOf(t, true).length > 0);
  const crashes = [...(open ? (previous.collected.crashes ?? []) : []), ...(current.collected.crashes ?? [])];
  if (crashes.length) collected.crashes = crashes;
  // What a flag given anew narrows holds for the part it was given to: the last part's is the run's.
  const { stoppedBy: _s, preflight: _p, narrowed: _n, figures: _f, ...first } = previous.facts;
  // The parts follow each other: the run's figures are theirs added up, when every part counted them.
  const all = [...earlier, part];
  const counted = all.every((p) => p.figures) ? { figures: { ...sumFigures(all.map((p) => p.figures!)), waited: 'wall time' as const } } : {};
  const facts = {
    ...first,
    ...counted,
    ...(current.facts.narrowed?.length ? { narrowed: current.facts.narrowed } : {}),
    durationMs: earlier.reduce((n, p) => n + p.durationMs, 0) + part.durationMs,
    ...(current.facts.stoppedBy ? { stoppedBy: current.facts.stoppedBy } : {}),
    ...(current.facts.preflight ? { preflight: current.facts.preflight } : previous.facts.preflight ? { preflight: previous.facts.preflight } : {}),
    // The pacing is this part's (its operations' requests and 429s): said so, beside the run's figures.
    ...(current.facts.pacing ? { pacing: `part ${part.index}: ${current.facts.pacing}` } : {}),
  };
  return { ...previous, facts, collected, parts: [...earlier, part] };
}

/**
 * A test an earlier part never started or never saw end leaves no record: it gets one that says so,
 * so its requirements stay "not run" until a part runs it to its end (whatever later parts stop by).
 */
function notEnded(t: CollectedTest, stoppedBy: StoppedBy | undefined): CollectedTest {
  const ids = idsOf(t, !!stoppedBy);
  if (ended(t) || ids.length === 0) return { ...t, part: t.part ?? 1 };
  if (t.record) return { ...t, record: { ...t.record, notRun: t.record.notRun ?? reasonSays('stoppedInTest', { stoppedBy }) }, part: t.part ?? 1 };
  const record = { ...emptyRecord(ids), notRun: reasonSays('stoppedInTest', { stoppedBy }) };
  return { ...t, record, part: t.part ?? 1 };
}

/** Which part verified each requirement: the last part one of the tests behind its verdict ran in. */
export function partSummaries(records: RunRecords, cert: Certification): PartSummary[] | undefined {
  if (!records.parts || records.parts.length < 2) return undefined;
  const decidedIn = new Map<string, number>();
  for (const r of cert.requirements.filter((x) => x.status !== 'not-run' && x.status !== 'skipped')) {
    const parts = records.collected.tests.filter((t) => ended(t) && t.record!.ids.includes(r.id)).map((t) => t.part ?? 1);
    if (parts.length) decidedIn.set(r.id, Math.max(...parts));
  }
  return records.parts.map((p) => ({ ...p, verified: [...decidedIn].filter(([, i]) => i === p.index).map(([id]) => id) }));
}
