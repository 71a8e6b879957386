// 2.4 "cityCode: code of a city from the city list", "stateCode: code of a state from the state
// list" (CU-12b, INFO): what a city code no city list holds, and a listed city sent with another
// listed state, are answered. The spec does not say: section 7 makes "invalid value" a 400, yet a
// vendor may keep free-text cities. Recorded (status and message), never failed. Needs the cities
// the preflight read from the lists (operations get-city-list, get-state-list); two creations.
import fc from 'fast-check';
import { customer } from '../../generators/customer.ts';
import { readCities } from '../../client/index-lists.ts';
import { unknownCityCode } from '../../generators/unknown-city-code.ts';
import type { ListedCities } from '../../runtime/protocol.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { customerConstraints } from './constraints.ts';
import { suiteSays } from '../../core/words/suites.ts';

async function citiesOfLists(h: Harness): Promise<ListedCities | undefined> {
  const c = h.config.fixtures.customer;
  const read = await readCities(h.client, h.config, c.countriesCode, [...new Set(Object.values(c.cities))]);
  const listed = Object.keys(read.cities);
  return listed.length === 0 ? undefined : { cities: read.cities, unknownCity: unknownCityCode(listed), source: 'the state and city lists' };
}

function answerOf(status: number | undefined, json: unknown): string {
  if (status === undefined) return 'no answer';
  const message = (json as { message?: unknown } | undefined)?.message;
  const said = typeof message === 'string' ? `: ${JSON.stringify(message.slice(0, 120))}` : '';
  return `${status >= 200 && status < 300 ? 'accepted' : status >= 400 && status < 500 ? 'refused' : 'answered'} (HTTP ${status})${said}`;
}

verifies(
  'unknown-city/CU-12b',
  ['CU-12b'],
  'What an address with a city code not in the city list, or with a state not its city’s, is answered is recorded',
  async (h, t) => {
    if (h.config.writes === false) h.skip(suiteSays('cuNoWrites'), t);
    if (!h.config.operations?.['get-city-list']) h.skip(suiteSays('cuNoCityList'), t);
    // The cities the preflight read; a run without the preflight (a shard, a resumed run) reads the lists itself.
    const listed = h.ctx.listedCities ?? (await citiesOfLists(h));
    if (!listed) return h.inconclusive('CU-12b', suiteSays('cuNoCityWithState'));
    const { cities, unknownCity } = listed!;
    const entries = Object.entries(cities);
    const [city, state] = entries[0]!;
    const otherState = entries.map(([, s]) => s).find((s) => s !== state);
    // Two customers of their own (a target may keep mobile numbers unique), one address each.
    const bodies = fc.sample(customer({ ...customerConstraints(h, { min: 1, max: 1 }), gstType: 'UnRegistered', empties: false }), {
      seed: h.ctx.seed + 1213,
      numRuns: 2,
    });
    const variants: Array<[string, Record<string, unknown>]> = [
      [`cityCode ${JSON.stringify(unknownCity)} (in no city list read), stateCode ${state}`, { cityCode: unknownCity, stateCode: state }],
    ];
    if (otherState) variants.push([`cityCode ${city} of state ${state} sent with stateCode ${otherState}`, { cityCode: city, stateCode: otherState }]);
    const answers: Record<string, string> = {};
    await h.parallel(
      variants.map((v, i) => [v, bodies[i]!] as const),
      async ([[variant, patch], body]) => {
        const sent = { ...body, contactAddressDTO: body.contactAddressDTO.map((a) => ({ ...a, ...patch, cityName: '', stateName: '' })) };
        const ex = await h.client.createCustomer({ branchId: h.config.fixtures.branchId, body: sent });
        if (ex.notSent || ex.response?.status === 429) return; // no answer about the code (the harness records why)
        answers[variant] = answerOf(ex.response?.status, ex.json);
      },
    );
    if (Object.keys(answers).length > 0) h.observe('unknownCityCode', { lists: listed!.source, ...answers });
  },
);
