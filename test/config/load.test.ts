import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/load.ts';
import { referenceRunConfig } from '../../reference/run-config.ts';

const EXAMPLE = new URL('../../config/example.json', import.meta.url).pathname;
const TOKEN = 'tok-Secret-0123456789';
const TOKEN_2 = 'tok-Other-9876543210';
const ENV = { ERP_API_TOKEN: TOKEN, ERP_API_TOKEN_2: TOKEN_2 };

const dir = mkdtempSync(join(tmpdir(), 'erp-config-'));
let n = 0;
function writeConfig(value: unknown): string {
  const file = join(dir, `c${++n}.json`);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
}

/** A valid config object (the example's shape) with literal tokens. */
function valid(): any {
  const c = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
  c.target.token = TOKEN;
  c.target.secondToken = TOKEN_2;
  return c;
}

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

function errorFor(mutate: (c: any) => void, env: NodeJS.ProcessEnv = {}): ConfigError {
  const c = valid();
  mutate(c);
  return configError(() => loadConfig({ file: writeConfig(c), env }));
}

describe('loadConfig', () => {
  it('loads the example config with its env: tokens resolved and defaults applied', () => {
    const c = loadConfig({ file: EXAMPLE, env: ENV });
    expect(c.target.token).toBe(TOKEN);
    expect(c.target.secondToken).toBe(TOKEN_2);
    expect(c.target.maxResponseBytes).toBe(4 * 1024 * 1024);
    expect(c.properties.numRuns).toBe(100);
    expect(c.properties.seed).toBeUndefined();
    expect(c.fixtures.customer.cities).toEqual({ MUM: '27', BLR: '29' });
  });

  it('loads the reference-shaped config given as a base object', () => {
    const base = referenceRunConfig('http://127.0.0.1:8080', ['reference-token-1', 'reference-token-2'], 7);
    const c = loadConfig({ base, env: {} });
    expect(c.target.baseUrl).toBe('http://127.0.0.1:8080');
    expect(c.properties.seed).toBe(7);
    expect(c.load).toEqual({ allowNonLoopback: false, maxRequests: 2000, maxSeconds: 120, maxConcurrency: 64 });
  });

  it('applies the documented defaults to a minimal config', () => {
    const c = valid();
    delete c.target.timeoutMs;
    delete c.writes;
    delete c.properties;
    delete c.load;
    delete c.readBack;
    delete c.fixtures.customer.dateFormat;
    delete c.run;
    const out = loadConfig({ base: c, env: {} });
    expect(out.run).toEqual({ concurrency: 8, maxDurationSeconds: 1800 });
    expect(out.target.timeoutMs).toBe(10_000);
    expect(out.writes).toBe(true);
    expect(out.properties).toEqual({ numRuns: 100 });
    expect(out.load).toEqual({ allowNonLoopback: false, maxRequests: 2000, maxSeconds: 120, maxConcurrency: 64 });
    expect(out.readBack).toBeUndefined();
    expect(out.fixtures.customer.dateFormat).toBeNull();
  });

  it('lets ERP_BASE_URL, ERP_API_TOKEN and ERP_API_TOKEN_2 override the file', () => {
    const c = loadConfig({
      file: writeConfig(valid()),
      env: { ERP_BASE_URL: 'https://other.example/erp', ERP_API_TOKEN: 'from-env-1', ERP_API_TOKEN_2: 'from-env-2' },
    });
    expect(c.target).toMatchObject({ baseUrl: 'https://other.example/erp', token: 'from-env-1', secondToken: 'from-env-2' });
  });

  it('resolves a token written env:NAME from that variable', () => {
    const c = valid();
    c.target.token = 'env:MY_ERP_TOKEN';
    delete c.target.secondToken;
    expect(loadConfig({ base: c, env: { MY_ERP_TOKEN: TOKEN } }).target.token).toBe(TOKEN);
  });

  it('keeps the variable each token came from, for the curl lines: env:NAME, the override, or a --token-env flag', () => {
    const c = valid();
    c.target.token = 'env:MY_ERP_TOKEN';
    c.target.secondToken = 'env:MY_ERP_TOKEN_B';
    expect(loadConfig({ base: c, env: { MY_ERP_TOKEN: TOKEN, MY_ERP_TOKEN_B: TOKEN_2 } }).target.variables).toEqual({
      token: 'MY_ERP_TOKEN',
      secondToken: 'MY_ERP_TOKEN_B',
    });
    // ERP_API_TOKEN wins over the file: the token came from it.
    expect(loadConfig({ base: c, env: { ERP_API_TOKEN: TOKEN, MY_ERP_TOKEN_B: TOKEN_2 } }).target.variables).toEqual({
      token: 'ERP_API_TOKEN',
      secondToken: 'MY_ERP_TOKEN_B',
    });
    const flagged = loadConfig({ base: c, env: { FLAG_TOKEN: 'from-flag', ERP_API_TOKEN: TOKEN, MY_ERP_TOKEN_B: TOKEN_2 }, tokenEnv: { token: 'FLAG_TOKEN' } });
    expect(flagged.target).toMatchObject({ token: 'from-flag', variables: { token: 'FLAG_TOKEN' } });
    // A token written in the file names no variable: the curl lines keep $ERP_API_TOKEN.
    const literal = valid();
    literal.target.token = TOKEN;
    delete literal.target.secondToken;
    expect(loadConfig({ base: literal, env: {} }).target.variables).toBeUndefined();
  });

  it('names the key and the variable when an env: token is not set', () => {
    const e = configError(() => loadConfig({ file: EXAMPLE, env: { ERP_API_TOKEN_2: TOKEN_2 } }));
    expect(e.message).toMatch(/target\.token: environment variable ERP_API_TOKEN is not set/);
    expect(e.problems).toHaveLength(1);
  });

  it.each([
    ['a missing key', (c: any) => delete c.fixtures.branchId, /fixtures\.branchId: missing/],
    ['a wrong type', (c: any) => (c.target.timeoutMs = '10s'), /target\.timeoutMs: expected number, received string "10s"/],
    ['a bad URL', (c: any) => (c.target.baseUrl = 'ftp://x'), /config error: target\.baseUrl: expected an http\(s\) URL, received "ftp:\/\/x"/],
    ['a bad ISO date', (c: any) => (c.fixtures.report.dateFrom = '2026-01-01'), /fixtures\.report\.dateFrom: expected an ISO 8601 UTC instant/],
    ['dateFrom after dateTo', (c: any) => (c.fixtures.report.dateFrom = '2026-05-01T00:00:00Z'), /fixtures\.report\.dateFrom: dateFrom .* is after dateTo/],
    ['a bad branch list', (c: any) => (c.fixtures.report.branchList = '1;2'), /fixtures\.report\.branchList: expected comma-separated branch ids/],
    ['an empty voucher list', (c: any) => (c.fixtures.sales.lifecycle = []), /fixtures\.sales\.lifecycle: expected at least one voucher id/],
    ['a non-positive voucher id', (c: any) => (c.fixtures.sales.deliver = [0]), /fixtures\.sales\.deliver\[0\]: /],
    ['a "missing" voucher that is listed', (c: any) => (c.fixtures.sales.missing = 2001), /fixtures\.sales\.missing: voucher 2001 is listed in sales\.deliver/],
    [
      'a voucher in two roles',
      (c: any) => (c.fixtures.sales.cancel = [...c.fixtures.sales.cancel, c.fixtures.sales.lifecycle[0]]),
      /fixtures\.sales\.cancel\[\d+\]: voucher 1001 is also listed in sales\.lifecycle/,
    ],
    ['one parallel voucher', (c: any) => (c.fixtures.sales.parallel = [1031]), /fixtures\.sales\.parallel: expected at least 2 voucher ids/],
    ['the vouchers of an earlier version', (c: any) => (c.fixtures.sales.unpaid = [1]), /fixtures\.sales\.unpaid: replaced by vouchers given by role/],
    ['a bad rate cap', (c: any) => (c.run = { rateLimit: '100 per 10s' }), /run\.rateLimit: expected Q\/W like "100\/10s"/],
    ['an unknown key', (c: any) => (c.target.timeoutMS = 5), /target\.timeoutMS: unknown key/],
    ['an unknown dateFormat', (c: any) => (c.fixtures.customer.dateFormat = 'MM/DD/YYYY'), /fixtures\.customer\.dateFormat: expected one of/],
    ['a token with whitespace', (c: any) => (c.target.token = `${TOKEN} x`), /target\.token: must be non-empty visible ASCII/],
    ['an empty token', (c: any) => (c.target.token = ''), /target\.token: must be non-empty/],
    ['equal first and second tokens', (c: any) => (c.target.secondToken = TOKEN), /target\.secondToken: must differ from target\.token/],
  ])('reports %s with its key', (_what, mutate, pattern) => {
    const e = errorFor(mutate);
    expect(e.message).toMatch(pattern);
    expect(e.message).not.toContain(TOKEN);
    expect(e.message).not.toContain(TOKEN_2);
  });

  it('keeps voucher ids past 2^53 digit for digit, written as JSON numbers or as strings', () => {
    const c = valid();
    const text = JSON.stringify(c, null, 2)
      .replace('"missing": 999999', '"missing": 1152921504606846977')
      .replace(/"refusals": \[\s*1021\s*\]/, '"refusals": ["1152921504606846979", 1021]');
    expect(text).toContain('1152921504606846977');
    const out = loadConfig({ file: writeConfig(text), env: {} });
    expect(out.fixtures.sales.missing).toBe(1152921504606846977n);
    expect(out.fixtures.sales.refusals).toEqual([1152921504606846979n, 1021]);
    // A config object built in JavaScript cannot hold such a number exactly: it is refused.
    const base = valid();
    base.fixtures.sales.missing = 2 ** 60;
    expect(configError(() => loadConfig({ base, env: {} })).message).toMatch(
      /fixtures\.sales\.missing: an id past 2\^53 must be written as a string of digits/,
    );
  });

  it('lists several problems one per line', () => {
    const e = errorFor((c) => {
      c.target.baseUrl = 'nope';
      c.writes = 'yes';
      delete c.fixtures.sales;
    });
    expect(e.problems.length).toBe(3);
    expect(e.message.split('\n').filter((l) => l.startsWith('config error: '))).toHaveLength(3);
  });

  it('names the file and the line and column of invalid JSON, without quoting the file', () => {
    const file = writeConfig(`{\n  "target": {\n    "token": "${TOKEN}"\n    "name": "x" }\n}`);
    const e = configError(() => loadConfig({ file, env: {} }));
    expect(e.message).toContain(file);
    expect(e.message).toMatch(/not valid JSON: line 4, column 5/);
    expect(e.message).not.toContain(TOKEN);
    const file2 = writeConfig(`{"token": ${TOKEN}}`);
    const e2 = configError(() => loadConfig({ file: file2, env: {} }));
    expect(e2.message).toMatch(/not valid JSON: line 1, column 11/);
    expect(e2.message).not.toContain('Secret');
  });

  it('names a missing file', () => {
    const e = configError(() => loadConfig({ file: join(dir, 'absent.json'), env: {} }));
    expect(e.message).toMatch(/cannot read config file .*absent\.json: no such file/);
  });

  it('never puts a token value in an error message, even for problems at the token keys', () => {
    for (const token of [TOKEN, 'tok\u0007bell-secret-1', ' padded-secret-1 ']) {
      const e = errorFor((c) => {
        c.target.token = token;
        c.target.secondToken = token;
        c.target.baseUrl = token;
      });
      expect(e.message).not.toContain(token.trim());
    }
    const e = errorFor((c) => (c.target.token = 42));
    expect(e.message).toMatch(/target\.token: expected string, received number$/m);
    const fromEnv = configError(() => loadConfig({ base: { target: { baseUrl: TOKEN } }, env: ENV }));
    expect(fromEnv.message).not.toContain(TOKEN);
  });
});
