// Fault cu-branch-from-body: a vendor that binds the request body onto its customer entity,
// branch included, so a `branchId` in the body (no field of 2.3) overrides the query's branch_id
// (4.2: "branch in which the customer is created"). CU-18.
import { VALID_BRANCHES } from './constants.ts';
import type { Ctx, Req } from './context.ts';

/** The body's own branchId under the fault, and the request without it (the rest is parsed as ever). */
export function branchOfBody(ctx: Ctx, req: Req): { req: Req; branchId?: number } {
  if (!ctx.faults.has('cu-branch-from-body')) return { req };
  let body: unknown;
  try {
    body = JSON.parse(req.body);
  } catch {
    return { req };
  }
  if (body === null || typeof body !== 'object' || !('branchId' in body)) return { req };
  const { branchId, ...rest } = body as Record<string, unknown>;
  if (typeof branchId !== 'number' || !VALID_BRANCHES.includes(branchId)) return { req };
  return { req: { ...req, body: JSON.stringify(rest) }, branchId };
}
