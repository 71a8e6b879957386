// `load --export artillery FILE`: writes the scenario the flags describe as an Artillery 2 script
// (load/artillery/script.ts) instead of running it. Nothing is sent. The target is the config's
// (the embedded reference stops with this command, so --config is required), under the same
// safety rule as a run: a non-loopback target needs load.allowNonLoopback and --yes. The token is
// not written: each Artillery worker reads it from the config's env:NAME variable (else ERP_API_TOKEN).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadFlags } from '../cli/load-flags.ts';
import { UsageError, type Command } from '../cli/usage.ts';
import { EXIT } from '../../core/exit-codes.ts';

export const EXPORT_FORMATS = ['artillery'] as const;

export interface ExportRequest {
  format: string;
  file: string | undefined;
  config: string | undefined;
  yes: boolean;
  quiet: boolean;
}

export async function exportScenario(command: Command, req: ExportRequest, flags: LoadFlags): Promise<number> {
  if (!(EXPORT_FORMATS as readonly string[]).includes(req.format))
    throw new UsageError(`--export must be one of ${EXPORT_FORMATS.join(', ')}, received ${JSON.stringify(req.format)}`, command);
  if (req.file === undefined) throw new UsageError('--export artillery needs the file to write: load --export artillery FILE ...', command);
  if (req.config === undefined)
    throw new UsageError(
      '--export needs --config: the embedded reference stops with this command (serve one with `erp-conformance serve --print-config > ref.json` and `serve`, then pass --config ref.json)',
      command,
    );
  if (flags.rate === undefined)
    throw new UsageError('--export artillery is of the open model: give --rate (Artillery schedules arrivals, not connections)', command);
  const { loadConfig } = await import('../../config/load.ts');
  const { assertTargetAllowed, SafetyError } = await import('../../load/caps.ts');
  const { buildMix } = await import('../../load/scenarios/mix.ts');
  const { loadPhases } = await import('../../load/load.ts');
  const { artilleryScript, tokenEnvOf } = await import('../../load/artillery/script.ts');
  const config = loadConfig({ file: req.config, env: process.env });
  try {
    assertTargetAllowed(config, req.yes);
  } catch (e) {
    if (!(e instanceof SafetyError)) throw e;
    process.stderr.write(`erp-conformance: ${e.message}\n`);
    return EXIT.usage;
  }
  let script;
  try {
    const mix = buildMix(config, flags.mixEntries);
    script = artilleryScript({
      config,
      mix,
      phases: loadPhases(flags),
      scenario: flags.scenario ?? 'steady',
      rate: flags.rate,
      seconds: flags.seconds,
      thresholds: flags.thresholds,
    });
  } catch (e) {
    throw new UsageError((e as Error).message, command);
  }
  const file = path.resolve(req.file);
  writeFileSync(file, script.text);
  const planned = script.meta.phases.reduce((s, p) => s + p.rate * p.seconds, 0);
  if (!req.quiet) {
    process.stdout.write(
      `Artillery script of ${script.meta.scenario} at ${script.meta.rate}/s for ${script.meta.seconds} s (${Math.round(planned)} requests per Artillery runner) on ${config.target.baseUrl}\n`,
    );
    for (const n of script.notes) process.stdout.write(`  note: ${n}\n`);
    process.stdout.write(`run it:   ${tokenEnvOf(config)}=... npx artillery run --output result.json ${req.file}\n`);
    process.stdout.write(`read it:  erp-conformance report --artillery result.json --script ${req.file} --out DIR\n`);
  }
  process.stdout.write(`${file}\n`);
  return EXIT.ok;
}
