// The strictest vendor's own choices, each legal under the spec: mobile numbers unique per branch
// (the contact itself may be saved again), the last of two api-token values kept, 403 in its
// gateway's JSON, chunked answers on closed connections, a limit cap refused above 25, trimming
// saves, and read-backs with fields of their own and the default address first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN } from './helpers.ts';
import { profileClient, type ProfileClient } from './profile-kit.ts';

describe('profile strictest', () => {
  let c: ProfileClient;
  beforeAll(async () => {
    c = await profileClient('strictest');
  });
  afterAll(() => c.close());

  it('keeps mobile numbers unique per branch: another contact with a saved number is refused, the contact itself saved again is not', async () => {
    const first = await c.save(c.customer({ mobNo: '9876500001' }));
    expect(first.status).toBe(200);
    const again = await c.save(c.customer({ mobNo: '9876500001' }));
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ status: false, message: 'Mobile number already exists', code: '400' });
    const contactId = first.json.response.contactId;
    const read = await c.readContact(contactId);
    const addressId = read.json.response.contactAddressDTO[0].addressId;
    const resave = await c.save(c.customer({ mobNo: '9876500001', contactId, contactAddressDTO: [c.address({ addressId })] }));
    expect(resave.status, resave.text).toBe(200);
    // Another branch has its own numbers.
    expect((await c.save(c.customer({ mobNo: '9876500001' }), 2)).status).toBe(200);
  });

  it('keeps the last of two api-token values, and refuses 403 in its gateway JSON with a chunked answer on a closed connection', async () => {
    expect((await c.report({ limit: 1 }, { tokens: ['wrong-token', TOKEN] })).status).toBe(200);
    const refused = await c.report({ limit: 1 }, { tokens: [TOKEN, 'wrong-token'] });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: { code: 'FORBIDDEN', message: 'Access denied' } });
    expect(refused.headers['transfer-encoding']).toBe('chunked');
    expect(refused.headers['content-length']).toBeUndefined();
    expect(refused.headers.connection).toBe('close');
  });

  it('refuses a report limit above 25 with 400 and takes 25', async () => {
    expect((await c.report({ limit: 25 })).status).toBe(200);
    const above = await c.report({ limit: 26 });
    expect(above.status).toBe(400);
    expect(above.json).toMatchObject({ status: false, code: '400' });
  });

  it('trims what it saves and reads it back with createdAt, branchName and the default address first', async () => {
    const body = c.customer({
      firstName: '  Asha ',
      contactAddressDTO: [c.address({ isDefault: 0, addressLine1: 'second' }), c.address({ isDefault: 1, addressLine1: 'first' })],
    });
    const saved = await c.save(body);
    expect(saved.status, saved.text).toBe(200);
    const read = (await c.readContact(saved.json.response.contactId)).json.response;
    expect(read.firstName).toBe('Asha');
    expect(read).toMatchObject({ branchName: 'Branch 1', createdAt: expect.any(String) });
    expect(read.contactAddressDTO.map((a: { addressLine1: string; isDefault: number }) => [a.addressLine1, a.isDefault])).toEqual([
      ['first', 1],
      ['second', 0],
    ]);
  });
});
