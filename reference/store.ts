// Mutable state of one reference server: sales vouchers (2.2) and saved contacts (2.3, 2.4).
// Each server starts from the same fixtures, so runs do not leak into each other; reset() on
// the server puts a fresh Store in place (the state a nightly run finds after a reset step).
// Ids are kept as the text of their digits: a vendor's ids may be past 2^53 (profile.ids).
import type { Address, Customer } from '../contract/schemas/customer.ts';
import { OTHER_BRANCH_ID, BRANCH_ID, INDEX_VOUCHERS, OTHER_BRANCH_VOUCHERS, PAID_VOUCHERS, PARTIALLY_PAID_VOUCHERS, UNPAID_VOUCHERS } from './constants.ts';
import { jsonId, type Profile } from './profiles/types.ts';

export interface Voucher {
  /** The voucher's id as the vendor writes it (profile.ids.base + its fixture number). */
  salesId: number | bigint;
  branchId: number;
  /** 2.2: "It has an order status and a payment status (the value paid is referenced)". */
  paymentStatus: 'paid' | 'unpaid' | 'partial';
  /** Was paid at some time (the fault os-paid-once takes it for paid). */
  everPaid?: true;
  orderStatus: string;
  /** Index operations (Update Due Date, Update Shipping Detail): absent until set. */
  dueDate?: string;
  shipping?: Record<string, unknown>;
  /** Made by Order Create (the fault ix-order-create-not-updatable refuses to update it). */
  created?: true;
  /** The text Order Create was given in its `remark` (where a run puts its marker), shown by Get Sales Data By Id. */
  remark?: string;
  /** Reads of it by Get Sales Data By Id, where the profile shows them (index.viewCount). */
  views?: number;
}

/** A saved contact: the 2.3 fields plus the branch it was created in. */
export interface Contact extends Omit<Customer, 'deletedAddressIds' | 'contactAddressDTO' | 'accountCustomId'> {
  accountCustomId: number | bigint;
  branchId: number;
  addresses: Address[];
}

/** The external id of a fixture voucher number under a profile. */
export function voucherId(profile: Profile, n: number): number | bigint {
  return jsonId(profile.ids.base + BigInt(n));
}

export class Store {
  /** Keyed by the decimal digits of the salesId. */
  readonly vouchers = new Map<string, Voucher>();
  /** Keyed by the decimal digits of the contactId. */
  readonly contacts = new Map<string, Contact>();
  private nextContactId: bigint;
  private nextAddressId: bigint;
  /** Fixture number of the next voucher Order Create makes. */
  private nextVoucher = 500_001;

  constructor(readonly profile: Profile) {
    this.nextContactId = profile.ids.firstContactId;
    this.nextAddressId = profile.ids.firstAddressId;
    const add = (ids: readonly number[], branchId: number, paymentStatus: Voucher['paymentStatus']) => {
      for (const n of ids) {
        const salesId = voucherId(profile, n);
        this.vouchers.set(String(salesId), { salesId, branchId, paymentStatus, orderStatus: 'Pending' });
      }
    };
    add(UNPAID_VOUCHERS, BRANCH_ID, 'unpaid');
    add(PAID_VOUCHERS, BRANCH_ID, 'paid');
    add(OTHER_BRANCH_VOUCHERS, OTHER_BRANCH_ID, 'unpaid');
    add(INDEX_VOUCHERS, BRANCH_ID, 'unpaid');
    add(PARTIALLY_PAID_VOUCHERS, BRANCH_ID, 'partial');
  }

  /** Order Create (index): a new Pending voucher in a branch. */
  newVoucher(branchId: number, paymentStatus: Voucher['paymentStatus']): Voucher {
    const salesId = voucherId(this.profile, this.nextVoucher++);
    const v: Voucher = { salesId, branchId, paymentStatus, orderStatus: 'Pending', created: true };
    this.vouchers.set(String(salesId), v);
    return v;
  }

  newContactId(): number | bigint {
    return jsonId(this.nextContactId++);
  }

  /** The id the next creation gets, without taking it (the cu-contactid-race fault reads, waits, then takes). */
  peekContactId(): number | bigint {
    return jsonId(this.nextContactId);
  }

  /** Sets the next contact id to one past `id`. */
  contactIdTaken(id: number | bigint): void {
    this.nextContactId = BigInt(id) + 1n;
  }

  newAddressId(): number | bigint {
    return jsonId(this.nextAddressId++);
  }
}
