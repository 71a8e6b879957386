// What the preflight's steps report (engine/phases/preflight/preflight.ts runs them; branches.ts,
// cities.ts and customer.ts each check their part): kept apart so the steps and the preflight that
// imports them do not import each other.
import type { Quota } from '../../../core/quota.ts';
import type { Exchange } from '../../../core/types.ts';
import type { StatedQuota } from '../../../client/scheduler/pacing.ts';
import type { ListedCities, PreflightCustomer } from '../../../runtime/protocol.ts';

export interface PreflightProblem {
  /** The config key the problem is about. */
  key: string;
  problem: string;
}

export interface PreflightResult {
  problems: PreflightProblem[];
  /** What was checked, and what could not be (for the certificate). */
  notes: string[];
  requests: number;
  /** The customer the preflight created with the config's master data (engine/phases/preflight/customer.ts). */
  customer?: PreflightCustomer;
  /** The cities the index's lists gave the customers (engine/phases/preflight/cities.ts). */
  cities?: ListedCities;
  /** The quota each operation is known to have after the preflight (stated, or learnt from its answers). */
  quotas?: Record<string, Quota>;
  /** Operations of config `operations` the target does not serve (404/405 to their configured request): name -> "HTTP 404". */
  notServed?: Record<string, string>;
  /** The answer to each configured operation's request (served, not a 429): the index suite's first request of it. */
  operations?: Record<string, Exchange>;
  /** What its answers taught its scheduler (announced policies, a 429's wait), each quota with the operations it covers. */
  learnt?: StatedQuota[];
  /** 429s its requests met, by operation. */
  met429?: Record<string, number>;
  /** Milliseconds its requests were in flight, summed (engine/progress/slots-busy.ts). */
  inFlightMs?: number;
}
