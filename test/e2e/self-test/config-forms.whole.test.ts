// The config forms real targets need (config operations: paging by page and size or by cursor, a
// date window of an entry's own, a refusal shape, lists and counts without the envelope), proved on
// whole runs of the index suite against the reference's ledger-bare vendor (its certification:
// profiles.test.ts). A totalCount that lies (fault ix-total-lies, IX-7) is failed on the page/size
// lists as configured; a report asked for the fixtures' whole range is refused (HTTP 200, status
// false): inconclusive, said so; with its own window it is judged.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationConfig } from '../../../config/operations.ts';
import type { RunConfig } from '../../../config/schema.ts';
import type { Certification } from '../../../reports/model.ts';
import { runAgainstReference } from './run-reference.ts';
import { WHOLE_FILE } from '../../tiers.ts';

type Ops = Record<string, OperationConfig>;

/** The config as it had to be written before `paging`: {limit} and {offset} under their own names. */
function limitOffset(c: RunConfig): RunConfig {
  const back = (t: unknown): unknown =>
    t && typeof t === 'object' && !Array.isArray(t)
      ? Object.fromEntries(Object.entries(t).map(([k, v]) => (v === '{page}' ? ['offset', '{offset}'] : v === '{size}' ? ['limit', '{limit}'] : [k, v])))
      : t;
  const ops = Object.fromEntries(
    Object.entries(c.operations as Ops).map(([name, { paging, ...op }]) => [
      name,
      paging
        ? { ...op, paged: true, ...(op.query ? { query: back(op.query) as Record<string, string> } : {}), ...(op.body ? { body: back(op.body) } : {}) }
        : op,
    ]),
  );
  return { ...c, operations: ops };
}

/** The config without the entries' own date windows: the fixtures' range everywhere. */
function noWindows(c: RunConfig): RunConfig {
  const ops = Object.fromEntries(
    Object.entries(c.operations as Ops).map(([name, op]) => {
      if (!op.params?.dateFrom) return [name, op];
      const { dateFrom: _f, dateTo: _t, ...params } = op.params;
      const { params: _p, ...rest } = op;
      return [name, Object.keys(params).length ? { ...rest, params } : rest];
    }),
  );
  return { ...c, operations: ops };
}

/** Order Create asked for a payment status the vendor does not know: it refuses, with HTTP 200 and status false. */
function refusedOrderCreate(c: RunConfig): RunConfig {
  const ops = c.operations as Ops;
  const create = ops['order-create']!;
  return { ...c, operations: { ...ops, 'order-create': { ...create, body: { ...(create.body as object), paymentStatus: 'owed' } } } };
}

const runs = new Map<string, Certification>();
const run = (faults: 'ix-total-lies'[], patch?: (c: RunConfig) => RunConfig, only = ['IX']) =>
  runAgainstReference({ reference: { profile: 'ledger-bare' }, faults, only, numRuns: 5, seed: 30, ...(patch ? { patch } : {}) });

const ix7 = (c: Certification) => c.requirements.find((r) => r.id === 'IX-7')!;
/** What operation `name` showed for IX-7 (the certificate's table "Operations of the index"). */
const cell = (c: Certification, name: string) => c.operationsTable?.cells[name]?.['IX-7'] ?? '';

describe('config forms on whole runs against the ledger-bare vendor', WHOLE_FILE, () => {
  beforeAll(async () => {
    const queue: Array<[string, () => ReturnType<typeof run>]> = [
      ['lies', () => run(['ix-total-lies'])],
      ['lies, limit/offset', () => run(['ix-total-lies'], limitOffset)],
      ['correct', () => run([])],
      ['correct, no windows', () => run([], noWindows)],
      ['order create refused', () => run([], refusedOrderCreate, ['OS'])],
    ];
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) runs.set(next[0], (await next[1]()).certification);
    };
    await Promise.all([lane(), lane()]);
  }, 600_000);

  it('fails a totalCount that lies on the lists paged by page and size', () => {
    const r = ix7(runs.get('lies')!);
    expect(r.status).toBe('failed');
    expect(r.findings.map((f) => f.title).join('\n')).toMatch(
      /get-product-list: the page (at offset totalCount-1|from offset \d+ \(the page of size 2 holding item totalCount-1\)) holds 0 items, not [12]/,
    );
    // And on the lists paged by cursor, walked to their last page.
    expect(r.findings.map((f) => f.title).join('\n')).toMatch(/products-with-inventory: the pages walked by cursor hold (\d+) items, not (the )?\d+/);
    expect(cell(runs.get('lies')!, 'get-all-recipe')).toMatch(/^FAILED: \d+ item\(s\) in \d+ page\(s\) by cursor/);
  });

  it('could not judge it with the limit/offset a config said before (the vendor ignores them): never failed', () => {
    const r = ix7(runs.get('lies, limit/offset')!);
    expect(r.status).not.toBe('failed');
    expect(cell(runs.get('lies, limit/offset')!, 'get-product-list')).toMatch(/a page of limit 2 held \d+ items/);
  });

  it("passes the correct vendor's lists, its reports in their own windows", () => {
    const c = runs.get('correct')!;
    expect(c.requirements.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual([]);
    for (const name of ['get-product-list', 'get-all-sales-data', 'get-sales-item-register-data', 'stock-summary-report'])
      expect(cell(c, name), name).toMatch(/^passed/);
    // Paged by cursor: walked from the first page to the last, the customers the run made meanwhile accounted for.
    for (const name of ['products-with-inventory', 'get-all-recipe', 'get-customer-list-w-branch-id'])
      expect(cell(c, name), name).toMatch(/^passed (exactly )?\(totalCount \d+, \d+ item\(s\) in \d+ page\(s\) by cursor/);
  });

  it('says a report refused for the whole range is a refusal (HTTP 200 with status false), inconclusive, never failed', () => {
    const c = runs.get('correct, no windows')!;
    expect(ix7(c).status).not.toBe('failed');
    expect(cell(c, 'get-sales-item-register-data')).toMatch(/refused \(HTTP 200 with status: false\)/);
  });

  it("takes an Order Create answered HTTP 200 with status false as the refusal it is: of the config's values, so the preflight stops the run naming the key, and nothing fails", () => {
    const c = runs.get('order create refused')!;
    expect(c.verdict).toBe('preflight-failed');
    expect(c.preflight?.problems?.map((p) => p.key)).toEqual(['operations["order-create"]']);
    expect(JSON.stringify(c.preflight?.problems)).toMatch(/status: false/);
    // Stopped before any suite: no requirement judged either way.
    expect(c.requirements.filter((r) => r.status === 'failed' || r.status === 'passed').map((r) => r.id)).toEqual([]);
  });
});
