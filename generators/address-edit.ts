// CU-14: one change to a saved contact's addresses, as a client of contactSave makes it: add an
// address (addressId 0, maybe as the new default), update one in place by its addressId, delete
// one through deletedAddressIds, or make another one the default. Which address is meant is an
// index into the contact's addresses at the time (`pick`), so an edit holds no id and a shrunk
// sequence of edits still applies to whatever addresses the contact has.
import fc from 'fast-check';
import type { Address } from '../contract/schemas/customer.ts';
import { address, type AddressConstraints } from './address.ts';

export type AddressEdit =
  | { op: 'add'; address: Address; makeDefault: boolean }
  | { op: 'update'; pick: number; address: Address }
  | { op: 'delete'; pick: number }
  | { op: 'default'; pick: number };

export function addressEdit(c: Omit<AddressConstraints, 'isDefault'>): fc.Arbitrary<AddressEdit> {
  // A new or replacing address's content does not shrink: a failure shrinks to fewer and simpler edits.
  const content = fc.noShrink(address({ ...c, isDefault: 0 }));
  const pick = fc.nat({ max: 7 });
  return fc.oneof(
    fc.record({ op: fc.constant('add' as const), address: content, makeDefault: fc.boolean() }),
    fc.record({ op: fc.constant('update' as const), pick, address: content }),
    fc.record({ op: fc.constant('delete' as const), pick }),
    fc.record({ op: fc.constant('default' as const), pick }),
  );
}
