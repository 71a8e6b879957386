// orderStatusAccepted (contract/checks/order-status.ts): a status on a voucher whose state allows
// it is accepted (ST-1, or the requirement the test files it under); no answer is no evidence.
import { describe, expect, it } from 'vitest';
import { acceptedIsStored, orderCreateVoucherRefused, orderStatusAccepted, overlapStored } from '../../../contract/checks/order-status.ts';
import type { Exchange } from '../../../core/types.ts';
import { findingCurl } from '../../../reports/render/finding.ts';

function exchange(status: number | null, body = ''): Exchange {
  return {
    seq: 1,
    operation: 'order-status',
    tokenKind: 'valid',
    request: { method: 'POST', url: 'http://127.0.0.1:1/api/v1/sales/1001/update-order-status?branch_id=1', headers: {}, body: '{"orderStatus":"Confirmed"}' },
    ...(status === null
      ? { failure: { kind: 'timeout', message: 'no answer in 100 ms' } }
      : { response: { status, headers: {}, body, bytes: body.length, truncated: false } }),
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
  } as Exchange;
}

function run(ex: Exchange, requirementId?: string) {
  const evidence: Record<string, number> = {};
  const r = orderStatusAccepted(ex, { salesId: '1001', from: 'Pending', to: 'Confirmed' }, requirementId ? { requirementId } : {});
  for (const e of r.evidence) evidence[e.requirementId] = (evidence[e.requirementId] ?? 0) + e.n;
  return { findings: r.findings, evidence };
}

describe('orderStatusAccepted', () => {
  it('takes any 2xx as acceptance, and notes ST-1 evidence', () => {
    expect(run(exchange(200))).toEqual({ findings: [], evidence: { 'ST-1': 1 } });
    expect(run(exchange(204))).toEqual({ findings: [], evidence: { 'ST-1': 1 } });
  });

  it('files a refusal under ST-1, or the requirement given, with the state it was refused in', () => {
    const { findings, evidence } = run(exchange(400, '{"status":false,"message":"no","code":"400","response":null}'));
    expect(findings.map((f) => [f.requirementId, f.checkId, f.title])).toEqual([
      ['ST-1', 'order-status.accepted', 'Confirmed was refused on voucher 1001, which is Pending'],
    ]);
    expect(findingCurl(findings[0]!)).toMatch(/update-order-status/);
    expect(evidence).toEqual({ 'ST-1': 1 });
    expect(run(exchange(400), 'OS-3').findings[0]!.requirementId).toBe('OS-3');
  });

  it('is no evidence either way on a 429 or no answer', () => {
    expect(run(exchange(429))).toEqual({ findings: [], evidence: {} });
    expect(run(exchange(null))).toEqual({ findings: [], evidence: {} });
  });
});

describe('acceptedIsStored (OS-9)', () => {
  const p = { salesId: '1001', from: 'Pending', to: 'Confirmed', said: 'HTTP 200' };
  it('finds an accepted update the read shows not stored, and nothing else', () => {
    expect(acceptedIsStored({ ...p, now: 'Confirmed' }, exchange(200))).toEqual([]);
    expect(acceptedIsStored({ ...p, now: 'Shipped' }, exchange(200))).toEqual([]);
    expect(acceptedIsStored({ ...p, now: 'Pending' }, exchange(200))[0]).toMatchObject({
      requirementId: 'OS-9',
      received: 'HTTP 200 to Confirmed, then voucher 1001 read Pending',
    });
  });
});

describe('overlapStored (OS-9): one step sent twice at once to one voucher', () => {
  const p = { salesId: '1001', from: 'Pending', to: 'Confirmed' };
  const said = (a: number, b: number): [string, string] => [`HTTP ${a}`, `HTTP ${b}`];
  it('finds both accepted and neither stored: a lost update', () => {
    const [f, ...more] = overlapStored({ ...p, now: 'Pending', said: said(200, 200) }, [exchange(200), exchange(200)]);
    expect(more).toEqual([]);
    expect(f).toMatchObject({ requirementId: 'OS-9', title: 'Two updates of one voucher at once were both accepted and neither was stored' });
    expect(f!.received).toBe('Confirmed sent twice at once to voucher 1001 (Pending): HTTP 200, HTTP 200; then the voucher read Pending');
  });
  it('finds one accepted beside a refusal and not stored', () => {
    expect(overlapStored({ ...p, now: 'Pending', said: said(400, 200) }, [exchange(400), exchange(200)])[0]!.title).toMatch(
      /^An update accepted beside another/,
    );
  });
  it('finds nothing when the step is stored, when none was accepted (a 5xx is ENV-6, not a lost update), or with no step', () => {
    expect(overlapStored({ ...p, now: 'Confirmed', said: said(200, 200) }, [exchange(200), exchange(200)])).toEqual([]);
    expect(overlapStored({ ...p, now: 'Confirmed', said: said(200, 500) }, [exchange(200), exchange(500)])).toEqual([]);
    expect(overlapStored({ ...p, now: 'Pending', said: said(500, 500) }, [exchange(500), exchange(500)])).toEqual([]);
    expect(overlapStored({ ...p, now: 'Pending', said: said(400, 400) }, [exchange(400), exchange(null)])).toEqual([]);
    expect(overlapStored({ ...p, to: 'Pending', now: 'Pending', said: said(200, 200) }, [exchange(200), exchange(200)])).toEqual([]);
  });
});

describe('orderCreateVoucherRefused (IX-10)', () => {
  const o = { salesId: '1001', request: 'Order Create', said: ['HTTP 404', 'HTTP 404', 'HTTP 404'] };
  it('fails only Confirmed, Pending and Cancelled all refused with a 4xx', () => {
    expect(orderCreateVoucherRefused(o, [exchange(200)])).toEqual([]);
    expect(orderCreateVoucherRefused(o, [exchange(404), exchange(404), exchange(500)])).toEqual([]);
    expect(orderCreateVoucherRefused(o, [exchange(404), exchange(404), exchange(404)])[0]!.requirementId).toBe('IX-10');
  });
});
