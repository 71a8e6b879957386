// `report --trend FILE [--out DIR]`: trend.html from the history lines `run --history FILE`
// appended (reports/render/html/trend.ts), in DIR (default: FILE's folder). Exit codes: 0 written,
// 2 a usage error or a file that holds no history line of this kit.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT } from '../../core/exit-codes.ts';
import { HistoryError, readHistory } from '../../reports/history/history-line.ts';
import { manifestText } from '../../reports/manifest.ts';
import { inertForTerminal } from '../../reports/render/console.ts';
import { trendHtml } from '../../reports/render/html/trend.ts';
import { scrubber } from '../../reports/scrub.ts';
import { UsageError, type Command } from '../cli/usage.ts';
import { unwritableOut } from '../cli/writable-out.ts';

export const TREND_FILE = 'trend.html';

export function reportTrend(command: Command, file: string, outFlag: string | undefined): number {
  const history = path.resolve(file);
  const out = path.resolve(outFlag ?? path.dirname(history));
  const cannotWrite = unwritableOut(out);
  if (cannotWrite) throw new UsageError(cannotWrite, command);
  let read: ReturnType<typeof readHistory>;
  try {
    read = readHistory(history);
  } catch (e) {
    if (!(e instanceof HistoryError)) throw e;
    process.stderr.write(`erp-conformance report: ${inertForTerminal(e.message)}\n`);
    return EXIT.usage;
  }
  // The runs scrubbed their lines; the tokens of this environment are removed once more.
  const scrub = scrubber([process.env.ERP_API_TOKEN, process.env.ERP_API_TOKEN_2]);
  mkdirSync(out, { recursive: true });
  const target = path.join(out, TREND_FILE);
  writeFileSync(target, scrub(trendHtml(read.lines, read.passedOver)));
  const over = read.passedOver ? `; ${read.passedOver} line(s) passed over: not history lines of this kit` : '';
  process.stdout.write(`trend of ${read.lines.length} run(s) from ${history}${over}\n`);
  process.stdout.write(manifestText([{ path: target, note: 'verdict per night, requirements by nights, 429 share and limits, p95 per operation' }]));
  return EXIT.ok;
}
