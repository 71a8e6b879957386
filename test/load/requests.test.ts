// The request each operation repeats under probing and load: the same paths and bodies as the
// client, and with writes: false a customer creation that cannot create anything.
import { describe, expect, it } from 'vitest';
import { probeRateLimit } from '../../load/probe/probe.ts';
import { repeatedRequest } from '../../load/requests.ts';
import { configFor, limitedReference } from '../support/reference.ts';

describe('the repeated request of each operation', () => {
  it('asks the report for one record of the configured range', () => {
    const config = configFor('http://127.0.0.1:9');
    const r = repeatedRequest(config, 'report');
    expect(r.path).toBe('/api/v1/report/consumption-production-report');
    const { branchList, dateFrom, dateTo } = config.fixtures.report;
    expect(JSON.parse(r.body)).toEqual({ branchList, dateFrom, dateTo, limit: 1, offset: 0 });
    expect(r).toMatchObject({ method: 'POST', writes: false, headers: { 'content-type': 'application/json' } });
  });

  it('sends the customer to the invalid branch with writes: false, and says the limiter must count invalid requests', () => {
    const config = configFor('http://127.0.0.1:9', (c) => (c.writes = false));
    const r = repeatedRequest(config, 'customer-create');
    expect(r.path).toBe(`/api/v1/customer/create?branch_id=${config.fixtures.invalidBranchId}`);
    expect(r).toMatchObject({ writes: false, acceptedAs: 'validation-error' });
    expect(r.description).toMatch(/nothing is created/);
    expect(r.description).toMatch(/counts? invalid requests/);
    expect(JSON.parse(r.body)).toMatchObject({ contactId: 0, contactAddressDTO: [{ addressId: 0, isDefault: 1 }] });
  });

  it('creates the customer in the valid branch with writes: true, and says so', () => {
    const config = configFor('http://127.0.0.1:9');
    const r = repeatedRequest(config, 'customer-create');
    expect(r.path).toBe(`/api/v1/customer/create?branch_id=${config.fixtures.branchId}`);
    expect(r.writes).toBe(true);
    expect(r.description).toMatch(/CREATES a customer/);
  });

  it('sets the last unpaid voucher to Pending, which it already is', () => {
    const config = configFor('http://127.0.0.1:9');
    const r = repeatedRequest(config, 'order-status');
    const last = config.fixtures.sales.refusals.at(-1);
    expect(r.path).toBe(`/api/v1/sales/${last}/update-order-status?branch_id=${config.fixtures.branchId}`);
    expect(JSON.parse(r.body)).toEqual({ orderStatus: 'Pending' });
    expect(r.writes).toBe(false);
  });

  it('keeps the path prefix of the base URL', () => {
    const r = repeatedRequest(configFor('http://127.0.0.1:9/erp/'), 'report');
    expect(r.path).toBe('/erp/api/v1/report/consumption-production-report');
  });

  it('probes customer creation with writes: false without creating anything, the limiter counting the invalid requests', async () => {
    const target = await limitedReference({ limit: 20, windowSeconds: 2, algorithm: 'token-bucket' });
    try {
      const config = { ...target.config, writes: false };
      const r = await probeRateLimit({ config, operation: 'customer-create', maxRequests: 300, maxSeconds: 30 });
      expect(Object.keys(r.statusCounts).sort()).toEqual(['400', '429']);
      expect(r).toMatchObject({ limited: true, limit: 20, algorithm: 'token-bucket', request: { writes: false } });
      expect(r.notes.join('\n')).toMatch(/invalid branch_id/);
    } finally {
      await target.server.close();
    }
  });
});
