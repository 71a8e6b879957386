// The order npm test hands its files to the workers: vitest's own (groups, then projects), and
// inside a project the files known to be long first, so that two workers finish together; on a
// clean clone vitest has no durations of earlier runs and would start the largest files first.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * How long each long file takes, in seconds of a quiet 2-core machine with both workers busy
 * (npm test; relative weights matter, not the figures: measured under contention they scale
 * together). The quick fault matrix is two small files; with ERP_FULL_MATRIX=1 they are the
 * longest (about 75 s each), and start first.
 */
/** ERP_FULL_MATRIX=1 or true: every fault (as test/self-test/matrix-parts.ts reads it). */
const FULL = ['1', 'true'].includes(process.env.ERP_FULL_MATRIX ?? '');

const LONG: Record<string, number> = {
  'broken-servers': 110,
  'faults-1': FULL ? 75 : 20,
  'faults-2': FULL ? 75 : 12,
  reruns: 40,
  profiles: 40,
  pacing: 16,
  'reference-clean': 11,
  replay: 9,
  'cli/cli': 18,
  'reference/faults': 13,
  'reference/fuzz': 9,
  'sharded-run': 14,
  'report-command': 5,
};

const weight = (f: TestSpecification) => {
  const name = f.moduleId.replace(/\.test\.ts$/, '');
  return Object.entries(LONG).find(([k]) => name.endsWith(`${path.sep}${k}`))?.[1] ?? 0;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const at = new Map(sorted.map((f, i) => [f, i]));
    return [...sorted].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0 || a.project.name !== b.project.name) return at.get(a)! - at.get(b)!;
      return weight(b) - weight(a) || at.get(a)! - at.get(b)!;
    });
  }
}
