// The client a test sees: the run's one shared client (one transport, one scheduler), with every
// exchange passed to this test's harness. Each test has its own facade, so tests running at the
// same time never see each other's exchanges. A write waits at its gate while another test holds
// the voucher it names alone (runtime/voucher-lease.ts).
import type { Exchange } from '../core/types.ts';
import type { SuiteClient } from './run-client.ts';

type Operations = { [K in keyof SuiteClient as SuiteClient[K] extends (...a: never[]) => Promise<Exchange> ? K : never]: SuiteClient[K] };
export type TestClient = Operations;

/** Told of each call as it is made (its name and first argument); what it returns is called once the call is answered. */
export type Sending = (call: string, args: unknown) => (() => void) | undefined;

/** Waits until the call may be sent; what it returns is called once the call is answered. */
export type Gate = (call: string, args: unknown) => Promise<(() => void) | undefined>;

export function testClient(shared: SuiteClient, seen: (ex: Exchange) => void, sending?: Sending, gate?: Gate): TestClient {
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(shared)) {
    if (typeof fn !== 'function' || name === 'close' || name === 'stats') continue;
    out[name] = async (...args: unknown[]) => {
      const open = await gate?.(name, args[0]);
      const answered = sending?.(name, args[0]);
      try {
        const ex = await (fn as (...a: unknown[]) => Promise<Exchange>)(...args);
        seen(ex);
        return ex;
      } finally {
        answered?.();
        open?.();
      }
    };
  }
  return out as TestClient;
}
