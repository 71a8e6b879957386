// No verdict without evidence: a requirement passes only when its checks saw at least one
// exchange or item they apply to. Every check reports, besides its findings, whether it applied;
// the harness of the running test collects those notes (per test, also when tests and property
// runs are concurrent: the sink travels with the async context, not in a module variable).
import { AsyncLocalStorage } from 'node:async_hooks';

/** Receives "requirement `id` saw `n` applicable exchanges or items". */
export type EvidenceSink = (requirementId: string, n: number, via?: string) => void;

const current = new AsyncLocalStorage<EvidenceSink>();

/** Runs `fn` with every evidence note made inside it (at any async depth) passed to `sink`. */
export function withEvidenceSink<T>(sink: EvidenceSink, fn: () => T): T {
  return current.run(sink, fn);
}

/** A check (or relation) `via` saw `n` (default 1) exchanges or items that requirement `id` applies to. */
export function noteEvidence(requirementId: string, n = 1, via?: string): void {
  if (n > 0) current.getStore()?.(requirementId, n, via);
}
