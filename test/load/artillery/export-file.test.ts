// The Artillery script `run --with-load` writes (load/artillery/export-file.ts) reaches the limit the
// probe measured: 1.5x its rate, whole requests per second rounded up, for two windows at least;
// with nothing measured, the run's own steady load.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedLoad, writeLoadArtillery } from '../../../load/artillery/export-file.ts';
import { readMeta } from '../../../load/artillery/meta.ts';
import { configFor } from '../../support/reference.ts';

const sent = { rate: 8, seconds: 3 };

describe('the Artillery script of run --with-load', () => {
  it('sends 1.5x the measured rate for two windows: more than the limit lets through in them', () => {
    for (const [limit, windowSeconds] of [
      [60, 10],
      [5, 6],
      [20, 2],
      [300, 10],
    ] as const) {
      const e = exportedLoad({ measured: { limit, windowSeconds }, sent });
      expect(e.rate).toBeGreaterThanOrEqual((1.5 * limit) / windowSeconds);
      expect(e.rate).toBeLessThan((1.5 * limit) / windowSeconds + 1);
      expect(e.seconds).toBeGreaterThanOrEqual(2 * windowSeconds);
      // Two windows' time holds one whole fixed window (and any sliding one), in which it sends more than the limit.
      expect(e.rate * windowSeconds).toBeGreaterThan(limit);
    }
    expect(exportedLoad({ measured: { limit: 60, windowSeconds: 10 }, sent })).toEqual({ rate: 9, seconds: 20 });
  });

  it('plans on the whole second a window was measured within 2 % of, so a window measured a little long adds no second of load', () => {
    expect(exportedLoad({ measured: { limit: 20, windowSeconds: 2.04 }, sent })).toEqual({ rate: 15, seconds: 4 });
    expect(exportedLoad({ measured: { limit: 60, windowSeconds: 10.15 }, sent })).toEqual({ rate: 9, seconds: 20 });
    expect(exportedLoad({ measured: { limit: 60, windowSeconds: 9.85 }, sent })).toEqual({ rate: 9, seconds: 20 });
    // Further than the probe's accuracy from a whole second: as measured, two windows rounded up.
    expect(exportedLoad({ measured: { limit: 20, windowSeconds: 2.5 }, sent })).toEqual({ rate: 12, seconds: 5 });
  });

  it("sends the run's own load when no limit was measured", () => {
    expect(exportedLoad({ measured: undefined, sent })).toEqual(sent);
    expect(exportedLoad({ measured: { limit: null, windowSeconds: null }, sent })).toEqual(sent);
  });

  it('writes that load as its one steady phase, and its head says so for the read-back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-export-'));
    const file = writeLoadArtillery(dir, { config: configFor('http://127.0.0.1:9'), operation: 'report', measured: { limit: 60, windowSeconds: 10 }, sent });
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/arrivalRate: 9\b/);
    expect(text).toMatch(/duration: 20\b/);
    expect(readMeta(text)).toMatchObject({ scenario: 'steady', rate: 9, seconds: 20 });
  });
});
