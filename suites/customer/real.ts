// The target as the upsert commands see it: the test's client, its evidence, the run's contactIds.
import type { Harness } from '../../runtime/harness.ts';
import { suiteSays } from '../../core/words/suites.ts';
import { registerCreated, sharedOnceSettled } from './contact-ids.ts';
import type { Real } from './upsert-commands.ts';

/** Why a read-back test cannot run, or undefined. */
export function readBackSkipReason(h: Harness): string | undefined {
  if (h.config.writes === false) return suiteSays('cuNoWrites');
  if (!h.config.readBack?.getContactById) return suiteSays('cuNoReadBackContact');
  return undefined;
}

export function harnessReal(h: Harness): Real {
  const branchId = h.config.fixtures.branchId;
  const template = h.config.readBack!.getContactById!;
  return {
    send: (body) => h.client.createCustomer({ branchId, body }),
    read: (contactId) => h.client.readContact({ template, contactId, branchId }),
    note: (id) => h.note(id),
    created: (id) => void registerCreated(h, id),
    shared: (id) => sharedOnceSettled(h, id),
    steps: [],
    refused: 0,
  };
}
