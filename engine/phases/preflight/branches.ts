// The preflight's look at the fixtures' branches through Branch List (section 1, config
// operations["branch-list"]): branchId and otherBranchId must be listed, invalidBranchId must not.
// One request; only an answer that holds a list of branches can blame the config.
import { fixtureValues, operationRequest, sendOperation } from '../../../client/index-operation.ts';
import { acceptedBy, answerAt, listPath } from '../../../config/answer-shape.ts';
import type { Client } from '../../../client/operations.ts';
import type { Exchange } from '../../../core/types.ts';
import type { RunConfig } from '../../../config/schema.ts';
import type { PreflightProblem } from './types.ts';
import { preflightSays } from '../../../core/words/preflight.ts';

/** The id of a listed branch: its branchId (or id) field. */
const idOf = (b: unknown): string | undefined => {
  if (typeof b !== 'object' || b === null) return undefined;
  const r = b as Record<string, unknown>;
  const v = r.branchId ?? r.branch_id ?? r.id;
  return v === undefined || v === null ? undefined : String(v);
};

/** `sent`: the preflight's one request of Branch List (engine/phases/preflight/served.ts), when it made it. */
export async function branchFixtures(
  client: Client,
  config: RunConfig,
  problems: PreflightProblem[],
  notes: string[],
  sent?: Promise<Exchange>,
): Promise<void> {
  const op = config.operations?.['branch-list'];
  if (!op) return;
  const ex = await (sent ?? sendOperation(client, operationRequest(op, fixtureValues(config))));
  const list = ex.response?.status === 200 && acceptedBy(op, 200, ex.json) ? answerAt(ex.json, listPath(op)) : undefined;
  const ids = Array.isArray(list) ? list.map(idOf) : [];
  if (ids.length === 0 || ids.some((x) => x === undefined)) {
    const answered = ex.response ? `HTTP ${ex.response.status}` : ex.failure?.kind;
    notes.push(preflightSays('branchesUnchecked', { request: `${op.method} ${op.path}`, answered, listPath: listPath(op) }));
    return;
  }
  const f = config.fixtures;
  const mine: PreflightProblem[] = [];
  for (const [key, id] of [
    ['fixtures.branchId', f.branchId],
    ['fixtures.otherBranchId', f.otherBranchId],
  ] as const)
    if (!ids.includes(String(id)))
      mine.push({
        key,
        problem: preflightSays('branchNotListed', { branch: id, path: op.path, listed: `${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ' ...' : ''}` }),
      });
  if (ids.includes(String(f.invalidBranchId)))
    mine.push({ key: 'fixtures.invalidBranchId', problem: preflightSays('invalidBranchListed', { branch: f.invalidBranchId }) });
  // The branches come first in the config's fixtures: their problems first.
  problems.splice(0, 0, ...mine);
  notes.push(preflightSays('branchesChecked', { count: ids.length }));
}
