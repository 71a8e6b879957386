// Another integrator on the same staging server (profile.otherWriter): while a run reads, it
// writes, as VasyERP's shared staging servers do ("other integrators write while you read"). Each
// time it adds a consumption/production transaction back-dated into the report's range (4.3), a
// customer (2.3) and an order (2.2) of its own. None of it is a defect: a kit that fails a vendor
// for data another client changed mid-run gives a verdict nobody can trust.
import { BRANCH_ID, REPORT_BRANCH_LIST } from './constants.ts';
import type { Ctx } from './context.ts';
import { DATA_DAYS, DATA_FIRST_DAY, DAY_MS, type ReferenceData, type Transaction } from './data.ts';
import { mulberry32, type Random } from './random.ts';
import type { Contact } from './store.ts';

/** The data with one more transaction, dated `t` (a new object: the report's index is made per data). */
export function withTransaction(data: ReferenceData, template: Transaction, t: number, branchId: number): ReferenceData {
  const transactionId = data.transactions.reduce((max, tx) => Math.max(max, tx.transactionId), 0) + 1;
  const tx: Transaction = { ...template, transactionId, transactionNo: `CP-${String(transactionId).padStart(6, '0')}`, t, branchId };
  const at = data.transactions.findIndex((x) => x.t > t);
  const transactions = [...data.transactions];
  transactions.splice(at === -1 ? transactions.length : at, 0, tx);
  return { ...data, transactions };
}

/** One write of the other integrator: a back-dated transaction, a customer, an order. */
export function writeOnce(ctx: Ctx, r: Random): void {
  const { transactions } = ctx.data;
  const t = DATA_FIRST_DAY + r.int(0, DATA_DAYS - 1) * DAY_MS + r.int(0, 86_399) * 1000;
  ctx.data = withTransaction(ctx.data, r.pick(transactions), t, r.pick(REPORT_BRANCH_LIST.split(',').map(Number)));
  const contactId = ctx.store.newContactId();
  const contact = {
    contactId,
    accountCustomId: 0,
    branchId: BRANCH_ID,
    contactType: ctx.profile.customer.contactTypes[0],
    firstName: 'Other',
    lastName: `Integrator ${String(contactId)}`,
    companyName: '',
    email: '',
    // Outside the 6-9 first digit of Indian mobile numbers: never one a run generates.
    mobNo: `5${String(r.int(0, 999_999_999)).padStart(9, '0')}`,
    addresses: [],
  };
  ctx.store.contacts.set(String(contactId), contact as unknown as Contact);
  ctx.store.newVoucher(BRANCH_ID, 'unpaid');
}

/** The writer of a server: told of each request served, stopped with the server. */
export interface OtherWriter {
  served(): void;
  stop(): void;
}

/**
 * Starts the writer of `ctx.profile.otherWriter` (if any). Paced by the requests the server serves
 * (`everyRequests`), a write lands at the same point of a run on any machine, however loaded; paced
 * by the clock (`everyMs`), as a real integrator's, a slower machine sees more writes per reading.
 */
export function startOtherWriter(ctx: Ctx, seed: number): OtherWriter {
  const pace = ctx.profile.otherWriter;
  const r = mulberry32(seed ^ 0x07e1);
  if (pace && 'everyRequests' in pace) {
    let served = 0;
    return { served: () => void (++served % pace.everyRequests === 0 && writeOnce(ctx, r)), stop: () => {} };
  }
  if (!pace) return { served: () => {}, stop: () => {} };
  const timer = setInterval(() => writeOnce(ctx, r), pace.everyMs);
  timer.unref();
  return { served: () => {}, stop: () => clearInterval(timer) };
}
