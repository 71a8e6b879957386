// The order npm test hands its files to the workers: the groups in their order
// (sequence.groupOrder), and inside a group, whatever its project, the files known to be long
// first, so that the two workers finish together; on a clean clone vitest has no durations of
// earlier runs and would start the largest files first.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** ERP_FULL_MATRIX=1 or true: every fault (as test/e2e/self-test/matrix-parts.ts reads it). */
const FULL = ['1', 'true'].includes(process.env.ERP_FULL_MATRIX ?? '');

/**
 * How long each long file takes, in seconds of a quiet 2-core machine with both workers busy
 * (npm test; relative weights matter, not the figures: measured under contention they scale
 * together). The quick fault matrix is two small files; with ERP_FULL_MATRIX=1 they are long
 * (about 75 s each), and the seed sweep, which runs every fault's run and every profile again under
 * two more seeds, is the longest of all and starts first.
 */
const LONG: Record<string, number> = {
  'self-test/seed-sweep': FULL ? 300 : 20,
  'self-test/profiles': FULL ? 80 : 37,
  'self-test/broken-servers': FULL ? 70 : 57,
  'self-test/faults-1': FULL ? 75 : 9,
  'self-test/faults-2': FULL ? 75 : 14,
  'self-test/reruns': FULL ? 40 : 32,
  'self-test/nightly': 11,
  'self-test/reference-clean': 11,
  'self-test/endless-walks': FULL ? 90 : 38,
  'self-test/scope': 22,
  'self-test/config-forms': 20,
  'self-test/shared-server': FULL ? 45 : 20,
  'self-test/replay': 7,
  'self-test/verified-by': 5,
  'self-test/pacing': 4,
  'cli/cli': 7,
  'cli/conventions': 6,
  'cli/resume': 22,
  'cli/interrupts': 23,
  'cli/worker-crash': 23,
  'cli/interrupts-npx': FULL ? 120 : 25,
  'packaging/pid1': 19,
  'cli/plan': 16,
  'cli/preflight-config': 7,
  'cli/outputs': 22,
  'cli/sharded-run': 12,
  'html/browser': 14,
  'preflight/quotas': 5,
  'reference/faults': 13,
  'cli/init-discover': 9,
  'cli/init-detailed': 8,
  'cli/sharded-reference': 8,
  'cli/index-quota': 9,
  'reference/fuzz': 11,
  'cli/replay-line': 6,
  'reference/profile-limits': 11,
  'load/fault-matrix-rl': 21,
  'engines/burst': 13,
  'probe/probe.faults': 10,
  'probe/probe.accuracy': 10,
  'probe/probe.caps': 6,
  'load/cli': 23,
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
