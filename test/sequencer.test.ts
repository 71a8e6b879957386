// The order of the files (test/sequencer.ts): the groups in their order; inside a group the files
// that mostly wait on windows first (test/tiers.ts WAITING_FILES), then the projects longest first.
// The specifications are stand-ins with the fields the sequencers read; no earlier durations.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import LongestFirst from './sequencer.ts';
import { WAITING_FILES, WHOLE_SET_LONGEST } from './tiers.ts';

const ROOT = '/repo';
const GROUP: Record<string, number> = { load: 0, unit: 1, reference: 1, e2e: 1, 'whole-run': 1 };

const spec = (project: string, file: string) =>
  ({
    moduleId: `${ROOT}/${file}`,
    project: { name: project, config: { root: ROOT, isolate: project !== 'whole-run', sequence: { groupOrder: GROUP[project] } } },
  }) as unknown as TestSpecification;

/** A vitest with no results of earlier runs: the base order keeps the order given. */
const ctx = { config: { root: ROOT }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } } as unknown as Vitest;

/** The sequencer of the gate, or of the whole set (its command line's tag filter). */
class Sequencer extends LongestFirst {
  constructor(wholeSet: boolean) {
    super(ctx);
    this.wholeSet = wholeSet;
  }
}

const order = async (files: TestSpecification[], wholeSet = false) =>
  (await new Sequencer(wholeSet).sort(files)).map((f) => `${f.project.name} ${f.moduleId.slice(ROOT.length + 1)}`);

describe('the order of the files', () => {
  it('names waiting files and longest files that exist', () => {
    for (const f of [...WAITING_FILES, ...WHOLE_SET_LONGEST]) expect(existsSync(f), f).toBe(true);
  });

  it('starts the waiting files first in their group, then the whole runs, the CLI, the unit files', async () => {
    const files = [
      spec('unit', 'test/core/a.test.ts'),
      spec('whole-run', 'test/e2e/self-test/profiles.test.ts'),
      spec('e2e', 'test/e2e/cli/resume.test.ts'),
      spec('whole-run', 'test/e2e/self-test/quota-run.whole.test.ts'),
      spec('load', 'test/load/cli.test.ts'),
      spec('load', 'test/load/probe/probe.windows.whole.test.ts'),
      spec('whole-run', 'test/e2e/self-test/lying-retry-after.whole.test.ts'),
      spec('load', 'test/load/fault-matrix-rl.test.ts'),
    ];
    expect(await order(files)).toEqual([
      'load test/load/probe/probe.windows.whole.test.ts',
      'load test/load/fault-matrix-rl.test.ts',
      'load test/load/cli.test.ts',
      'whole-run test/e2e/self-test/quota-run.whole.test.ts',
      'whole-run test/e2e/self-test/lying-retry-after.whole.test.ts',
      'whole-run test/e2e/self-test/profiles.test.ts',
      'e2e test/e2e/cli/resume.test.ts',
      'unit test/core/a.test.ts',
    ]);
  });

  it('in the whole set, starts its longest files first in their project, in their order; the gate keeps its order', async () => {
    const files = [
      spec('load', 'test/load/cli.test.ts'),
      spec('load', 'test/load/artillery/round-trip.test.ts'),
      spec('load', 'test/load/engines/burst.test.ts'),
      spec('e2e', 'test/e2e/cli/plan.test.ts'),
      spec('e2e', 'test/e2e/cli/resume.test.ts'),
      spec('whole-run', 'test/e2e/self-test/scope.whole.test.ts'),
      spec('whole-run', 'test/e2e/self-test/pacing.whole.test.ts'),
      spec('whole-run', 'test/e2e/self-test/faults-2.test.ts'),
      spec('whole-run', 'test/e2e/self-test/quota-run.whole.test.ts'),
      spec('whole-run', 'test/e2e/self-test/profiles.test.ts'),
    ];
    expect(await order(files, true)).toEqual([
      'load test/load/engines/burst.test.ts',
      'load test/load/artillery/round-trip.test.ts',
      'load test/load/cli.test.ts',
      'whole-run test/e2e/self-test/quota-run.whole.test.ts',
      'whole-run test/e2e/self-test/profiles.test.ts',
      'whole-run test/e2e/self-test/faults-2.test.ts',
      'whole-run test/e2e/self-test/scope.whole.test.ts',
      'whole-run test/e2e/self-test/pacing.whole.test.ts',
      'e2e test/e2e/cli/resume.test.ts',
      'e2e test/e2e/cli/plan.test.ts',
    ]);
    expect(await order(files, false)).toEqual([
      'load test/load/engines/burst.test.ts',
      'load test/load/cli.test.ts',
      'load test/load/artillery/round-trip.test.ts',
      'whole-run test/e2e/self-test/quota-run.whole.test.ts',
      'whole-run test/e2e/self-test/scope.whole.test.ts',
      'whole-run test/e2e/self-test/pacing.whole.test.ts',
      'whole-run test/e2e/self-test/faults-2.test.ts',
      'whole-run test/e2e/self-test/profiles.test.ts',
      'e2e test/e2e/cli/plan.test.ts',
      'e2e test/e2e/cli/resume.test.ts',
    ]);
  });
});
