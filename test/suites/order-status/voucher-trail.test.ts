// A stateful finding's sequence: the test's writes on its voucher, from the Order Create that made
// it to the step that failed, and printed as numbered curl lines in which the voucher's id is the
// one the first step answers (a fresh copy of the target gives another): run in bash with curl
// standing in, the later steps name the id the stand-in answered.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../core/types.ts';
import type { Harness } from '../../../runtime/harness.ts';
import { MAX_WRITES, WriteTrail } from '../../../runtime/write-trail.ts';
import { sequenceLines } from '../../../reports/render/finding.ts';
import { wrap } from '../../../reports/render/console-text.ts';
import { names, voucherSequence, withSequence } from '../../../suites/order-status/voucher-trail.ts';

const BASE = 'http://127.0.0.1:4100/api/v1';
let seq = 0;
function ex(
  method: string,
  url: string,
  body: string | undefined,
  status: number,
  answer: unknown = { status: true },
  operation: Exchange['operation'] = 'index',
): Exchange {
  const text = JSON.stringify(answer);
  return {
    seq: ++seq,
    operation,
    tokenKind: 'valid',
    tokenEnv: 'ERP_TOKEN',
    request: { method, url: `${BASE}${url}`, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body } : {}) },
    response: { status, headers: {}, body: text, bytes: text.length, truncated: false },
    json: answer,
    startedAt: new Date(seq).toISOString(),
    durationMs: 1,
  };
}

/** A harness holding only what voucherSequence reads: the test's writes and the config's Order Create. */
function harness(writes: Exchange[]): Harness {
  const trail = new WriteTrail();
  for (const w of writes) trail.add(w);
  return { writes: trail, config: { operations: { 'order-create': { created: 'response.salesId' } } } } as unknown as Harness;
}

// Two vouchers walked side by side; the second one's Delivered is the failure.
const create1 = ex('POST', '/sales/order-create?branch_id=1', '{"remark":"run"}', 200, { status: true, response: { salesId: 5001 } });
const create2 = ex('POST', '/sales/order-create?branch_id=1', '{"remark":"run"}', 200, { status: true, response: { salesId: 5002 } });
const read = ex('GET', '/sales/5002?branch_id=1', undefined, 200);
const paid = ex('POST', '/sales/update-payment-status?branch_id=1', '{"salesId":5002,"paymentStatus":"paid"}', 200);
const other = ex('POST', '/sales/5001/update-order-status?branch_id=1', '{"orderStatus":"Confirmed"}', 200, {}, 'order-status');
const unpaid = ex('POST', '/sales/update-payment-status?branch_id=1', '{"salesId":5002,"paymentStatus":"unpaid"}', 200);
const delivered = ex('POST', '/sales/5002/update-order-status?branch_id=1', '{"orderStatus":"Delivered"}', 200, {}, 'order-status');
const later = ex('POST', '/sales/5002/update-order-status?branch_id=1', '{"orderStatus":"Pending"}', 200, {}, 'order-status');
const h = harness([create1, create2, read, paid, other, unpaid, delivered, later]);

describe('voucherSequence', () => {
  it("keeps the voucher's writes from its Order Create to the failed step, and no other voucher's", () => {
    const s = voucherSequence(h, delivered)!;
    expect(s.steps.map((x) => x.exchanges[0]!.seq)).toEqual([create2, paid, unpaid, delivered].map((x) => x.seq));
    expect(s.steps[0]!.binds).toEqual({ name: 'SALES_ID', at: 'response.salesId', value: '5002' });
    expect(s.steps[3]!.label).toBe('POST /api/v1/sales/5002/update-order-status?branch_id=1: HTTP 200');
    expect(s.title).toMatch(/^Voucher 5002, from the Order Create that made it/);
  });

  it('starts at the first request naming a voucher no Order Create of the test made; none for a lone step', () => {
    const pool = ex('POST', '/sales/7007/update-order-status?branch_id=1', '{"orderStatus":"Confirmed"}', 200, {}, 'order-status');
    const failed = ex('POST', '/sales/7007/update-order-status?branch_id=1', '{"orderStatus":"Delivered"}', 400, {}, 'order-status');
    const s = voucherSequence(harness([create1, pool, failed]), failed, 7007)!;
    expect(s.steps.map((x) => x.exchanges[0]!.seq)).toEqual([pool.seq, failed.seq]);
    expect(s.steps[0]!.binds).toBeUndefined();
    expect(voucherSequence(harness([failed]), failed, 7007)).toBeUndefined();
    expect(voucherSequence(h, ex('POST', '/sales/1/x', '{}', 200))).toBeUndefined(); // not among the writes
    expect(withSequence(h, [{ checkId: 'c', requirementId: 'OS-3', title: 't', received: 'r', expected: 'e', exchange: delivered }])[0]!.sequence).toEqual(
      voucherSequence(h, delivered),
    );
  });

  it('ends a read that failed (a GET, never a write) after the writes answered before it was sent', () => {
    const late = ex('GET', '/sales/5002?branch_id=1', undefined, 200);
    const s = voucherSequence(h, late)!;
    expect(s.steps.map((x) => x.exchanges[0]!.seq)).toEqual([create2, paid, unpaid, delivered, later, late].map((x) => x.seq));
    // Sent before `unpaid` was answered: the writes up to `paid` only.
    const mid = { ...late, seq: 999, startedAt: unpaid.startedAt };
    expect(voucherSequence(h, mid)!.steps.map((x) => x.exchanges[0]!.seq)).toEqual([create2.seq, paid.seq, 999]);
  });

  it('names an id whole, never inside a longer number', () => {
    expect(names(delivered, '5002')).toBe(true);
    expect(names(delivered, '500')).toBe(false);
    expect(names(paid, '5002')).toBe(true);
  });

  it('keeps at most MAX_WRITES writes, no GET, none not sent, and no large answer', () => {
    const trail = new WriteTrail();
    const big = ex('POST', '/x', '{}', 200, { blob: 'x'.repeat(10_000) });
    trail.add({ ...create1, notSent: { reason: 'budget', message: 'the run budget was spent' } }); // not sent: not a step
    for (let i = 0; i < MAX_WRITES + 5; i++) trail.add(i === 0 ? big : i === 1 ? read : create1);
    expect(trail.list()).toHaveLength(MAX_WRITES);
    expect(trail.list()[0]).not.toHaveProperty('json');
    expect(trail.list()[0]!.response!.body).toBe('');
  });
});

describe('sequenceLines', () => {
  it('prints numbered curl lines that keep the created id in $SALES_ID and run in order against another copy', () => {
    const lines = sequenceLines(voucherSequence(h, delivered)!);
    expect(lines[0]).toBe('1. POST /api/v1/sales/order-create?branch_id=1: HTTP 200');
    expect(lines[1]).toMatch(/^ {3}SALES_ID=\$\(curl -sS -X POST .* \| jq -r '\.response\.salesId'\); echo "SALES_ID=\$SALES_ID"$/);
    expect(lines.filter((l) => l.startsWith('   ')).join('\n')).not.toContain('5002'); // the labels say the run's id
    expect(lines[7]).toContain(`'${BASE}/sales/'"$SALES_ID"'/update-order-status?branch_id=1'`);
    // The console never wraps them: each pastes as one line.
    for (const l of lines.filter((x) => x.startsWith('   '))) expect(wrap(l, 60)).toEqual([l]);
    // Run in bash, curl standing in: Order Create answers 9123, and each later step names 9123.
    const script = lines.filter((l) => l.startsWith('   ')).join('\n');
    const stub = `curl() { for a in "$@"; do case "$a" in *order-create*) echo '{"response":{"salesId":9123}}'; return;; esac; done; printf '%s\\n' "$@"; }`;
    const out = execFileSync('bash', ['--norc', '--noprofile', '-c', `${stub}\n${script}`], {
      env: { PATH: process.env.PATH, ERP_TOKEN: 'tok' },
      encoding: 'utf8',
    });
    expect(out).toContain('SALES_ID=9123');
    expect(out).toContain('{"salesId":9123,"paymentStatus":"unpaid"}');
    expect(out).toContain(`${BASE}/sales/9123/update-order-status?branch_id=1`);
    expect(out).toContain('api-token: tok');
    expect(out).not.toContain('5002');
  });
});
