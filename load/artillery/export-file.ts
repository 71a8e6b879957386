// The Artillery script of the steady load `run --with-load` writes beside the certificate as
// load.artillery.yml, for a platform team to scale past one machine (`artillery run-fargate --count
// N load.artillery.yml`) and read back with `report --artillery`. It reaches the limit the probe
// measured: 1.5 times its rate (whole requests per second, rounded up) for at least two windows
// (a window measured within the probe's 2 % of a whole second taken as that second),
// longer than the run's own short load; with no limit measured, the run's own load. As with
// `load --export artillery`, the token is not in the file: each Artillery worker reads it from the
// config's env:NAME variable (else ERP_API_TOKEN).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunConfig } from '../../config/schema.ts';
import { buildMix } from '../scenarios/mix.ts';
import { loadPhases } from '../load.ts';
import { RUN_ARTILLERY_FILE } from './meta.ts';
import { artilleryScript } from './script.ts';

export interface RunLoadScenario {
  config: RunConfig;
  operation: 'report';
  /** The limit the probe measured, if any. */
  measured: { limit: number | null; windowSeconds: number | null } | undefined;
  /** The steady load the run itself sent. */
  sent: { rate: number; seconds: number };
}

/** How far past the measured rate the exported load goes, and for how many windows. */
export const EXPORT_OVER_RATE = 1.5;
export const EXPORT_WINDOWS = 2;
/** The probe's accuracy on a window (test/load/probe/probe.windows.whole.test.ts): a measured window this near a whole second is that second. */
export const WINDOW_ACCURACY = 0.02;

/** The window the export plans on: the whole second the measured one is within the probe's accuracy of, else as measured. */
export function plannedWindow(measured: number): number {
  const whole = Math.round(measured);
  return whole > 0 && Math.abs(whole - measured) <= WINDOW_ACCURACY * measured ? whole : measured;
}

/** The steady load the export sends: 1.5x the measured rate for two windows at least; the run's own when nothing was measured. */
export function exportedLoad(s: Pick<RunLoadScenario, 'measured' | 'sent'>): { rate: number; seconds: number } {
  const m = s.measured;
  if (!m?.limit || !m.windowSeconds || m.limit < 1 || m.windowSeconds <= 0) return s.sent;
  const window = plannedWindow(m.windowSeconds);
  const rate = Math.ceil((EXPORT_OVER_RATE * m.limit) / window);
  return { rate, seconds: Math.max(s.sent.seconds, Math.ceil(EXPORT_WINDOWS * window)) };
}

/** Writes the scenario's script into `dir`; its path. */
export function writeLoadArtillery(dir: string, s: RunLoadScenario): string {
  const { rate, seconds } = exportedLoad(s);
  const script = artilleryScript({
    config: s.config,
    mix: buildMix(s.config, [[s.operation, 1]]),
    phases: loadPhases({ rate, seconds }),
    scenario: 'steady',
    rate,
    seconds,
    thresholds: [],
  });
  const file = join(dir, RUN_ARTILLERY_FILE);
  writeFileSync(file, script.text);
  return file;
}
