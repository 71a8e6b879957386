// The exit codes of every command, by name: what a CI job branches on. The table a person reads
// (the main help, README) is bin/cli/exit-codes.ts, made from these; a test holds README to it.
// bin/erp-conformance.js keeps 130/143 as literals: it runs before TypeScript can be loaded.

export const EXIT = {
  /** Certified, the --only/--shard selection passed, a replay did not reproduce its failure, or a command that did what it was asked. */
  ok: 0,
  /** Not certified: a MUST failed, or a test or the suite worker crashed; a replay reproduced its failure (load: a threshold crossed). */
  failed: 1,
  /** A usage error or a bad config: nothing was sent. */
  usage: 2,
  /** The preflight stopped the run: the target or the fixtures are not what the config says. */
  preflightFailed: 2,
  /** No MUST failed, but one could not be verified. */
  inconclusive: 3,
  /** The kit itself crashed. */
  internal: 4,
  /** Interrupted by SIGINT (128 + 2) or SIGTERM (128 + 15): the certificate holds what ran. */
  sigint: 130,
  sigterm: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code of a run stopped by `signal`. */
export const exitCodeOfSignal = (signal: 'SIGINT' | 'SIGTERM'): ExitCode => (signal === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint);
