// 5 Authentication: "Every operation requires the header api-token ... A request without a
// valid token is rejected with HTTP 403 (Unauthorized)". The reference checks it first.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import { call, paths, reportBody, SECOND_TOKEN, validCustomer } from './helpers.ts';

let ref: ReferenceServer;
beforeAll(async () => {
  ref = await startReference({ port: 0 });
});
afterAll(() => ref.close());

const UNAUTHORIZED = { status: false, message: 'Unauthorized', code: '403', response: null };

const operations = [
  { name: 'the order status update', method: 'POST', path: () => paths.orderStatus(1001), body: { orderStatus: 'Confirmed' } },
  { name: 'customer creation', method: 'POST', path: () => paths.customer(), body: validCustomer() },
  { name: 'the report', method: 'POST', path: () => paths.report, body: reportBody() },
  { name: 'the contact read-back', method: 'GET', path: () => paths.contact(5001), body: undefined },
] as const;

describe('authentication (5)', () => {
  for (const op of operations) {
    it(`rejects ${op.name} without an api-token with 403 Unauthorized`, async () => {
      const a = await call(ref.url, op.method, op.path(), { body: op.body, token: null });
      expect(a.status).toBe(403);
      expect(a.json).toEqual(UNAUTHORIZED);
      expect(a.headers['content-type']).toMatch(/^application\/json/);
    });

    it(`rejects ${op.name} with an invalid api-token with 403 Unauthorized`, async () => {
      for (const token of ['wrong', 'reference-token-1x', 'reference-token-1, reference-token-2', 'REFERENCE-TOKEN-1', '']) {
        const a = await call(ref.url, op.method, op.path(), { body: op.body, token });
        expect(a.status, JSON.stringify(token)).toBe(403);
        expect(a.json).toEqual(UNAUTHORIZED);
      }
    });

    it(`checks the token of ${op.name} before validating the request`, async () => {
      const a = await call(ref.url, op.method, op.path().replace(/branch_id=\d+/, 'branch_id=x'), {
        body: '{not json',
        token: null,
        contentType: 'text/plain',
      });
      expect(a.status).toBe(403);
    });
  }

  it('rejects a request that repeats the api-token header, even with valid values', async () => {
    const r = await request(ref.url + paths.report, {
      method: 'POST',
      headers: { 'api-token': ['reference-token-1', 'reference-token-1'], 'content-type': 'application/json' },
      body: JSON.stringify(reportBody()),
    });
    expect(r.statusCode).toBe(403);
    await r.body.dump();
  });

  it('accepts the second configured token like the first', async () => {
    const a = await call(ref.url, 'POST', paths.report, { body: reportBody(), token: SECOND_TOKEN });
    expect(a.status).toBe(200);
  });

  it('answers 403 before 404 on an unknown path', async () => {
    expect((await call(ref.url, 'GET', '/api/v1/nothing', { token: null })).status).toBe(403);
    expect((await call(ref.url, 'GET', '/api/v1/nothing')).status).toBe(404);
  });

  it('accepts tokens given in the options instead of the default ones', async () => {
    const other = await startReference({ tokens: ['only-this'] });
    try {
      expect((await call(other.url, 'POST', paths.report, { body: reportBody(), token: 'only-this' })).status).toBe(200);
      expect((await call(other.url, 'POST', paths.report, { body: reportBody() })).status).toBe(403);
      expect(other.tokens).toEqual(['only-this']);
    } finally {
      await other.close();
    }
  });
});
