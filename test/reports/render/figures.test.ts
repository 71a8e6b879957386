// The run's figures in words: one phrase per figure (reports/render/figures.ts), and every renderer
// prints them from the certificate's one result: the console's verdict line, certification.html's
// facts and the rows of a run's parts.
import { describe, expect, it } from 'vitest';
import type { Figures, RunFigures } from '../../../reports/figures.ts';
import { consoleSummary } from '../../../reports/render/console.ts';
import { answers429Text, figuresText, pacingSaid, partFiguresText, waitedText } from '../../../reports/render/figures.ts';
import { certificateHtml } from '../../../reports/render/html/certificate.ts';
import { partsConsole, partsHtml } from '../../../reports/render/run-parts.ts';
import { sampleCertification } from '../sample.ts';

const FIGURES: RunFigures = { requests: 120, answers429: 7, waitedOut: 5, stillRefused: 2, waitedMs: 8500, waited: 'wall time' };
const NONE: RunFigures = { requests: 30, answers429: 0, waitedOut: 0, stillRefused: 0, waitedMs: 0, waited: 'wall time' };

describe('the figures in words', () => {
  it('say the 429s met, adding up, and the time waited with how it was counted', () => {
    expect(answers429Text(FIGURES)).toBe('7 answers 429 (5 waited out, 2 still refused)');
    expect(answers429Text({ ...FIGURES, answers429: 1, waitedOut: 1, stillRefused: 0 })).toBe('1 answer 429 (1 waited out, 0 still refused)');
    expect(answers429Text({ ...FIGURES, answers429: 9 })).toBe('9 answers 429 (5 waited out, 2 still refused, 2 otherwise)');
    expect(answers429Text(NONE)).toBe('no answer 429');
    expect(waitedText(FIGURES)).toBe('8.5 s waited, wall time');
    expect(waitedText({ ...FIGURES, waited: 'summed over the requests' })).toBe('8.5 s waited, summed over the requests');
    expect(waitedText(NONE)).toBe('nothing waited');
    expect(figuresText(FIGURES, 6)).toBe('120 requests + 6 preflight; 7 answers 429 (5 waited out, 2 still refused); 8.5 s waited, wall time');
    expect(figuresText(NONE)).toBe('30 requests; no answer 429; nothing waited');
    expect(partFiguresText(FIGURES)).toBe('7 answers 429 (5 waited out, 2 still refused); 8.5 s waited');
  });

  it('say "none needed" of the pacing only when nothing waited', () => {
    expect(pacingSaid('8 requests in flight; none needed', NONE)).toBe('8 requests in flight; none needed');
    expect(pacingSaid('8 requests in flight; none needed', FIGURES)).toBe('8 requests in flight; not paced ahead (429s waited out as they came)');
    expect(pacingSaid('8 requests in flight; none needed', { ...NONE, waitedMs: 1 })).not.toMatch(/none needed/);
    expect(pacingSaid('8 requests in flight; learnt from 429s', FIGURES)).toBe('8 requests in flight; learnt from 429s');
  });
});

describe('every renderer prints the one result', () => {
  const cert = { ...sampleCertification(), figures: FIGURES, requests: FIGURES.requests };

  it("the console's verdict line", () => {
    const last = consoleSummary(cert, undefined, Infinity).split('\n').at(-1)!;
    expect(last).toContain(`(${figuresText(FIGURES, 6)}; 1.2s)`);
    expect(consoleSummary(cert, undefined, Infinity)).not.toMatch(/summed over the requests/);
  });

  it("certification.html's facts", () => {
    const html = certificateHtml(cert);
    const cell = (name: string) => new RegExp(`<th scope="row">${name}</th><td>([^<]*)</td>`).exec(html)?.[1];
    expect(cell('Requests sent')).toMatch(/^120 by the suites \(\d+ exchanges\), 6 by the preflight$/);
    expect(cell('Answers 429')).toBe(answers429Text(FIGURES));
    expect(cell('Time waited')).toBe(waitedText(FIGURES));
  });

  it("a run's parts, each with its own figures, adding up to the run's", () => {
    const parts: (Figures & { index: number })[] = [
      { index: 1, requests: 100, answers429: 5, waitedOut: 4, stillRefused: 1, waitedMs: 6000 },
      { index: 2, requests: 20, answers429: 2, waitedOut: 1, stillRefused: 1, waitedMs: 2500 },
    ];
    const summaries = parts.map(({ index, ...f }) => ({
      index,
      startedAt: '2026-05-01T22:00:00.000Z',
      durationMs: 1000,
      requests: f.requests + (index === 1 ? 6 : 0),
      figures: f,
      verified: [],
    }));
    const lines = partsConsole(summaries);
    expect(lines[2]).toContain(': 100 requests + 6 preflight; 5 answers 429 (4 waited out, 1 still refused); 6.0 s waited; verified nothing new');
    expect(lines[3]).toContain(': 20 requests; 2 answers 429 (1 waited out, 1 still refused); 2.5 s waited; verified nothing new');
    const html = partsHtml(summaries);
    expect(html).toContain('<td class="num">100 + 6 preflight</td><td>5 answers 429 (4 waited out, 1 still refused); 6.0 s waited</td>');
    expect(html).toContain('<td class="num">20</td><td>2 answers 429 (1 waited out, 1 still refused); 2.5 s waited</td>');
  });
});
