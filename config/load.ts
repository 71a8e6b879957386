// Loads a run config: a JSON file (or a base object such as the reference's), environment
// overrides, `env:NAME` tokens, then the schema. Every problem is reported at once.
import { readFileSync } from 'node:fs';
import { ConfigError, describeIssue, keyPath, scrub } from './errors.ts';
import { JsonSyntaxError, parseJsonText } from './json-text.ts';
import { runConfigSchema, type RunConfig, type TokenVariables } from './schema.ts';

export { ConfigError } from './errors.ts';
export type { RunConfig, RunConfigInput } from './schema.ts';

/** Environment variables that override a config key when set (non-empty). */
export const ENV_OVERRIDES = [
  { variable: 'ERP_BASE_URL', key: 'baseUrl' },
  { variable: 'ERP_API_TOKEN', key: 'token' },
  { variable: 'ERP_API_TOKEN_2', key: 'secondToken' },
] as const;

const ENV_REF = /^env:(.*)$/s;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface LoadConfigOptions {
  /** Path of a JSON config file. */
  file?: string;
  /** Environment for overrides and `env:NAME` tokens; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** A config object used when no file is given, e.g. the reference's run config. */
  base?: unknown;
  /** Variables that override the tokens instead of ERP_API_TOKEN / ERP_API_TOKEN_2 (`--token-env NAME`, `init --second-token-env NAME`). */
  tokenEnv?: TokenVariables;
}

/** The variable that overrides `key`: the caller's for a token, else the kit's own. */
const overrideOf = (o: LoadConfigOptions, variable: string, key: string): string =>
  key === 'token' ? (o.tokenEnv?.token ?? variable) : key === 'secondToken' ? (o.tokenEnv?.secondToken ?? variable) : variable;

export function loadConfig(opts: LoadConfigOptions = {}): RunConfig {
  const env = opts.env ?? process.env;
  const raw = opts.file !== undefined ? readJsonFile(opts.file) : opts.base !== undefined ? structuredClone(opts.base) : undefined;
  if (raw === undefined) throw new ConfigError(['no config given (pass --config FILE)']);
  const secrets = new Set<string | undefined>(ENV_OVERRIDES.filter((o) => o.key !== 'baseUrl').map((o) => env[overrideOf(opts, o.variable, o.key)]));
  // Where each token was read from: the curl lines and exported scripts name that variable.
  const variables: TokenVariables = {};
  const problems: string[] = [];
  const resolvedFailed = new Set<string>();

  if (isPlainObject(raw)) {
    if (raw.target === undefined) raw.target = {};
    const target = raw.target;
    if (isPlainObject(target)) {
      for (const o of ENV_OVERRIDES) {
        const { key } = o;
        const variable = overrideOf(opts, o.variable, key);
        const before = target[key];
        if (key !== 'baseUrl' && typeof before === 'string' && !ENV_REF.test(before)) secrets.add(before);
        const v = env[variable];
        if (v === undefined || v === '') continue;
        target[key] = v;
        if (key !== 'baseUrl') variables[key] = variable;
      }
      for (const key of ['token', 'secondToken'] as const) {
        const value = target[key];
        if (typeof value !== 'string') continue;
        const ref = ENV_REF.exec(value);
        if (!ref) {
          secrets.add(value);
          continue;
        }
        const name = ref[1]!;
        const problem = !ENV_NAME.test(name)
          ? `"env:${name}" does not name an environment variable (expected env:NAME, NAME of letters, digits and _)`
          : env[name] === undefined
            ? `environment variable ${name} is not set (the config says "env:${name}")`
            : env[name] === ''
              ? `environment variable ${name} is empty (the config says "env:${name}")`
              : undefined;
        if (problem) {
          problems.push(`target.${key}: ${problem}`);
          resolvedFailed.add(`target.${key}`);
          target[key] = 'unresolved-placeholder'; // keeps the schema from reporting it twice
        } else {
          target[key] = env[name];
          variables[key] = name;
          secrets.add(env[name]);
        }
      }
    }
  }

  const parsed = runConfigSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (resolvedFailed.has(keyPath(issue.path))) continue;
      problems.push(...describeIssue(issue));
    }
  } else if (problems.length === 0) {
    const t = parsed.data.target;
    if (t.secondToken !== undefined && t.secondToken === t.token)
      problems.push('target.secondToken: must differ from target.token (a second valid token of another client)');
  }
  if (problems.length > 0)
    throw new ConfigError(
      problems.map((p) => scrub(p, secrets)),
      opts.file,
    );
  const config: RunConfig = parsed.data!;
  if (variables.token !== undefined || variables.secondToken !== undefined) config.target.variables = variables;
  return config;
}

function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (code ?? 'unreadable');
    throw new ConfigError([`cannot read config file ${file}: ${why}`]);
  }
  try {
    return parseJsonText(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new ConfigError([`config file ${file} is not valid JSON: line ${e.line}, column ${e.column}: ${e.reason}`]);
    throw e;
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
