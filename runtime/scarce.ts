// Request economy where an operation's quota is scarce: the plan (engine/phases/plan/plan.ts) names
// the operations whose quota cannot serve every test within the run budget; their tests then send
// the fewest requests that still verify each requirement (a sample of the days of a range, short
// walks), and say so in the certificate.
import type { Harness } from './harness.ts';

/** Is `op` scarce in this run (the plan could not fit its requests at their full size)? */
export function scarce(h: Harness, op: string): boolean {
  return h.ctx.scarce?.includes(op) ?? false;
}

/** `full` where requests are plenty, `few` where the operation is scarce (noted once per test). */
export function sized(h: Harness, op: string, full: number, few: number, what: string): number {
  if (!scarce(h, op) || few >= full) return full;
  h.observe(`sizedToQuota`, `${what}: ${few} of ${full} (the ${op} quota is scarce: engine/phases/plan/plan.ts)`);
  return few;
}
