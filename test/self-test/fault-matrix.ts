// The suite proves itself, part 2: against each fault switch of the reference the run fails
// exactly the requirements the fault names, no fewer and no more (and is not certified when one
// of them is a MUST). The matrix is cut in two test files (faults-1, faults-2) so that both
// workers of npm test share it; together they hold every fault of reference/faults.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULTS, type FaultName } from '../../reference/faults.ts';
import { faultMatrix, faultsOfPart, matrixTable, type MatrixRow } from './matrix.ts';
import { tempOut } from './run-reference.ts';

export const PARTS = 2;
const ALL = FAULTS.map((f) => f.name as FaultName);

export function describeFaultMatrix(part: number): void {
  const names = faultsOfPart(ALL, part, PARTS);
  let rows: MatrixRow[] = [];

  describe(`the fault matrix, part ${part} of ${PARTS}`, () => {
    beforeAll(async () => {
      rows = await faultMatrix({ numRuns: 5, faults: names, concurrency: 2, outRoot: tempOut(`faults-${part}`) });
      process.stdout.write(`${matrixTable(rows)}\n`);
    }, 900_000);

    it.each(names.map((name) => [name, FAULTS.find((f) => f.name === name)!.breaks.join(', ')]))('catches fault %s, which breaks %s', (name) => {
      const row = rows.find((r) => r.fault === name)!;
      expect(row.error).toBeUndefined();
      expect([...row.failed].sort()).toEqual([...row.breaks].sort());
      expect(row.caught).toBe(true);
    });

    it('leaves no fault out: the parts hold every fault of the reference once', () => {
      const all = Array.from({ length: PARTS }, (_, i) => faultsOfPart(ALL, i + 1, PARTS)).flat();
      expect([...all].sort()).toEqual([...ALL].sort());
    });

    it('has no survivor', () => {
      expect(rows).toHaveLength(names.length);
      expect(rows.filter((r) => !r.caught).map((r) => r.fault)).toEqual([]);
    });
  });
}
