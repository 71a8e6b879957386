// The sequence that reproduces a finding on one voucher: the test's writes (runtime/write-trail.ts)
// that name the voucher, from the Order Create that made it (else the first that names it) to the
// exchange that failed (a read that failed: the writes answered before it, then the read). Replayed alone, the failing step says nothing (the voucher is in another
// state); replayed in order from its creation, the sequence reproduces the finding. The voucher's
// id is what Order Create answered: the first step binds it (SALES_ID), so the sequence runs
// against another copy of the target, whose ids differ.
import { answerAt } from '../../config/answer-shape.ts';
import type { Exchange, Finding } from '../../core/types.ts';
import { sameExchange as same, stepLabel as label } from '../../runtime/created-sequence.ts';
import type { Harness } from '../../runtime/harness.ts';
import type { Id } from './plan.ts';

/** The shell variable the created voucher's id is kept in. */
export const SALES_ID = 'SALES_ID';

/** `id` stands whole in the URL or the body of `ex` (not as part of a longer number or word). */
export function names(ex: Exchange, id: string): boolean {
  const whole = new RegExp(`(?<![0-9A-Za-z])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`);
  return whole.test(ex.request.url) || (ex.request.body !== undefined && whole.test(ex.request.body));
}

/**
 * The writes of `h`'s test on the voucher `failed` names, up to `failed`: the voucher `salesId`,
 * else the one an Order Create of the test answered that `failed` names. A read that failed (a GET,
 * never among the writes) ends the writes answered before it was sent. Undefined when `failed` is
 * neither or is the only step (its curl line alone reproduces it).
 */
export function voucherSequence(h: Harness, failed: Exchange | undefined, salesId?: Id): Finding['sequence'] {
  if (!failed) return undefined;
  const writes = h.writes.list();
  const end = writes.findIndex((x) => same(x, failed));
  const sentAt = Date.parse(failed.startedAt);
  const before =
    end >= 0
      ? writes.slice(0, end + 1)
      : failed.request.method === 'GET'
        ? [...writes.filter((x) => Date.parse(x.startedAt) + x.durationMs <= sentAt), failed]
        : undefined;
  if (!before) return undefined;
  const at = h.config.operations?.['order-create']?.created ?? 'response.salesId';
  const made = (x: Exchange) => {
    if (x.operation !== 'index' || !x.response || x.response.status >= 300) return undefined;
    const v = answerAt(x.json, at);
    return typeof v === 'number' || typeof v === 'bigint' || (typeof v === 'string' && /^\d+$/.test(v)) ? String(v) : undefined;
  };
  const id = salesId !== undefined ? String(salesId) : before.map(made).find((v) => v !== undefined && names(failed, v));
  if (id === undefined) return undefined;
  const creation = before.findIndex((x) => made(x) === id);
  const start = creation >= 0 ? creation : before.findIndex((x) => names(x, id));
  const steps = before.slice(start).filter((x, i) => (i === 0 && creation >= 0) || names(x, id));
  if (steps.length < 2) return undefined;
  return {
    title: `Voucher ${id}, ${creation >= 0 ? 'from the Order Create that made it' : 'from the first request that names it'} to the step that failed (run in order)`,
    steps: steps.map((x, i) => ({
      label: label(x),
      exchanges: [x],
      ...(i === 0 && creation >= 0 ? { binds: { name: SALES_ID, at, value: id } } : {}),
    })),
  };
}

/** `found` with the sequence of the voucher their exchange names (each finding its own). */
export function withSequence(h: Harness, found: Finding[], salesId?: Id): Finding[] {
  return found.map((f) => {
    const sequence = f.sequence ?? voucherSequence(h, f.exchange, salesId);
    return sequence ? { ...f, sequence } : f;
  });
}
