// The target of a probe or load command: the config's (after the safety rules), or with no
// config one the caller starts (the CLI: the embedded reference, bin/cli/load-target.ts). The
// starter is passed in so that load/ stays independent of the reference server.
import { loadConfig } from '../config/load.ts';
import type { RunConfig, RunConfigInput } from '../config/schema.ts';
import { assertTargetAllowed, resolveCaps, type CapFlags, type Caps } from './caps.ts';

/** A target started for this command: the run config pointing at it, and how to stop it. */
export interface StartedTarget {
  config: RunConfigInput;
  /** Describes it for the console once its config is loaded, e.g. "... at http://127.0.0.1:1234 (rate limit ...)". */
  label(config: RunConfig): string;
  close(): Promise<void>;
}

export interface TargetRequest {
  configFile?: string;
  /** The user confirmed a non-loopback target (--yes). */
  yes: boolean;
  caps: CapFlags;
  /** Starts the target when there is no config file. */
  start: () => Promise<StartedTarget>;
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
  const started = await o.start();
  try {
    // A started target is the caller's own: environment overrides are not applied to it.
    const config = loadConfig({ base: started.config, env: {} });
    assertTargetAllowed(config, o.yes);
    return { config, caps: resolveCaps(config.load, o.caps), label: started.label(config), close: () => started.close() };
  } catch (e) {
    await started.close();
    throw e;
  }
}
