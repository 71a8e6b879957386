// The one formatter of replay lines: the command that replays a finding's test alone, against the
// same target as the run (the same --config, or the same embedded reference with its profile and
// faults), with the run's seed and nonce and runs; of a property failure, only its property's one
// input (its fast-check path). The console, certification.html, junit.xml and Allure all print this line.
import { shellQuote } from '../../client/curl.ts';
import type { Replay } from '../../core/types.ts';
import type { Invocation } from '../model.ts';

/** The flags that select the run's target again. */
export function targetFlags(invocation: Invocation | undefined): string[] {
  if (!invocation) return ['--config', 'erp.config.json'];
  if (invocation.config || invocation.baseUrl) {
    return [
      ...(invocation.config ? ['--config', shellQuote(invocation.config)] : []),
      ...(invocation.baseUrl ? ['--base-url', shellQuote(invocation.baseUrl)] : []),
      ...(invocation.tokenEnv ? ['--token-env', shellQuote(invocation.tokenEnv)] : []),
    ];
  }
  return [
    ...(invocation.profile ? ['--profile', shellQuote(invocation.profile)] : []),
    ...(invocation.faults ?? []).flatMap((f) => ['--fault', shellQuote(f)]),
  ];
}

/** Where a replay writes: a folder of its own beside the run's, so the run's certificate stays. */
export function replayOut(invocation: Invocation | undefined): string {
  const out = (invocation?.out ?? 'erp-conformance-report').replace(/\/+$/, '');
  return out.endsWith('-replay') ? out : `${out}-replay`;
}

/** `npx erp-conformance run ... --replay-test FILE::TEST [--property N] --seed S [--nonce X] [--path P] --num-runs M --out DIR-replay`. */
export function replayCommand(replay: Replay, invocation?: Invocation): string {
  const parts = ['npx', 'erp-conformance', 'run', ...targetFlags(invocation)];
  if (replay.test && replay.file) {
    parts.push('--replay-test', shellQuote(`${replay.file}::${replay.test}`));
    if (replay.path !== undefined) parts.push('--property', String(replay.property ?? 0));
  }
  parts.push('--seed', String(replay.seed));
  if (replay.nonce) parts.push('--nonce', shellQuote(replay.nonce));
  if (replay.path) parts.push('--path', shellQuote(replay.path));
  if (replay.numRuns !== undefined) parts.push('--num-runs', String(replay.numRuns));
  parts.push('--out', shellQuote(replayOut(invocation)));
  return parts.join(' ');
}

/** What a replay runs, in words: one property's input, or a whole test. */
export function replayedWhat(r: { file?: string; test?: string; property?: number; path?: string }): string {
  const test = `${r.file ?? ''}::${r.test ?? ''}`;
  return r.path !== undefined
    ? `property ${r.property ?? 0} of ${test}, its input at path ${r.path} alone`
    : `the test ${test} alone, with the run's seed and nonce`;
}

/** Parses the --replay-test value: "FILE::TEST NAME". */
export function parseReplayTest(value: string): { file: string; test: string } | undefined {
  const at = value.indexOf('::');
  if (at <= 0 || at + 2 >= value.length) return undefined;
  const file = value.slice(0, at);
  return /^suites\/[\w-]+\/[\w.-]+\.test\.ts$/.test(file) ? { file, test: value.slice(at + 2) } : undefined;
}
