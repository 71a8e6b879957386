// A finding is data; its words and curl line are made in one place (reports/render/finding.ts),
// and a finding an older run stored with its words in prints the same when read back.
import { describe, expect, it } from 'vitest';
import { keptFinding, MAX_KEPT_BODY } from '../../../core/record.ts';
import type { Finding } from '../../../core/types.ts';
import { storedFinding } from '../../../reports/records/stored-finding.ts';
import { findingCurl, findingText, renderFinding } from '../../../reports/render/finding.ts';
import { CURL, failingFinding } from '../sample.ts';

describe('the words of a finding', () => {
  it('are "Received ..." and "Expected ...", then its notes, one per line', () => {
    const f = failingFinding();
    expect(findingText(f)).toBe(`Received ${f.received}\nExpected HTTP 400`);
    expect(findingText({ ...f, notes: ['Empty: lastName', 'x'] })).toBe(`Received ${f.received}\nExpected HTTP 400\nEmpty: lastName\nx`);
  });

  it('end with a sequence of steps, each request as a curl line', () => {
    const ex = failingFinding().exchange!;
    const f: Finding = {
      ...failingFinding(),
      sequence: {
        title: 'Sequence (2 save(s))',
        steps: [
          { label: 'create', exchanges: [ex] },
          { label: 'save', exchanges: [] },
        ],
      },
    };
    expect(findingText(f).split('\n').slice(2)).toEqual(['Sequence (2 save(s)):', '1. create', `   ${CURL}`, '2. save']);
  });

  it('come with the curl line of the exchange, none without one', () => {
    expect(renderFinding(failingFinding())).toEqual({ text: findingText(failingFinding()), curl: CURL });
    const { exchange: _e, ...bare } = failingFinding();
    expect(renderFinding(bare)).toEqual({ text: findingText(bare) });
  });

  it('send a request body the kept exchange cut whole', () => {
    const f = failingFinding();
    const body = JSON.stringify({ orderStatus: 'x'.repeat(MAX_KEPT_BODY * 2) });
    const big = { ...f, exchange: { ...f.exchange!, request: { ...f.exchange!.request, body } } };
    const kept = keptFinding(big);
    expect(kept.exchange!.request.body!.length).toBeLessThan(body.length);
    expect(findingCurl(kept)).toBe(findingCurl(big));
    expect(findingCurl(kept)).toContain(body);
  });
});

describe('a finding an older run stored', () => {
  it('with its words and curl line in, reads back as data and prints the same', () => {
    const f = failingFinding();
    const multi = { ...f, expected: 'HTTP 400\nSequence (1 save(s)):\n1. create' };
    for (const g of [f, multi]) {
      const { received: _r, expected: _x, ...rest } = g;
      const old = { ...rest, message: findingText(g), curl: CURL } as unknown as Finding;
      const read = storedFinding(old);
      expect(read).not.toHaveProperty('message');
      expect(read).not.toHaveProperty('curl');
      expect(renderFinding(read)).toEqual(renderFinding(g));
    }
  });

  it('keeps a message not in the Received/Expected form whole', () => {
    const { received: _r, expected: _x, ...rest } = failingFinding();
    expect(storedFinding({ ...rest, message: 'Observed x' } as unknown as Finding)).toMatchObject({ received: 'Observed x', expected: '' });
  });

  it('in the data form is read as it is', () => {
    expect(storedFinding(failingFinding())).toEqual(failingFinding());
  });
});
