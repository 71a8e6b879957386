// `init` keeps up with the config: its help names today's keys, its template has every voucher
// role and read the suites use (so OS-7 is not skipped silently), and a missing key is named with
// what it holds, not zod's "Invalid input". It writes the three operations of section 4 and the
// read-backs, the index only when asked. What init writes and says, in this process (in-process.ts).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INDEX_OPERATIONS, READ_BACKS, SPEC_DETAILED } from '../../../core/operations.ts';
import { inProcess } from './in-process.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-init-template-'));

describe('init', () => {
  it("--whole-index writes every other operation of the index at the reference's paths, the read-backs under readBack only", async () => {
    const file = path.join(dir, 'whole.json');
    const r = await inProcess(['init', '--whole-index', '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    const config = JSON.parse(readFileSync(file, 'utf8'));
    const others = INDEX_OPERATIONS.filter((n) => !SPEC_DETAILED.has(n) && !READ_BACKS.has(n));
    expect(Object.keys(config.operations).sort()).toEqual([...others].sort());
    expect(Object.keys(config.readBack).sort()).toEqual(['getContactById', 'orderStatus']);
    // An older config naming a read-back under operations too still loads, with one line saying where it belongs.
    config.operations['get-contact-by-id'] = { method: 'GET', path: '/api/v1/contact/{contactId}', query: { branch_id: '{branchId}' } };
    writeFileSync(file, JSON.stringify(config));
    const ok = await inProcess(['check-config', '--config', file], { ERP_API_TOKEN: 'init-template-token' });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.split('\n').filter((l) => l.startsWith('note: '))).toEqual([
      'note: deprecated: operations.get-contact-by-id (readBack.getContactById is its place): a read-back is configured under readBack only; not sent from operations, remove it there',
    ]);
  });

  it("explains the keys of today's config, writes the parallel pool and readBack, and check-config names a missing voucher id", async () => {
    const file = path.join(dir, 'erp.config.json');
    const r = await inProcess(['init', '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/sales\.(unpaid|paid)\b/);
    const config = JSON.parse(readFileSync(file, 'utf8'));
    expect(config.fixtures.sales.parallel.length).toBeGreaterThanOrEqual(2);
    expect(config.readBack.orderStatus.path).toContain('{salesId}');
    expect(config.readBack.getContactById).toContain('{contactId}');
    expect(r.stdout).toMatch(/remove a key your target has no read for/);
    // The three of section 4 and the read-backs only: each route in one place, no index guessed.
    expect(config.operations).toBeUndefined();
    expect(r.stdout).toContain("No operations: the three operations of section 4 (at the spec's paths) and the read-backs.");

    delete config.fixtures.sales.missing;
    writeFileSync(file, JSON.stringify(config));
    // The message's words, in this process (in-process.ts); an exit 2 as a shell sees it: test/e2e/cli/cli.test.ts (run, an --out it cannot write).
    const bad = await inProcess(['check-config', '--config', file], { ERP_API_TOKEN: 'init-template-token' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).not.toContain('Invalid input');
    expect(bad.stderr).toContain('fixtures.sales.missing: missing (required, expected number or string): A sales voucher id that exists in no branch');
  });
});
