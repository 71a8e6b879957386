// Re-judges a certificate's recorded findings offline with this kit's checks: each finding of a
// single-exchange check (a pure function of one exchange, no parameters) whose exchange was kept
// whole is judged again; the same finding found again agrees, anything else is named. Findings of
// relations, of checks with parameters, or on a body cut when kept are counted as not re-judged.
import { errorEnvelope, codeMatchesStatus, envelopeShape, jsonContentType, notServerError, statusTrueOnSuccess } from '../../contract/checks/envelope.ts';
import { acceptedToken, rejectedUnauthorized } from '../../contract/checks/auth.ts';
import { customerAccepted, customerCreated } from '../../contract/checks/customer.ts';
import { orderStatusUpdated } from '../../contract/checks/order-status.ts';
import { reportShape } from '../../contract/checks/report.ts';
import type { Check } from '../../contract/checks/finding.ts';
import { decodeJson } from '../../core/json.ts';
import type { Exchange } from '../../core/types.ts';
import type { Certification } from '../model.ts';

/** The checks judged again: each a function of one exchange alone. */
const SINGLE: ReadonlyMap<string, Check> = new Map(
  [
    envelopeShape,
    statusTrueOnSuccess,
    codeMatchesStatus,
    errorEnvelope,
    jsonContentType,
    notServerError,
    rejectedUnauthorized,
    acceptedToken,
    customerCreated,
    customerAccepted,
    orderStatusUpdated,
    reportShape,
  ].map((c) => [c.id, c as Check]),
);

export interface Rejudged {
  /** Findings judged again and found again. */
  agreed: number;
  /** Findings not judged again: a relation's, a check with parameters, a body cut when kept. */
  notRejudged: number;
  /** Each finding this kit's check does not find again, named. */
  differences: string[];
}

/** The exchange as the check saw it: its body parsed again, as the client parses it. */
function restored(ex: Exchange): Exchange | undefined {
  // A body cut (by the client's cap, or when the finding was kept) is not the body the check saw.
  if (ex.response && (ex.response.truncated || Buffer.byteLength(ex.response.body) !== ex.response.bytes)) return undefined;
  const { json: _json, jsonError: _error, ...rest } = ex;
  return ex.response ? { ...rest, ...decodeJson(ex.response.body) } : rest;
}

export function rejudge(cert: Pick<Certification, 'requirements'>): Rejudged {
  const out: Rejudged = { agreed: 0, notRejudged: 0, differences: [] };
  for (const r of cert.requirements) {
    for (const f of r.findings ?? []) {
      const check = SINGLE.get(f.checkId);
      const ex = check && f.exchange && !f.requestBody ? restored(f.exchange) : undefined;
      if (!check || !ex) {
        out.notRejudged++;
        continue;
      }
      const again = check(ex, undefined).findings;
      if (again.some((g) => g.requirementId === f.requirementId && g.received === f.received)) out.agreed++;
      else
        out.differences.push(
          `finding ${f.requirementId} ${f.checkId} on exchange ${ex.seq}: ${again.length ? `this kit finds "${again[0]!.received}" instead of "${f.received}"` : 'this kit finds nothing wrong with it'}`,
        );
    }
  }
  return out;
}
