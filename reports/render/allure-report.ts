// `report --allure`: the Allure 3 HTML report of a run's allure-results/, built offline by the
// `allure` package's CLI (`allure generate`) into DIR/allure-report/ as one self-contained file.
// Allure's config is ours, written to a temporary folder and passed with --config, so no
// allurerc of the user's folder is read: it has no quality gate, whose code uses iterator
// helpers (`Iterator.prototype.toArray`) that Node 20 lacks. The awesome plugin always writes a
// Google Analytics tag into index.html; it is taken out, so opening the report sends nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export class AllureReportError extends Error {}

/** The CLI script of the `allure` package (allure/cli.js). */
export function allureCli(): string {
  const main = createRequire(import.meta.url).resolve('allure'); // .../allure/dist/index.js
  return path.join(path.dirname(main), '..', 'cli.js');
}

export interface AllureOptions {
  resultsDir: string;
  outDir: string;
  /** Report name shown in its header. */
  name: string;
  timeoutMs?: number;
}

export function allureConfig(o: AllureOptions): Record<string, unknown> {
  return {
    name: o.name,
    output: o.outDir,
    plugins: {
      awesome: {
        options: { reportName: o.name, singleFile: true, reportLanguage: 'en', groupBy: ['epic', 'feature', 'story'] },
      },
    },
  };
}

const ANALYTICS = /<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*<script>[^<]*?gtag\([^<]*?<\/script>/g;

/** The report's HTML without its analytics tag (a request to googletagmanager.com when opened). */
export function withoutAnalytics(html: string): string {
  return html.replace(ANALYTICS, '');
}

/** Runs `allure generate`; resolves to the path of the report's index.html. */
export async function generateAllureReport(o: AllureOptions): Promise<string> {
  if (!existsSync(o.resultsDir) || !readdirSync(o.resultsDir).some((f) => f.endsWith('-result.json')))
    throw new AllureReportError(`no Allure results in ${o.resultsDir} (run without --no-allure first)`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'erp-allure-'));
  const config = path.join(work, 'allurerc.json');
  writeFileSync(config, JSON.stringify(allureConfig(o), null, 2));
  rmSync(o.outDir, { recursive: true, force: true });
  const args = [allureCli(), 'generate', path.resolve(o.resultsDir), '--config', config, '--output', path.resolve(o.outDir), '--cwd', work];
  try {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: work,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1', ALLURE_NO_ANALYTICS: 'true' },
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 180_000);
      child.on('error', reject);
      child.on('close', (c) => {
        clearTimeout(timer);
        resolve({ code: c, output });
      });
    });
    const index = path.join(o.outDir, 'index.html');
    if (code !== 0 || !existsSync(index))
      throw new AllureReportError(`allure generate failed (exit ${code}):\n${output.trim().split('\n').slice(-15).join('\n')}`);
    writeFileSync(index, withoutAnalytics(readFileSync(index, 'utf8')));
    return index;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
