// The customer choices of each profile (2.3, 2.4, 4.2): ids past 2^53 (ledger) written exactly
// and accepted back, how strictly master data is checked (CU-12), which fields are required
// (CU-11), the date format, contact types, saves that normalise (CU-8), and the read path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILES } from '../../reference/profiles/index.ts';
import { validGstin } from './helpers.ts';
import { expectErrorShape, profileClient, stringifyExact, type ProfileClient } from './profile-kit.ts';

const clients = new Map<string, ProfileClient>();
beforeAll(async () => {
  for (const p of PROFILES) clients.set(p.name, await profileClient(p.name));
});
afterAll(() => Promise.all([...clients.values()].map((c) => c.close())));
const client = (name: string) => clients.get(name)!;

describe('ids past 2^53 (ledger)', () => {
  it('returns contactId 2^60+1 and up as exact digits, reads it back and updates it by that id', async () => {
    const c = await profileClient('ledger');
    try {
      const first = await c.save(c.customer({ contactAddressDTO: [c.address(), c.address({ isDefault: 0, addressLine1: 'second' })] }));
      expect(first.text).toContain('"contactId":1152921504606846977}');
      const id = first.json.response.contactId;
      expect(id).toBe(2n ** 60n + 1n);
      const saved = (await c.readContact(id)).json.response;
      expect(saved.contactId).toBe(id);
      expect(saved.contactAddressDTO.map((a: any) => a.addressId)).toEqual([2n ** 60n + 1n, 2n ** 60n + 2n]);
      // Upsert with the big ids: the first address updated in place, the second deleted.
      const update = c.customer({
        contactId: id,
        deletedAddressIds: [saved.contactAddressDTO[1].addressId],
        contactAddressDTO: [{ ...saved.contactAddressDTO[0], addressLine1: 'moved' }],
      });
      const again = await c.save(stringifyExact(update));
      expect(again.text).toContain('"contactId":1152921504606846977}');
      const after = (await c.readContact(id)).json.response.contactAddressDTO;
      expect(after).toEqual([{ ...saved.contactAddressDTO[0], addressLine1: 'moved' }]);
      expect((await c.save(c.customer())).json.response.contactId).toBe(2n ** 60n + 2n);
      // One past a saved id, and its rounded neighbour, are other contacts.
      expectErrorShape(c.profile, await c.readContact('1152921504606846979'), 400);
      expectErrorShape(c.profile, await c.save(stringifyExact(c.customer({ contactId: 2n ** 60n + 7n }))), 400);
    } finally {
      await c.close();
    }
  });
});

describe('master data strictness (CU-12) and required fields (CU-11)', () => {
  const badCheck = validGstin().slice(0, 14) + (validGstin()[14] === 'A' ? 'B' : 'A');
  for (const p of PROFILES) {
    const c = p.customer;
    it(`${p.name}: ${c.strict ? 'strict' : 'lenient'} GSTIN and gstType, pin ${c.checkPin ? 'checked' : 'any'}, openingType ${c.openingTypes?.join('/') ?? 'any'}`, async () => {
      const k = client(p.name);
      const expectAnswer = async (body: unknown, ok: boolean, what: string) => {
        const a = await k.save(body);
        if (ok) expect(a.status, `${what}: ${a.text.slice(0, 200)}`).toBe(200);
        else expectErrorShape(p, a, 400);
      };
      await expectAnswer(k.customer({ gstType: 'Registered', gstin: badCheck }), !c.strict, 'GSTIN check character');
      await expectAnswer(k.customer({ gstType: 'Composition' as never, gstin: '' }), !c.strict, 'gstType Composition');
      await expectAnswer(k.customer({ gstType: 'Registered', gstin: validGstin() }), true, 'a valid GSTIN');
      await expectAnswer(k.customer({ contactAddressDTO: [k.address({ pinCode: '12345' })] }), !c.checkPin, 'pin 12345');
      await expectAnswer(k.customer({ openingType: 'creditAmount' }), c.openingTypes === null || c.openingTypes.includes('creditAmount'), 'creditAmount');
      await expectAnswer({ ...k.customer(), nickname: 'x' }, c.unknownFields === 'ignore', 'an unknown field');
    });

    it(`${p.name}: ${c.required === 'all' ? 'every field is required' : 'a minimal set is required, the rest read back empty'}`, async () => {
      const k = client(p.name);
      const minimal = {
        contactType: c.contactTypes[0],
        firstName: 'Ravi',
        mobNo: '9820000001',
        contactAddressDTO: [{ addressLine1: '1 Mall Road', cityCode: 'DEL', stateCode: '07', countriesCode: 'IN', pinCode: '110001', isDefault: 1 }],
      };
      const a = await k.save(minimal);
      if (c.required === 'all') return expectErrorShape(p, a, 400);
      expect(a.status, a.text).toBe(200);
      const back = (await k.readContact(a.json.response.contactId)).json.response;
      expect(back).toMatchObject({ firstName: 'Ravi', lastName: '', email: '', gstType: 'UnRegistered', deletedAddressIds: [] });
      expect(back.contactAddressDTO[0]).toMatchObject({ addressLine1: '1 Mall Road', addressLine2: '', gstin: '', addressId: expect.any(Number) });
    });
  }
});

describe('dates, contact types, normalising saves', () => {
  const dates = { 'YYYY-MM-DD': '1990-05-17', 'DD-MM-YYYY': '17-05-1990', 'DD/MM/YYYY': '17/05/1990' } as const;
  for (const p of PROFILES) {
    const c = p.customer;
    it(`${p.name}: dates ${c.dateFormat}${c.anyDateFormat ? ' (or any of the three)' : ''}; contact types ${c.contactTypes.join('/')}${c.enforceContactTypes ? ' enforced' : ''}`, async () => {
      const k = client(p.name);
      for (const [format, date] of Object.entries(dates)) {
        const a = await k.save(k.customer({ dateOfBirth: date, anniversaryDate: date }));
        if (format === c.dateFormat || c.anyDateFormat) expect(a.status, `${format}: ${a.text}`).toBe(200);
        else expectErrorShape(p, a, 400);
      }
      expectErrorShape(
        p,
        await k.save(k.customer({ dateOfBirth: c.dateFormat === 'YYYY-MM-DD' ? '1990-02-30' : '30-02-1990'.replace(/-/g, c.dateFormat[2]!) })),
        400,
      );
      for (const type of c.contactTypes) expect((await k.save(k.customer({ contactType: type }))).status).toBe(200);
      const other = await k.save(k.customer({ contactType: 'Someone Else' }));
      if (c.enforceContactTypes) expectErrorShape(p, other, 400);
      else expect(other.status).toBe(200);
    });

    it(`${p.name}: ${c.normalise ? 'stores trimmed text, lower-case e-mail, upper-case PAN, amounts written shortest' : 'stores what was sent'} (CU-8)`, async () => {
      const k = client(p.name);
      const sent = k.customer({
        firstName: ' Asha ',
        email: 'Asha.Rao@Example.COM',
        panNo: c.strict ? 'ABCDE1234F' : 'abcde1234f',
        opening: '12.50',
        creditLimit: '050000',
      });
      const a = await k.save(sent);
      expect(a.status, a.text).toBe(200);
      const back = (await k.readContact(a.json.response.contactId)).json.response;
      const expected = c.normalise
        ? { firstName: 'Asha', email: 'asha.rao@example.com', panNo: 'ABCDE1234F', opening: '12.5', creditLimit: '50000' }
        : { firstName: sent.firstName, email: sent.email, panNo: sent.panNo, opening: '12.50', creditLimit: '050000' };
      expect(back).toMatchObject(expected);
      expect(back.contactAddressDTO).toEqual([{ ...sent.contactAddressDTO[0], addressId: back.contactAddressDTO[0].addressId }]);
    });
  }

  it("reads contacts back only at the profile's own path", async () => {
    const [d, s] = [client('default'), client('strict')];
    const id = (await s.save(s.customer())).json.response.contactId;
    expect((await s.readContact(id)).status).toBe(200);
    expect((await s.call('GET', `/api/v1/contact/${id}?branch_id=1`)).status).toBe(404);
    // For the default vendor "details" is a contactId that is no number.
    const other = await d.call('GET', `/api/v1/contact/details?contactId=${id}&branchId=1`);
    expectErrorShape(d.profile, other, 400);
    expect(other.json.message).toMatch(/contactId/);
  });
});
