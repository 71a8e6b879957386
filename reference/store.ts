// Mutable state of one reference server: sales vouchers (2.2) and saved contacts (2.3, 2.4).
// Each server starts from the same fixtures, so runs do not leak into each other.
import type { Address, Customer } from '../contract/schemas/customer.ts';
import { FIRST_CONTACT_ID, OTHER_BRANCH_ID, BRANCH_ID, OTHER_BRANCH_VOUCHERS, PAID_VOUCHERS, UNPAID_VOUCHERS } from './fixtures.ts';

export interface Voucher {
  salesId: number;
  branchId: number;
  /** 2.2: "It has an order status and a payment status (the value paid is referenced)". */
  paymentStatus: 'paid' | 'unpaid';
  orderStatus: string;
}

/** A saved contact: the 2.3 fields plus the branch it was created in. */
export interface Contact extends Omit<Customer, 'deletedAddressIds' | 'contactAddressDTO'> {
  branchId: number;
  addresses: Address[];
}

export class Store {
  readonly vouchers = new Map<number, Voucher>();
  readonly contacts = new Map<number | bigint, Contact>();
  private nextContactId = FIRST_CONTACT_ID;
  private nextAddressId = 1;

  constructor() {
    const add = (ids: readonly number[], branchId: number, paymentStatus: Voucher['paymentStatus']) => {
      for (const salesId of ids) this.vouchers.set(salesId, { salesId, branchId, paymentStatus, orderStatus: 'Pending' });
    };
    add(UNPAID_VOUCHERS, BRANCH_ID, 'unpaid');
    add(PAID_VOUCHERS, BRANCH_ID, 'paid');
    add(OTHER_BRANCH_VOUCHERS, OTHER_BRANCH_ID, 'unpaid');
  }

  newContactId(): number {
    return this.nextContactId++;
  }

  newAddressId(): number {
    return this.nextAddressId++;
  }
}
