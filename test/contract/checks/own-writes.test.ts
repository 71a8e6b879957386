// contract/checks/own-writes.ts: a record is a refused request's only when it carries that
// request's marker; another writer's record (no marker, another run's) is never taken for one.
import { describe, expect, it } from 'vitest';
import { holdsMarker, madeByRefused, type MarkedRead } from '../../../contract/checks/own-writes.ts';
import type { Exchange } from '../../../core/types.ts';

const ex = (seq: number) => ({ seq }) as unknown as Exchange;
const read = (id: string, text: unknown): MarkedRead => ({ id, ex: ex(Number(id)), text });
const refused = [
  { marker: 'erpc-c0ffee00-s42-refused3', ex: ex(3) },
  { marker: 'erpc-c0ffee00-s42-refused4', ex: ex(4) },
];

describe('holdsMarker', () => {
  it('finds a marker whole, also inside a longer text, and not as the start of a longer marker', () => {
    expect(holdsMarker('erpc-c0ffee00-s42-refused3', 'erpc-c0ffee00-s42-refused3')).toBe(true);
    expect(holdsMarker('Order erpc-c0ffee00-s42-refused3 (web)', 'erpc-c0ffee00-s42-refused3')).toBe(true);
    expect(holdsMarker('erpc-c0ffee00-s42-refused31', 'erpc-c0ffee00-s42-refused3')).toBe(false);
    expect(holdsMarker('erpc-c0ffee00-s42-refused31 erpc-c0ffee00-s42-refused3', 'erpc-c0ffee00-s42-refused3')).toBe(true);
    expect(holdsMarker(undefined, 'erpc-c0ffee00-s42-refused3')).toBe(false);
    expect(holdsMarker(1234, '1234')).toBe(false);
  });
});

describe('madeByRefused', () => {
  it("takes no record of another writer for a refused request: no marker, another run's marker, this run's accepted ones", () => {
    const reads = [read('11', ''), read('12', 'erpc-0badf00d-s7-refused3'), read('13', 'erpc-c0ffee00-s42-made1'), read('14', null)];
    const whose = madeByRefused(reads, refused);
    expect(whose.made).toEqual([]);
    expect(whose.others.map((r) => r.id)).toEqual(['11', '12', '13', '14']);
  });

  it('names the refused request whose marker a record carries', () => {
    const whose = madeByRefused([read('11', ''), read('12', 'erpc-c0ffee00-s42-refused4')], refused);
    expect(whose.made.map((m) => [m.read.id, m.by.marker])).toEqual([['12', 'erpc-c0ffee00-s42-refused4']]);
    expect(whose.others.map((r) => r.id)).toEqual(['11']);
  });
});
