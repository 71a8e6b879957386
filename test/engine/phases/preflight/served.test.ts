// The preflight sends each configured operation of the index once (engine/phases/preflight/served.ts):
// those the target does not serve (404/405 to the well-formed request) are named on one line and
// leave the config the run goes on with; a 404 that may be a served route's "no such id" does not
// count; the answers are kept for the index suite (no request sent twice).
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../../client/operations.ts';
import { servedConfig, readBackEntriesNote, type OperationConfig } from '../../../../config/operations.ts';
import type { RunConfig } from '../../../../config/schema.ts';
import type { Exchange } from '../../../../core/types.ts';
import { branchFixtures } from '../../../../engine/phases/preflight/branches.ts';
import { preflight } from '../../../../engine/phases/preflight/preflight.ts';
import { notServedAnswer, notServedNote, servedProbe } from '../../../../engine/phases/preflight/served.ts';
import { referenceTarget } from './kit.ts';

const only = referenceTarget({ onlyDetailed: true });
const whole = referenceTarget();

/** An answer with `status` and `body` (JSON when it parses). */
const answer = (status: number, body: string): Exchange => {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { response: { status, headers: {}, body }, json } as unknown as Exchange;
};
const list: OperationConfig = { method: 'GET', path: '/api/v1/branch', list: 'response' };
const byId: OperationConfig = { method: 'GET', path: '/api/v1/product/{productId}', params: { productId: 101 } };
const envelope404 = JSON.stringify({ status: false, message: 'product not found', code: '404', response: null });

/** The whole reference config's operations, but only `names`, and the fixtures of `base`. */
const withOperations = (base: RunConfig, from: RunConfig, names: string[]): RunConfig => ({
  ...base,
  operations: Object.fromEntries(names.map((n) => [n, from.operations![n as keyof typeof from.operations]!])),
});

describe('notServedAnswer', () => {
  it('405 is not served; a 404 to a request of fixture values only is not served, whatever its body', () => {
    expect(notServedAnswer(list, answer(405, ''))).toBe('HTTP 405');
    expect(notServedAnswer(list, answer(404, '<html><body>Not Found</body></html>'))).toBe('HTTP 404');
    expect(notServedAnswer(list, answer(404, envelope404))).toBe('HTTP 404');
    for (const status of [200, 400, 401, 403, 429, 500]) expect(notServedAnswer(list, answer(status, '{}'))).toBeUndefined();
  });

  it("a 404 in the 2.1 envelope to a request naming an id of the entry's own is that id, not the route: served", () => {
    expect(notServedAnswer(byId, answer(404, envelope404))).toBeUndefined();
    // A framework's own 404 (HTML, empty, a generic JSON) is a route it does not have.
    expect(notServedAnswer(byId, answer(404, '<h1>Cannot GET /api/v1/product/101</h1>'))).toBe('HTTP 404');
    expect(notServedAnswer(byId, answer(404, ''))).toBe('HTTP 404');
    expect(notServedAnswer(byId, answer(404, '{"detail":"Not Found"}'))).toBe('HTTP 404');
  });

  it('says every operation not served on one line, with the fix', () => {
    expect(notServedNote({})).toBeUndefined();
    const line = notServedNote({ 'branch-list': 'HTTP 404', 'order-create': 'HTTP 405' })!;
    expect(line).toBe('not served (404/405): branch-list, order-create - remove them from operations, or fix their paths (out of scope for this run)');
    expect(line).not.toContain('\n');
  });
});

describe('servedProbe', () => {
  it('sends each configured operation once, whoever asks first, and keeps the answers of those served', async () => {
    const config = withOperations(whole.config, whole.config, ['branch-list', 'get-product-list', 'order-create']);
    const client = createClient(config.target);
    const probe = servedProbe(client, config);
    // The preflight's Branch List check takes the probe's request: one request between them.
    const problems: { key: string; problem: string }[] = [];
    const notes: string[] = [];
    await Promise.all([probe.sendAll(false), branchFixtures(client, config, problems, notes, probe.send('branch-list'))]);
    expect(client.count()).toBe(2);
    expect(notes).toEqual(['branches checked against Branch List (4 listed)']);
    await probe.sendAll(true);
    expect(client.count()).toBe(3);
    await client.close();
    expect(probe.notServed()).toEqual({});
    expect(Object.keys(probe.answers()).sort()).toEqual(['branch-list', 'get-product-list', 'order-create']);
  });

  it('against a target serving only the three detailed operations: each is not served, and none is kept', async () => {
    const config = withOperations(only.config, whole.config, ['branch-list', 'get-product-list', 'order-create']);
    const client = createClient(config.target);
    const probe = servedProbe(client, config);
    await probe.sendAll(false);
    await probe.sendAll(true);
    await client.close();
    expect(client.count()).toBe(3);
    expect(probe.notServed()).toEqual({ 'branch-list': 'HTTP 404', 'get-product-list': 'HTTP 404', 'order-create': 'HTTP 404' });
    expect(probe.answers()).toEqual({});
  });
});

describe('the preflight and the operations a target does not serve', () => {
  it('names them on one note line, leaves them out, and finds no fixture problem', async () => {
    const config = withOperations(only.config, whole.config, ['branch-list', 'get-all-sales-data', 'order-create', 'get-sales-data-by-id']);
    const r = await preflight(config);
    expect(r.problems).toEqual([]);
    expect(Object.keys(r.notServed ?? {})).toEqual(['branch-list', 'get-all-sales-data', 'order-create', 'get-sales-data-by-id']);
    const lines = r.notes.filter((n) => n.startsWith('not served (404/405): '));
    expect(lines).toEqual([
      'not served (404/405): branch-list, get-all-sales-data, order-create, get-sales-data-by-id - remove them from operations, or fix their paths (out of scope for this run)',
    ]);
    // Branch List was not read twice (its check is left to a list that is there), nor Order Create's absence taken for a pool problem.
    expect(r.notes.some((n) => n.startsWith('branches checked'))).toBe(false);
    expect(servedConfig(config, r.notServed).operations).toEqual({});
  });

  it('against the whole reference: every configured operation served, each answer kept for the index suite', async () => {
    const r = await preflight(whole.config);
    expect(r.problems).toEqual([]);
    expect(r.notServed).toBeUndefined();
    expect(Object.keys(r.operations ?? {}).length).toBe(Object.keys(whole.config.operations ?? {}).length);
    expect(r.notes.some((n) => n.startsWith('deprecated: '))).toBe(false);
  });

  it('an older config naming a read-back under operations: not sent from there, and one deprecation note', async () => {
    const { readBack } = whole.config;
    const old = {
      ...whole.config,
      operations: { 'get-contact-by-id': { method: 'GET' as const, path: '/api/v1/contact/{contactId}', params: { contactId: 1001 } } },
    };
    const r = await preflight(old);
    expect(readBack?.getContactById).toBeDefined();
    expect(r.operations).toEqual({});
    expect(r.notes.filter((n) => n.startsWith('deprecated: '))).toEqual([readBackEntriesNote(old)]);
  });
});

describe('the read-backs, configured in one place', () => {
  it('an older config naming them under operations too gets one deprecation line', () => {
    const old = {
      ...whole.config,
      operations: { ...whole.config.operations, 'get-contact-by-id': { method: 'GET' as const, path: '/api/v1/contact/{contactId}' } },
    };
    expect(readBackEntriesNote(whole.config)).toBeUndefined();
    expect(readBackEntriesNote(old)).toBe(
      'deprecated: operations.get-contact-by-id (readBack.getContactById is its place): a read-back is configured under readBack only; not sent from operations, remove it there',
    );
    const { readBack: _r, ...without } = old;
    expect(readBackEntriesNote({ ...without, operations: { 'order-status': { method: 'GET', path: '/s/{salesId}' } } })).toContain(
      'operations.order-status (move it to readBack.orderStatus)',
    );
  });
});
