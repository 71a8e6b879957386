// The exported Artillery script: the scenario's phases, the mix's very bodies, the token only as
// an environment template, the thresholds as ensure conditions (evaluated here as Artillery's
// ensure plugin does: absent counts are 0), and the declaration the read-back uses.
import { describe, expect, it } from 'vitest';
import { ensureConditions } from '../../../load/artillery/ensure.ts';
import { readMeta } from '../../../load/artillery/meta.ts';
import { artilleryScript } from '../../../load/artillery/script.ts';
import { toYaml } from '../../../load/artillery/yaml.ts';
import { loadPhases } from '../../../load/load.ts';
import { buildMix } from '../../../load/scenarios/mix.ts';
import { parseThreshold } from '../../../load/scenarios/thresholds.ts';
import { configFor, holdsToken } from '../../support/reference.ts';

const config = configFor('http://127.0.0.1:9/erp');

function exported(scenario: 'steady' | 'ramp' | 'spike', thresholds: string[] = []) {
  const mix = buildMix(config, [
    ['report', 3],
    ['status-refused', 1],
  ]);
  const flags = { rate: 40, seconds: 10, scenario, ...(scenario === 'ramp' ? { steps: 4, from: 10 } : {}) };
  return artilleryScript({ config, mix, phases: loadPhases(flags), scenario, rate: 40, seconds: 10, thresholds: thresholds.map(parseThreshold) });
}

/** An ensure expression evaluated over `vars` the way filtrex does for these operators (absent: undefined). */
function holds(expression: string, vars: Record<string, number>): boolean {
  const names = Object.keys(vars).sort((a, b) => b.length - a.length);
  let js = expression;
  names.forEach((n, i) => (js = js.split(n).join(`$${i}$`)));
  js = js.replace(/plugins\.metrics-by-endpoint\.[\w-]+\.codes\.\d+|http\.[\w.]+/g, 'undefined').replace(/\$(\d+)\$/g, 'v[$1]');
  return Boolean(new Function('v', `return ${js};`)(names.map((n) => vars[n])));
}

describe('load --export artillery', () => {
  it('writes the phases, the bodies byte for byte and the token as $env, never its value', () => {
    const s = exported('steady');
    expect(holdsToken(s.text)).toBe(false);
    expect(s.text).toContain('target: "http://127.0.0.1:9"');
    expect(s.text).toContain('url: "/erp/api/v1/report/consumption-production-report"');
    expect(s.text.match(/api-token: "\{\{ \$env\.ERP_API_TOKEN \}\}"/g)).toHaveLength(2);
    expect(s.text).toContain(`body: ${JSON.stringify(buildMix(config, [['report', 1]]).requests[0]!.body)}`);
    expect(s.text).toMatch(/- name: "steady"\n\s+duration: 10\n\s+arrivalRate: 40/);
    expect(s.text).toMatch(/- name: "report"\n\s+weight: 3/);
    expect(s.text).not.toContain('ensure');
  });

  it("names the variable of the config's env:NAME token in the script and its run line", () => {
    const named = { ...config, target: { ...config.target, variables: { token: 'ERP_TOKEN' } } };
    const mix = buildMix(named, [['report', 1]]);
    const s = artilleryScript({ config: named, mix, phases: loadPhases({ rate: 5, seconds: 2 }), scenario: 'steady', rate: 5, seconds: 2, thresholds: [] });
    expect(s.text).toContain('api-token: "{{ $env.ERP_TOKEN }}"');
    expect(s.text).toContain('# Run: ERP_TOKEN=... npx artillery run');
    expect(s.text).not.toContain('ERP_API_TOKEN');
  });

  it('writes a ramp as its steps and a spike as its three phases', () => {
    expect(exported('ramp').meta.phases.map((p) => [p.rate, p.seconds])).toEqual([
      [10, 2.5],
      [20, 2.5],
      [30, 2.5],
      [40, 2.5],
    ]);
    expect(exported('spike').text).toMatch(/name: "spike"\n\s+duration: 2\n\s+arrivalRate: 200/);
  });

  it('declares the scenario for the read-back', () => {
    const s = exported('steady', ['p99<300ms', 'errors<1%']);
    const meta = readMeta(s.text);
    expect(meta).toEqual(s.meta);
    expect(meta.mix.map((m) => [m.name, m.weight, m.expected])).toEqual([
      ['report', 3, 200],
      ['status-refused', 1, 400],
    ]);
    expect(meta.thresholds).toEqual(['p99<300ms', 'errors<1%']);
    expect(() => readMeta('config: {}\n')).toThrow(/not a script written by erp-conformance/);
  });

  it("holds the kit's thresholds as ensure conditions: errors without 429s, absent counts as 0", () => {
    const ops = [
      { name: 'report', expected: 200 },
      { name: 'status-refused', expected: 400 },
    ];
    const plan = ensureConditions(['errors<1%', '429<50%', '5xx<0.1%', 'p99<200ms', 'rps>=5', 'p99.9<1s', 'dropped<1%'].map(parseThreshold), ops, 10);
    expect(plan.left.map((l) => l.split(':')[0])).toEqual(['p99.9<1s', 'dropped<1%']);
    const [errors, refused, fiveXx, p99, rps] = plan.conditions.map((c) => c.expression);
    const run = {
      'http.requests': 100,
      'http.responses': 100,
      'http.codes.429': 40,
      'plugins.metrics-by-endpoint.report.codes.200': 45,
      'plugins.metrics-by-endpoint.status-refused.codes.400': 15,
      'http.response_time.p99': 150,
    };
    expect(holds(errors!, run)).toBe(true);
    expect(holds(errors!, { ...run, 'plugins.metrics-by-endpoint.report.codes.200': 43 })).toBe(false);
    expect(holds(refused!, run)).toBe(true);
    expect(holds(refused!, { ...run, 'http.codes.429': 50 })).toBe(false);
    expect(holds(fiveXx!, run)).toBe(true);
    expect(holds(p99!, run)).toBe(true);
    expect(holds(rps!, run)).toBe(true);
    const { 'http.codes.429': _absent, ...no429 } = run;
    expect(holds(refused!, no429)).toBe(true);
  });

  it('writes any string as a JSON string, which YAML reads back unchanged', () => {
    const text = toYaml({ a: { 'b c': ['x: #y', "it's", { d: 1, e: [] }], f: {} } }, ['head\nline']);
    expect(text).toBe('# head line\na:\n  "b c":\n    - "x: #y"\n    - "it\'s"\n    - d: 1\n      e: []\n  f: {}\n');
  });
});
