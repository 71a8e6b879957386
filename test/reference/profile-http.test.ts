// The HTTP-level choices each profile makes where the spec is silent: the body of every error
// status (7 "The body shape of error responses: not shown"), the JSON media type, keep-alive or
// Connection: close, the status for a wrong Content-Type, whether the token is checked before the
// request's form (AUTH-4), and the run config each profile produces.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.ts';
import { PROFILES } from '../../reference/profiles/index.ts';
import { MAX_BODY_BYTES } from '../../reference/server.ts';
import { paths, reportBody } from './helpers.ts';
import { errorText, expectErrorShape, profileClient, type ProfileClient } from './profile-kit.ts';

const clients = new Map<string, ProfileClient>();
beforeAll(async () => {
  for (const p of PROFILES) clients.set(p.name, await profileClient(p.name));
});
afterAll(() => Promise.all([...clients.values()].map((c) => c.close())));
const client = (name: string) => clients.get(name)!;

describe("error bodies (ENV-8) in each profile's shape, for every error status", () => {
  for (const p of PROFILES) {
    it(`${p.name}: ${p.http.errors} for 400, 403, 404, 405, 413, ${p.http.contentTypeStatus} and 429`, async () => {
      const c = client(p.name);
      expectErrorShape(p, await c.report({ limit: -1 }), 400);
      expectErrorShape(p, await c.report({}, { token: null }), 403);
      expectErrorShape(p, await c.call('POST', '/api/v1/nothing', { body: {} }), 404);
      expectErrorShape(p, await c.call('GET', paths.report), 405);
      expectErrorShape(p, await c.call('POST', paths.report, { body: `"${'x'.repeat(MAX_BODY_BYTES)}"` }), 413);
      expectErrorShape(p, await c.call('POST', paths.report, { body: JSON.stringify(reportBody()), contentType: 'text/plain' }), p.http.contentTypeStatus);
      // The limit of this server is 1 request a minute per token on customer creation and the report.
      const token = `${p.name}-limited`;
      const limited = await profileClient(p.name, { tokens: [token], rateLimit: { limit: 1, windowSeconds: 60, algorithm: 'fixed', scope: 'token' } });
      try {
        await limited.report({}, { token });
        const a = await limited.report({}, { token });
        expectErrorShape(p, a, 429);
        expect(errorText(a)).toBe(p.messages.tooMany);
      } finally {
        await limited.close();
      }
    });
  }

  it('gives every error shape between the profiles: envelope, problem details, text and vendor JSON', () => {
    expect(new Set(PROFILES.map((p) => p.http.errors))).toEqual(new Set(['envelope', 'problem', 'text', 'vendor']));
  });

  it('words the envelope messages of the minimal profile its own way', async () => {
    const [d, m] = [client('default'), client('minimal')];
    expect((await d.report({}, { token: null })).json.message).toBe('Unauthorized');
    expect((await m.report({}, { token: null })).json.message).toBe('Access denied: api-token missing or not valid');
    expect((await m.report({ limit: 1 })).json.message).toBe('Report data');
  });
});

describe('response details', () => {
  for (const p of PROFILES) {
    it(`${p.name}: JSON answers are "${p.http.jsonType}" (ENV-5), ${p.http.connectionClose ? 'Connection: close' : 'keep-alive'}`, async () => {
      const a = await client(p.name).report({ limit: 1 });
      expect(a.status).toBe(200);
      expect(a.headers['content-type']).toBe(p.http.jsonType);
      if (p.http.connectionClose) expect(a.headers.connection).toBe('close');
      else expect(a.headers.connection ?? 'keep-alive').toBe('keep-alive');
    });
  }

  it('closes the connection after each answer in forward-only, also after an error', async () => {
    const c = client('forward-only');
    const r = await request(c.server.url + paths.report, { method: 'POST', headers: { 'api-token': 'x' }, body: '{}' });
    await r.body.dump();
    expect(r.headers.connection).toBe('close');
  });
});

describe("AUTH-4: the token before or after the request's form", () => {
  const malformed = { body: '{not json', token: null, contentType: 'text/plain' } as const;

  for (const p of PROFILES) {
    it(`${p.name}: a request without a token and with a valid body is 403; a malformed one is ${p.http.tokenCheck === 'first' ? '403' : 'refused for its form'}`, async () => {
      const c = client(p.name);
      expect((await c.call('POST', paths.report, { body: reportBody(), token: null })).status).toBe(403);
      expect((await c.call('POST', paths.customer(1), { body: c.customer(), token: null })).status).toBe(403);
      const a = await c.call('POST', paths.orderStatus(c.voucher(1021), 'x'), malformed);
      if (p.http.tokenCheck === 'first') expect(a.status).toBe(403);
      else expectErrorShape(p, a, p.http.contentTypeStatus);
      const b = await c.call('POST', paths.customer('x'), { body: c.customer(), token: null });
      expect(b.status).toBe(p.http.tokenCheck === 'first' ? 403 : 400);
    });
  }
});

describe('the run config of each profile', () => {
  for (const p of PROFILES) {
    it(`${p.name}: loads, points at the profile's read paths, date format and contact types, and its vouchers exist`, async () => {
      const c = client(p.name);
      const config = loadConfig({ base: c.server.runConfig(), env: {} });
      expect(config.readBack?.getContactById).toBe(p.readBack.contact);
      expect(config.readBack?.orderStatus).toEqual(p.readBack.orderStatus);
      expect(config.fixtures.customer).toMatchObject({ dateFormat: p.customer.dateFormat, contactTypes: p.customer.contactTypes });
      expect(config.fixtures.report).toMatchObject({ emptyBranchId: 4, filterIds: expect.objectContaining({ recipeIds: expect.any(Array) }) });
      for (const role of ['lifecycle', 'cancel', 'deliver', 'refusals', 'otherBranch'] as const) {
        const id = config.fixtures.sales[role]![0]!;
        const branch = role === 'otherBranch' ? config.fixtures.otherBranchId : config.fixtures.branchId;
        const a = await c.readOrder(String(id), branch);
        expect(a.status, `${role} ${id}`).toBe(200);
      }
      expect((await c.readOrder(String(config.fixtures.sales.missing))).status).toBe(400);
    });
  }

  it("writes the ledger's voucher ids past 2^53 as strings of digits that the config reads exactly", () => {
    const raw = client('ledger').server.runConfig();
    expect(raw.fixtures.sales.lifecycle![0]).toBe('1152921504606847977');
    const config = loadConfig({ base: raw, env: {} });
    expect(config.fixtures.sales.lifecycle![0]).toBe(1152921504606847977n);
    expect(config.fixtures.sales.missing).toBe(2n ** 60n + 999999n);
  });
});
