// A test declares how many properties it runs (engine/phases/plan/costs.json, provided to the
// worker as propertiesOf): the run shares its request budget among the declared properties, so a
// test that starts more than it declares is stopped with an error, never silently given a share.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../../runtime/harness.ts';
import { offlineHarness } from './offline-harness.ts';

function harness(propertiesOf: Record<string, number> | undefined): Harness {
  return offlineHarness(['OS-2'], { file: 'suites/order-status/validation.test.ts', test: 't', id: 'validation/OS-2/x' }, propertiesOf ? { propertiesOf } : {});
}

const none = async () => [];

describe('a test runs at most the properties it declares', () => {
  it('runs as many as it declares', async () => {
    const h = harness({ 'validation/OS-2/x': 2 });
    await h.property(fc.integer(), none);
    await h.property(fc.integer(), none);
  });

  it('is stopped at the first property it did not declare', async () => {
    const h = harness({ 'validation/OS-2/x': 1 });
    await h.property(fc.integer(), none);
    await expect(h.property(fc.integer(), none)).rejects.toThrow(/starts property 2 but declares 1/);
  });

  it('declares none when the table does not name it', async () => {
    await expect(harness({}).property(fc.integer(), none)).rejects.toThrow(/starts property 1 but declares 0/);
  });
});
