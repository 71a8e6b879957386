// The command registry: a new command is one entry here. A command's module is imported only once
// it is chosen (`load`), so that `--help`, a usage error or a listing does not load what `run`
// needs (vitest, undici, zod): each start of the CLI costs only what its command uses. The summary
// is here for the command list; test/e2e/cli/start-up.test.ts checks it is the command's own.
import type { Command } from '../cli/usage.ts';

export interface CommandEntry {
  name: string;
  /** One line for the command list (the same as the command's own summary). */
  summary: string;
  /** Imports the command's module. */
  load(): Promise<Command>;
}

export const commands: readonly CommandEntry[] = [
  {
    name: 'run',
    summary: 'run the conformance suites and write the certificate (no --config: against the reference)',
    load: async () => (await import('./run.ts')).runCommand,
  },
  {
    name: 'serve',
    summary: 'run the reference ERP server (--profile NAME: another correct vendor; --fault NAME: break one rule)',
    load: async () => (await import('./serve.ts')).serveCommand,
  },
  {
    name: 'check-config',
    summary: 'validate a run config file (and its env: tokens) without contacting the target',
    load: async () => (await import('./check-config.ts')).checkConfigCommand,
  },
  {
    name: 'faults',
    summary: "list the reference server's fault switches and the requirement ids each breaks",
    load: async () => (await import('./faults.ts')).faultsCommand,
  },
  {
    name: 'profiles',
    summary: "list the reference server's vendor profiles and the open choices each makes",
    load: async () => (await import('./profiles.ts')).profilesCommand,
  },
  {
    name: 'requirements',
    summary: 'list the requirements catalogue (id, level, section, title)',
    load: async () => (await import('./requirements.ts')).requirementsCommand,
  },
  { name: 'schema', summary: 'print the JSON Schema of the run config', load: async () => (await import('./schema.ts')).schemaCommand },
  {
    name: 'report',
    summary: 'rebuild certification.html and junit.xml of a run, merge shards (--merge), build the Allure HTML (--allure)',
    load: async () => (await import('./report.ts')).reportCommand,
  },
  {
    name: 'compare',
    summary: 'what changed between two runs: verdict, requirements, findings, observations, limits, latency',
    load: async () => (await import('./compare.ts')).compareCommand,
  },
  {
    name: 'openapi',
    summary: 'print (or write) the OpenAPI 3.1 document of the three operations, with requirement ids, and the configured ones',
    load: async () => (await import('./openapi.ts')).openapiCommand,
  },
  {
    name: 'init',
    summary: 'write a run config for a new target (erp.config.json) and explain its keys',
    load: async () => (await import('./init.ts')).initCommand,
  },
  {
    name: 'probe',
    summary: 'measure the rate limit (limit, window, algorithm, scope, Retry-After) and write rate-limit.json',
    load: async () => (await import('./probe.ts')).probeCommand,
  },
  {
    name: 'load',
    summary: 'send load: an exact open-model schedule (--rate) or wire-speed connections (--connections); thresholds decide the exit code',
    load: async () => (await import('./load.ts')).loadCommand,
  },
  {
    name: 'verify',
    summary: "check a run's bundle offline: files against the manifest, settings against a profile (--require), the signature (--key)",
    load: async () => (await import('./verify.ts')).verifyCommand,
  },
];

export function findCommand(name: string): CommandEntry | undefined {
  return commands.find((c) => c.name === name);
}

/** The command named `name`, loaded; undefined for a name the CLI does not have. */
export async function loadCommand(name: string): Promise<Command | undefined> {
  return findCommand(name)?.load();
}
