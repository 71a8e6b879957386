// The one formatter of replay lines: the command that replays a property failure alone (its
// test, its property, its fast-check seed and path, its runs), against the same target as the run
// (the same --config, or the same embedded reference with its profile and faults). The console,
// certification.html, junit.xml and Allure all print this line.
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

/** `npx erp-conformance run ... --replay-test FILE::TEST --property N --seed S --path P --num-runs M --out DIR-replay`. */
export function replayCommand(replay: Replay, invocation?: Invocation): string {
  const parts = ['npx', 'erp-conformance', 'run', ...targetFlags(invocation)];
  if (replay.test && replay.file) parts.push('--replay-test', shellQuote(`${replay.file}::${replay.test}`), '--property', String(replay.property ?? 0));
  parts.push('--seed', String(replay.seed));
  if (replay.nonce) parts.push('--nonce', shellQuote(replay.nonce));
  if (replay.path) parts.push('--path', shellQuote(replay.path));
  if (replay.numRuns !== undefined) parts.push('--num-runs', String(replay.numRuns));
  parts.push('--out', shellQuote(replayOut(invocation)));
  return parts.join(' ');
}

/** Parses the --replay-test value: "FILE::TEST NAME". */
export function parseReplayTest(value: string): { file: string; test: string } | undefined {
  const at = value.indexOf('::');
  if (at <= 0 || at + 2 >= value.length) return undefined;
  const file = value.slice(0, at);
  return /^suites\/[\w-]+\/[\w.-]+\.test\.ts$/.test(file) ? { file, test: value.slice(at + 2) } : undefined;
}
