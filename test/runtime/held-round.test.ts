// A held round of a harness (runtime/held-round.ts): what a relation's reading leaves behind is
// kept aside until the caller judges the reading, then committed for the requirements it chooses.
import { describe, expect, it } from 'vitest';
import type { Harness } from '../../runtime/harness.ts';
import { holdRound, readRoundOf } from '../../runtime/held-round.ts';
import { offlineHarness } from './offline-harness.ts';

const harness = (): Harness => offlineHarness(['RP-2', 'RP-8'], { file: 'suites/report/filters.test.ts', test: 't', id: 'filters/RP-8+RP-2' });

/** A reading that finds something against RP-8, sees RP-2 twice, and has no verdict for RP-9b. */
function read(r: Harness) {
  r.note('RP-2', 2, 'report.count-is-walk');
  r.inconclusive('RP-9b', 'a walk was not read to its end');
  r.fail('RP-8', 'bom and mc are not together the whole', '1015 vs 1016', 'the same');
}

describe('a held round of a harness', () => {
  it('reads in its round; the test itself reads in round 0', () => {
    const h = harness();
    expect(readRoundOf(h)).toBe(0);
    expect(holdRound(h, 3).h.readRound).toBe(3);
    expect(readRoundOf(holdRound(h, 3).h)).toBe(3);
  });

  it('keeps evidence, findings and reasons aside until committed', () => {
    const h = harness();
    const round = holdRound(h, 1);
    read(round.h);
    expect(h.record.evidence).toEqual({});
    expect(h.record.inconclusive).toEqual({});
    expect(round.findings().map((f) => f.requirementId)).toEqual(['RP-8']);
    expect([...round.evidenced()]).toEqual(['RP-2']);
    expect([...round.reasoned()]).toEqual(['RP-9b']);
    // The record underneath is the test's: the view writes nothing but through a commit.
    h.finish();
    expect(h.record.findings).toEqual([]);
  });

  it('commits only the requirements chosen, with their findings kept', () => {
    const h = harness();
    const round = holdRound(h, 1);
    read(round.h);
    expect(round.commit((id) => id !== 'RP-8')).toEqual([]);
    expect(h.record.evidence).toEqual({ 'RP-2': 2 });
    expect(h.record.inconclusive).toEqual({ 'RP-9b': ['a walk was not read to its end'] });
    expect(round.commit((id) => id === 'RP-8').map((f) => f.requirementId)).toEqual(['RP-8']);
    h.finish();
    expect(h.record.findings.map((f) => f.requirementId)).toEqual(['RP-8']);
  });

  it('drops a round never committed: it leaves no evidence, finding or reason', () => {
    const h = harness();
    read(holdRound(h, 2).h);
    h.finish();
    expect(h.record.evidence).toEqual({});
    expect(h.record.inconclusive).toEqual({});
    expect(h.record.findings).toEqual([]);
  });
});
