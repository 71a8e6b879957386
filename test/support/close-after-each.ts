// What the tests of a file start and keep in the file's variables (a stand-in server, a client, a
// limited reference's server), closed after each test, in the order given: each thing once,
// however many tests leave it in its variable (a test that starts none closes nothing again).
import { afterEach } from 'vitest';

/** Anything a test starts that must end with it. */
export interface Closable {
  close(): unknown;
}

/** After each test of the file, closes what `held()` gives then (undefined: nothing started). */
export function closeAfterEach(held: () => (Closable | undefined)[]): void {
  const closed = new WeakSet<Closable>();
  afterEach(async () => {
    for (const thing of held()) {
      if (!thing || closed.has(thing)) continue;
      closed.add(thing);
      await thing.close();
    }
  });
}
