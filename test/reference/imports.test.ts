// The reference's modules form no import circle (types included): constants.ts is the leaf, the
// run config and the server sit on top. And load/ stays independent of the reference: the CLI
// starts the embedded reference and hands load/ a starter (bin/cli/load-target.ts). The graph is
// read with TypeScript's parser (test/support/imports.ts), dynamic imports included.
import { describe, expect, it } from 'vitest';
import { circles, graphOf, localImports, relative } from '../support/imports.ts';

const edges = localImports();
const within = (dir: string) => (file: string) => relative(file).startsWith(`${dir}/`);

describe('reference imports', () => {
  it('has no import circle among its modules, type imports included', () => {
    const inReference = edges.filter((e) => !e.dynamic && within('reference')(e.from) && within('reference')(e.to));
    expect(inReference.map((e) => relative(e.from))).toContain('reference/server.ts');
    expect(circles(graphOf(inReference))).toEqual([]);
  });

  it('is not imported by load/', () => {
    const offending = edges.filter((e) => within('load')(e.from) && within('reference')(e.to)).map((e) => `${relative(e.from)} -> ${relative(e.to)}`);
    expect(offending).toEqual([]);
  });
});
