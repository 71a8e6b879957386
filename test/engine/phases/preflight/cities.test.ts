// The preflight's look at the customers' cities through the index's state and city lists
// (engine/phases/preflight/cities.ts) against the reference: the reference config's cities are listed and
// handed to the customer suites with a code no list holds; a configured city its state's list does
// not hold, or a city given another state, is a problem of fixtures.customer.cities; without
// operations["get-city-list"] nothing is sent.
import { describe, expect, it } from 'vitest';
import type { RunConfig } from '../../../../config/schema.ts';
import { CITIES } from '../../../../reference/constants.ts';
import { cityFixtures } from '../../../../engine/phases/preflight/cities.ts';
import { preflightPart, referenceTarget } from './kit.ts';

const target = referenceTarget();

async function check(c: RunConfig) {
  const { result: listed, ...r } = await preflightPart(cityFixtures, c);
  return { ...r, listed };
}

const withCities = (cities: Record<string, string>): RunConfig => ({
  ...target.config,
  fixtures: { ...target.config.fixtures, customer: { ...target.config.fixtures.customer, cities } },
});

describe('the preflight against the state and city lists', () => {
  it('finds the configured cities listed, hands the listed ones to the suites with a code no list holds, a request per list', async () => {
    const r = await check(withCities({ MUM: '27' }));
    expect(r.problems).toEqual([]);
    // The configured city first, then the other ones the lists gave (2.4 "code of a city from the city list").
    expect(Object.entries(r.listed!.cities)[0]).toEqual(['MUM', '27']);
    // Three states' lists read (the configured one first): their cities, each with its state.
    expect(Object.keys(r.listed!.cities)).toHaveLength(3);
    for (const [code, state] of Object.entries(r.listed!.cities)) expect(CITIES[code]!.stateCode).toBe(state);
    expect(Object.keys(CITIES)).not.toContain(r.listed!.unknownCity);
    // The state list, then the city lists of the configured state and of two more listed ones.
    expect(r.requests).toBe(4);
    expect(r.notes[0]).toMatch(/^customer cities checked against the state list \(4\) and the city lists of state\(s\) 27, /);
  });

  it('names a city its state does not list, and a listed city configured with another state', async () => {
    const r = await check(withCities({ MUM: '27', XYZ: '29', BLR: '27' }));
    expect(r.problems.map((p) => p.key)).toEqual(['fixtures.customer.cities', 'fixtures.customer.cities']);
    expect(r.problems.map((p) => p.problem)).toEqual(['city XYZ is not in the city list of state 29', 'city BLR is listed in state 29, not 27']);
  });

  it('does not blame the config without a list to judge by, and sends nothing without the operation', async () => {
    const config = target.config;
    const ops = config.operations!;
    const wrongList = await check({ ...config, operations: { ...ops, 'get-city-list': { ...ops['get-city-list']!, list: 'response.items' } } });
    expect(wrongList.problems).toEqual([]);
    expect(wrongList.listed).toBeUndefined();
    expect(wrongList.notes[0]).toContain('customer cities not checked against the city list');
    const { 'get-city-list': _c, ...rest } = ops;
    const none = await check({ ...config, operations: rest });
    expect(none.requests).toBe(0);
    expect(none.listed).toBeUndefined();
  });
});
