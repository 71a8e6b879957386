// The requirements catalogue: one entry per rule of ../shared/spec/erp-open-interface.md, one
// file per spec area under catalogue/.
// MUST = the spec states it; SHOULD = the spec implies it; INFO = the spec leaves it "not shown"
// (or gives "values seen"), and a certifier wants it observed: an INFO requirement is recorded,
// never failed. Where the spec is ambiguous the entry says so: the MUST oracle is the lenient
// reading, the SHOULD oracle the strict one. A SHOULD never fails a vendor for a rule the spec
// does not contain; a stricter practice the kit wants to show is an INFO observation.
import { customerRequirements } from './catalogue/customer.ts';
import { envelopeAuthRequirements } from './catalogue/envelope-auth.ts';
import { indexOperationRequirements } from './catalogue/index-operations.ts';
import { orderStatusRequirements } from './catalogue/order-status.ts';
import { rateLimitRequirements } from './catalogue/rate-limit.ts';
import { reportRequirements } from './catalogue/report.ts';
import type { Requirement, SuiteName } from '../core/types.ts';

export const requirements: Requirement[] = [
  ...envelopeAuthRequirements,
  ...orderStatusRequirements,
  ...customerRequirements,
  ...reportRequirements,
  ...rateLimitRequirements,
  ...indexOperationRequirements,
];

const byId = new Map(requirements.map((r) => [r.id, r]));

export function requirement(id: string): Requirement {
  const r = byId.get(id);
  if (!r) throw new Error(`unknown requirement id ${id}`);
  return r;
}

export function isRequirementId(id: string): boolean {
  return byId.has(id);
}

/** The problems of a config's `certify.require` the catalogue sees: each id it does not have, "key: what is wrong". */
export function unknownRequired(certify: { require?: readonly string[] } | undefined): string[] {
  return (certify?.require ?? []).flatMap((id, i) =>
    isRequirementId(id) ? [] : [`certify.require.${i}: unknown requirement id ${JSON.stringify(id)} (erp-conformance requirements lists them)`],
  );
}

/** The two-or-more-letter prefix of an id: `OS-2b` -> `OS`. */
export function prefixOf(id: string): string {
  return id.split('-')[0]!;
}

/**
 * The suite a test belongs to: that of the requirements it verifies, which the catalogue declares
 * (a test verifies the requirements of one suite, and sits in that suite's folder: checked against
 * the plan's cost table by test/engine/phases/plan/costs.test.ts). Throws on unknown ids, no ids,
 * or ids of several suites, so a test declared wrongly fails at collection.
 */
export function suiteOf(ids: readonly string[]): SuiteName {
  const suites = [...new Set(ids.map((id) => requirement(id).suite))];
  if (suites.length !== 1)
    throw new Error(`a test verifies the requirements of one suite: [${ids.join(', ')}] are of ${suites.length ? suites.join(', ') : 'none'}`);
  return suites[0]!;
}
