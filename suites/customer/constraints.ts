// The customer generator's constraints from the config's fixtures.customer.
import type { CustomerConstraints } from '../../generators/customer.ts';
import type { Harness } from '../support/harness.ts';

export function customerConstraints(h: Harness, addresses?: { min: number; max: number }): CustomerConstraints {
  // Values the target may keep unique are made per run and per use (item 2 of issue 17).
  return { ...h.config.fixtures.customer, minAddresses: addresses?.min ?? 1, maxAddresses: addresses?.max ?? 3, unique: h.uniqueKey() };
}
