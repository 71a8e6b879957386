// The Artillery script of the steady load `run --with-load` sends (suites/rate-limit, RL-5),
// written beside the certificate as load.artillery.yml: the very scenario of the run, for a
// platform team to scale past one machine (`artillery run-fargate --count N load.artillery.yml`)
// and read back with `report --artillery`. As with `load --export artillery`, the token is not in
// the file: each Artillery worker reads it from the config's env:NAME variable (else ERP_API_TOKEN).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunConfig } from '../../config/schema.ts';
import type { Phase } from '../engines/open.ts';
import { buildMix } from '../scenarios/mix.ts';
import { RUN_ARTILLERY_FILE } from './meta.ts';
import { artilleryScript } from './script.ts';

export interface RunLoadScenario {
  config: RunConfig;
  operation: 'report';
  phases: Phase[];
  rate: number;
  seconds: number;
}

/** Writes the scenario's script into `dir`; its path. */
export function writeLoadArtillery(dir: string, s: RunLoadScenario): string {
  const script = artilleryScript({
    config: s.config,
    mix: buildMix(s.config, [[s.operation, 1]]),
    phases: s.phases,
    scenario: 'steady',
    rate: s.rate,
    seconds: s.seconds,
    thresholds: [],
  });
  const file = join(dir, RUN_ARTILLERY_FILE);
  writeFileSync(file, script.text);
  return file;
}
