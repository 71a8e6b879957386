// 3 "Transitions: not shown": the transition rules a vendor may enforce. Each answers why a move
// is refused, or null when it is allowed. 4.1 rule 3 (Delivered needs paid) holds in every
// profile and is checked by the route before these.
import type { TransitionStyle } from './types.ts';

/** 3: "The lifecycle described is: confirmed, processed, shipped, delivered, cancelled." */
const FORWARD = ['Pending', 'Confirmed', 'Processing', 'Shipped', 'Delivered'];
/** Cancelling is possible until the order ships. */
const CANCELLABLE = new Set(['Pending', 'Confirmed', 'Processing']);
const FINAL = new Set(['Delivered', 'Cancelled']);

type Rule = (from: string, to: string) => string | null;

const RULES: Record<TransitionStyle, Rule> = {
  // Anything until Delivered or Cancelled, which end the lifecycle (setting them again is no change).
  final: (from, to) => (FINAL.has(from) && to !== from ? `order is ${from} and can no longer change` : null),
  // One step forward at a time; Cancelled until shipped; nothing after Delivered or Cancelled.
  forward: (from, to) => {
    if (from === to) return `no change: the order is already ${from}`;
    if (FINAL.has(from)) return `order is ${from} and can no longer change`;
    if (to === 'Cancelled') return CANCELLABLE.has(from) ? null : `cannot cancel an order that is ${from}`;
    const next = FORWARD[FORWARD.indexOf(from) + 1];
    return to === next ? null : `cannot move an order from ${from} to ${to}${next ? ` (next is ${next})` : ''}`;
  },
  // Any move, back to Pending included.
  free: () => null,
};

export function transitionRefusal(style: TransitionStyle, from: string, to: string): string | null {
  return RULES[style](from, to);
}
