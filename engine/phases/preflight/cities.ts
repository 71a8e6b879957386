// The preflight's look at the customers' master data through the index's lists (section 1: Get
// State List, Get City List; 2.4 "cityCode: code of a city from the city list", "stateCode: code
// of a state from the state list"): a configured city its state's whole city list does not hold,
// or a configured state the state list does not hold, is the config's mistake. The customers the
// suites create then use the cities the lists give (the config's first), and a city code no list
// holds is found for CU-12b. One request per list; nothing is judged without a list to judge by.
import { readCities } from '../../../client/index-lists.ts';
import type { Client } from '../../../client/operations.ts';
import type { RunConfig } from '../../../config/schema.ts';
import type { ListedCities } from '../../../runtime/protocol.ts';
import type { PreflightProblem } from './types.ts';
import { preflightSays } from '../../../core/words/preflight.ts';
import { unknownCityCode } from '../../../generators/unknown-city-code.ts';

/** At most this many cities for the customers. */
const MAX_CITIES = 8;

export async function cityFixtures(client: Client, config: RunConfig, problems: PreflightProblem[], notes: string[]): Promise<ListedCities | undefined> {
  if (!config.operations?.['get-city-list']) return undefined;
  const c = config.fixtures.customer;
  const configured = Object.entries(c.cities);
  const read = await readCities(client, config, c.countriesCode, [...new Set(configured.map(([, s]) => s))]);
  const listed = Object.keys(read.cities);
  if (listed.length === 0) {
    notes.push(preflightSays('citiesUnchecked', { why: read.why ?? 'it gave no city with its state' }));
    return undefined;
  }
  const mine: PreflightProblem[] = [];
  if (read.states && read.states.length > 0)
    for (const [city, state] of configured)
      if (!read.states.includes(state))
        mine.push({ key: 'fixtures.customer.cities', problem: preflightSays('stateNotListed', { state, city, country: c.countriesCode }) });
  for (const [city, state] of configured) {
    if (read.cities[city] === undefined && read.whole.has(state))
      mine.push({ key: 'fixtures.customer.cities', problem: preflightSays('cityNotListed', { city, state }) });
    else if (read.cities[city] !== undefined && read.cities[city] !== state)
      mine.push({ key: 'fixtures.customer.cities', problem: preflightSays('cityInOtherState', { city, listed: read.cities[city], state }) });
  }
  problems.push(...mine);
  const cities = Object.fromEntries([...configured, ...Object.entries(read.cities).filter(([k]) => c.cities[k] === undefined)].slice(0, MAX_CITIES));
  const source = `${read.states ? `the state list (${read.states.length}) and ` : ''}the city list${read.asked.length ? `s of state(s) ${read.asked.join(', ')}` : ''}`;
  notes.push(preflightSays('citiesChecked', { source, count: listed.length, used: Object.keys(cities).join(', ') }));
  return { cities, unknownCity: unknownCityCode(listed), source };
}
