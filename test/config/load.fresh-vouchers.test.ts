// The voucher pools of the walks (fixtures.sales lifecycle, cancel, deliver) are optional when
// operations["order-create"] makes a fresh voucher per run, and required otherwise, with the fix.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/load.ts';
import { referenceRunConfig } from '../../reference/run-config.ts';

/** The reference's config without the pools of the walks (and of the parallel updates). */
function withoutPools(keepOrderCreate: boolean): any {
  const c = JSON.parse(JSON.stringify(referenceRunConfig('http://127.0.0.1:9', ['tok-1'], 1)));
  const { refusals, otherBranch, missing } = c.fixtures.sales;
  c.fixtures.sales = { refusals, otherBranch, missing };
  if (!keepOrderCreate) delete c.operations['order-create'];
  return c;
}

describe('fixtures.sales pools and Order Create', () => {
  it('loads a config with operations["order-create"] and no pool of the walks', () => {
    const config = loadConfig({ base: withoutPools(true), env: {} });
    expect(config.fixtures.sales.lifecycle).toBeUndefined();
    expect(config.fixtures.sales.refusals.length).toBeGreaterThan(0);
  });

  it('names each missing pool, and the other way, when Order Create is not configured', () => {
    let error: unknown;
    try {
      loadConfig({ base: withoutPools(false), env: {} });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = String((error as Error).message);
    for (const role of ['lifecycle', 'cancel', 'deliver']) expect(text).toContain(`fixtures.sales.${role}`);
    expect(text).toContain('operations["order-create"]');
    expect(text).not.toContain('fixtures.sales.parallel');
  });
});
