// The run's figures in words (reports/figures.ts computes them once): the console's verdict line,
// certification.html's facts and the rows of a run's parts all print these phrases, so one run
// reads the same everywhere. "None needed" is said of the pacing only when nothing waited.
import { anythingWaited, type Figures, type RunFigures } from '../figures.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** "7 answers 429 (5 waited out, 2 still refused)", or "no answer 429". */
export function answers429Text(f: Figures): string {
  if (f.answers429 === 0) return 'no answer 429';
  // 429s neither waited out nor refused (none today) are named rather than left to disagree.
  const other = f.answers429 - f.waitedOut - f.stillRefused;
  return `${f.answers429} answer${f.answers429 === 1 ? '' : 's'} 429 (${f.waitedOut} waited out, ${f.stillRefused} still refused${other ? `, ${other} otherwise` : ''})`;
}

/** "8.5 s waited, wall time", or "nothing waited". */
export function waitedText(f: RunFigures): string {
  return f.waitedMs > 0 ? `${seconds(f.waitedMs)} waited, ${f.waited}` : 'nothing waited';
}

/** The run's figures in one phrase: "120 requests + 6 preflight; 7 answers 429 (5 waited out, 2 still refused); 8.5 s waited, wall time". */
export function figuresText(f: RunFigures, preflightRequests?: number): string {
  return `${f.requests} requests${preflightRequests !== undefined ? ` + ${preflightRequests} preflight` : ''}; ${answers429Text(f)}; ${waitedText(f)}`;
}

/** A part's own 429s and wait (wall time, as each part's): "3 answers 429 (3 waited out, 0 still refused); 2.0 s waited". */
export function partFiguresText(f: Figures): string {
  return `${answers429Text(f)}${f.waitedMs > 0 ? `; ${seconds(f.waitedMs)} waited` : ''}`;
}

const NONE_NEEDED = /\b(no pacing needed|none needed)\b/;

/**
 * The pacing as said beside the figures: a worker that paced nothing ahead says "none needed", but
 * when the run waited (a 429 waited out as it came, an earlier part's waits) that is not so.
 */
export function pacingSaid(pacing: string, f: Figures): string {
  if (!anythingWaited(f)) return pacing;
  return pacing.replace(NONE_NEEDED, 'not paced ahead (429s waited out as they came)');
}
