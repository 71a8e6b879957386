// The customer generator's constraints from the config's fixtures.customer.
import type { CustomerConstraints } from '../../generators/customer.ts';
import type { Harness } from '../../runtime/harness.ts';

export function customerConstraints(h: Harness, addresses?: { min: number; max: number }): CustomerConstraints {
  // Values the target may keep unique are made per run and per use.
  // 2.4 "code of a city from the city list": the cities the lists gave, where the preflight read them.
  const cities = h.ctx.listedCities?.cities ?? h.config.fixtures.customer.cities;
  return { ...h.config.fixtures.customer, cities, minAddresses: addresses?.min ?? 1, maxAddresses: addresses?.max ?? 3, unique: h.uniqueKey() };
}
