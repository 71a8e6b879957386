// The words for a suite worker that died under the run (reports/records/collected.ts WorkerCrash):
// the run error of the certificate, and the reason of every requirement whose tests it cut. A
// crash is no finding of the target and no gap in the catalogue: the tests ran, and the worker
// died under them, so their requirements are "not run" with this cause, never "no test verifies it".
import type { WorkerCrash } from './records/collected.ts';
import { reasonSays } from '../core/words/reasons.ts';

/** Files named in a sentence; the rest are counted. */
const FILES_NAMED = 3;

/** What a signal usually means for a worker, said after its name. */
const SIGNAL_WORDS: Record<string, string> = {
  SIGKILL: 'sent from outside the run: a kill, a CI job that ran out of time, or the system out of memory',
  SIGSEGV: 'a memory fault inside Node or a native module',
  SIGABRT: 'Node aborted',
  SIGBUS: 'a memory fault inside Node or a native module',
  SIGTERM: 'sent from outside the run',
  SIGINT: 'sent from outside the run',
};

function where({ running, declared }: WorkerCrash): string {
  // The worker tells the run each test as it starts (runtime/channel.ts tellTest): none told, it died between tests.
  if (running.length === 0) return declared === 0 ? 'while it loaded the suites, before any test was declared' : 'while running its tests';
  const named = running.slice(0, FILES_NAMED).join(', ');
  return `while running ${named}${running.length > FILES_NAMED ? ` and ${running.length - FILES_NAMED} more suite file(s)` : ''}`;
}

/** "the suite worker ran out of memory (heap limit 256 MB) while running suites/report/paging.test.ts". */
export function crashSentence(c: WorkerCrash): string {
  const how =
    c.cause === 'out-of-memory'
      ? `ran out of memory (heap limit ${c.heapLimitMb ?? '?'} MB)`
      : c.cause === 'signal'
        ? `was killed by ${c.signal}${SIGNAL_WORDS[c.signal ?? ''] ? ` (${SIGNAL_WORDS[c.signal!]})` : ''}`
        : `exited with code ${c.code ?? '?'}`;
  return `the suite worker ${how} ${where(c)}`;
}

/** The run error: the sentence, and what it means for the verdict. */
export function crashError(c: WorkerCrash): string {
  return `${crashSentence(c)}: the tests it had not finished did not run to their end (their requirements are not run)`;
}

/** The reason of a requirement whose tests the crash cut (those in `file`'s crash, else the first). */
export function crashReason(crashes: WorkerCrash[], file?: string): string {
  const c = crashes.find((x) => file !== undefined && x.running.includes(file)) ?? crashes[0]!;
  return reasonSays('crashed', { crash: crashSentence(c) });
}
