// init --discover writes only what it found or was told (bin/cli/init-values.ts): a read is probed
// with ids the target's lists gave; a write keeps an id the target listed, else takes one found,
// else gets a {placeholder} and a "fill this" line (the preflight then stops naming the entry); a
// write's voucher is never swapped for another.
import { describe, expect, it } from 'vitest';
import { withFoundValues } from '../../../bin/cli/init-values.ts';
import type { OperationConfigInput } from '../../../config/operations.ts';
import { referenceOperations } from '../../../reference/index-routes.ts';
import { defaultProfile } from '../../../reference/profiles/index.ts';

const ops = referenceOperations(defaultProfile) as Record<string, OperationConfigInput>;
const pick = (...names: string[]) => Object.fromEntries(names.map((n) => [n, ops[n]!]));

describe('withFoundValues', () => {
  it('keeps the ids the target listed, and says nothing', () => {
    const r = withFoundValues(pick('order-create', 'get-product-by-id', 'update-due-date'), {
      contactId: ['1001', '1002'],
      productId: ['101'],
      salesId: ['4002', '1001'],
    });
    expect(r.operations).toEqual(pick('order-create', 'get-product-by-id', 'update-due-date'));
    expect([r.said, r.fill]).toEqual([[], []]);
  });

  it("probes a read with an id the target's lists gave instead of the reference's", () => {
    const r = withFoundValues(pick('get-product-by-id', 'get-contact-by-mobile-no', 'variant-details-by-variant-id', 'shipping-details'), {
      productId: ['7001'],
      mobNo: ['9800011111'],
      variantId: ['70011'],
      salesId: ['55'],
    });
    expect(r.operations['get-product-by-id']!.params).toEqual({ productId: 7001 });
    expect(r.operations['get-contact-by-mobile-no']!.params).toEqual({ mobNo: '9800011111' });
    expect(r.operations['variant-details-by-variant-id']!.params).toEqual({ variantId: 70011 });
    // {salesId} without a param of its own is the fixtures' voucher: untouched.
    expect(r.operations['shipping-details']).toEqual(ops['shipping-details']);
    expect(r.said).toContain('get-product-by-id: probed with productId 7001 from Get Product List');
    expect(Object.keys(r.changed)).toEqual(['get-product-by-id', 'get-contact-by-mobile-no', 'variant-details-by-variant-id']);
  });

  it('a write takes a listed contact and product; with none listed, a placeholder and a fill line', () => {
    const found = withFoundValues(pick('order-create'), { contactId: ['88'], productId: ['9'] });
    expect(found.operations['order-create']!.body).toEqual({ contactId: 88, paymentStatus: 'unpaid', items: [{ productId: 9, qty: 1 }] });
    const none = withFoundValues(pick('order-create'), {});
    expect(none.operations['order-create']!.body).toEqual({ contactId: '{contactId}', paymentStatus: 'unpaid', items: [{ productId: '{productId}', qty: 1 }] });
    expect(none.fill).toEqual([
      'order-create: fill this: {contactId}, {productId} (the target listed no such id; put one it holds in operations["order-create"].params; the run\'s preflight stops until then)',
    ]);
  });

  it("a write's voucher the target did not list is left to fill, never swapped for a listed one", () => {
    const r = withFoundValues(pick('update-payment-status'), { salesId: ['1001', '1002'] });
    expect(r.operations['update-payment-status']!.params).toEqual({ paymentStatus: 'unpaid' });
    expect(r.fill[0]).toMatch(/^update-payment-status: fill this: \{salesId\}/);
  });
});
