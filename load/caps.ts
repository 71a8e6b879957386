// The safety caps of probing and load (users point this kit at shared staging systems), in one
// place: requests, seconds and concurrency are bounded by the config's `load` section and flags
// may only lower them; a non-loopback target needs `load.allowNonLoopback` AND `--yes`; a burst
// of 5xx answers stops the traffic.
import { isIP } from 'node:net';
import type { RunConfig } from '../config/schema.ts';

/** Default of the config's load.maxConcurrency: requests in flight at once. */
export const HARD_MAX_CONCURRENCY = 64;

export interface Caps {
  maxRequests: number;
  maxSeconds: number;
  maxConcurrency: number;
}

/** A refused run: a flag above a cap, or a target the safety rules forbid (exit code 2). */
export class SafetyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SafetyError';
  }
}

export interface CapFlags {
  maxRequests?: number;
  maxSeconds?: number;
  maxConcurrency?: number;
}

/** The caps of a run: the config's, lowered by flags; a flag above its cap is refused. */
export function resolveCaps(load: RunConfig['load'], flags: CapFlags = {}): Caps {
  const pick = (name: string, flag: number | undefined, cap: number) => {
    if (flag === undefined) return cap;
    if (!(flag > 0)) throw new SafetyError(`--${name} must be positive, received ${flag}`);
    if (flag > cap)
      throw new SafetyError(`--${name} ${flag} is above the cap ${cap} (flags may only lower the caps; raise them in the config's "load" section)`);
    return flag;
  };
  return {
    maxRequests: pick('max-requests', flags.maxRequests, load.maxRequests),
    maxSeconds: pick('max-seconds', flags.maxSeconds, load.maxSeconds),
    maxConcurrency: pick('concurrency', flags.maxConcurrency, load.maxConcurrency),
  };
}

/** Why N connections with P requests pipelined on each are above the concurrency cap; null when they fit. */
export function inFlightOverCap(connections: number, pipelining: number, maxConcurrency: number): string | null {
  const inFlight = connections * pipelining;
  return inFlight > maxConcurrency
    ? `--connections ${connections} x --pipelining ${pipelining} = ${inFlight} requests in flight is above the cap of ${maxConcurrency} (config load.maxConcurrency)`
    : null;
}

/** True when the URL's host is a loopback address: localhost, 127.0.0.0/8, ::1 (or its IPv4-mapped form). */
export function isLoopbackUrl(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.split('.')[0] === '127';
  if (isIP(host) === 6) {
    if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
    // IPv4-mapped: the URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1.
    const mapped = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(host);
    return mapped !== null && parseInt(mapped[1]!, 16) >> 8 === 127;
  }
  return false;
}

/** Refuses a non-loopback target unless the config allows it AND the user said --yes. */
export function assertTargetAllowed(config: RunConfig, yes: boolean): void {
  if (isLoopbackUrl(config.target.baseUrl)) return;
  const host = new URL(config.target.baseUrl).host;
  if (!config.load.allowNonLoopback)
    throw new SafetyError(`refusing to send load to ${host}: it is not a loopback address and the config's load.allowNonLoopback is false`);
  if (!yes) throw new SafetyError(`refusing to send load to ${host} without --yes (load.allowNonLoopback is true; --yes confirms this run)`);
}

/** Counts requests and time against the caps; every sending loop asks it first. */
export class Budget {
  private sent = 0;
  readonly startedAt: number;
  readonly deadline: number;

  /** `clock`: the budget's clock, ms (a simulated one in tests; default performance.now). */
  constructor(
    readonly caps: Pick<Caps, 'maxRequests' | 'maxSeconds'>,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.startedAt = clock();
    this.deadline = this.startedAt + caps.maxSeconds * 1000;
  }

  get requestsSent(): number {
    return this.sent;
  }

  /** Milliseconds since the start. */
  elapsedMs(now = this.clock()): number {
    return now - this.startedAt;
  }

  remainingMs(now = this.clock()): number {
    return Math.max(0, this.deadline - now);
  }

  remainingRequests(): number {
    return this.caps.maxRequests - this.sent;
  }

  /** Takes one request from the budget; false when the requests or the time are spent. */
  take(now = this.clock()): boolean {
    if (this.sent >= this.caps.maxRequests || now >= this.deadline) return false;
    this.sent++;
    return true;
  }

  /** Why sending stopped, or null while both budgets remain. */
  spentBy(now = this.clock()): 'max-requests' | 'max-seconds' | null {
    if (this.sent >= this.caps.maxRequests) return 'max-requests';
    if (now >= this.deadline) return 'max-seconds';
    return null;
  }
}

/** Consecutive requests without an answer after which a load run stops (a dead target). */
export const NO_ANSWER_STOP = 200;

/** "Stop at the first burst of 5xx": BURST_COUNT 5xx answers among the last BURST_WINDOW. */
export const BURST_COUNT = 3;
export const BURST_WINDOW = 5;

export class FiveXxWatch {
  private recent: boolean[] = [];
  private total = 0;

  /** Records one answer's status (0 = no answer); returns true once a burst is seen. */
  record(status: number): boolean {
    const five = status >= 500;
    if (five) this.total++;
    this.recent.push(five);
    if (this.recent.length > BURST_WINDOW) this.recent.shift();
    return this.burst;
  }

  get burst(): boolean {
    return this.recent.filter(Boolean).length >= BURST_COUNT;
  }

  get count(): number {
    return this.total;
  }
}
