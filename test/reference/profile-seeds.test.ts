// Every vendor profile of the reference (reference/profiles/index.ts PROFILES, the stack-shaped ones
// included) on ten seeds, at the check level: each input of a run that moves with the seed and
// reaches a parser in one request (seed-inputs.ts) is drawn for the seed as the run draws it, sent
// to the profile, and its answer judged by the harness's envelope checks and the suite's own check:
// no MUST is failed on any seed, by any profile; the default vendor has no finding at all. npm test
// takes the measured seed, the whole set all ten; servers in this process, no whole run. The
// seed sweep's whole runs hold what is judged over several requests (seed-inputs.ts says which).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.ts';
import { requirement } from '../../contract/requirements.ts';
import { DEFAULT_TOKENS } from '../../reference/constants.ts';
import { PROFILE_NAMES } from '../../reference/profiles/index.ts';
import { referenceRunConfig } from '../../reference/run-config.ts';
import { failingIds } from './check-kit.ts';
import { exchangeOf } from './exchange-of.ts';
import { profileClient, type ProfileClient } from './profile-kit.ts';
import { judged, MEASURED_SEED, SEED_INPUTS, TEN_SEEDS, type Sent } from './seed-inputs.ts';
import { tiered } from '../tiers.ts';

/** A seed and the runs per property its inputs are drawn at. */
type Case = [seed: number, numRuns: number];
/** npm test: the measured seed at 10 runs per property (its examples and a few values); the whole set: all ten at 25. */
const GATE: Case = [MEASURED_SEED, 10];
const seeds = tiered<Case>([GATE, ...TEN_SEEDS.map((s): Case => [s, 25])], [GATE]);

/** One profile on one seed: per input, the answers' statuses counted and the ids found failing with their statuses. */
interface Row {
  statuses: Record<string, Record<string, number>>;
  found: Record<string, Record<string, number[]>>;
  requests: number;
}

const rows = new Map<string, Row>();
const at = (profile: string, [seed, numRuns]: Case) => rows.get(`${profile} ${seed} ${numRuns}`)!;
/** The requests of an input, drawn once for the profiles whose fixtures are the same. */
const draws = new Map<string, Sent[]>();
const exact = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x));

/** Sends every seed-moved input of a case to the profile's server and judges each answer. */
async function sweep(c: ProfileClient, [seed, numRuns]: Case): Promise<Row> {
  const config = loadConfig({ base: c.server.runConfig(), env: {} });
  const row: Row = { statuses: {}, found: {}, requests: 0 };
  for (const input of SEED_INPUTS) {
    const statuses: Record<string, number> = (row.statuses[input.name] = {});
    const found: Record<string, number[]> = (row.found[input.name] = {});
    const key = exact([input.name, seed, numRuns, config.fixtures]);
    if (!draws.has(key)) draws.set(key, input.draw({ config, seed, numRuns }));
    for (const s of draws.get(key)!) {
      const startedAt = new Date();
      const answer = await c.call(s.method, s.path, s.opts);
      const ex = exchangeOf({ seq: ++row.requests, base: c.server.url, method: s.method, path: s.path, opts: s.opts, startedAt }, answer);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      for (const id of failingIds(judged(input, ex))) (found[id] ??= []).push(answer.status);
    }
  }
  return row;
}

const clients: ProfileClient[] = [];

beforeAll(async () => {
  if (seeds.selected.length === 0) return;
  // One server per profile, its limits off (these tests ask what each profile answers, not how
  // often: test/reference/quotas.test.ts and the pacing self-test hold the limits); the seeds one
  // after the other on it, as runs follow each other on a staging server.
  await Promise.all(
    PROFILE_NAMES.map(async (name) => {
      const c = await profileClient(name, { rateLimit: null });
      clients.push(c);
      for (const k of seeds.selected) rows.set(`${name} ${k[0]} ${k[1]}`, await sweep(c, k));
    }),
  );
}, 3_600_000);
afterAll(() => Promise.all(clients.map((c) => c.close())));

/** The MUSTs found failing in a row, with the input and the statuses they were found on. */
const mustsOf = (row: Row) =>
  Object.entries(row.found).flatMap(([input, found]) =>
    Object.entries(found)
      .filter(([id]) => requirement(id).level === 'MUST')
      .map(([id, statuses]) => `${input}: ${id} on ${[...new Set(statuses)].join(',')}`),
  );

describe('every profile on ten seeds: the inputs that move with the seed through the suites own checks', () => {
  it('draws every input from the seed: the same requests for a seed, other requests for another', () => {
    expect(new Set(TEN_SEEDS).size).toBe(10);
    const config = loadConfig({ base: referenceRunConfig('http://127.0.0.1:1', [...DEFAULT_TOKENS], 1), env: {} });
    for (const input of SEED_INPUTS) {
      const drawn = (seed: number) => JSON.stringify(input.draw({ config, seed, numRuns: GATE[1] }));
      expect(drawn(MEASURED_SEED), input.name).toBe(drawn(MEASURED_SEED));
      expect(drawn(7), input.name).not.toBe(drawn(42));
    }
  });

  seeds.each('seed %s at %s runs per property: no profile fails a MUST; the default vendor has no finding', (seed, numRuns) => {
    const lines: string[] = [];
    for (const name of PROFILE_NAMES) {
      const row = at(name, [seed, numRuns]);
      expect(mustsOf(row), `${name} seed ${seed}`).toEqual([]);
      if (name === 'default') for (const [input, found] of Object.entries(row.found)) expect(found, `default, ${input}`).toEqual({});
      const others = Object.entries(row.found).flatMap(([input, f]) => Object.keys(f).map((id) => `${id} (${input})`));
      lines.push(`${name}: ${row.requests} requests; others failed: ${others.join(', ') || '-'}`);
    }
    // Each input reached every profile with requests of its own.
    for (const input of SEED_INPUTS)
      for (const name of PROFILE_NAMES) expect(Object.keys(at(name, [seed, numRuns]).statuses[input.name]!).length, input.name).toBeGreaterThan(0);
    process.stdout.write(`seed ${seed} at ${numRuns} runs:\n  ${lines.join('\n  ')}\n`);
  });
});
