// A test-only switch: ERP_CONFORMANCE_HOLD_INTERRUPTED=FILE makes an interrupted run wait, before it
// writes its certificate, until FILE exists. An interrupted run writes at once (it does not wait for
// the answers still on their way), so only a hold shows a second, later signal arriving while the
// run provably still runs, on a machine of any speed (test/e2e/cli/interrupts.test.ts). Unset
// (every real run), nothing waits.
import { existsSync } from 'node:fs';

export const HOLD_INTERRUPTED_ENV = 'ERP_CONFORMANCE_HOLD_INTERRUPTED';
/** Said on stderr once the run holds: the test's marker. */
export const HOLDING_LINE = 'holding before the certificate (test switch)';

/** Waits while the switch's file is absent; a signal meanwhile is handled as ever (the wait is timers). */
export async function holdIfSwitched(say: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const file = env[HOLD_INTERRUPTED_ENV];
  if (!file) return;
  say(HOLDING_LINE);
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 50));
}
