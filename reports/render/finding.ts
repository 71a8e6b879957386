// The words of a finding, made from its data: one place, so the console, JUnit, the HTML page,
// Allure, the worker's assertion error and the load commands print the same text for the same
// finding, and a finding read back from records.json prints as it did when the run made it.
// Pure (no I/O): the worker (runtime/harness.ts) calls it too, for vitest's error text.
import { toCurl } from '../../client/curl.ts';
import type { Finding } from '../../core/types.ts';

/** "Received ...\nExpected ..." and the finding's further facts, one per line. */
export function findingText(f: Finding): string {
  const text = [`Received ${f.received}`, `Expected ${f.expected}`, ...(f.notes ?? [])].join('\n');
  if (!f.sequence) return text;
  // Each step's requests as curl lines: the sequence reproduces the finding by hand.
  const steps = f.sequence.steps.flatMap((s, i) => [`${i + 1}. ${s.label}`, ...s.exchanges.map((x) => `   ${toCurl(x)}`)]);
  return `${text}\n${f.sequence.title}:\n${steps.join('\n')}`;
}

/** The curl line that reproduces the finding's exchange (token as $ERP_API_TOKEN); none without one. */
export function findingCurl(f: Finding): string | undefined {
  if (!f.exchange) return undefined;
  const ex = f.requestBody === undefined ? f.exchange : { ...f.exchange, request: { ...f.exchange.request, body: f.requestBody } };
  return toCurl(ex);
}

/** Both, for the reports that print a finding whole. */
export function renderFinding(f: Finding): { text: string; curl?: string } {
  const curl = findingCurl(f);
  return { text: findingText(f), ...(curl !== undefined ? { curl } : {}) };
}
