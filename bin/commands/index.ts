// The command registry: a new command is one import and one entry here.
import type { Command } from '../usage.ts';
import { checkConfigCommand } from './check-config.ts';
import { faultsCommand } from './faults.ts';
import { initCommand } from './init.ts';
import { openapiCommand } from './openapi.ts';
import { loadCommand } from './load.ts';
import { probeCommand } from './probe.ts';
import { profilesCommand } from './profiles.ts';
import { reportCommand } from './report.ts';
import { requirementsCommand } from './requirements.ts';
import { schemaCommand } from './schema.ts';
import { runCommand } from './run.ts';
import { serveCommand } from './serve.ts';

export const commands: readonly Command[] = [
  runCommand,
  serveCommand,
  checkConfigCommand,
  faultsCommand,
  profilesCommand,
  requirementsCommand,
  schemaCommand,
  reportCommand,
  openapiCommand,
  initCommand,
  probeCommand,
  loadCommand,
];

export function findCommand(name: string): Command | undefined {
  return commands.find((c) => c.name === name);
}
