// init --discover: fills a new config's fixtures, branches, master data and operations from the
// target's own lists (bin/cli/init-discover.ts reads them), and says on the console what it found
// and what it left out. A flag given wrong is a usage error of `init` (the command is passed in).
import { loadConfig } from '../../config/load.ts';
import { createClient } from '../../client/operations.ts';
import { servedProbe } from '../../engine/phases/preflight/served.ts';
import { UsageError, type Command } from './usage.ts';
import { discover } from './init-discover.ts';
import { shapedOperations } from './init-shapes.ts';
import { foundValues, withFoundValues } from './init-values.ts';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** --discover: fills `config`'s fixtures from the target's lists; returns the console lines saying what was found. */
export async function discoverInto(
  initCommand: Command,
  config: Record<string, any>,
  baseUrl: string | undefined,
  tokenVar: string,
  secondVar: string | undefined,
  only: Set<string> | undefined,
): Promise<string[]> {
  if (baseUrl === undefined) throw new UsageError('--discover needs --base-url URL (the target to read the fixtures from)', initCommand);
  if (!ENV_NAME.test(tokenVar))
    throw new UsageError(`--token-env takes the NAME of an environment variable, received ${JSON.stringify(tokenVar)}`, initCommand);
  if (!process.env[tokenVar])
    throw new UsageError(`--token-env ${tokenVar}: environment variable ${tokenVar} is not set (export ${tokenVar}=<the api-token>)`, initCommand);
  config.target.token = `env:${tokenVar}`;
  if (secondVar !== undefined) {
    if (!ENV_NAME.test(secondVar) || !process.env[secondVar])
      throw new UsageError(
        `--second-token-env ${secondVar}: environment variable ${secondVar} is not set (export ${secondVar}=<the second api-token>)`,
        initCommand,
      );
    config.target.secondToken = `env:${secondVar}`;
  }
  // The tokens come from the variables named (they win over ERP_API_TOKEN and ERP_API_TOKEN_2): what the client records names them.
  const tokenEnv = { token: tokenVar, ...(secondVar ? { secondToken: secondVar } : {}) };
  const load = (base: unknown) => loadConfig({ base, env: process.env, tokenEnv });
  const run = load(config);
  const client = createClient(run.target, { keep: false });
  try {
    const template = structuredClone(config.fixtures);
    let d = await discover(client, run, template, only);
    config.fixtures = d.fixtures;
    // The index: each read sent once with the fixtures found (as the run's preflight does); kept
    // are those the target answers 2xx with them, so the config runs as written (a 400 or a 404
    // to the reference's ids needs the target's own: said in "$comment"). The writes are not sent
    // here (they would change data): kept for a target that answered some read of the index (the
    // run's preflight sends each once and leaves out those it does not serve), else left out.
    const found = load(config);
    const probe = servedProbe(client, found);
    await probe.sendAll(false);
    // What the answers tell of each entry's shape (bin/cli/init-shapes.ts): a list elsewhere, a refusal as a 2xx.
    const shapes = shapedOperations(config.operations ?? {}, probe.answers());
    if (config.operations) config.operations = shapes.operations;
    // A list found elsewhere than the template said: the fixtures are read again through it, so
    // no "not found" contradicts what the answers showed.
    if (shapes.said.length > 0) {
      d = await discover(client, load({ ...config, fixtures: template }), structuredClone(template), only);
      config.fixtures = d.fixtures;
    }
    // The ids of the templates are the target's (bin/cli/init-values.ts): a read given other
    // values than the reference's is probed again with them.
    const values = await foundValues(client, load(config), d.listed);
    const filled = withFoundValues(config.operations ?? {}, values);
    const said = probe.said();
    if (config.operations) {
      config.operations = filled.operations;
      const changed = Object.keys(filled.changed).filter((name) => !config.operations[name].writes);
      if (changed.length) {
        const again = servedProbe(client, load({ ...config, operations: Object.fromEntries(changed.map((n) => [n, config.operations[n]])) }));
        await again.sendAll(false);
        Object.assign(said, again.said());
        const reshaped = shapedOperations(config.operations, again.answers());
        config.operations = reshaped.operations;
        shapes.said.push(...reshaped.said);
        shapes.refusing.push(...reshaped.refusing.filter((n) => !shapes.refusing.includes(n)));
      }
    }
    for (const name of shapes.refusing) said[name] = `${said[name]} with status false: refused`;
    const ok = Object.keys(said).filter((name) => /^HTTP 2\d\d$/.test(said[name]!));
    const writes = Object.keys(config.operations ?? {}).filter((name) => config.operations[name].writes);
    const keep = new Set([...ok, ...(ok.length ? writes : [])]);
    const operations = Object.fromEntries(Object.entries(config.operations ?? {}).filter(([name]) => keep.has(name)));
    if (Object.keys(operations).length) config.operations = operations;
    else delete config.operations;
    const left = Object.entries(said).filter(([name]) => !keep.has(name));
    const byAnswer = new Map<string, string[]>();
    for (const [name, answer] of left) byAnswer.set(answer, [...(byAnswer.get(answer) ?? []), name]);
    const at = new Date().toISOString();
    config.$comment = [
      `init --discover read ${baseUrl} at ${at} (${client.count()} requests)`,
      ...d.found.map((f) => `found: ${f}`),
      ...d.notFound.map((f) => `not found: ${f}`),
      ...filled.said.map((x) => `operations: ${x}`),
      ...filled.fill.map((x) => `operations: ${x}`),
      `operations: kept ${ok.join(', ') || 'none'} (answered 2xx)`,
      ...shapes.said.map((x) => `operations: ${x}`),
      ...[...byAnswer].map(
        ([answer, names]) => `operations: left out ${names.join(', ')} (${answer}${answer === 'HTTP 404' || answer === 'HTTP 405' ? ': not served' : ''})`,
      ),
      ok.length
        ? `operations: writes kept unsent: ${writes.join(', ') || 'none'} (the run's preflight sends each once; one not served is left out, named on one line)`
        : `operations: writes left out: ${writes.join(', ') || 'none'} (the target answered no read of the index)`,
    ];
    return [...(config.$comment as string[]), ''];
  } finally {
    await client.close();
  }
}
