// CU-14: fast-check commands over one contact (create, add, update in place, delete, change the
// default), run with fc.asyncModelRun. Each command saves through contactSave, reads the contact
// back and compares it with the model (upsert-model.ts): the save is accepted and the read-back
// equals the model after it, or the save is refused with 400 and the read-back equals the model
// before it. A command that cannot go on (not answered, the contact not created) stops the run
// without a finding; a difference stops it with one, shown as the run's whole sequence.
import fc from 'fast-check';
import { anyContactId, readBackPayload } from '../../contract/checks/customer.ts';
import { describeResponse, toFinding } from '../../contract/checks/finding.ts';
import type { Address, Customer } from '../../contract/schemas/customer.ts';
import type { Exchange, Finding } from '../../core/types.ts';
import { address } from '../../generators/address.ts';
import { addressEdit, type AddressEdit } from '../../generators/address-edit.ts';
import { customer, type CustomerConstraints } from '../../generators/customer.ts';
import { savesSequence } from './contact-sequence.ts';
import { applySave, compareSave, saveBody, unchanged, type Attributed, type ContactModel, type Expected, type Id } from './upsert-model.ts';

/** The target as the commands see it (the harness's client, or a fake in unit tests). */
export interface Real {
  send(body: Customer): Promise<Exchange>;
  read(contactId: Id): Promise<Exchange>;
  /** Evidence: the comparison applied to requirement `id`. */
  note(id: string): void;
  /** A creation was answered `id` (the run keeps every such id: CU-2). */
  created(id: Id): void;
  /** More than one creation of the run was answered `id` (once the creations in flight answered). */
  shared(id: Id): boolean | Promise<boolean>;
  steps: { label: string; exchanges: Exchange[] }[];
  refused: number;
}

/** The run cannot go on (no answer, no contact to work on): no finding, the reason is recorded. */
export class Stop extends Error {}

/** The read-back differs from the model: the facts, and the exchange that shows it. */
export class ModelMismatch extends Error {
  constructor(
    readonly facts: Attributed[],
    readonly exchange: Exchange,
  ) {
    super(facts.map((f) => f.title).join('; '));
  }
}

const MAX_ADDRESSES = 5;
const answered = (ex: Exchange) => !ex.notSent && ex.response !== undefined && ex.response.status !== 429;
const line1 = (a: Address) => JSON.stringify(a.addressLine1.slice(0, 40));

async function save(m: ContactModel, r: Real, customer: Customer, exp: Expected, label: string): Promise<void> {
  const creating = m.contactId === undefined;
  const step = { label, exchanges: [] as Exchange[] };
  r.steps.push(step);
  const ex = await r.send(saveBody(customer, m.contactId ?? 0, exp));
  step.exchanges.push(ex);
  if (!answered(ex)) throw new Stop(`a save was not answered (${describeResponse(ex)})`);
  const status = ex.response!.status;
  let contactId = m.contactId;
  if (creating) {
    contactId = status === 200 ? anyContactId(ex) : undefined;
    if (contactId === undefined) throw new Stop(`the contact to save again was not created (${describeResponse(ex)}): CU-1 and CU-3 judge creation`);
    r.created(contactId);
  }
  const read = await r.read(contactId!);
  step.exchanges.push(read);
  if (!answered(read)) throw new Stop(`a read-back was not answered (${describeResponse(read)})`);
  const payload = read.response!.status === 200 ? readBackPayload(read) : undefined;
  if (!payload) {
    if (creating) throw new Stop(`the created contact could not be read back (${describeResponse(read)}): check readBack.getContactById; CU-8 judges it`);
    throw new ModelMismatch(
      [
        {
          requirementId: 'CU-14',
          title: 'The contact could not be read back after a save',
          received: describeResponse(read),
          expected: 'HTTP 200 with the contact',
        },
      ],
      read,
    );
  }
  if (!creating && status !== 200 && status !== 400) {
    throw new ModelMismatch(
      [
        {
          requirementId: 'CU-14',
          title: `A save of the contact was answered HTTP ${status}`,
          received: describeResponse(ex),
          expected: 'HTTP 200, or 400 with nothing changed',
        },
      ],
      ex,
    );
  }
  const refused = !creating && status === 400;
  const c = compareSave(refused ? unchanged(m) : exp, payload);
  if (c.facts.length > 0) {
    if (await r.shared(contactId!))
      throw new Stop(`contactId ${String(contactId)} was answered to more than one creation (CU-2): what reads back under it may be another customer`);
    throw new ModelMismatch(
      refused ? c.facts.map((f) => ({ ...f, requirementId: 'CU-14', title: `The save was refused with 400, yet: ${f.title}` })) : c.facts,
      read,
    );
  }
  for (const id of c.judged) r.note(id);
  if (refused) {
    r.refused++;
    return;
  }
  Object.assign(m, applySave(m, contactId!, customer, exp, c.addedIds));
}

const keptAll = (m: ContactModel) => m.addresses.map((a) => ({ ...a, updated: false }));

/** Every command shows its full data to fast-check (a property run's identity) and a short label to people. */
abstract class SaveCommand implements fc.AsyncCommand<ContactModel, Real> {
  /** The command's name in fast-check's view of a run (a class name may not survive bundling). */
  abstract readonly kind: string;
  abstract check(m: Readonly<ContactModel>): boolean;
  abstract run(m: ContactModel, r: Real): Promise<void>;
  abstract data(): unknown;
  abstract toString(): string;
  [fc.toStringMethod](): string {
    return `${this.kind}(${JSON.stringify(this.data())})`;
  }
}

export class CreateContact extends SaveCommand {
  readonly kind = 'CreateContact';
  constructor(readonly customer: Customer) {
    super();
  }
  check = (m: Readonly<ContactModel>) => m.contactId === undefined;
  data = () => this.customer;
  toString = () => `CreateContact(${this.customer.contactAddressDTO.length} address(es))`;
  run(m: ContactModel, r: Real) {
    const sent = this.customer.contactAddressDTO;
    const exp: Expected = {
      kept: [],
      added: sent,
      deleted: [],
      default: {
        added: Math.max(
          0,
          sent.findIndex((a) => a.isDefault === 1),
        ),
      },
    };
    return save(m, r, this.customer, exp, `${this} with contactId 0`);
  }
}

export class AddAddress extends SaveCommand {
  readonly kind = 'AddAddress';
  constructor(
    readonly address: Address,
    readonly makeDefault: boolean,
  ) {
    super();
  }
  check = (m: Readonly<ContactModel>) => m.contactId !== undefined && m.addresses.length < MAX_ADDRESSES;
  data = () => [this.address, this.makeDefault];
  toString = () => `AddAddress(${line1(this.address)}${this.makeDefault ? ', as the default' : ''})`;
  run(m: ContactModel, r: Real) {
    const exp: Expected = { kept: keptAll(m), added: [this.address], deleted: [], default: this.makeDefault ? { added: 0 } : { id: m.defaultId! } };
    return save(m, r, m.customer!, exp, `${this} with addressId 0`);
  }
}

export class UpdateAddress extends SaveCommand {
  readonly kind = 'UpdateAddress';
  constructor(
    readonly pick: number,
    readonly address: Address,
  ) {
    super();
  }
  check = (m: Readonly<ContactModel>) => m.contactId !== undefined && m.addresses.length > 0;
  data = () => [this.pick, this.address];
  toString = () => `UpdateAddress(#${this.pick}, ${line1(this.address)})`;
  run(m: ContactModel, r: Real) {
    const target = m.addresses[this.pick % m.addresses.length]!;
    const kept = m.addresses.map((a) => (a === target ? { id: a.id, address: this.address, updated: true } : { ...a, updated: false }));
    return save(m, r, m.customer!, { kept, added: [], deleted: [], default: { id: m.defaultId! } }, `${this}: addressId ${String(target.id)} in place`);
  }
}

export class DeleteAddress extends SaveCommand {
  readonly kind = 'DeleteAddress';
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<ContactModel>) => m.contactId !== undefined && m.addresses.length > 1;
  data = () => this.pick;
  toString = () => `DeleteAddress(#${this.pick})`;
  run(m: ContactModel, r: Real) {
    // The default stays: 4.2 names one default address, so the one dropped is another.
    const others = m.addresses.filter((a) => String(a.id) !== String(m.defaultId));
    const target = others[this.pick % others.length]!;
    const exp: Expected = { kept: keptAll(m).filter((a) => a.id !== target.id), added: [], deleted: [target.id], default: { id: m.defaultId! } };
    return save(m, r, m.customer!, exp, `${this}: addressId ${String(target.id)} in deletedAddressIds`);
  }
}

export class SetDefault extends SaveCommand {
  readonly kind = 'SetDefault';
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<ContactModel>) => m.contactId !== undefined && m.addresses.length > 1;
  data = () => this.pick;
  toString = () => `SetDefault(#${this.pick})`;
  run(m: ContactModel, r: Real) {
    const target = m.addresses[this.pick % m.addresses.length]!;
    return save(
      m,
      r,
      m.customer!,
      { kept: keptAll(m), added: [], deleted: [], default: { id: target.id } },
      `${this}: addressId ${String(target.id)} gets isDefault 1`,
    );
  }
}

export function commandOf(e: AddressEdit): SaveCommand {
  switch (e.op) {
    case 'add':
      return new AddAddress(e.address, e.makeDefault);
    case 'update':
      return new UpdateAddress(e.pick, e.address);
    case 'delete':
      return new DeleteAddress(e.pick);
    case 'default':
      return new SetDefault(e.pick);
  }
}

/** Runs one sequence; its findings (none when it matched the model or could not go on). */
export async function runSequence(real: Real, commands: SaveCommand[], onStop: (reason: string) => void): Promise<Finding[]> {
  try {
    await fc.asyncModelRun(() => ({ model: { addresses: [] } as ContactModel, real }), commands);
    return [];
  } catch (e) {
    if (e instanceof Stop) {
      onStop(e.message);
      return [];
    }
    if (e instanceof ModelMismatch) return mismatchFindings(e, real.steps);
    throw e;
  }
}

/** The findings of a mismatch: each fact, with the run's sequence (reports print it as curl lines to reproduce it). */
export function mismatchFindings(e: ModelMismatch, steps: Real['steps']): Finding[] {
  // Each request a step; the contactId and address ids the target answered are kept in shell variables.
  const title = `Sequence (${steps.length} save(s), each read back; run in order)`;
  const sequence = savesSequence(title, steps) ?? { title, steps: steps.map((s) => ({ label: s.label, exchanges: [...s.exchanges] })) };
  return e.facts.map((f) => ({ ...toFinding('customer.upsert-model', f.requirementId, f, e.exchange), sequence }));
}

export interface UpsertSequence {
  create: CreateContact;
  commands: SaveCommand[];
}

/** A contact of one to three addresses, created, then one to five edits of its addresses. */
export function upsertSequence(c: CustomerConstraints): fc.Arbitrary<UpsertSequence> {
  const base = fc.noShrink(customer({ ...c, empties: false, minAddresses: 1, maxAddresses: 1 }));
  const extra = fc.array(fc.noShrink(address({ ...c, isDefault: 0 })), { maxLength: 2 });
  return fc
    .record({ base, extra, def: fc.nat({ max: 2 }), edits: fc.array(addressEdit(c), { minLength: 1, maxLength: 5 }) })
    .map(({ base: b, extra: more, def, edits }) => {
      const all = [b.contactAddressDTO[0]!, ...more];
      const contactAddressDTO = all.map((a, i) => ({ ...a, isDefault: i === def % all.length ? (1 as const) : (0 as const) }));
      return { create: new CreateContact({ ...b, contactAddressDTO }), commands: edits.map(commandOf) };
    });
}
