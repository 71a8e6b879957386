// The record a conformance test leaves on its vitest task (task.meta.erp): the requirement ids
// it verifies, its findings and observations. The run's reporter turns them into the certificate.
import type { Exchange, Finding } from '../../contract/types.ts';

export interface TestRecord {
  ids: string[];
  findings: Finding[];
  observations: Record<string, unknown>;
  /** Why the test did not verify its requirements (writes: false, no readBack ...). */
  skipReason?: string;
  exchanges: number;
  rateLimited: { exchanges: number; retries: number; waitedMs: number };
}

declare module 'vitest' {
  interface TaskMeta {
    erp?: TestRecord;
  }
}

/** Bodies kept in a finding are cut here, so a 64 MB answer cannot bloat the certificate. */
export const MAX_KEPT_BODY = 16 * 1024;

function cut(body: string | undefined): string | undefined {
  if (body === undefined || body.length <= MAX_KEPT_BODY) return body;
  return `${body.slice(0, MAX_KEPT_BODY)}... [${body.length - MAX_KEPT_BODY} more characters not kept]`;
}

/** An exchange small enough to keep in a finding. */
export function keptExchange(ex: Exchange): Exchange {
  const { json: _json, ...rest } = ex;
  return {
    ...rest,
    request: { ...ex.request, body: cut(ex.request.body) },
    ...(ex.response ? { response: { ...ex.response, body: cut(ex.response.body)! } } : {}),
  };
}

export function keptFinding(f: Finding): Finding {
  return f.exchange ? { ...f, exchange: keptExchange(f.exchange) } : f;
}
