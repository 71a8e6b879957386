import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { initCommand } from '../../../bin/commands/init.ts';
import { UsageError } from '../../../bin/cli/usage.ts';
import { ConfigError, loadConfig } from '../../../config/load.ts';
import { cli, ROOT } from '../../e2e/cli/spawn.ts';

const TOKEN = 'init-test-token-5c1e';

describe('erp-conformance init', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-init-'));
  const file = path.join(dir, 'nested', 'erp.config.json');

  it('writes a config that check-config accepts once ERP_API_TOKEN is set, and explains its keys', async () => {
    const r = await cli(['init', '--out', file, '--name', 'Vendor X staging', '--base-url', 'https://erp.vendor-x.test'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`written: ${file}`);
    expect(r.stdout).toMatch(
      /^ {2}fixtures\.sales\.lifecycle\n {6}Vouchers in branchId, order status Pending, payment not paid( \(optional with operations\["order-create"\]\))?: /m,
    );
    expect(r.stdout).toContain('erp-conformance check-config --config erp.config.json');
    const ok = await cli(['check-config', '--config', file], { cwd: dir, env: { ERP_API_TOKEN: TOKEN } });
    expect([ok.code, ok.stdout]).toEqual([0, 'config ok: Vendor X staging https://erp.vendor-x.test\n']);
  });

  it('keeps the token out of the file and points "$schema" at the JSON Schema for editors', () => {
    const text = readFileSync(file, 'utf8');
    const written = JSON.parse(text) as { $schema: string; target: { token: string } };
    expect(written.target.token).toBe('env:ERP_API_TOKEN');
    expect(path.resolve(path.dirname(file), written.$schema)).toBe(path.join(ROOT, 'config/run-config.schema.json'));
    expect(loadConfig({ file, env: { ERP_API_TOKEN: TOKEN } }).target.token).toBe(TOKEN);
    expect(() => loadConfig({ file, env: {} })).toThrow('target.token: environment variable ERP_API_TOKEN is not set');
  });

  it('does not overwrite an existing file without --force, and refuses a target URL the schema rejects', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await expect(initCommand.run(['--out', file])).rejects.toThrow(UsageError);
      await expect(initCommand.run(['--out', file])).rejects.toThrow(`${file} exists (pass --force to overwrite it)`);
      await expect(initCommand.run(['--out', file, '--force'])).resolves.toBe(0);
      const other = path.join(dir, 'bad.json');
      await expect(initCommand.run(['--out', other, '--base-url', 'ftp://x'])).rejects.toThrow(ConfigError);
      await expect(initCommand.run(['--out', other, '--base-url', 'ftp://x'])).rejects.toThrow('target.baseUrl: expected an http(s) URL');
      expect(existsSync(other)).toBe(false);
    } finally {
      out.mockRestore();
    }
  });

  it("offers where the run's marker goes: the defaults written, --voucher-marker and --customer-marker chosen, a wrong field refused", async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const marked = path.join(dir, 'marked.json');
      await expect(initCommand.run(['--out', marked])).resolves.toBe(0);
      expect(JSON.parse(readFileSync(marked, 'utf8')).marker).toEqual({
        'order-create': 'remark',
        'get-sales-data-by-id': 'response.remark',
        'customer-create': 'remark',
      });
      await expect(initCommand.run(['--out', marked, '--force', '--voucher-marker', 'reference', '--customer-marker', 'email'])).resolves.toBe(0);
      const written = JSON.parse(readFileSync(marked, 'utf8'));
      expect(written.marker).toEqual({ 'order-create': 'reference', 'get-sales-data-by-id': 'response.reference', 'customer-create': 'email' });
      expect(loadConfig({ base: written, env: { ERP_API_TOKEN: TOKEN } }).marker['customer-create']).toBe('email');
      await expect(initCommand.run(['--out', marked, '--force', '--customer-marker', 'mobNo'])).rejects.toThrow('--customer-marker takes one of remark, email');
    } finally {
      out.mockRestore();
    }
  });

  it('finds the JSON Schema named by "$schema" of the example config', () => {
    const example = JSON.parse(readFileSync(path.join(ROOT, 'config/example.json'), 'utf8')) as { $schema: string };
    const schema = JSON.parse(readFileSync(path.resolve(ROOT, 'config', example.$schema), 'utf8')) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['target', 'fixtures']));
  });
});
