// Authentication on every configured operation, measured on whole runs against the reference:
// authentication on the read-backs (AUTH-10), writes refused for their token read back (AUTH-11)
// and the token elsewhere than the header (AUTH-12) pass on a correct vendor with evidence;
// without any read configured, AUTH-11 is not run with the reason; a vendor whose Order Create (or
// Update Due Date) writes, then answers 403, fails AUTH-11 alone.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunConfig } from '../../../config/schema.ts';
import type { Certification } from '../../../reports/model.ts';
import { runAgainstReference } from './run-reference.ts';
import { WHOLE_FILE } from '../../tiers.ts';

/** The reference's config with no read of a voucher or a contact: no readBack, no index read of either. */
const noReads = (c: RunConfig): RunConfig => {
  const { readBack: _r, operations, ...rest } = c;
  const { 'get-sales-data-by-id': _s, 'get-contact-by-mobile-no': _m, ...others } = operations ?? {};
  return { ...rest, operations: others };
};

const runs: Record<string, Certification> = {};
const of = (run: string, id: string) => runs[run]!.requirements.find((r) => r.id === id)!;

describe('authentication on every configured operation (a run against the reference)', WHOLE_FILE, () => {
  beforeAll(async () => {
    const only = ['AUTH', 'IX'];
    const [clean, unread, writes] = await Promise.all([
      runAgainstReference({ only, numRuns: 5, seed: 11 }),
      runAgainstReference({ only: ['AUTH'], numRuns: 5, seed: 12, patch: noReads }),
      runAgainstReference({ only: ['AUTH'], numRuns: 5, seed: 13, faults: ['auth-order-create-writes-then-403'] }),
    ]);
    const data = await runAgainstReference({ only: ['AUTH'], numRuns: 5, seed: 14, faults: ['auth-voucher-data-writes-then-403'] });
    Object.assign(runs, { clean: clean.certification, unread: unread.certification, writes: writes.certification, data: data.certification });
  }, 300_000);

  it('passes the read-backs, the refused writes and the token elsewhere on a correct vendor, each with evidence', () => {
    for (const id of ['AUTH-8', 'AUTH-10', 'AUTH-11', 'AUTH-12', 'IX-2', 'IX-3']) {
      expect(of('clean', id).status, id).toBe('passed');
      expect(of('clean', id).evidence, id).toBeGreaterThan(0);
    }
    // The token elsewhere is advice, never a MUST.
    expect([of('clean', 'AUTH-8').level, of('clean', 'AUTH-12').level]).toEqual(['SHOULD', 'SHOULD']);
    expect(runs.clean!.verdict).toBe('selection-passed');
    // Update Due Date and Update Shipping Detail, each refused without a token, empty and invalid, on a fresh voucher read whole.
    expect(of('clean', 'AUTH-11').verifiedBy?.['auth.refused-voucher-write-changes-nothing']).toBe(6);
  });

  it('does not run AUTH-11 where no read shows what a refused write changed, and says why', () => {
    expect(of('unread', 'AUTH-11').status).toBe('skipped');
    expect(of('unread', 'AUTH-11').reason).toMatch(/readBack\.orderStatus is not configured/);
    expect(of('unread', 'AUTH-11').reason).toMatch(/get-contact-by-mobile-no is not configured/);
    expect(of('unread', 'AUTH-10').status).toBe('skipped');
    expect(of('unread', 'AUTH-10').reason).toMatch(/no readBack is configured/);
  });

  it("fails AUTH-11 alone where Order Create writes, then answers 403, naming the voucher that carries the refused request's marker", () => {
    const failed = runs.writes!.requirements.filter((r) => r.status === 'failed').map((r) => r.id);
    expect(failed).toEqual(['AUTH-11']);
    const [f] = of('writes', 'AUTH-11').findings;
    expect(f!.title).toBe('An Order Create refused for its token made a voucher');
    // The voucher is the refused creation's by the marker it carries, the refused request's own.
    expect(f!.received).toMatch(
      /sent without a valid token with "(erpc-[0-9a-f]+-s\d+-refused\d+)" in remark, .*; voucher \d+ of branch \d+ reads "\1" at response\.remark/,
    );
    expect(runs.writes!.verdict).toBe('not-certified');
  });

  it('fails AUTH-11 alone where Update Due Date writes, then answers 403, naming the field Get Sales Data By Id read changed', () => {
    expect(runs.data!.requirements.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual(['AUTH-11']);
    const [f] = of('data', 'AUTH-11').findings;
    expect(f!.title).toBe('A voucher write refused for its token changed the voucher');
    expect(f!.received).toMatch(
      /^update-due-date to voucher \d+ \(made by POST .*order-create.*\), sent without api-token .*; then Get Sales Data By Id read .*dueDate: "" -> "2026-06-30"/,
    );
    expect(runs.data!.verdict).toBe('not-certified');
  });
});
