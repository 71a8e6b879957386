// What every route handler of one reference server sees.
import type { z } from 'zod';
import type { FaultName } from './faults.ts';
import type { HostileMode } from './hostile.ts';
import type { ReferenceData } from './data.ts';
import type { Limiter } from './limiter.ts';
import type { Profile } from './profiles/types.ts';
import type { Store, Voucher } from './store.ts';

export interface Ctx {
  /** The vendor this server is (profiles/): every open choice is asked of it. */
  profile: Profile;
  faults: ReadonlySet<FaultName>;
  /** A hostile mode (hostile.ts), or none. */
  hostile?: HostileMode;
  tokens: ReadonlySet<string>;
  store: Store;
  data: ReferenceData;
  /** null: no rate limit configured. */
  limiter: Limiter | null;
  /** Quotas per operation (reference/quotas.ts), by operation ('*': every operation); empty: none. */
  quotas: Map<string, Limiter[]>;
  /** Request schemas of this profile with this server's faults, built once. */
  schemas: { customer: z.ZodType; report: z.ZodType };
  /** State shared by overlapping requests, used only by the concurrency faults. */
  race: {
    /** Report requests in flight, by body text (rp-parallel-disagree). */
    reports: Map<string, number>;
    /** The one slot status updates go through (os-parallel-lost-update). */
    statusSlot: { voucher: Voucher; next: string } | null;
    /** Status updates in flight, by voucher: whether another update of it came meanwhile (os-overlap-*). */
    updating: Map<string, { collided: boolean }>;
  };
}

/** A parsed request as the route handlers get it. */
export interface Req {
  method: string;
  /** Path segments after the leading slash, undecoded. */
  segments: string[];
  query: URLSearchParams;
  /** The headers the reference reads (api-token, authorization, content-type, content-length), names lower-cased. */
  headers: Record<string, string | undefined>;
  /** Every api-token header value, in the order sent (5: one is expected). */
  apiTokens: string[];
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

/** A route handler: synchronous, or asynchronous where it must wait (the concurrency faults). */
export type Handler = (ctx: Ctx, req: Req, param: string) => Reply | Promise<Reply>;

/**
 * A real wait (a database round trip, say), for the faults whose defect is a race. Requests the
 * kit sends at once must meet inside it on a loaded machine too: a run's test workers, the matrix's
 * other runs and CI's neighbours can spread one burst's arrivals over tens of milliseconds (a 10 ms
 * wait let a burst of four miss each other once in CI), so the window is wide.
 */
export const RACE_WINDOW_MS = 250;

export function pause(ms = RACE_WINDOW_MS): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
