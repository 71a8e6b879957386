// The forms an `operations` entry takes for what real targets do: a refusal shape of its own (HTTP
// 200 with status: false), the list and its count at any path of the answer ("$": a bare array),
// paging by page and size or by cursor, a date window of its own (params dateFrom/dateTo). Every
// older config still loads as it did.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureValues, operationRequest, unfilled } from '../../client/index-operation.ts';
import {
  acceptedBy,
  answerAt,
  counted,
  readBackFound,
  cursorPath,
  isPaged,
  nextCursor,
  pageOf,
  pageStart,
  refusalText,
  refusedByShape,
} from '../../config/answer-shape.ts';
import { ConfigError, loadConfig } from '../../config/load.ts';
import { operationSchema, type OperationConfig } from '../../config/operations.ts';
import { PROFILE_NAMES } from '../../reference/profiles/index.ts';
import { referenceRunConfig } from '../../reference/run-config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const op = (entry: Record<string, unknown>): OperationConfig => operationSchema.parse({ method: 'GET', path: '/x', ...entry });

/** The reference's config with `entry` as operations["get-product-list"]. */
function withEntry(entry: Record<string, unknown>): unknown {
  const c = JSON.parse(JSON.stringify(referenceRunConfig('http://127.0.0.1:9', ['tok-1'], 1)));
  c.operations['get-product-list'] = { method: 'GET', path: '/api/v1/products', ...entry };
  return c;
}

function configError(base: unknown): string {
  try {
    loadConfig({ base, env: {} });
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return String((e as Error).message);
  }
  throw new Error('the config loaded');
}

describe('operations entries: the new forms', () => {
  it('loads every form, and says the key of a bad one', () => {
    const config = loadConfig({
      base: withEntry({
        query: { page: '{page}', size: '{size}' },
        list: '$',
        paging: { style: 'page', firstPage: 1 },
        totalCount: 'page.totalElements',
        refusal: { status: false, 'error.kind': 'refused' },
        params: { dateFrom: '2026-02-01T00:00:00Z', dateTo: '2026-02-28T23:59:59Z' },
      }),
      env: {},
    });
    expect(config.operations!['get-product-list']).toMatchObject({ list: '$', paging: { style: 'page', firstPage: 1 }, refusal: { status: false } });
    expect(configError(withEntry({ list: 'response..items' }))).toContain('operations.get-product-list.list');
    expect(configError(withEntry({ paging: { style: 'cursor' } }))).toContain('operations.get-product-list.paging');
    expect(configError(withEntry({ paging: { style: 'page', firstPage: 2 } }))).toContain('operations.get-product-list.paging');
    expect(configError(withEntry({ refusal: { status: { not: 'a scalar' } } }))).toContain('operations.get-product-list.refusal');
  });

  it("still loads the example and every reference profile's config unchanged", () => {
    const example = JSON.parse(readFileSync(path.join(ROOT, 'config/example.json'), 'utf8'));
    expect(() => loadConfig({ base: example, env: { ERP_API_TOKEN: 't', ERP_API_TOKEN_2: 'u' } })).not.toThrow();
    for (const name of PROFILE_NAMES) {
      const base = referenceRunConfig('http://127.0.0.1:9', ['tok-1', 'tok-2'], 1, name);
      expect(loadConfig({ base, env: {} }).operations, name).toEqual(base.operations);
    }
  });

  it('reads a list and a count at any path, "$" the whole answer', () => {
    expect(answerAt([1, 2], '$')).toEqual([1, 2]);
    expect(answerAt({ page: { totalElements: 7 } }, 'page.totalElements')).toBe(7);
    expect(answerAt({ response: { items: [] } }, 'response.items')).toEqual([]);
  });

  it('a 2xx holding every value of the refusal shape is a refusal, anything else a success', () => {
    const refusing = op({ refusal: { status: false } });
    expect(refusedByShape(refusing, 200, { status: false, message: 'no' })).toBe(true);
    expect(acceptedBy(refusing, 200, { status: false })).toBe(false);
    expect(acceptedBy(refusing, 200, [{ status: false }])).toBe(true);
    expect(acceptedBy(refusing, 200, { status: true })).toBe(true);
    // A 4xx is no success anyway; the shape speaks of 2xx only.
    expect(refusedByShape(refusing, 400, { status: false })).toBe(false);
    expect(acceptedBy(refusing, 400, { status: true })).toBe(false);
    // Without a shape, any 2xx is a success, as before.
    expect(acceptedBy(op({}), 200, { status: false })).toBe(true);
    expect(refusalText(op({ refusal: { status: false, 'error.code': 'E1' } }))).toBe('status: false, error.code: "E1"');
  });

  it('pages by page and size: the page holding an offset, from the first page', () => {
    const one = op({ paging: { style: 'page', firstPage: 1 }, query: { page: '{page}', size: '{size}' } });
    const zero = op({ paging: { style: 'page' } });
    expect(isPaged(one) && isPaged(op({ paged: true })) && !isPaged(op({}))).toBe(true);
    expect(pageOf(one, 2, 0)).toEqual({ page: 1, size: 2 });
    expect(pageOf(one, 2, 9)).toEqual({ page: 5, size: 2 });
    expect(pageOf(zero, 50, 100)).toEqual({ page: 2, size: 50 });
    expect(pageOf(op({ paged: true }), 2, 9)).toBeUndefined();
    expect(pageStart(one, 2, 9)).toBe(8);
    expect(pageStart(op({ paged: true }), 2, 9)).toBe(9);
    // The request: {page} and {size} filled from the check's limit and offset, typed as numbers.
    const r = operationRequest(one, { limit: 10, offset: 0 }, { limit: 2, offset: 9 });
    expect(r.path).toBe('/x?page=5&size=2');
    const post = op({ method: 'POST', paging: { style: 'page' }, body: { page: '{page}', size: '{size}' } });
    expect(operationRequest(post, { limit: 10, offset: 0 }).body).toEqual({ page: 0, size: 10 });
    // Malformed values given outright pass as given.
    expect(operationRequest(post, { limit: 10, offset: 0 }, { page: 'abc', size: -1 }).body).toEqual({ page: 'abc', size: -1 });
    expect(unfilled(one, { limit: 10, offset: 0 })).toEqual([]);
    expect(unfilled(op({ query: { page: '{page}' } }), { limit: 10, offset: 0 })).toEqual(['page']);
  });

  it('pages by cursor: the first page without its cursor, each next one with the cursor the answer before gave', () => {
    const get = op({ paging: { style: 'cursor', next: 'response.next' }, list: 'response.items', query: { size: '{size}', cursor: '{cursor}' } });
    expect(isPaged(get)).toBe(true);
    expect(cursorPath(get)).toBe('response.next');
    // The first page: the entry that is exactly "{cursor}" left out, {size} the check's limit.
    expect(operationRequest(get, { limit: 10, offset: 0 }).path).toBe('/x?size=10');
    expect(operationRequest(get, { limit: 10, offset: 0 }, { limit: 2, cursor: 'bzoy' }).path).toBe('/x?size=2&cursor=bzoy');
    const post = op({ method: 'POST', paging: { style: 'cursor', next: 'next' }, body: { filter: { after: '{cursor}', keep: 1 }, limit: '{limit}' } });
    expect(operationRequest(post, { limit: 10, offset: 0 }).body).toEqual({ filter: { keep: 1 }, limit: 10 });
    expect(operationRequest(post, { limit: 10, offset: 0 }, { cursor: 'c2' }).body).toEqual({ filter: { after: 'c2', keep: 1 }, limit: 10 });
    // The next cursor: a non-empty string or a number; none (null, "", absent) on the last page.
    expect(nextCursor(get, { response: { next: 'bzoy' } })).toBe('bzoy');
    expect(nextCursor(post, { next: 42 })).toBe('42');
    for (const last of [{ response: { next: null } }, { response: { next: '' } }, { response: {} }]) expect(nextCursor(get, last)).toBeUndefined();
    expect(nextCursor(op({ paged: true }), { response: { next: 'x' } })).toBeUndefined();
    // {cursor} is the check's to fill: never a placeholder without a value.
    expect(unfilled(get, { limit: 10, offset: 0 })).toEqual([]);
    expect(() => op({ paging: { style: 'cursor' } })).toThrow();
  });

  it("gives an entry its own date window with params, the fixtures' range elsewhere", () => {
    const config = loadConfig({ base: withEntry({ method: 'POST', body: { from: '{dateFrom}', to: '{dateTo}' } }), env: {} });
    const values = fixtureValues(config);
    const own = op({
      method: 'POST',
      body: { from: '{dateFrom}', to: '{dateTo}' },
      params: { dateFrom: '2026-02-01T00:00:00Z', dateTo: '2026-02-28T23:59:59Z' },
    });
    expect(operationRequest(own, values).body).toEqual({ from: '2026-02-01T00:00:00Z', to: '2026-02-28T23:59:59Z' });
    expect(operationRequest(config.operations!['get-product-list']!, values).body).toEqual({
      from: config.fixtures.report.dateFrom,
      to: config.fixtures.report.dateTo,
    });
  });
});

describe('a list with no count, a read-back refusal shape (issue 40)', () => {
  it('takes totalCount: null as a list that states no count', () => {
    const op = operationSchema.parse({ method: 'GET', path: '/api/v1/x', paging: { style: 'cursor', next: 'next' }, list: 'content', totalCount: null });
    expect(counted(op)).toBe(false);
    expect(counted(operationSchema.parse({ method: 'GET', path: '/api/v1/x', paged: true, list: 'response.items' }))).toBe(true);
  });

  it('reads a read-back answered 200 with its declared refusal shape as not found', () => {
    const base = referenceRunConfig('http://127.0.0.1:9', ['tok-1'], 1) as { readBack: Record<string, unknown> };
    const config = loadConfig({ base: { ...base, readBack: { ...base.readBack, refusal: { status: false } } }, env: {} });
    expect(config.readBack!.refusal).toEqual({ status: false });
    expect(readBackFound(config.readBack, 200, { status: false, message: 'no such contact' })).toBe(false);
    expect(readBackFound(config.readBack, 200, { status: true, response: { contactId: 5 } })).toBe(true);
    expect(readBackFound(config.readBack, 404, {})).toBe(false);
    expect(readBackFound(undefined, 200, { status: false })).toBe(true); // none declared: a 200 is a record
  });
});
