// What every route handler of one reference server sees.
import type { FaultName } from './faults.ts';
import type { ReferenceData } from './data.ts';
import type { Limiter } from './limiter.ts';
import type { Store } from './store.ts';

export interface Ctx {
  faults: ReadonlySet<FaultName>;
  tokens: ReadonlySet<string>;
  store: Store;
  data: ReferenceData;
  /** null: no rate limit configured. */
  limiter: Limiter | null;
}

/** A parsed request as the route handlers get it. */
export interface Req {
  method: string;
  /** Path segments after the leading slash, undecoded. */
  segments: string[];
  query: URLSearchParams;
  /** The headers the reference reads (api-token, content-type, content-length), names lower-cased. */
  headers: Record<string, string | undefined>;
  /** The body text (UTF-8), '' when none; read only for POST routes. */
  body: string;
}

/** What a handler answers; the server writes it. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** Text, or bytes already encoded, in one piece or several (the report's pre-written items). */
  body: string | Buffer | Buffer[];
}
