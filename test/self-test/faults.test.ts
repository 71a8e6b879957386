// The suite proves itself, part 2: against each fault switch of the reference the run fails
// exactly the requirements the fault names, no fewer and no more (and is not certified when one
// of them is a MUST).
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../../reference/faults.ts';
import { faultMatrix, matrixTable, type MatrixRow } from './matrix.ts';
import { tempOut } from './run-reference.ts';

let rows: MatrixRow[] = [];

describe('the fault matrix', () => {
  beforeAll(async () => {
    rows = await faultMatrix({ numRuns: 5, faults: FAULTS.map((f) => f.name), concurrency: 3, outRoot: tempOut('faults') });
    process.stdout.write(`${matrixTable(rows)}\n`);
  }, 900_000);

  it.each(FAULTS.map((f) => [f.name, f.breaks.join(', ')]))('catches fault %s, which breaks %s', (name) => {
    const row = rows.find((r) => r.fault === name)!;
    expect(row.error).toBeUndefined();
    expect([...row.failed].sort()).toEqual([...row.breaks].sort());
    expect(row.caught).toBe(true);
  });

  it('has no survivor', () => {
    expect(rows.filter((r) => !r.caught).map((r) => r.fault)).toEqual([]);
  });
});
