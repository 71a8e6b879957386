// `report --artillery FILE [--script SCRIPT] [--threshold EXPR]... [--out DIR]`: the JSON of
// `artillery run --output FILE` (one machine, or Artillery's merged report of many) read back into
// the kit's load.json and load.html (load/artillery/read.ts), with the exit codes of `load`:
// 0 every threshold held, 1 a threshold crossed or a 5xx / a request without an answer under
// load, 2 a usage error or unreadable input. The thresholds are the script's (written by
// `load --export artillery`), or those given here, which replace them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT } from '../../core/exit-codes.ts';
import { UsageError, type Command } from '../cli/usage.ts';
import { unwritableOut } from '../cli/writable-out.ts';

export interface ArtilleryReportRequest {
  file: string;
  script: string | undefined;
  thresholds: string[] | undefined;
  out: string | undefined;
}

class InputError extends Error {}

function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read ${what} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`${what} ${file} is not JSON: ${(e as Error).message}`);
  }
}

export async function reportArtillery(command: Command, req: ArtilleryReportRequest): Promise<number> {
  const { parseThreshold } = await import('../../load/scenarios/thresholds.ts');
  const { readMeta } = await import('../../load/artillery/meta.ts');
  const { parseArtilleryReport } = await import('../../load/artillery/report-json.ts');
  const { loadResultOfArtillery } = await import('../../load/artillery/read.ts');
  const { loadSummary, writeLoadJson } = await import('../../load/output.ts');
  const { writeLoadHtml } = await import('../../reports/render/html/load.ts');
  const { manifestText } = await import('../../reports/manifest.ts');
  const { scrubber } = await import('../../reports/scrub.ts');
  const out = path.resolve(req.out ?? 'erp-conformance-report');
  const cannotWrite = unwritableOut(out);
  if (cannotWrite) throw new UsageError(cannotWrite, command);
  let given;
  try {
    given = req.thresholds?.map(parseThreshold);
  } catch (e) {
    throw new UsageError((e as Error).message, command);
  }
  const fail = (message: string) => (process.stderr.write(`erp-conformance report: ${message}\n`), EXIT.usage);
  let meta = null;
  let report;
  try {
    if (req.script !== undefined) {
      try {
        meta = readMeta(readFileSync(req.script, 'utf8'));
      } catch (e) {
        throw new InputError(`--script ${req.script}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
    }
    try {
      report = parseArtilleryReport(readJson(req.file, 'the Artillery report'));
    } catch (e) {
      throw new InputError(e instanceof InputError ? e.message : `${req.file}: ${(e as Error).message}`);
    }
  } catch (e) {
    if (e instanceof InputError) return fail(e.message);
    throw e;
  }
  const thresholds = given ?? (meta?.thresholds ?? []).map(parseThreshold);
  const result = loadResultOfArtillery({ report, file: path.basename(req.file), meta, thresholds });
  // The tokens of this environment are kept out of the files (the report holds none; a script's path might).
  const target = {
    target: {
      name: meta?.target.name ?? 'Artillery target',
      baseUrl: meta?.target.baseUrl ?? 'unknown',
      token: process.env.ERP_API_TOKEN,
      secondToken: process.env.ERP_API_TOKEN_2,
    },
  };
  const scrub = scrubber([process.env.ERP_API_TOKEN, process.env.ERP_API_TOKEN_2]);
  const json = writeLoadJson(out, result, target);
  const html = writeLoadHtml(out, result, target);
  process.stdout.write(`${scrub(loadSummary(result))}\n`);
  const crossed = result.thresholds.filter((t) => !t.passed);
  if (crossed.length > 0) process.stdout.write(`thresholds crossed: ${crossed.map((t) => t.threshold).join(', ')}\n`);
  // As `load`: a 5xx or a request without an answer under load fails RL-5 / RL-1.
  const unanswered = result.statusCounts['0'] ?? 0;
  if (result.fiveXx > 0) process.stdout.write(`RL-5: ${result.fiveXx} answers 5xx under load (spec 7: the failures are 400, 403, 429)\n`);
  if (unanswered > 0) process.stdout.write(`RL-1: ${unanswered} requests without an answer under load\n`);
  process.stdout.write(manifestText([json, html]));
  return crossed.length > 0 || result.fiveXx > 0 || unanswered > 0 ? EXIT.failed : EXIT.ok;
}
