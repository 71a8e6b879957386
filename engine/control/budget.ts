// The run budget (run.maxDurationSeconds) holds the whole run, its certificate included: a CI job
// of a fixed length that sets it to the job's length gets its certificate before the job is cut.
// The tests stop a little before it (ENDING_SHARE of the budget, 1 s to 15 s), the time that
// ending the running tests and writing the certificate and reports takes (about a second on the
// reference at 360 s: bench/run-quotas.ts measures the whole run against the budget). No more:
// what the tests lose of the budget is what a tight budget's last MUSTs need.
export const ENDING_SHARE = 0.005;

/** What of the budget is kept for ending the tests and writing the certificate, in ms. */
export function endingReserveMs(maxDurationSeconds: number): number {
  return Math.min(15_000, Math.max(1_000, maxDurationSeconds * 1000 * ENDING_SHARE));
}

/** When the tests stop: the run's start plus its budget, less the ending reserve. */
export function testsDeadline(started: number, maxDurationSeconds: number): number {
  return started + maxDurationSeconds * 1000 - endingReserveMs(maxDurationSeconds);
}
