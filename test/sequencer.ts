// The order npm test hands its files to the workers: the groups in their order
// (sequence.groupOrder), and inside a group, whatever its project, the files known to be long
// first, so that the two workers finish together; on a clean clone vitest has no durations of
// earlier runs and would start the largest files first.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** ERP_FULL_MATRIX=1 or true: every fault (as test/self-test/matrix-parts.ts reads it). */
const FULL = ['1', 'true'].includes(process.env.ERP_FULL_MATRIX ?? '');

/**
 * How long each long file takes, in seconds of a quiet 2-core machine with both workers busy
 * (npm test; relative weights matter, not the figures: measured under contention they scale
 * together). The quick fault matrix is two small files; with ERP_FULL_MATRIX=1 they are the
 * longest (about 75 s each), and start first.
 */
const LONG: Record<string, number> = {
  'self-test/profiles': FULL ? 150 : 60,
  'self-test/broken-servers': FULL ? 70 : 40,
  'self-test/faults-1': FULL ? 75 : 12,
  'self-test/faults-2': FULL ? 75 : 14,
  'self-test/reruns': FULL ? 40 : 25,
  'self-test/nightly': 25,
  'self-test/reference-clean': 19,
  'self-test/replay': 19,
  'self-test/verified-by': 8,
  'self-test/pacing': 7,
  'cli/cli': 16,
  'cli/conventions': 15,
  'cli/resume': 24,
  'cli/interrupts': 17,
  'reports/outputs': 20,
  'reports/sharded-run': 13,
  'reports/browser': 19,
  'suites/preflight-quotas': 11,
  'reference/faults': 15,
  'cli/init-discover': 9,
  'reports/sharded-reference': 8,
  'cli/index-quota': 9,
  'reference/fuzz': 12,
  'reports/replay-line': 8,
  'reference/profile-limits': 11,
  'load/fault-matrix-rl': 20,
  'load/cli': 22,
};

const weight = (f: TestSpecification) => {
  const name = f.moduleId.replace(/\.test\.ts$/, '');
  return Object.entries(LONG).find(([k]) => name.endsWith(`${path.sep}${k.split('/').join(path.sep)}`))?.[1] ?? 0;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const at = new Map(sorted.map((f, i) => [f, i]));
    return [...sorted].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      return group || weight(b) - weight(a) || at.get(a)! - at.get(b)!;
    });
  }
}
