// The exit codes of every command, documented once: the main help prints this table, and a test
// holds README's table to it (test/e2e/cli/conventions.test.ts). The codes are core/exit-codes.ts's.
import { EXIT } from '../../core/exit-codes.ts';
export interface ExitCodeText {
  code: string;
  meaning: string;
}

export const EXIT_CODES: readonly ExitCodeText[] = [
  {
    code: `${EXIT.ok}`,
    meaning: 'ok: certified, a --only/--shard selection passed, a replay not reproduced (load: thresholds held)',
  },
  {
    code: `${EXIT.failed}`,
    meaning: 'not certified: a MUST failed, or a test or the suite worker crashed; a replay reproduced (load: a threshold crossed)',
  },
  { code: `${EXIT.usage}`, meaning: 'usage error, bad config, or the preflight failed (nothing or little was sent)' },
  { code: `${EXIT.inconclusive}`, meaning: 'inconclusive: no MUST failed, but one could not be verified' },
  { code: `${EXIT.internal}`, meaning: 'internal error: the kit itself crashed (ERP_CONFORMANCE_DEBUG=1 prints the stack)' },
  { code: `${EXIT.sigint}/${EXIT.sigterm}`, meaning: 'interrupted by SIGINT/SIGTERM: the certificate holds what ran' },
];

export function exitCodesText(): string {
  const width = Math.max(...EXIT_CODES.map((e) => e.code.length));
  return ['Exit codes:', ...EXIT_CODES.map((e) => `  ${e.code.padEnd(width)}  ${e.meaning}`)].join('\n');
}
