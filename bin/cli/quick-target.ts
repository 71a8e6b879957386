// `run --base-url URL [--token-env NAME]`: try a target without writing a config file (Schemathesis'
// `st run URL`). With --config the flags override its target, as ERP_BASE_URL and ERP_API_TOKEN do;
// without it the fixtures are the reference's (those `serve` holds): right for a served reference
// or a vendor's copy of its data; on any other target the preflight names each fixture that does
// not hold, and `erp-conformance init` writes a config to put the target's own in.
import { loadConfig, type RunConfig } from '../../config/load.ts';
import { UsageError, type Command } from './usage.ts';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface TargetFlags {
  config?: string;
  'base-url'?: string;
  'token-env'?: string;
}

/** The environment with the flags applied as the overrides they are (a flag wins over the variable). */
function flagEnv(command: Command, flags: TargetFlags, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const name = flags['token-env'];
  if (name !== undefined && !NAME.test(name))
    throw new UsageError(`--token-env takes the NAME of an environment variable, received ${JSON.stringify(name)}`, command);
  if (name !== undefined && !env[name])
    throw new UsageError(`--token-env ${name}: environment variable ${name} is not set (export ${name}=<the api-token>)`, command);
  return {
    ...env,
    ...(flags['base-url'] !== undefined ? { ERP_BASE_URL: flags['base-url'] } : {}),
  };
}

/** The run config of --config and/or --base-url/--token-env; undefined when neither is given (the embedded reference). */
export async function configFromFlags(command: Command, flags: TargetFlags, env: NodeJS.ProcessEnv): Promise<RunConfig | undefined> {
  if (flags.config === undefined && flags['base-url'] === undefined) {
    if (flags['token-env'] !== undefined)
      throw new UsageError('--token-env goes with --base-url or --config (without them the run tests the embedded reference)', command);
    return undefined;
  }
  const withFlags = flagEnv(command, flags, env);
  // --token-env NAME overrides the token as ERP_API_TOKEN would, and the curl lines name $NAME.
  const tokenEnv = flags['token-env'] !== undefined ? { tokenEnv: { token: flags['token-env'] } } : {};
  if (flags.config !== undefined) return loadConfig({ file: flags.config, env: withFlags, ...tokenEnv });
  const { referenceRunConfig } = await import('../../reference/run-config.ts');
  const url = flags['base-url']!;
  const { secondToken: _s, ...target } = referenceRunConfig(url, [], 0).target;
  const base = { ...referenceRunConfig(url, [], 0), target: { ...target, name: url, token: 'env:ERP_API_TOKEN' } };
  return loadConfig({ base, env: withFlags, ...tokenEnv });
}
