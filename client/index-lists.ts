// Reading the master-data lists of the index (section 1: Branch List, Get Country / State / City
// List, Get Product List, category, Brand, department, Get All Recipe, Get All Sales Data) as the
// run config's `operations` describes them: one request per list, the largest page (a paged list
// is asked with a limit of 1000; a 4xx to it is a page cap, so 100 and then 50 are tried). Field
// names are the vendor's ("Paths, parameters and payloads ... not shown"): a row's value is looked
// up under the names a list commonly uses (branchId, branch_id, id ...).
import type { OperationConfig } from '../config/operations.ts';
import type { RunConfig } from '../config/schema.ts';
import type { Exchange } from '../core/types.ts';
import { answerAt, isPaged, listPath, refusalText, refusedByShape } from '../config/answer-shape.ts';
import { fixtureValues, operationRequest, sendOperation, unfilled, type IndexSender, type Values } from './index-operation.ts';
import { FIELDS, idText } from '../contract/list-fields.ts';

/** Limits tried for a paged list, largest first. */
const PAGE_LIMITS = [1000, 100, 50];

export interface ListRead {
  /** The list's rows; undefined when the list could not be read (then `why` says why). */
  items?: Record<string, unknown>[];
  /** What the list answered, for the notes. */
  why?: string;
  /** The exchanges sent. */
  exchanges: Exchange[];
}

const refusal = (s: number | undefined) => s !== undefined && s >= 400 && s < 500 && s !== 401 && s !== 403 && s !== 404 && s !== 405 && s !== 429;

/** Reads the configured list `name` once (the largest page it answers); `extra` sets placeholders. */
export async function readList(client: IndexSender, config: RunConfig, name: string, extra: Values = {}): Promise<ListRead> {
  const op = (config.operations as Record<string, OperationConfig> | undefined)?.[name];
  if (!op) return { why: `operations.${name} is not configured`, exchanges: [] };
  const values = { ...fixtureValues(config), ...extra };
  const missing = unfilled(op, { ...values, ...(op.params ?? {}) });
  if (missing.length > 0) return { why: `operations.${name} holds {${missing.join('}, {')}} without a value`, exchanges: [] };
  const exchanges: Exchange[] = [];
  const paged = isPaged(op);
  for (const limit of paged ? PAGE_LIMITS : [0]) {
    const ex = await sendOperation(client, operationRequest(op, values, paged ? { limit, offset: 0 } : {}));
    exchanges.push(ex);
    const s = ex.response?.status;
    // A 2xx in the entry's refusal shape is a refusal like a 400 (a page cap, a window refused).
    const shaped = refusedByShape(op, s, ex.json);
    if (paged && (refusal(s) || shaped)) continue;
    if (shaped) return { why: `${op.method} ${op.path} refused it (HTTP ${s} with ${refusalText(op)})`, exchanges };
    if (s !== 200) return { why: `${op.method} ${op.path} answered ${s === undefined ? (ex.failure?.kind ?? 'nothing') : `HTTP ${s}`}`, exchanges };
    const list = answerAt(ex.json, listPath(op));
    if (!Array.isArray(list)) return { why: `${op.method} ${op.path} answered no list at ${listPath(op)}`, exchanges };
    return { items: list.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)), exchanges };
  }
  return { why: `${op.method} ${op.path} refused every page size tried (${PAGE_LIMITS.join(', ')})`, exchanges };
}

export interface CityLists {
  /** City code -> state code, as the city lists gave them. */
  cities: Record<string, string>;
  /** The state codes of the state list (undefined: not read). */
  states?: string[];
  /** The states whose whole city list was read (unpaged): a city missing from it is not a city of that state. */
  whole: Set<string>;
  /** Why a list could not be read. */
  why?: string;
  /** The states asked for. */
  asked: string[];
}

/**
 * 2.4: "cityCode: code of a city from the city list", "stateCode: code of a state from the state
 * list". Reads the state list of `countriesCode` and the city lists of `states` (or of the first
 * `maxStates` listed): one request each; a city list without {stateCode} is read once.
 */
export async function readCities(client: IndexSender, config: RunConfig, countriesCode: string, states: string[] = [], maxStates = 3): Promise<CityLists> {
  const stateList = config.operations?.['get-state-list'] ? await readList(client, config, 'get-state-list', { countriesCode }) : undefined;
  const listed = stateList?.items?.map((x) => idText(x, FIELDS.state)).filter((x): x is string => x !== undefined);
  const cityOp = config.operations?.['get-city-list'];
  const out: CityLists = { cities: {}, whole: new Set(), asked: [], ...(listed ? { states: listed } : {}), ...(stateList?.why ? { why: stateList.why } : {}) };
  if (!cityOp) return { ...out, why: out.why ?? 'operations.get-city-list is not configured' };
  const perState = JSON.stringify([cityOp.path, cityOp.query ?? {}, cityOp.body ?? null]).includes('{stateCode}');
  out.asked = perState ? [...new Set([...states, ...(listed ?? [])])].slice(0, Math.max(maxStates, states.length)) : [];
  for (const st of perState ? out.asked : [undefined]) {
    const list = await readList(client, config, 'get-city-list', st ? { stateCode: st } : {});
    if (!list.items) {
      out.why ??= list.why;
      continue;
    }
    for (const row of list.items) {
      const city = idText(row, FIELDS.city);
      const state =
        idText(
          row,
          FIELDS.state.filter((k) => k !== 'code'),
        ) ?? st;
      if (city && state) out.cities[city] = state;
    }
    if (!isPaged(cityOp)) {
      if (st) out.whole.add(st);
      else for (const s of new Set(Object.values(out.cities))) out.whole.add(s);
    }
  }
  return out;
}
