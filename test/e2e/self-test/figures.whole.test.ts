// One set of figures: a run against a reference with a small rate limit (no rate-limit headers,
// so its 429s are met and waited out) prints the same requests, answers 429, waited out, still
// refused and time waited in its console, certification.json and certification.html; and a
// resumed part's lines agree with each other and add up to the run's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCheckpoint } from '../../../engine/phases/checkpoint.ts';
import type { Certification } from '../../../reports/model.ts';
import { answers429Text, partFiguresText, waitedText } from '../../../reports/render/figures.ts';
import { loadConfig } from '../../../config/load.ts';
import { runConformance } from '../../../engine/run.ts';
import type { RunOptions } from '../../../engine/options.ts';
import { startReference } from '../../../reference/server.ts';
import { defaultProfile } from '../../../reference/profiles/index.ts';
import { runAgainstReference, tempOut } from './run-reference.ts';
import { WHOLE_FILE } from '../../tiers.ts';

/** 8 requests per second for every client on every route, with no header to learn the pace from: a run sends
 *  faster than that (about 20 a second on a loaded 2-core machine), so it meets 429s and waits them out. */
const LIMITED = {
  profile: { ...defaultProfile, rateLimit: { ...defaultProfile.rateLimit, everyRoute: true } },
  rateLimit: { limit: 8, windowSeconds: 1, algorithm: 'fixed' as const, scope: 'global' as const, headers: false },
};

const read = (out: string) => ({
  json: JSON.parse(readFileSync(`${out}/certification.json`, 'utf8')) as Certification,
  html: readFileSync(`${out}/certification.html`, 'utf8'),
});

/** The figures as each output prints them: the console's verdict line, the JSON's fields, the HTML's facts. */
function figuresOf(lines: string[], out: string) {
  const { json, html } = read(out);
  const verdict = unwrapped(lines, 'verdict: ');
  const cell = (name: string) => new RegExp(`<th scope="row">${name}</th><td>([^<]*)</td>`).exec(html)?.[1] ?? '';
  const f = json.figures;
  return {
    json,
    html,
    verdict,
    console: {
      requests: Number(/\((\d+) requests/.exec(verdict)?.[1]),
      answers429: answers429Phrase(verdict),
      waited: /; ((?:[\d.]+ s waited, [a-z ,]+)|nothing waited);/.exec(verdict)?.[1],
    },
    file: { requests: f.requests, answers429: answers429Text(f), waited: waitedText(f) },
    page: {
      requests: Number(/^(\d+) by the suites/.exec(cell('Requests sent'))?.[1]),
      answers429: cell('Answers 429'),
      waited: cell('Time waited'),
    },
  };
}

/** The console's last line that starts with `start`, its wrapped rest (lines indented by 2) joined back. */
function unwrapped(lines: string[], start: string): string {
  const all = lines.join('\n').split('\n');
  const at = all.findLastIndex((l) => l.startsWith(start));
  if (at < 0) return '';
  const rest = all.slice(at + 1);
  const end = rest.findIndex((l) => !l.startsWith('  '));
  return [all[at]!, ...rest.slice(0, end < 0 ? undefined : end).map((l) => l.trim())].join(' ');
}

const answers429Phrase = (text: string) => /(\d+ answers? 429 \(\d+ waited out, \d+ still refused[^)]*\)|no answer 429)/.exec(text)?.[1];

// Two whole runs of ~30 s each (a rate limit is waited on): the whole set's (test/tiers.ts).
describe('one set of figures', WHOLE_FILE, () => {
  it('a rate-limited run prints the same figures in its console, certification.json and certification.html', async () => {
    const r = await runAgainstReference({ reference: LIMITED, only: ['ENV'], numRuns: 1, preflight: false });
    const f = figuresOf(r.lines, r.out);
    // The run met the limit: 429s, each waited out or still refused, adding up.
    expect(f.json.figures.answers429, f.verdict).toBeGreaterThan(0);
    expect(f.json.figures.waitedOut + f.json.figures.stillRefused).toBe(f.json.figures.answers429);
    expect(f.json.figures.waited).toBe('wall time');
    expect(f.json.requests).toBe(f.json.figures.requests);
    expect(f.console).toEqual(f.file);
    expect(f.page).toEqual(f.file);
    // Something waited: the pacing does not say none was needed.
    expect(f.json.pacing).not.toMatch(/none needed/);
  }, 120_000);

  it("a resumed run's lines agree: each part's figures, adding up to the run's, the same in the three outputs", async () => {
    const server = await startReference({ port: 0, faults: [], ...LIMITED });
    try {
      const config = loadConfig({ base: server.runConfig(), env: {} });
      const out = tempOut('figures-resume');
      const run = async (o: Partial<RunOptions>) => {
        const lines: string[] = [];
        const r = await runConformance({
          allure: false,
          keepWorker: true,
          numRuns: 1,
          seed: 1,
          only: ['ENV'],
          preflight: false,
          log: (l) => lines.push(l),
          config,
          out,
          ...o,
        });
        return { ...r, lines };
      };
      // Cut by a request budget, then resumed without it.
      const cut = await run({ config: { ...config, run: { ...config.run, maxRequests: 60 } } });
      expect(cut.certification.stoppedBy, unwrapped(cut.lines, 'verdict: ')).toBe('max-requests');
      const resumed = await run({ resume: readCheckpoint(out) });
      const f = figuresOf(resumed.lines, out);
      const parts = f.json.parts ?? [];
      expect(parts.length).toBe(2);
      expect(f.json.figures.answers429, f.verdict).toBeGreaterThan(0);
      expect(f.console).toEqual(f.file);
      expect(f.page).toEqual(f.file);
      // Each part's own figures, in the console's part line as in certification.json, add up to the run's.
      const sum = parts.reduce((n, p) => ({ requests: n.requests + p.figures!.requests, answers429: n.answers429 + p.figures!.answers429 }), {
        requests: 0,
        answers429: 0,
      });
      expect(sum).toEqual({ requests: f.json.figures.requests, answers429: f.json.figures.answers429 });
      for (const p of parts) expect(unwrapped(resumed.lines, `  part ${p.index} (`)).toContain(`; ${partFiguresText(p.figures!)}`);
      // The pacing line is the last part's, and says so.
      expect(f.json.pacing).toMatch(/^part 2: /);
    } finally {
      await server.close();
    }
  }, 180_000);
});
