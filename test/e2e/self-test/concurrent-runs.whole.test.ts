// Two runs of the kit at once against one server (a pull request's job and the nightly on one
// shared staging server): different seeds, one committed config with Order Create, every suite in
// both. Each run's writes are the other's "another writer", told apart by the run's marker
// (runtime/marker.ts), so both are certified, on the default vendor and on the production-shaped
// one (vasy: quotas per operation shared by the two runs' one token, 200 + status false), the two
// profiles side by side, each on a server of its own. Few runs per property: it is the overlap that
// is tested, not the properties. One pair per profile per CI run (a whole pair under vasy's quotas
// waits out their windows: docs/decisions.md); five of five is this file run five times. The whole
// set's (a *.whole.test.ts file, test/tiers.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import { runConformance } from '../../../engine/run.ts';
import { startReference } from '../../../reference/server.ts';
import { WHOLE_FILE } from '../../tiers.ts';
import { raisedLimits, tempOut } from './run-reference.ts';

const PROFILES = ['default', 'vasy'] as const;
/** The pair of seeds of each profile's two runs. */
const PAIR: [number, number] = [101, 202];
const NUM_RUNS = 2;

interface Run {
  seed: number;
  verdict: string;
  failed: string[];
  inconclusive: string[];
  seconds: number;
  /** Answers 429 the run met (the quotas the two runs share), and the time waited. */
  answers429: number;
  waitedS: number;
}

/** The pair of one profile: two whole runs at once against the profile's one server. */
async function pairOn(profile: (typeof PROFILES)[number]): Promise<Run[]> {
  const server = await startReference({ port: 0, faults: [], profile, ...raisedLimits(profile) });
  try {
    const config = loadConfig({ base: server.runConfig(), env: {} });
    const one = async (seed: number): Promise<Run> => {
      const t0 = Date.now();
      const out = tempOut(`concurrent-${profile}-${seed}`);
      const r = await runConformance({ allure: false, numRuns: NUM_RUNS, seed, log: () => {}, config, out });
      const c = r.certification;
      return {
        seed,
        verdict: c.verdict,
        failed: c.requirements.filter((x) => x.status === 'failed' && x.level !== 'INFO').map((x) => x.id),
        inconclusive: c.requirements
          .filter((x) => x.status === 'inconclusive' || x.status === 'not-run')
          .map((x) => `${x.id}: ${x.reason ?? ''}`.slice(0, 240)),
        seconds: (Date.now() - t0) / 1000,
        answers429: c.figures.answers429,
        waitedS: c.figures.waitedMs / 1000,
      };
    };
    return await Promise.all(PAIR.map((seed) => one(seed)));
  } finally {
    await server.close();
  }
}

describe('two runs at once against one server, different seeds, one config', WHOLE_FILE, () => {
  const results = new Map<string, Run[]>();

  beforeAll(async () => {
    // The two profiles at once, each its own server: four whole runs at once.
    const all = await Promise.all(PROFILES.map((profile) => pairOn(profile)));
    for (const [p, profile] of PROFILES.entries()) {
      results.set(profile, all[p]!);
      for (const r of all[p]!)
        process.stdout.write(
          `${profile} seed ${r.seed}: ${r.verdict} in ${r.seconds.toFixed(1)} s (${r.answers429} answers 429, ${r.waitedS.toFixed(1)} s waited); failed: ${r.failed.join(',') || 'none'}; not verified: ${r.inconclusive.join(' | ') || 'none'}\n`,
        );
    }
  }, 1_800_000);

  it.each(PROFILES)('certifies both whole runs of the pair on profile %s, with no MUST or SHOULD failed and nothing left unverified', (profile) => {
    const pair = results.get(profile)!;
    expect(pair.map((r) => r.seed)).toEqual(PAIR);
    for (const r of pair) {
      expect(r.failed, `seed ${r.seed}`).toEqual([]);
      expect(r.inconclusive, `seed ${r.seed}`).toEqual([]);
      expect(r.verdict, `seed ${r.seed}`).toBe('certified');
    }
  });
});
