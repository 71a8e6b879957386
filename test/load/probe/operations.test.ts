// The operations the probe takes by name (load/probe/operations.ts): the read paths of readBack
// and the config's index operations as GETs or POSTs of their configured request, the quota each
// counts against (what a later run reads its rate-limit.json as), and a name the config does not
// describe refused with the names it does.
import { describe, expect, it } from 'vitest';
import { probedRequest, probeOperationNames, quotaOfProbed } from '../../../load/probe/operations.ts';
import { configFor } from '../../support/reference.ts';

describe('the operations the probe measures', () => {
  const config = configFor('http://127.0.0.1:9/erp/');

  it('reads the order status of a voucher only refused requests touch, under the base path, with no body', () => {
    const r = probedRequest(config, 'order-status-read');
    if ('problem' in r) throw new Error(r.problem);
    const salesId = config.fixtures.sales.refusals.at(-1)!;
    expect(r).toMatchObject({ method: 'GET', writes: false, operation: 'order-status-read' });
    expect(r.body).toBeUndefined();
    expect(r.path.startsWith('/erp/')).toBe(true);
    expect(r.path).toContain(String(salesId));
  });

  it('sends an index operation of the config as its configured request, and names every operation it takes', () => {
    const names = probeOperationNames(config);
    expect(names.slice(0, 3)).toEqual(['report', 'customer-create', 'order-status']);
    const index = names.find((n) => !['report', 'customer-create', 'order-status', 'order-status-read', 'contact-read'].includes(n));
    expect(index).toBeDefined();
    const r = probedRequest(config, index!);
    if ('problem' in r) throw new Error(r.problem);
    expect(r).toMatchObject({ operation: index, exchangeOperation: 'index' });
    expect(r.path).toMatch(/^\/erp\//);
  });

  it('refuses a name the config does not describe, listing those it does', () => {
    const r = probedRequest(config, 'no-such-operation');
    expect(r).toEqual({ problem: expect.stringMatching(/^--operation must be one of report, customer-create, order-status, .*received "no-such-operation"$/) });
  });

  it('counts each against its quota: the read paths their own, an index operation its stable name', () => {
    expect(quotaOfProbed('report')).toBe('report');
    expect(quotaOfProbed('order-status')).toBe('orderStatus');
    expect(quotaOfProbed('order-status-read')).toBe('orderStatusRead');
    expect(quotaOfProbed('contact-read')).toBe('contactRead');
    expect(quotaOfProbed('get-product-list')).toBe('get-product-list');
    expect(quotaOfProbed('no-such-operation')).toBeNull();
  });
});
