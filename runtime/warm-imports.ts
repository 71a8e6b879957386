// While the worker waits for the preflight (runtime/late-context.ts), it loads the modules the
// suite files import (support, checks, generators, fast-check ...), not the suite files themselves
// (they declare tests, which needs what the preflight decides): once the preflight has answered,
// the files load from what is already in memory. What each suite's files import is a declared
// list (SUITE_IMPORTS); a module left out of it is only loaded later, by its file.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SuiteName } from '../core/types.ts';

/** The modules the files of each suite import for their values: paths from the project root, or packages. */
export const SUITE_IMPORTS: Record<SuiteName, readonly string[]> = {
  'envelope-auth': [
    'contract/checks/auth.ts',
    'contract/checks/envelope.ts',
    'fast-check',
    'generators/filter-text.ts',
    'generators/token-variant.ts',
    'runtime/verifies.ts',
    'suites/envelope-auth/operations.ts',
    'suites/envelope-auth/read-backs.ts',
    'suites/envelope-auth/refused-writes.ts',
    'suites/index-operations/configured.ts',
  ],
  'order-status': [
    'client/index-operation.ts',
    'config/answer-shape.ts',
    'contract/checks/order-status.ts',
    'core/words/suites.ts',
    'fast-check',
    'generators/order-status.ts',
    'generators/reason.ts',
    'runtime/verifies.ts',
    'suites/order-status/across-outcome.ts',
    'suites/order-status/across-run.ts',
    'suites/order-status/across.ts',
    'suites/order-status/fresh.ts',
    'suites/order-status/parallel-source.ts',
    'suites/order-status/plan.ts',
    'suites/order-status/refusal-state.ts',
    'suites/order-status/voucher-data.ts',
    'suites/order-status/vouchers.ts',
  ],
  customer: [
    'client/index-lists.ts',
    'contract/checks/cross-record.ts',
    'contract/checks/customer.ts',
    'contract/checks/finding.ts',
    'contract/checks/uniqueness.ts',
    'core/words/suites.ts',
    'fast-check',
    'generators/customer.ts',
    'generators/examples.ts',
    'generators/hostile-customer.ts',
    'generators/invalid-customer.ts',
    'generators/saved-texts.ts',
    'generators/strictness-probes.ts',
    'generators/unknown-city-code.ts',
    'runtime/verifies.ts',
    'suites/customer/constraints.ts',
    'suites/customer/contact-ids.ts',
    'suites/customer/mobile-lookup.ts',
    'suites/customer/real.ts',
    'suites/customer/text-answer.ts',
    'suites/customer/text-read-back.ts',
    'suites/customer/upsert-commands.ts',
    'suites/index-operations/configured.ts',
  ],
  report: [
    'config/schema.ts',
    'contract/checks/finding.ts',
    'contract/checks/report-count.ts',
    'contract/checks/report-dates.ts',
    'contract/checks/report-edges.ts',
    'contract/checks/report-instant.ts',
    'contract/checks/report-list-filters.ts',
    'contract/checks/report-relations.ts',
    'contract/checks/report-sets.ts',
    'contract/checks/report-walk.ts',
    'contract/checks/report.ts',
    'core/formats.ts',
    'fast-check',
    'generators/date-range.ts',
    'generators/filter-text.ts',
    'generators/page-request.ts',
    'generators/report-range.ts',
    'runtime/scarce.ts',
    'runtime/verifies.ts',
    'suites/report/filter-ids.ts',
    'suites/report/query.ts',
    'suites/report/still.ts',
    'suites/report/walk.ts',
  ],
  'rate-limit': [
    'load/artillery/export-file.ts',
    'load/caps.ts',
    'load/checks.ts',
    'load/engines/burst.ts',
    'load/load.ts',
    'load/output.ts',
    'load/probe/probe.ts',
    'runtime/context.ts',
    'runtime/run-state.ts',
    'runtime/verifies.ts',
  ],
  'index-operations': [
    'config/answer-shape.ts',
    'contract/checks/auth.ts',
    'contract/checks/envelope.ts',
    'core/json.ts',
    'fast-check',
    'generators/customer.ts',
    'generators/token-variant.ts',
    'runtime/verifies.ts',
    'runtime/writes-ledger.ts',
    'suites/index-operations/configured.ts',
    'suites/index-operations/cursor-walk.ts',
    'suites/index-operations/fed-lists.ts',
  ],
};

/** The modules to load for these suite files ("suites/<suite>/..."): their suites' lists, as import specifiers. */
export function importsOf(root: string, files: string[]): string[] {
  const suites = new Set(files.map((f) => f.split('/')[1]).filter((s): s is SuiteName => !!s && s in SUITE_IMPORTS));
  const specs = [...suites].flatMap((s) => SUITE_IMPORTS[s]).map((m) => (m.endsWith('.ts') ? pathToFileURL(path.join(root, m)).href : m));
  return [...new Set(specs)];
}

/** Loads what the suite files under `root` import; a module that fails to load fails later, in its file. */
export async function warmImports(root: string, files: string[]): Promise<void> {
  await Promise.all(importsOf(root, files).map((s) => import(s).catch(() => undefined)));
}
