// `load --export artillery FILE`: the scenario the kit would run, as an Artillery 2 test script,
// for Artillery's own distributed runners (`artillery run-fargate --count N`, Lambda). The token is
// read from the environment of each Artillery worker, never written into the file. What differs
// from the kit's engine is said in the file's head: Artillery's latency runs from the send, not
// from the due instant; its weighted pick is random, not the kit's smooth round robin.
import type { RunConfig } from '../../config/schema.ts';
import type { Phase } from '../engines/open.ts';
import type { ScenarioName } from '../result.ts';
import type { Mix } from '../scenarios/mix.ts';
import type { Threshold } from '../scenarios/thresholds.ts';
import { ensureConditions } from './ensure.ts';
import { metaLine, type ScenarioMeta } from './meta.ts';
import { toYaml, type YamlValue } from './yaml.ts';

/** The environment variable each Artillery worker reads the token from when the config names none (the kit's own override). */
export const TOKEN_ENV = 'ERP_API_TOKEN';

/** The variable the config read its token from (its env:NAME), else the kit's own: the script and its run line name it. */
export const tokenEnvOf = (config: RunConfig): string => config.target.variables?.token ?? TOKEN_ENV;

/** The Artillery release the kit's round-trip test runs (scripts/artillery.sh installs it). */
export const ARTILLERY_VERSION = '2.0.34';

export interface ExportInput {
  config: RunConfig;
  mix: Mix;
  phases: Phase[];
  scenario: ScenarioName;
  rate: number;
  seconds: number;
  thresholds: Threshold[];
}

export interface ArtilleryScript {
  text: string;
  meta: ScenarioMeta;
  /** What the script cannot carry, said in its head too. */
  notes: string[];
}

const seconds3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The script:
 *  - config.target: the config's base URL origin (the paths keep its prefix, as the kit sends them);
 *  - config.phases: the open model's phases, one per phase of the kit (load/scenarios/phases.ts),
 *    each `arrivalRate` for `duration` seconds. The kit's ramp is in steps, so each step is a phase
 *    of its own rate, not a `rampTo`;
 *  - scenarios: one per operation of the mix, `weight` as in --mix, one POST each with the very
 *    bytes of the kit's body (load/scenarios/mix.ts), named by the operation so that
 *    metrics-by-endpoint counts statuses per operation;
 *  - `api-token: "{{ $env.NAME }}"`, NAME the variable of the config's env:NAME (else ERP_API_TOKEN);
 *  - config.ensure: the kit's thresholds (load/artillery/ensure.ts); 429s are `http.codes.429`,
 *    apart from the errors, as the kit counts them;
 *  - a comment line with the scenario as the kit declares it (load/artillery/meta.ts), for the read-back.
 */
export function artilleryScript(o: ExportInput): ArtilleryScript {
  if (o.phases.length === 0) throw new Error('the export is of the open model: give --rate (Artillery schedules arrivals, not connections)');
  const origin = new URL(o.config.target.baseUrl).origin;
  const ops = o.mix.requests.map((r) => ({ name: r.name, expected: r.expected }));
  const ensure = ensureConditions(o.thresholds, ops, o.seconds);
  const notes = [
    ...o.mix.notes,
    ...ensure.left,
    "latency is Artillery's: from the send of each request, not from its due instant as the kit's open model measures it",
    ...(o.mix.requests.length > 1
      ? ["the mix is Artillery's weighted random pick, not the kit's smooth round robin: shares hold over the run, not over every stretch"]
      : []),
  ];
  const meta: ScenarioMeta = {
    version: 1,
    target: { name: o.config.target.name, baseUrl: o.config.target.baseUrl },
    scenario: o.scenario,
    rate: o.rate,
    seconds: o.seconds,
    phases: o.phases.map((p) => ({ name: p.name, rate: p.rate, seconds: seconds3(p.seconds) })),
    mix: o.mix.requests.map((r) => ({ name: r.name, weight: r.weight, expected: r.expected, writes: r.writes, description: r.description })),
    thresholds: o.thresholds.map((t) => t.text),
    notes,
  };
  const script: YamlValue = {
    config: {
      target: origin,
      http: { timeout: Math.max(1, Math.ceil(o.config.target.timeoutMs / 1000)) },
      phases: o.phases.map((p) => ({ name: p.name, duration: seconds3(p.seconds), arrivalRate: p.rate })),
      plugins: {
        'metrics-by-endpoint': { useOnlyRequestNames: true },
        ...(ensure.conditions.length ? { ensure: {} } : {}),
      },
      ...(ensure.conditions.length ? { ensure: { conditions: ensure.conditions.map((c) => ({ expression: c.expression })) } } : {}),
    },
    scenarios: o.mix.requests.map((r) => ({
      name: r.name,
      weight: r.weight,
      flow: [
        {
          [r.method.toLowerCase()]: {
            url: r.path,
            name: r.name,
            headers: { ...r.headers, 'api-token': `{{ $env.${tokenEnvOf(o.config)} }}` },
            body: r.body,
          },
        },
      ],
    })),
  };
  const head = [
    `Artillery 2 script exported by erp-conformance load --export artillery (tested with artillery@${ARTILLERY_VERSION}).`,
    `${o.scenario} at ${o.rate}/s for ${o.seconds} s against ${origin} (${o.config.target.name}); ${o.mix.requests.map((r) => `${r.name} x${r.weight}: ${r.description}`).join('; ')}.`,
    `Run: ${tokenEnvOf(o.config)}=... npx artillery run --output result.json THIS_FILE; then: erp-conformance report --artillery result.json --script THIS_FILE`,
    `Distributed: npx artillery run-fargate --count N ... sends N times these phases, all with the one token: a limit per token is shared by the N machines.`,
    ...ensure.conditions.map((c) => `ensure: ${c.threshold} is ${c.expression}`),
    ...notes.map((n) => `note: ${n}`),
    metaLine(meta),
  ];
  return { text: toYaml(script, head), meta, notes };
}
