// The target of a probe or load command: the config's (after the safety rules), or with no
// config the embedded reference, started with a rate limiter on a free loopback port.
import { loadConfig } from '../config/load.ts';
import type { RunConfig } from '../config/schema.ts';
import { DEFAULT_REFERENCE_LIMIT } from '../reference/constants.ts';
import type { RateLimitConfig } from '../reference/limiter.ts';
import { assertTargetAllowed, resolveCaps, type CapFlags, type Caps } from './caps.ts';

export interface TargetRequest {
  configFile?: string;
  /** The user confirmed a non-loopback target (--yes). */
  yes: boolean;
  caps: CapFlags;
  /** Limiter of the embedded reference (no config only). */
  referenceLimit?: RateLimitConfig;
}

export interface OpenTarget {
  config: RunConfig;
  caps: Caps;
  /** Describes the target for the console, e.g. "erp-conformance reference (20/2s fixed per token)". */
  label: string;
  close(): Promise<void>;
}

export async function openTarget(o: TargetRequest): Promise<OpenTarget> {
  if (o.configFile !== undefined) {
    const config = loadConfig({ file: o.configFile, env: process.env });
    assertTargetAllowed(config, o.yes);
    return { config, caps: resolveCaps(config.load, o.caps), label: `${config.target.name} (${config.target.baseUrl})`, close: async () => {} };
  }
  const { startReference } = await import('../reference/server.ts');
  const limit = o.referenceLimit ?? DEFAULT_REFERENCE_LIMIT;
  const server = await startReference({ port: 0, rateLimit: limit });
  try {
    // The embedded reference is the target: environment overrides are not applied to it.
    const config = loadConfig({ base: server.runConfig(), env: {} });
    assertTargetAllowed(config, o.yes);
    const label = `${config.target.name} at ${server.url} (rate limit ${limit.limit}/${limit.windowSeconds}s ${limit.algorithm} per ${limit.scope})`;
    return { config, caps: resolveCaps(config.load, o.caps), label, close: () => server.close() };
  } catch (e) {
    await server.close();
    throw e;
  }
}
