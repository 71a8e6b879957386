// The certificate's pacing line: how the scheduler paced and each operation's requests (and 429s);
// the run's figures are not said here (reports/render/figures.ts says them once), and "none needed"
// only when the worker waited nothing.
import { describe, expect, it } from 'vitest';
import { pacingLine } from '../../../engine/progress/pacing-line.ts';
import type { RunConfig } from '../../../config/schema.ts';

const run = { concurrency: 8, rateLimit: { report: { requests: 5, windowMs: 2000 } } } as unknown as RunConfig['run'];

describe('the pacing line', () => {
  it('says how the run paced and each operation cost, but not the run figures again', () => {
    const w = { requests: 300, responses429: 280, retries429: 274, refused429: 6, waitedMs: 195_300 };
    const line = pacingLine(run, { ...w, pacing: 'learnt', operations: { report: { sent: 300, responses429: 280 } } });
    expect(line).toMatch(/^8 requests in flight, at most .*; learnt; requests per operation: report 300 \(280 x 429\)$/);
    expect(line).not.toMatch(/waited|answers 429/);
  });

  it('says "none needed" only when nothing waited', () => {
    expect(pacingLine(run, { requests: 10, responses429: 0, waitedMs: 0, pacing: 'none needed' })).toMatch(/; none needed$/);
    expect(pacingLine(run, { requests: 10, responses429: 0, waitedMs: 0 })).toMatch(/; none needed$/);
    const met = pacingLine(run, { requests: 10, responses429: 7, retries429: 7, refused429: 0, waitedMs: 3500, pacing: 'none needed' });
    expect(met).not.toMatch(/none needed/);
    expect(met).toContain('not paced ahead (429s waited out as they came)');
  });

  it('says nothing of 429s when none was met', () => {
    expect(pacingLine(run, { requests: 10, responses429: 0, waitedMs: 0 })).not.toMatch(/429/);
  });
});
