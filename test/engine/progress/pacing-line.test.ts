// The certificate's pacing line: the 429s met are those waited out and those still refused, the
// counts add up, and the waited time is named wall time.
import { describe, expect, it } from 'vitest';
import { answers429, pacingLine } from '../../../engine/progress/pacing-line.ts';
import type { RunConfig } from '../../../config/schema.ts';

const run = { concurrency: 8, rateLimit: { report: { requests: 5, windowMs: 2000 } } } as unknown as RunConfig['run'];

describe('the pacing line', () => {
  it('says how the 429s met divide, adding up, and the wall time waited', () => {
    const w = { requests: 300, responses429: 280, retries429: 274, refused429: 6, waitedMs: 195_300 };
    expect(answers429(w)).toBe('280 answers 429 (274 waited out, 6 still refused; 195.3 s waited, wall time)');
    const line = pacingLine(run, { ...w, pacing: 'learnt', operations: { report: { sent: 300, responses429: 280 } } });
    expect(line).toContain('; 280 answers 429 (274 waited out, 6 still refused; 195.3 s waited, wall time); requests per operation: report 300 (280 x 429)');
  });

  it('names 429s neither waited out nor refused rather than let the counts disagree', () => {
    expect(answers429({ responses429: 10, retries429: 7, refused429: 1, waitedMs: 1000 })).toBe(
      '10 answers 429 (7 waited out, 1 still refused, 2 otherwise; 1.0 s waited, wall time)',
    );
  });

  it('without the split (a progress file of an older worker) gives the total', () => {
    expect(answers429({ responses429: 3, waitedMs: 1500 })).toBe('3 answers 429 (1.5 s waited, wall time)');
  });

  it('says nothing of 429s when none was met', () => {
    expect(pacingLine(run, { requests: 10, responses429: 0, waitedMs: 0 })).not.toMatch(/429/);
  });
});
