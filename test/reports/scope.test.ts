// Scope is part of the verdict (reports/scope.ts): a requirement the config gives nothing to apply
// to is skipped as out of scope and does not make the run inconclusive; one whose operation is
// configured but showed nothing stays inconclusive; what config certify demands must be verified.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.ts';
import { runConfigSchema } from '../../config/schema.ts';
import { unknownRequired } from '../../contract/requirements.ts';
import { ran, recordedFacts } from './certify-kit.ts';
import { certify } from '../../reports/certify.ts';
import { runFacts } from '../../reports/records/records.ts';
import { runScope } from '../../reports/scope.ts';
import { referenceRunConfig } from '../../reference/run-config.ts';

const minimal = () => {
  const { operations: _o, ...rest } = referenceRunConfig('http://127.0.0.1:1', [], 1);
  return rest;
};

const FACTS = recordedFacts(['index-operations'], {
  scope: { operations: ['update-order-status', 'contact-save', 'consumption-production-report'], require: [], missing: [] },
});

const NONE = 'no index operation is configured (config operations)';
const IX = ['IX-1', 'IX-2', 'IX-3'];
const outOfScope = Object.fromEntries(IX.map((id) => [id, NONE]));

describe('the scope of a certificate', () => {
  it('names the operations the config reaches, and certify.operations it leaves out', () => {
    const config = loadConfig({ base: { ...minimal(), certify: { operations: ['branch-list', 'contact-save'] } }, env: {} });
    expect(runScope(config)).toEqual({
      operations: ['update-order-status', 'contact-save', 'consumption-production-report', 'get-contact-by-id', 'order-status'],
      require: [],
      missing: ['branch-list (not configured (operations.branch-list))'],
    });
    const readOnly = runScope(loadConfig({ base: { ...minimal(), writes: false, certify: { operations: ['contact-save'] } }, env: {} }));
    expect(readOnly.missing).toEqual(['contact-save (writes is false)']);
  });

  it('leaves out of scope the operations the preflight found not served, and certify.operations naming one is missing, with why', () => {
    const whole = referenceRunConfig('http://127.0.0.1:1', [], 1);
    const config = loadConfig({
      base: {
        ...minimal(),
        operations: { 'branch-list': whole.operations!['branch-list']!, 'get-tax-list': whole.operations!['get-tax-list']! },
        certify: { operations: ['branch-list'] },
      },
      env: {},
    });
    expect(runScope(config).missing).toEqual([]);
    const scope = runScope(config, { 'branch-list': 'HTTP 404' });
    expect(scope.operations).toContain('get-tax-list');
    expect(scope.operations).not.toContain('branch-list');
    expect(scope.missing).toEqual(['branch-list (not served: HTTP 404 in the preflight)']);
    // The read-backs are readBack's: an entry of theirs under operations adds nothing to the scope.
    const { readBack: _r, ...noReadBack } = minimal();
    const named = runScope(loadConfig({ base: { ...noReadBack, operations: { 'get-contact-by-id': { method: 'GET', path: '/c/{contactId}' } } }, env: {} }));
    expect(named.operations).not.toContain('get-contact-by-id');
  });

  it('rejects a certify key naming an unknown requirement or operation', () => {
    const bad = runConfigSchema.safeParse({ ...minimal(), certify: { require: ['ix 1'], operations: ['teleport'] } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['certify.require.0', 'certify.operations.0']);
    // An id of the right form the catalogue lacks: the contract names it, with its key.
    expect(unknownRequired({ require: ['IX-1', 'IX-99'] })).toEqual([
      'certify.require.1: unknown requirement id "IX-99" (erp-conformance requirements lists them)',
    ]);
    expect(unknownRequired(undefined)).toEqual([]);
  });

  it('skips out of scope what the config gives nothing to apply to, certifies, and says so in the first line', () => {
    const verified = ran(['AUTH-1'], { evidence: { 'AUTH-1': 1 } });
    const cert = certify(
      { tests: [ran(IX, { outOfScope }), verified], errors: [] },
      runFacts({ ...FACTS, suites: ['envelope-auth', 'index-operations'] }, null),
    );
    expect(cert.requirements.find((r) => r.id === 'IX-1')).toMatchObject({ status: 'skipped', reason: `out of scope: ${NONE}` });
    expect(cert.verdict).toBe('certified');
    expect(cert.verdictReason).toContain(
      'Scope: update-order-status, contact-save, consumption-production-report; read-backs: none; index operations: none configured.',
    );
    expect(cert.verdictReason).toContain(`; IX-1, IX-2, IX-3 (${NONE}).`);
    // Nothing verified at all is no certificate, whatever was skipped.
    const nothing = certify({ tests: [ran(IX, { outOfScope })], errors: [] }, runFacts(FACTS, null));
    expect([nothing.verdict, nothing.verdictReason]).toEqual(['inconclusive', expect.stringMatching(/^No MUST requirement was verified/)]);
  });

  it('keeps inconclusive an operation that is configured but showed nothing, and passes on evidence despite an out-of-scope test', () => {
    const blind = certify({ tests: [ran(IX, { inconclusive: { 'IX-1': ['branch-list: answered 404'] } })], errors: [] }, runFacts(FACTS, null));
    expect(blind.requirements.find((r) => r.id === 'IX-1')).toMatchObject({ status: 'inconclusive', reason: 'branch-list: answered 404' });
    expect(blind.verdict).toBe('inconclusive');
    const seen = certify({ tests: [ran(IX, { outOfScope }), ran(IX, { evidence: { 'IX-1': 1 } })], errors: [] }, runFacts(FACTS, null));
    expect(seen.requirements.find((r) => r.id === 'IX-1')!.status).toBe('passed');
  });

  it('makes the run inconclusive where certify.require names a requirement left out, with the reason', () => {
    const facts = { ...FACTS, scope: { ...FACTS.scope!, require: ['IX-1'] } };
    const cert = certify({ tests: [ran(IX, { outOfScope })], errors: [] }, runFacts(facts, null));
    expect(cert.requirements.find((r) => r.id === 'IX-1')).toMatchObject({
      status: 'inconclusive',
      reason: `certify.require names it, but the run left it out: out of scope: ${NONE}`,
    });
    expect(cert.verdict).toBe('inconclusive');
    expect(cert.verdictReason).toMatch(/^No MUST failed, but certify\.require names IX-1 \(certify\.require names it/);
    const missing = certify(
      { tests: [ran(IX, { outOfScope })], errors: [] },
      runFacts({ ...FACTS, scope: { ...FACTS.scope!, missing: ['branch-list (not configured)'] } }, null),
    );
    expect([missing.verdict, missing.verdictReason]).toEqual([
      'inconclusive',
      expect.stringMatching(/^No MUST failed, but certify\.operations names branch-list/),
    ]);
  });
});
