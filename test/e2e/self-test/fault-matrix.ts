// The suite proves itself, part 2: against each fault switch of the reference the run fails
// exactly the requirements the fault names, no fewer and no more (and is not certified when one of
// them is a MUST). Cut in faults-1, faults-2 (both workers share it) and
// test/load/fault-matrix-rl.test.ts for the rate-limit faults, whose runs measure timing; npm
// test runs the gate's part (matrix-parts.ts); the other faults' runs are tagged `whole` (CI).
// matrix-parts.test.ts checks that the parts hold each fault once.
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../../../reference/faults.ts';
import { difference, faultMatrix, MATRIX_NUM_RUNS, matrixTable, runVerdict, type MatrixRow } from './matrix.ts';
import { ALL_FAULTS, gateFaults, matrixPart, PARTS } from './matrix-parts.ts';
import { tempOut } from './run-reference.ts';
import { tiered } from '../../tiers.ts';

export function describeFaultMatrix(part: number | 'rate-limit'): void {
  const names = matrixPart(part);
  const gate = new Set(gateFaults());
  const cases = names.map((name) => [name, FAULTS.find((f) => f.name === name)!.breaks.join(', ')] as const);
  const faults = tiered(
    cases,
    cases.filter(([name]) => gate.has(name)),
  );
  const selected = faults.selected.map(([name]) => name);
  const which = `${ALL_FAULTS.length} faults, ${gate.size} of them in npm test`;
  const title = part === 'rate-limit' ? 'its rate-limit faults, two runs at a time' : `part ${part} of ${PARTS}`;
  let rows: MatrixRow[] = [];

  describe(`the fault matrix (${which}), ${title}`, () => {
    beforeAll(async () => {
      if (selected.length === 0) return;
      rows = await faultMatrix({ numRuns: MATRIX_NUM_RUNS, faults: selected, concurrency: 2, outRoot: tempOut(`faults-${part}`) });
      process.stdout.write(`${matrixTable(rows)}\n`);
    }, 900_000);

    faults.each('catches fault %s, which breaks %s', (name) => {
      const row = rows.find((r) => r.fault === name)!;
      expect(row.error).toBeUndefined();
      // Each id it breaks, and no other but one it may break when tests overlap (Fault.mayBreak).
      expect(difference(row)).toEqual({ missed: [], extra: [] });
      expect(row.caught).toBe(true);
      // The verdict of its run, which the seed sweep (seed-sweep.whole.test.ts) requires of its other seeds.
      expect(row.verdict).toBe(runVerdict(row.run));
    });

    it('has no survivor', () => {
      expect(rows).toHaveLength(selected.length);
      expect(rows.filter((r) => !r.caught).map((r) => r.fault)).toEqual([]);
    });
  });
}
