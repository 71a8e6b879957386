// The scope of a certificate: which operations the config gives the run, which MUSTs it leaves out
// and why, and what a certifier demands (config `certify`). A MUST about operations the config
// does not give ("every configured operation of the index ...") is out of scope, not unverified: a
// correct vendor configured for the three detailed operations is certified, and the first line
// says what that certificate covers and what it does not.
import { indexOperationLeftOut } from '../config/operations.ts';
import type { RunConfig } from '../config/schema.ts';
import { READ_BACKS, SPEC_DETAILED } from '../core/operations.ts';
import type { RequirementResult, RunScope } from './model.ts';

const NO_WRITES = 'writes is false';

/** Each operation the config could name, in scope or with why not (pure: from the config and
 *  what the preflight found not served, engine/phases/preflight/served.ts). */
function operationsOf(config: RunConfig, notServed: Record<string, string>): Map<string, string | null> {
  const out = new Map<string, string | null>();
  const writes = config.writes !== false;
  // 4.1 and 4.2 change the target; 4.3 only reads. Their fixtures are required by the config's schema.
  out.set('update-order-status', writes ? null : NO_WRITES);
  out.set('contact-save', writes ? null : NO_WRITES);
  out.set('consumption-production-report', null);
  // The read-backs (their paths are not shown in the spec: readBack gives them).
  out.set('get-contact-by-id', config.readBack?.getContactById ? null : 'not configured (readBack.getContactById)');
  out.set('order-status', config.readBack?.orderStatus ? null : 'not configured (readBack.orderStatus)');
  for (const [name, op] of Object.entries(config.operations ?? {})) {
    if (SPEC_DETAILED.has(name) || READ_BACKS.has(name) || !op) continue;
    const status = notServed[name];
    out.set(name, indexOperationLeftOut(config, name) === 'writes' ? NO_WRITES : status ? `not served: ${status} in the preflight` : null);
  }
  return out;
}

/** The scope a config gives a run, and what of its `certify.operations` it leaves out (or the target does not serve). */
export function runScope(config: RunConfig, notServed: Record<string, string> = {}): RunScope {
  const ops = operationsOf(config, notServed);
  return {
    operations: [...ops].filter(([, why]) => why === null).map(([name]) => name),
    require: config.certify?.require ?? [],
    missing: (config.certify?.operations ?? [])
      .filter((name) => (ops.get(name) ?? null) !== null || !ops.has(name))
      .map((name) => `${name} (${ops.get(name) ?? `not configured (operations.${name})`})`),
  };
}

/**
 * certify.require: a required requirement left out (skipped, whatever the reason) is not verified,
 * so it is inconclusive, with the reason it was left out.
 */
export function withRequired(results: RequirementResult[], scope: RunScope | undefined): RequirementResult[] {
  const required = new Set(scope?.require ?? []);
  return results.map((r) =>
    required.has(r.id) && r.status === 'skipped'
      ? { ...r, status: 'inconclusive', reason: `certify.require names it, but the run left it out: ${r.reason ?? 'skipped'}` }
      : r,
  );
}

/** Why the run cannot be certified for what certify demands, or undefined. */
export function requiredOpen(results: RequirementResult[], scope: RunScope | undefined): string | undefined {
  const required = new Set(scope?.require ?? []);
  const open = results.filter((r) => required.has(r.id) && r.status !== 'passed' && r.status !== 'observed' && r.status !== 'failed');
  const parts = [
    ...(scope?.missing.length ? [`certify.operations names ${scope.missing.join(', ')}`] : []),
    ...(open.length ? [`certify.require names ${open.map((r) => `${r.id} (${r.reason ?? r.status})`).join('; ')}`] : []),
  ];
  return parts.length ? `${parts.join('; ')}: required, but not verified` : undefined;
}

/** The MUSTs left out (skipped), grouped by their reason: "IX-1, IX-2, IX-3 (no index operation is configured)". */
export function leftOut(results: RequirementResult[]): string {
  const by = new Map<string, string[]>();
  for (const r of results) {
    if (r.level !== 'MUST' || r.status !== 'skipped') continue;
    const why = (r.reason ?? 'skipped').replace(/^out of scope: /, '');
    by.set(why, [...(by.get(why) ?? []), r.id]);
  }
  return [...by].map(([why, ids]) => `${ids.join(', ')} (${why})`).join('; ');
}

/** The scope sentence of the first line: what was checked, and every MUST it leaves out with why. */
export function scopeSentence(results: RequirementResult[], scope: RunScope | undefined): string {
  const ops = scope?.operations ?? [];
  const list = (xs: string[], none: string) => (xs.length ? xs.join(', ') : none);
  const checked = scope
    ? `Scope: ${list(
        ops.filter((o) => SPEC_DETAILED.has(o)),
        'none of the detailed operations',
      )}; read-backs: ${list(
        ops.filter((o) => READ_BACKS.has(o)),
        'none',
      )}; index operations: ${list(
        ops.filter((o) => !SPEC_DETAILED.has(o) && !READ_BACKS.has(o)),
        'none configured',
      )}. `
    : '';
  const out = leftOut(results);
  return `${checked}${out ? `Out of scope: ${out}.` : 'No MUST was left out of scope.'}`;
}
