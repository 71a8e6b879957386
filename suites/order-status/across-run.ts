// The rules across operations (across.ts) run as fast-check commands on one fresh voucher: each
// command (a payment, a status, a walk) is an fc.AsyncCommand, run by fc.asyncModelRun against an
// AcrossRun, which reads the voucher before and after every command and judges each against the
// spec's model (4.1 rule 3, OS-6, OS-8). A command that cannot be judged, or another state than
// before or after a command (another client changed the voucher: never a failure), ends the run
// with the reason, and the commands after it are not run.
import fc from 'fast-check';
import type { OrderStatus } from '../../contract/schemas/order-status.ts';
import { walkSteps, type AcrossIo, type Command, type Judgement, type Payment, type Scenario } from './across.ts';
import type { Id, Read } from './plan.ts';
import { suiteSays } from '../../core/words/suites.ts';

const IDS = ['OS-3', 'OS-6', 'OS-8'];
type Known = Extract<Read, { ok: true }>;
const paidText = (paid: boolean) => (paid ? 'paid' : 'not paid');
const shows = (r: Known) => `${r.orderStatus}, ${paidText(r.paid)}`;

/** What fast-check's model keeps: whether the run has ended (the voucher can no longer be judged). */
export interface AcrossModel {
  over: boolean;
}

/** One scenario's voucher, made by Order Create: the voucher as last read, what was sent, the judgements. */
export class AcrossRun {
  readonly out: Judgement[] = [];
  private readonly history: string[];
  private payment: Payment | undefined;

  private constructor(
    private readonly s: Scenario,
    private readonly io: AcrossIo,
    private readonly id: Id,
    private readonly v: string,
    private readonly request: string,
    private now: Known,
  ) {
    this.history = [`read ${shows(now)}`];
  }

  /** Makes and reads the scenario's voucher; the judgements instead when it cannot. */
  static async start(s: Scenario, io: AcrossIo): Promise<AcrossRun | Judgement[]> {
    const made = await io.create();
    if (!made.ok) return [{ kind: 'inconclusive', ids: IDS, reason: suiteSays('osAcrossNotMade', { scenario: s.name, why: made.why }) }];
    const v = `voucher ${String(made.salesId)} (made by ${made.request})`;
    const now = await io.read(made.salesId);
    const named = { scenario: s.name, salesId: String(made.salesId), request: made.request };
    if (!now.ok) return [{ kind: 'inconclusive', ids: IDS, reason: suiteSays('osAcrossUnread', { ...named, why: now.why }) }];
    return new AcrossRun(s, io, made.salesId, v, made.request, now);
  }

  /** The run has ended: its voucher can no longer be judged. */
  get over(): boolean {
    return this.out.some((j) => j.kind === 'inconclusive');
  }

  /** The scenario and its voucher, as a reason names them. */
  private get named() {
    return { scenario: this.s.name, salesId: String(this.id), request: this.request };
  }

  /** Ends the run: its voucher can no longer be judged, for `reason` (a code of core/words/suite-order-status-vouchers.ts). */
  private stop(reason: string): false {
    this.out.push({ kind: 'inconclusive', ids: IDS, reason });
    return false;
  }

  /** One command of the scenario. */
  async step(c: Command): Promise<void> {
    if (c.kind === 'pay') {
      await this.pay(c.payment);
      return;
    }
    if (c.kind === 'status') {
      await this.send(c.to);
      return;
    }
    // "Transitions: not shown": a step the target refuses ends the walk (read back: OS-8), not the scenario.
    for (const to of walkSteps(this.now.orderStatus, c.to)) if (!(await this.send(to))) return;
  }

  private async pay(payment: Payment): Promise<boolean> {
    const { id, now: at, named } = this;
    const o = await this.io.pay(id, payment);
    if (!o.answered || !o.accepted) return this.stop(suiteSays('osAcrossPayRefused', { ...named, payment, said: o.said }));
    const after = await this.io.read(id);
    if (!after.ok) return this.stop(suiteSays('osAcrossPayUnread', { ...named, why: after.why }));
    if (after.paid !== (payment === 'paid')) return this.stop(suiteSays('osAcrossPayNotRead', { ...named, paid: after.paid, payment, said: o.said }));
    if (after.orderStatus !== at.orderStatus) return this.stop(suiteSays('osAcrossPayMoved', { ...named, now: after.orderStatus, was: at.orderStatus }));
    this.history.push(`Update Payment Status ${payment}: ${o.said}, then read ${shows(after)}`);
    this.payment = payment;
    this.now = after;
    return true;
  }

  /** Sends `to` and judges it; true when it was accepted and the run goes on from the new state. */
  private async send(to: OrderStatus): Promise<boolean> {
    const { v, id, s, now: before, named } = this;
    const o = await this.io.set(id, to);
    if (!o.answered) return this.stop(suiteSays('osAcrossNoAnswer', { ...named, to, said: o.said }));
    const after = await this.io.read(id);
    if (!after.ok) return this.stop(suiteSays('osAcrossStepUnread', { ...named, to, why: after.why }));
    this.history.push(`${to}: ${o.said}, then read ${shows(after)}`);
    const trail = this.history.join('; ');
    const deliveredUnpaid = to === 'Delivered' && !before.paid && before.orderStatus !== 'Delivered';
    if (o.accepted) {
      if (after.orderStatus !== to && after.orderStatus !== before.orderStatus)
        return this.stop(suiteSays('osAcrossAcceptedMoved', { ...named, now: after.orderStatus, to }));
      if (deliveredUnpaid) {
        if (after.paid) return this.stop(suiteSays('osAcrossPaidMoved', named));
        const was = this.payment === 'partial' ? 'partially paid' : this.payment === 'unpaid' ? 'no longer paid' : 'not paid';
        this.out.push({ kind: 'note', id: 'OS-3' });
        this.out.push({
          kind: 'fail',
          id: 'OS-3',
          title: `Delivered was accepted on a voucher that is ${was}`,
          received: `${v} ${s.what}: ${trail}`,
          expected: `Delivered refused with 400 (4.1 rule 3: "Delivered requires the voucher's payment status to be paid")`,
          ex: o.ex,
        });
        this.now = after;
        return false;
      }
      this.out.push({ kind: 'note', id: 'OS-6' });
      if (after.paid !== before.paid)
        this.out.push({
          kind: 'fail',
          id: 'OS-6',
          title: `Setting ${to} changed the voucher's payment status`,
          received: `${v} ${s.what}: ${trail}`,
          expected: `${v} still ${paidText(before.paid)} after ${to} (4.1: "Only the order status changes; all other voucher data stays unchanged")`,
          ex: o.ex,
        });
      this.now = after;
      return true;
    }
    if (!o.refused) return this.stop(suiteSays('osAcrossAnswered', { ...named, to, said: o.said }));
    // Refused: OS-3 where the rule asks for it; in every case the voucher reads as before (OS-8).
    if (deliveredUnpaid) this.out.push({ kind: 'note', id: 'OS-3' });
    const changed = after.orderStatus !== before.orderStatus || after.paid !== before.paid;
    if (changed && after.orderStatus !== to && after.orderStatus !== before.orderStatus)
      return this.stop(suiteSays('osAcrossRefusedMoved', { ...named, now: after.orderStatus, to }));
    this.out.push({ kind: 'note', id: 'OS-8' });
    if (changed)
      this.out.push({
        kind: 'fail',
        id: 'OS-8',
        title: `A refused ${to} changed the voucher`,
        received: `${v} ${s.what}: ${trail}`,
        expected: `${v} still ${shows(before)}, as read before the refused update`,
        ex: o.ex,
      });
    this.now = after;
    return false;
  }
}

/** A command of a scenario as fast-check runs it: not run once the run has ended. */
export class AcrossCommand implements fc.AsyncCommand<AcrossModel, AcrossRun> {
  constructor(readonly c: Command) {}
  check = (m: Readonly<AcrossModel>) => !m.over;
  async run(m: AcrossModel, r: AcrossRun): Promise<void> {
    await r.step(this.c);
    m.over = r.over;
  }
  toString = () => (this.c.kind === 'pay' ? `pay(${this.c.payment})` : `${this.c.kind}(${this.c.to})`);
}

/** Runs one scenario on a fresh voucher (fc.asyncModelRun over its commands); its judgements. */
export async function runScenario(s: Scenario, io: AcrossIo): Promise<Judgement[]> {
  const run = await AcrossRun.start(s, io);
  if (Array.isArray(run)) return run;
  await fc.asyncModelRun(
    () => ({ model: { over: false }, real: run }),
    s.commands.map((c) => new AcrossCommand(c)),
  );
  return run.out;
}
