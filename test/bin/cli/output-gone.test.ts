// The CLI goes on when the reader of its output has gone (EPIPE), and only then: any other error
// of its output is still thrown. (The whole path, a run whose reader ended with npx's npm:
// test/e2e/cli/interrupts-npx.whole.test.ts.)
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { outliveReader } from '../../../bin/cli/output-gone.ts';

/** A stream whose every write fails with `code`, as a pipe whose reader closed fails with EPIPE. */
function failing(code: string): NodeJS.WriteStream {
  return new Writable({
    write(_chunk, _enc, done) {
      done(Object.assign(new Error(`write ${code}`), { code }));
    },
  }) as unknown as NodeJS.WriteStream;
}

describe('outliveReader', () => {
  it('a write to a pipe whose reader closed (EPIPE) is dropped, and so is every later write', async () => {
    const out = failing('EPIPE');
    outliveReader([out]);
    out.write('verdict: INTERRUPTED\n');
    await new Promise((r) => setImmediate(r));
    expect(out.destroyed).toBe(true);
    out.write('written: certification.json\n');
    await new Promise((r) => setImmediate(r));
  });

  it('any other error of the output is not hidden', async () => {
    const out = failing('ENOSPC');
    outliveReader([out]);
    const thrown = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
    out.write('x\n');
    expect(await thrown).toMatchObject({ code: 'ENOSPC' });
  });
});
