// 4.1 (OS-7, SHOULD): status updates sent at once to distinct vouchers all take effect. Each
// voucher (made in this run by Order Create when the config names it, else of fixtures.sales.parallel:
// the reasons name which, parallel-source.ts) is read through readBack.orderStatus, given the next step
// of the lifecycle from the state it reads (so the test works run after run until the pool is
// used up), updated at the same time as the others, and read back. 4.1 (OS-9, SHOULD) on one
// voucher: its next step sent twice at the same instant on two connections is stored (both
// accepted and neither stored is a lost update; two that never met are sent again, overlap.ts); a
// 5xx to either is ENV-6 (the envelope checks).
// The two tests never take the same voucher of the pool (runState(h).claimed).
import type { OrderStatus } from '../../contract/schemas/order-status.ts';
import type { Exchange } from '../../core/types.ts';
import { suiteSays } from '../../core/words/suites.ts';
import { verifies } from '../../runtime/verifies.ts';
import { freshVouchers, orderCreate } from './fresh.ts';
import { parallelSource, tooFewReason } from './parallel-source.ts';
import { list, nextUnpaid, type Id } from './plan.ts';
import { answered, pool, readVoucher, runState, said, sendStatus, statusAccepted, writesForbidden } from './vouchers.ts';
import { overlapStored } from '../../contract/checks/order-status.ts';
import { metAnother } from '../../contract/checks/in-flight.ts';
import { sendOverlapping, stepAfter, type Step } from './overlap.ts';
import { createVoucher } from './fresh.ts';

/** Vouchers updated at once per run: enough to interleave, few enough for a pool to last. */
const AT_ONCE = 4;

/** A voucher and the step it is given. */
type Pick = Step;

verifies('parallel/OS-7', ['OS-7'], 'Status updates sent at once to distinct vouchers all take effect', async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesStatuses'), t);
  if (!h.config.readBack?.orderStatus) h.skip(suiteSays('osParallelNeedsReadBack'), t);
  const made = orderCreate(h) ? await freshVouchers(h, AT_ONCE) : [];
  const vouchers = made.length >= 2 ? made : pool(h, 'parallel');
  if (vouchers.length < 2) h.skip(tooFewReason(made, vouchers, !!orderCreate(h)), t);
  const source = parallelSource(made);

  // The next lifecycle step of each voucher, from what it reads; read a few at a time, in pool order.
  const picks: Pick[] = [];
  const atEnd: { salesId: Id; state: OrderStatus }[] = [];
  const usedUp: string[] = [];
  const wrongPayment: string[] = [];
  const unread: string[] = [];
  for (let i = 0; i < vouchers.length && picks.length < AT_ONCE; i += AT_ONCE) {
    const chunk = vouchers.slice(i, i + AT_ONCE);
    const reads = await h.parallel(chunk, (salesId) => readVoucher(h, salesId));
    const first = reads[0]!;
    if (i === 0 && !first.ok && reads.every((r) => !r.ok)) {
      h.inconclusive('OS-7', suiteSays('osPoolUnread', { name: source.name, first: chunk[0], why: first.why }));
      return;
    }
    const claimed = runState(h).claimed;
    chunk.forEach((salesId, k) => {
      const r = reads[k]!;
      if (claimed.has(String(salesId))) return; // the overlap test's
      if (!r.ok) unread.push(`${salesId}: ${r.why}`);
      else if (r.paid) wrongPayment.push(`${salesId} is paid`);
      else {
        const to = nextUnpaid(r.orderStatus);
        if (to && picks.length < AT_ONCE) {
          picks.push({ salesId, from: r.orderStatus, to });
          claimed.add(String(salesId));
        } else if (!to) atEnd.push({ salesId, state: r.orderStatus });
      }
    });
  }
  // Too few left: vouchers at the end of the lifecycle are offered Pending (a target that allows it restores them).
  if (picks.length < AT_ONCE && atEnd.length > 0) {
    const tried = atEnd.slice(0, AT_ONCE - picks.length);
    const back = await h.parallel(tried, (v) => sendStatus(h, 'parallel', v.salesId, v.state, 'Pending'));
    tried.forEach((v, k) => {
      if (statusAccepted(back[k]!)) picks.push({ salesId: v.salesId, from: 'Pending', to: 'Confirmed' });
      else usedUp.push(`${v.salesId} ${v.state}`);
    });
  }
  if (picks.length < 2) {
    const parts = [
      usedUp.length ? `${list(usedUp)}, and the target did not move them back to Pending: ${source.usedUp}` : '',
      wrongPayment.length ? `${list(wrongPayment)}: ${source.paid}` : '',
      unread.length ? `readBack.orderStatus could not read ${list(unread)}` : '',
    ].filter(Boolean);
    h.inconclusive('OS-7', suiteSays('osFewerThanTwo', { name: source.name, parts: parts.join('; ') }));
    return;
  }

  const answers = await h.atOnce(picks, (p) => sendStatus(h, 'parallel', p.salesId, p.from, p.to));
  // Only an update that met another in flight is evidence of updates at once.
  const met = new Set(metAnother(answers));
  if (met.size === 0) return h.inconclusive('OS-7', suiteSays('osNotTogether', { n: picks.length }));
  const after = await h.parallel(picks, (p) => readVoucher(h, p.salesId));
  const refused: Pick[] = [];
  picks.forEach((p, k) => {
    const ex = answers[k]!;
    const read = after[k]!;
    if (!answered(ex)) return h.inconclusive('OS-7', suiteSays('osNoUsableAnswer', { salesId: p.salesId, to: p.to, said: said(ex) }));
    if (!statusAccepted(ex)) return void refused.push(p);
    if (!read.ok) return h.inconclusive('OS-7', suiteSays('osNotReadBack', { salesId: p.salesId, why: read.why }));
    if (met.has(k)) h.note('OS-7');
    if (read.orderStatus !== p.to) {
      h.fail(
        'OS-7',
        `An update accepted among ${picks.length} sent at once did not take effect on voucher ${p.salesId}`,
        `${p.from} -> ${p.to} answered ${ex.response!.status}, then the voucher reads ${read.orderStatus}`,
        `the voucher reads ${p.to}`,
        ex,
      );
    }
  });
  // A step refused among others is tried again alone: accepted alone, the parallel refusal was the defect.
  for (const p of refused) {
    const alone = await sendStatus(h, 'parallel', p.salesId, p.from, p.to);
    if (!statusAccepted(alone)) continue; // refused alone too: a transition the target does not allow (3), not OS-7's
    h.note('OS-7');
    h.fail(
      'OS-7',
      `An update refused when sent with ${picks.length - 1} others was accepted alone on voucher ${p.salesId}`,
      `${p.from} -> ${p.to} at once: ${said(answers[picks.indexOf(p)]!)}; alone: ${said(alone)}`,
      'every update sent at once takes effect as it does alone',
      answers[picks.indexOf(p)],
    );
  }
  if (refused.length === picks.length)
    h.inconclusive('OS-7', suiteSays('osAllRefused', { refused: refused.map((p) => `${p.salesId} ${p.from} -> ${p.to}`).join(', ') }));
});

/** Vouchers of the pool the overlap test reads at most, from its end (OS-7 takes from its start). */
const OVERLAP_TRIES = 3;

verifies('parallel/OS-9', ['OS-9'], 'Two updates of one voucher sent at the same instant on two connections: the step is stored', async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesStatuses'), t);
  if (!h.config.readBack?.orderStatus) h.skip(suiteSays('osOverlapNeedsReadBack'), t);
  const made = orderCreate(h) ? await createVoucher(h, 'parallel', false) : undefined;
  // The pool's first AT_ONCE are left to OS-7: this test reads from the end, beyond them.
  const candidates = made?.ok ? [made.salesId] : pool(h, 'parallel').slice(AT_ONCE).reverse();
  if (candidates.length === 0)
    h.skip(
      made && !made.ok ? suiteSays('osNoOverlapVoucherMade', { atOnce: AT_ONCE, why: made.why }) : suiteSays('osNoOverlapVoucher', { atOnce: AT_ONCE }),
      t,
    );
  const claimed = runState(h).claimed;
  const passed: string[] = made && !made.ok ? [`Order Create: ${made.why}`] : [];
  let pick: Pick | undefined;
  for (const salesId of candidates.filter((id) => !claimed.has(String(id))).slice(0, OVERLAP_TRIES)) {
    claimed.add(String(salesId));
    const r = await readVoucher(h, salesId);
    pick = stepAfter(salesId, r);
    if (pick) break;
    passed.push(`${salesId}: ${!r.ok ? r.why : r.paid ? 'paid' : `${r.orderStatus}, no step left`}`);
  }
  if (!pick) return h.inconclusive('OS-9', suiteSays('os9NoVoucher', { first: AT_ONCE, passed: passed.join('; ') }));
  const sent = await sendOverlapping(pick, {
    twice: (step) => h.atOnce([0, 1], () => sendStatus(h, 'parallel', step.salesId, step.from, step.to)) as Promise<[Exchange, Exchange]>,
    read: (salesId) => readVoucher(h, salesId),
    answered,
  });
  const { step: p, answers, rounds } = sent;
  const what = `${p.from} -> ${p.to} sent twice at once to voucher ${p.salesId}: ${said(answers[0])}, ${said(answers[1])}`;
  if (sent.outcome === 'not-both-answered') return h.inconclusive('OS-9', suiteSays('os9NotBothAnswered', { what }));
  if (sent.outcome === 'apart') return h.inconclusive('OS-9', suiteSays('os9NotTogether', { what, rounds }));
  if (!answers.some(statusAccepted)) return h.inconclusive('OS-9', suiteSays('os9BothRefused', { what }));
  const read = await readVoucher(h, p.salesId);
  if (!read.ok) return h.inconclusive('OS-9', suiteSays('os9OverlapUnread', { what, why: read.why }));
  if (read.orderStatus !== p.from && read.orderStatus !== p.to) return h.inconclusive('OS-9', suiteSays('os9ThirdState', { what, now: read.orderStatus }));
  h.note('OS-9', 1, 'order-status.overlap-stored');
  h.add(overlapStored({ salesId: String(p.salesId), from: p.from, to: p.to, now: read.orderStatus, said: [said(answers[0]), said(answers[1])] }, answers));
});
