// 2.3, 2.4, 4.2 contactSave, and the read-back extension GET /api/v1/contact/{contactId}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerCreated, customerReadBack } from '../../contract/schemas/customer.ts';
import { FIRST_CONTACT_ID, INVALID_BRANCH_ID, OTHER_BRANCH_ID } from '../../reference/constants.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import { call, expectedError, paths, validAddress, validCustomer, validGstin } from './helpers.ts';

let ref: ReferenceServer;
beforeAll(async () => {
  ref = await startReference({ port: 0 });
});
afterAll(() => ref.close());

const save = (body: unknown, branch: number | string | null = 1) => call(ref.url, 'POST', paths.customer(branch), { body });
const read = (id: number | string, branch: number | string = 1) => call(ref.url, 'GET', paths.contact(id, branch));
const created = async (body: unknown) => {
  const a = await save(body);
  expect(a.status, a.text).toBe(200);
  return a.json.response.contactId as number;
};
const expect400 = (a: { status: number; json: any }, field: RegExp) => {
  expect(a.status).toBe(400);
  expect(a.json).toMatchObject(expectedError(400));
  expect(a.json.message).toMatch(field);
};

describe('4.2 success', () => {
  it('creates a valid customer: 200, status true, code "200", response.contactId an integer', async () => {
    const a = await save(validCustomer());
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ status: true, message: 'Customer created successfully', code: '200' });
    expect(Number.isInteger(a.json.response.contactId)).toBe(true);
    expect(customerCreated.parse(a.json)).toBeTruthy();
  });

  it('returns a new contactId on each creation, counting up from 5001', async () => {
    const ids = [await created(validCustomer()), await created(validCustomer()), await created(validCustomer())];
    expect(new Set(ids).size).toBe(3);
    expect(ids[1]).toBe(ids[0]! + 1);
    expect(ids[0]).toBeGreaterThanOrEqual(FIRST_CONTACT_ID);
  });

  it('creates customers with one, two or five addresses, exactly one of them default', async () => {
    for (const n of [1, 2, 5]) {
      const addresses = Array.from({ length: n }, (_, i) => validAddress({ isDefault: i === n - 1 ? 1 : 0, addressLine1: `line ${i}` }));
      const id = await created(validCustomer({ contactAddressDTO: addresses }));
      expect((await read(id)).json.response.contactAddressDTO).toHaveLength(n);
    }
  });

  it('accepts the fields that "may be empty string" empty, and no address at all', async () => {
    const body = validCustomer({ lastName: '', companyName: '', email: '', telephone: '', panNo: '', remark: '', dateOfBirth: '', contactAddressDTO: [] });
    expect((await save(body)).status).toBe(200);
  });

  it('accepts a Registered customer with a valid GSTIN, and Registered addresses too', async () => {
    const gstin = validGstin('27');
    const body = validCustomer({ gstType: 'Registered', gstin, contactAddressDTO: [validAddress({ gstType: 'Registered', gstin })] });
    expect((await save(body)).status).toBe(200);
  });

  it('accepts addresses in each known city with its state code', async () => {
    const cities = [
      ['MUM', '27'],
      ['BLR', '29'],
      ['DEL', '07'],
      ['MAA', '33'],
    ];
    const addresses = cities.map(([cityCode, stateCode], i) => validAddress({ cityCode, stateCode, isDefault: i === 0 ? 1 : 0 }));
    expect((await save(validCustomer({ contactAddressDTO: addresses }))).status).toBe(200);
  });
});

describe('4.2 validation errors (400)', () => {
  it('refuses a missing, non-integer or unknown branch_id', async () => {
    for (const branch of [null, 'x', '1.5', String(INVALID_BRANCH_ID), '0']) expect400(await save(validCustomer(), branch), /branch_id/);
  });

  it('refuses values of the wrong JSON type, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ accountCustomId: '1' }, /accountCustomId/],
      [{ contactId: 1.5 }, /contactId/],
      [{ firstName: 7 }, /firstName/],
      [{ contactAddressDTO: {} }, /contactAddressDTO/],
      [{ deletedAddressIds: ['1'] }, /deletedAddressIds/],
      [{ contactAddressDTO: [validAddress({ addressId: 'x' as never })] }, /contactAddressDTO\[0\]\.addressId/],
      [{ contactAddressDTO: [validAddress({ isDefault: true as never })] }, /isDefault/],
    ];
    for (const [patch, field] of cases) expect400(await save({ ...validCustomer(), ...patch }), field);
  });

  it('refuses a missing field and an unknown field', async () => {
    const { mobNo: _m, ...missing } = validCustomer();
    expect400(await save(missing), /mobNo/);
    expect400(await save({ ...validCustomer(), nickname: 'x' }), /nickname/);
  });

  it('refuses a non-numeric opening or creditLimit', async () => {
    for (const opening of ['', 'abc', '1,000', '1.2.3']) expect400(await save(validCustomer({ opening })), /opening/);
    expect400(await save(validCustomer({ creditLimit: 'none' })), /creditLimit/);
  });

  it('refuses isDefault outside 0/1 and gstType outside the two values', async () => {
    for (const isDefault of [2, -1]) expect400(await save(validCustomer({ contactAddressDTO: [validAddress({ isDefault: isDefault as 1 })] })), /isDefault/);
    expect400(await save(validCustomer({ gstType: 'registered' as never })), /gstType/);
  });

  it('refuses a Registered customer without a valid GSTIN, and an UnRegistered one with a GSTIN', async () => {
    const good = validGstin('27');
    const badCheck = good.slice(0, 14) + (good[14] === 'A' ? 'B' : 'A');
    for (const gstin of ['', '27ABCDE1234F1Z', badCheck, good.toLowerCase()]) expect400(await save(validCustomer({ gstType: 'Registered', gstin })), /gstin/);
    expect400(await save(validCustomer({ gstType: 'UnRegistered', gstin: good })), /gstin/);
    expect400(await save(validCustomer({ contactAddressDTO: [validAddress({ gstType: 'Registered', gstin: badCheck })] })), /contactAddressDTO\[0\]\.gstin/);
  });

  it('refuses a panNo that is neither empty nor a PAN', async () => {
    expect400(await save(validCustomer({ panNo: 'ABC123' })), /panNo/);
    expect400(await save(validCustomer({ contactAddressDTO: [validAddress({ panNo: 'abcde1234f' })] })), /panNo/);
  });

  it('refuses dates that are neither empty nor a real YYYY-MM-DD day', async () => {
    for (const dateOfBirth of ['17/05/1990', '1990-02-30', '1990-5-7', 'yesterday']) expect400(await save(validCustomer({ dateOfBirth })), /dateOfBirth/);
    expect400(await save(validCustomer({ anniversaryDate: '2024-13-01' })), /anniversaryDate/);
  });

  it("refuses an unknown city, a state that is not the city's, and a country other than IN", async () => {
    expect400(await save(validCustomer({ contactAddressDTO: [validAddress({ cityCode: 'XYZ' })] })), /cityCode/);
    expect400(await save(validCustomer({ contactAddressDTO: [validAddress({ cityCode: 'BLR', stateCode: '27' })] })), /stateCode/);
    expect400(await save(validCustomer({ contactAddressDTO: [validAddress({ countriesCode: 'US' })] })), /countriesCode/);
  });

  it('refuses addresses with no default or with two defaults', async () => {
    expect400(await save(validCustomer({ contactAddressDTO: [validAddress({ isDefault: 0 })] })), /isDefault/);
    expect400(await save(validCustomer({ contactAddressDTO: [validAddress(), validAddress()] })), /isDefault/);
  });

  it("refuses an unknown contactId, a contact of another branch, and an addressId that is not the contact's", async () => {
    expect400(await save(validCustomer({ contactId: 999_999 })), /contactId/);
    const id = await created(validCustomer());
    expect400(await save(validCustomer({ contactId: id }), OTHER_BRANCH_ID), /contactId/);
    expect400(await save(validCustomer({ contactAddressDTO: [validAddress({ addressId: 999_999 })] })), /addressId/);
  });
});

describe('4.2 upsert and read-back (GET /api/v1/contact/{contactId})', () => {
  it('reads back what was saved, in the 2.3 shape, with the contactId and assigned addressIds', async () => {
    const sent = validCustomer({ remark: 'read me', contactAddressDTO: [validAddress({ isDefault: 0 }), validAddress({ cityCode: 'BLR', stateCode: '29' })] });
    const id = await created(sent);
    const a = await read(id);
    expect(a.status).toBe(200);
    expect(customerReadBack.parse(a.json)).toBeTruthy();
    const { contactAddressDTO, ...rest } = a.json.response;
    expect(rest).toEqual({ ...sent, contactId: id, deletedAddressIds: [], contactAddressDTO: undefined });
    expect(contactAddressDTO.map((x: any) => ({ ...x, addressId: 0 }))).toEqual(sent.contactAddressDTO);
    expect(contactAddressDTO.every((x: any) => Number.isInteger(x.addressId) && x.addressId > 0)).toBe(true);
  });

  it('updates a known contact: addressId 0 adds, a known addressId replaces, deletedAddressIds removes', async () => {
    const id = await created(validCustomer({ contactAddressDTO: [validAddress({ isDefault: 1 }), validAddress({ isDefault: 0, addressLine1: 'second' })] }));
    const [first, second] = (await read(id)).json.response.contactAddressDTO;
    const update = validCustomer({
      contactId: id,
      firstName: 'Changed',
      deletedAddressIds: [first.addressId],
      contactAddressDTO: [{ ...second, addressLine1: 'replaced', isDefault: 1 }, validAddress({ isDefault: 0, addressLine1: 'added' })],
    });
    const a = await save(update);
    expect(a.status).toBe(200);
    expect(a.json.response.contactId).toBe(id);
    const back = (await read(id)).json.response;
    expect(back.firstName).toBe('Changed');
    expect(back.contactAddressDTO.map((x: any) => x.addressLine1)).toEqual(['replaced', 'added']);
    expect(back.contactAddressDTO[0].addressId).toBe(second.addressId);
    expect(back.contactAddressDTO.filter((x: any) => x.isDefault === 1)).toHaveLength(1);
  });

  it('keeps exactly one default when an update sends a new default address', async () => {
    const id = await created(validCustomer());
    await save(validCustomer({ contactId: id, contactAddressDTO: [validAddress({ addressLine1: 'new default' })] }));
    const back = (await read(id)).json.response.contactAddressDTO;
    expect(back).toHaveLength(2);
    expect(back.filter((x: any) => x.isDefault === 1).map((x: any) => x.addressLine1)).toEqual(['new default']);
  });

  it('updates a non-default address alone, and refuses a save that would leave no default, changing nothing', async () => {
    const id = await created(validCustomer({ contactAddressDTO: [validAddress(), validAddress({ isDefault: 0, addressLine1: 'second' })] }));
    const [first, second] = (await read(id)).json.response.contactAddressDTO;
    expect((await save(validCustomer({ contactId: id, contactAddressDTO: [{ ...second, addressLine1: 'moved' }] }))).status).toBe(200);
    expect((await read(id)).json.response.contactAddressDTO).toEqual([first, { ...second, addressLine1: 'moved' }]);
    expect400(await save(validCustomer({ contactId: id, contactAddressDTO: [{ ...first, isDefault: 0 }] })), /isDefault/);
    expect400(await save(validCustomer({ contactId: id, deletedAddressIds: [first.addressId], contactAddressDTO: [] })), /isDefault/);
    expect((await read(id)).json.response.contactAddressDTO).toEqual([first, { ...second, addressLine1: 'moved' }]);
  });

  it('refuses an update whose addressId was deleted in the same request, and changes nothing', async () => {
    const id = await created(validCustomer());
    const [addr] = (await read(id)).json.response.contactAddressDTO;
    expect400(await save(validCustomer({ contactId: id, deletedAddressIds: [addr.addressId], contactAddressDTO: [addr] })), /addressId/);
    expect((await read(id)).json.response.contactAddressDTO).toEqual([addr]);
  });

  it('answers an unknown contact, a contact of another branch and a bad contactId with a 400 envelope', async () => {
    expect400(await read(999_999), /contactId/);
    const id = await created(validCustomer());
    expect400(await read(id, OTHER_BRANCH_ID), /contactId/);
    expect400(await read('abc'), /contactId/);
    expect400(await read(id, 'x'), /branch_id/);
  });
});
