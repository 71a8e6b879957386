// `report`: rebuilds the reports of a run folder (certification.html and junit.xml from
// certification.json and rate-limit.json, its allure-results/ brought in line with the verdicts),
// merges the folders of a sharded run (the verdict recomputed over the whole catalogue), and
// builds the Allure HTML report offline. It exits with the verdict's code, as `run` does. With
// --trend it plots a history file instead (bin/commands/report-trend.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AllureReportError, generateAllureReport } from '../../reports/render/allure-report.ts';
import { annotateAllureResults } from '../../reports/render/allure-results.ts';
import { exitCodeOf } from '../../reports/verdict.ts';
import { consoleSummary, inertForTerminal } from '../../reports/render/console.ts';
import { manifestText } from '../../reports/manifest.ts';
import { mergeRunFolders } from '../../reports/records/merge.ts';
import { RATE_LIMIT_FILE, readRateLimit } from '../../reports/records/rate-limit.ts';
import { rateLimitMismatch, withRateLimitRows } from '../../reports/records/rate-limit-match.ts';
import { RecordsError } from '../../reports/records/records.ts';
import { scrubber } from '../../reports/scrub.ts';
import { readCertification, ReportInputError, reportPaths, writeReports } from '../../reports/write.ts';
import { parseFlags, UsageError, type Command } from '../cli/usage.ts';
import { unwritableOut } from '../cli/writable-out.ts';
import { EXIT } from '../../core/exit-codes.ts';

const DEFAULT_DIR = 'erp-conformance-report';

export const reportCommand: Command = {
  name: 'report',
  summary: 'rebuild certification.html and junit.xml of a run, merge shards (--merge), build the Allure HTML (--allure)',
  usage: [
    'Usage: erp-conformance report [--in DIR] [--out DIR] [--allure]',
    '       erp-conformance report --merge DIR DIR... [--out DIR] [--allure]',
    '       erp-conformance report --artillery RESULT.json [--script SCRIPT.yml] [--threshold EXPR]... [--out DIR]',
    '       erp-conformance report --trend HISTORY.jsonl [--out DIR]',
    '',
    'Without --merge: reads DIR/certification.json (and DIR/rate-limit.json, written by the probe',
    'of `run --with-load`) and writes certification.html and junit.xml to --out (default: DIR).',
    'The verdict is the one certification.json holds.',
    '',
    'With --merge: joins the folders of the shards of one run (`run --shard I/N --seed S --out DIR`,',
    'each shard once) into one certificate: certification.json, certification.html, junit.xml,',
    "records.json, and the shards' allure-results/ and rate-limit.json, in --out. The verdict is",
    'recomputed over the whole catalogue: the merge of every shard of a full run can be certified;',
    'one shard alone says only "selection passed".',
    '',
    '  --in DIR     folder a run wrote (default ./erp-conformance-report)',
    '  --out DIR    where to write (default: --in; with --merge ./erp-conformance-report)',
    '  --merge      the positional arguments are the shard folders to merge',
    '  --allure     also build the Allure 3 HTML report of OUT/allure-results into OUT/allure-report/',
    '               (offline, one self-contained index.html)',
    '  --strict     junit.xml: a failed SHOULD is a <failure> (default: a warning, as the exit code has it)',
    '  --artillery FILE  read the JSON of `artillery run --output FILE` (one machine, or the merged report',
    '               of a distributed run) into load.json and load.html in --out: latency percentiles over',
    '               time as Artillery aggregated them, offered against achieved rate, the 429 share and',
    '               where it starts, the thresholds. --script: the script `load --export artillery` wrote',
    '               (its scenario, mix and thresholds); --threshold (repeatable) replaces its thresholds.',
    '               Exit codes as `load`: 0 held, 1 a threshold crossed or a 5xx / unanswered request',
    '  --trend FILE the history `run --history FILE` appended to, plotted into trend.html in --out (default: the',
    "               file's folder): the verdict per night, requirements by nights, the 429 share and the limits,",
    '               p95 latency per operation; self-contained, no network. Exit 0 written, 2 unreadable',
    '',
    "Exit codes: the verdict's, as `run` gives them: 0 certified or selection passed, 1 not",
    'certified, 2 preflight failed, 3 inconclusive, 130 interrupted; 2 for a usage error or unreadable',
    'input. With --allure (and no --merge) the step is building the report, after the run gave the',
    'verdict: 0 when it was built, 1 when it could not be (a CI step stays green on a built report).',
  ].join('\n'),
  async run(argv) {
    const { values, positionals } = parseFlags(
      reportCommand,
      argv,
      {
        in: { type: 'string' },
        out: { type: 'string' },
        merge: { type: 'boolean' },
        allure: { type: 'boolean' },
        strict: { type: 'boolean' },
        artillery: { type: 'string' },
        script: { type: 'string' },
        threshold: { type: 'string', multiple: true },
        trend: { type: 'string' },
      },
      true,
    );
    if (values.trend !== undefined) {
      const other = (['merge', 'in', 'allure', 'strict', 'artillery', 'script', 'threshold'] as const).find((f) => values[f] !== undefined);
      if (other || positionals.length)
        throw new UsageError(`--trend reads one history file: ${other ? `--${other}` : positionals[0]} does not go with it`, reportCommand);
      const { reportTrend } = await import('./report-trend.ts');
      return reportTrend(reportCommand, values.trend, values.out);
    }
    if (values.artillery !== undefined) {
      const other = (['merge', 'in', 'allure', 'strict'] as const).find((f) => values[f] !== undefined);
      if (other || positionals.length)
        throw new UsageError(`--artillery reads one Artillery report: ${other ? `--${other}` : positionals[0]} does not go with it`, reportCommand);
      const { reportArtillery } = await import('./report-artillery.ts');
      return reportArtillery(reportCommand, { file: values.artillery, script: values.script, thresholds: values.threshold, out: values.out });
    }
    if (values.script !== undefined || values.threshold !== undefined) throw new UsageError('--script and --threshold go with --artillery', reportCommand);
    if (!values.merge && positionals.length) throw new UsageError(`unexpected argument ${positionals[0]} (folders to merge follow --merge)`, reportCommand);
    if (values.merge && positionals.length === 0)
      throw new UsageError('--merge needs the folders of the shards: report --merge DIR DIR... --out DIR', reportCommand);
    if (values.merge && values.in) throw new UsageError('--in and --merge exclude each other: the shard folders follow --merge', reportCommand);
    const print = (line: string) => process.stdout.write(`${line}\n`);
    // The run scrubbed its files already; the tokens of this environment are removed once more.
    const scrub = scrubber([process.env.ERP_API_TOKEN, process.env.ERP_API_TOKEN_2]);
    const inDir = path.resolve(values.in ?? DEFAULT_DIR);
    const out = path.resolve(values.out ?? (values.merge ? DEFAULT_DIR : inDir));
    // A folder this user cannot write is a usage error with the fix, before anything is read or
    // written (bin/cli/writable-out.ts); a missing --in is left to its own message, not made here.
    const cannotWrite = values.merge || values.out !== undefined || existsSync(inDir) ? unwritableOut(out) : undefined;
    if (cannotWrite) throw new UsageError(cannotWrite, reportCommand);
    let code: number = EXIT.ok;
    let name = 'erp-conformance';
    const written: string[] = [];
    try {
      if (values.merge) {
        const m = mergeRunFolders(positionals, out, scrub, values.strict ?? false);
        print(scrub(consoleSummary(m.certification, scrub)));
        // The certificate of the whole sharded run: its job summary and annotations (bin/cli/after-run.ts).
        const { afterRun } = await import('../cli/after-run.ts');
        afterRun({ cert: m.certification, out, env: process.env, scrub, print });
        written.push(m.files.certification, m.files.html, m.files.junit, ...(m.files.allure ? [m.files.allure] : []), m.files.records!);
        code = exitCodeOf(m.certification.verdict);
        name = `erp-conformance: ${m.certification.target.name}`;
      } else if (!values.allure || existsSync(reportPaths(inDir).certification)) {
        const read = readCertification(inDir);
        const rateLimit = readRateLimit(inDir);
        const mismatch = rateLimit.kind === 'measured' ? rateLimitMismatch(read, rateLimit.result) : undefined;
        if (mismatch)
          throw new ReportInputError(
            `${path.join(inDir, RATE_LIMIT_FILE)} does not belong to this certificate: ${mismatch}. Remove it, or measure this target into the folder (erp-conformance probe --config FILE --out ${inDir}), then run report again`,
          );
        const cert = withRateLimitRows(read, rateLimit);
        const f = writeReports(out, cert, { scrub, json: out !== inDir, rateLimit, strict: values.strict ?? false });
        annotateAllureResults(path.join(inDir, 'allure-results'), cert);
        print(scrub(consoleSummary(cert, scrub)));
        written.push(...(out !== inDir ? [f.certification] : []), f.html, f.junit);
        code = exitCodeOf(cert.verdict);
        name = `erp-conformance: ${cert.target.name}`;
      }
    } catch (e) {
      if (e instanceof RecordsError || e instanceof ReportInputError) {
        process.stderr.write(`erp-conformance report: ${inertForTerminal(scrub(e.message))}\n`);
        return EXIT.usage;
      }
      throw e;
    }
    if (values.allure) {
      const resultsDir = path.join(values.merge ? out : inDir, 'allure-results');
      let built = true;
      try {
        const index = await generateAllureReport({ resultsDir, outDir: path.join(out, 'allure-report'), name: scrub(name) });
        written.push(index);
      } catch (e) {
        if (!(e instanceof AllureReportError)) throw e;
        process.stderr.write(`erp-conformance report: ${inertForTerminal(scrub(e.message))}\n`);
        built = false;
      }
      // Building the report is this step's job; the run's step gave the verdict (a merge is the verdict).
      code = values.merge ? code || (built ? EXIT.ok : EXIT.failed) : built ? EXIT.ok : EXIT.failed;
    }
    print(manifestText(written));
    return code;
  },
};
