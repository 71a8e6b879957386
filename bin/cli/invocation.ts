// How `run` was invoked, recorded in the certificate so a replay line repeats it: the config file,
// the --base-url/--token-env of a quick try, or the embedded reference with its profile and faults;
// and the --out the replay writes beside.
import type { Invocation } from '../../reports/model.ts';

export function invocationOf(
  values: { config?: string; 'base-url'?: string; 'token-env'?: string; profile?: string; out?: string },
  faults: string[],
): Invocation {
  const target: Invocation =
    values.config || values['base-url']
      ? {
          ...(values.config ? { config: values.config } : {}),
          ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
          ...(values['token-env'] ? { tokenEnv: values['token-env'] } : {}),
        }
      : { faults, ...(values.profile ? { profile: values.profile } : {}) };
  return { ...target, ...(values.out ? { out: values.out } : {}) };
}
