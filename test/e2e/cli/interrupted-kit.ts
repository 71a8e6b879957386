// What an interrupted run leaves, as the signal tests check it (interrupts.test.ts: the bin's
// process group; interrupts-npx.whole.test.ts: through npx): the certificate in --out, verdict
// "interrupted", every requirement it did not get to verify "not run" with the reason.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Certification } from '../../../reports/model.ts';
import { WORKER_FAULT_ENV } from '../../../runtime/worker-fault.ts';

/** From the signal to the exit: "within a few seconds" on a quiet machine, this on a loaded one. */
export const AFTER_SIGNAL_MS = 30_000;
/** A suite file's line: the suites are running. */
export const SUITES_RUNNING = /^ {2}suites\/\S+\.test\.ts/m;

/**
 * The environment of a run the signal must find running: one report file's tests never end (the
 * test-only switch of runtime/worker-fault.ts), so no moment and no suite file's line comes after the
 * run's end, however fast the machine (a whole run of 3 runs per property took under 3 s on a fast one).
 */
export const HELD_RUN = { [WORKER_FAULT_ENV]: 'hold@suites/report/branch-text.test.ts' };

export const EXIT_AFTER: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

/** certification.json of `dir` (certification.html beside it); `output`: what the run printed, shown when it is missing. */
export function certificate(dir: string, output?: string): Certification {
  expect(existsSync(join(dir, 'certification.html')), output).toBe(true);
  return JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8')) as Certification;
}

/** Every requirement the run did not get to verify is "not run", saying the run was interrupted. */
export function expectInterrupted(cert: Certification) {
  expect(cert.verdict).toBe('interrupted');
  expect(cert.stoppedBy).toBe('interrupted');
  const notRun = cert.requirements.filter((r) => r.status === 'not-run');
  expect(notRun.length).toBeGreaterThan(0);
  for (const r of notRun) expect(r.reason, r.id).toMatch(/interrupted/);
  // Nothing the interrupt cut short is a failure or a pass without evidence.
  expect(cert.requirements.filter((r) => r.status === 'failed')).toEqual([]);
  for (const r of cert.requirements.filter((x) => x.status === 'passed')) expect(r.evidence, r.id).toBeGreaterThan(0);
}
