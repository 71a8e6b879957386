// The exit codes of every command, documented once: the main help prints this table, and a test
// holds README's table to it (test/e2e/cli/conventions.test.ts).
export interface ExitCode {
  code: string;
  meaning: string;
}

export const EXIT_CODES: readonly ExitCode[] = [
  { code: '0', meaning: 'ok: certified, or the --only/--shard selection passed (load: every threshold held)' },
  { code: '1', meaning: 'not certified: a MUST failed, or a test of the suite crashed (load: a threshold crossed)' },
  { code: '2', meaning: 'usage error, bad config, or the preflight failed (nothing or little was sent)' },
  { code: '3', meaning: 'inconclusive: no MUST failed, but one could not be verified' },
  { code: '4', meaning: 'internal error: the kit itself crashed (ERP_CONFORMANCE_DEBUG=1 prints the stack)' },
  { code: '130/143', meaning: 'interrupted by SIGINT/SIGTERM: the certificate holds what ran' },
];

export function exitCodesText(): string {
  const width = Math.max(...EXIT_CODES.map((e) => e.code.length));
  return ['Exit codes:', ...EXIT_CODES.map((e) => `  ${e.code.padEnd(width)}  ${e.meaning}`)].join('\n');
}
