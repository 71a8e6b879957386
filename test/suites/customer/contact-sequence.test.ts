// A customer finding found on a customer the test created (a read-back, a later save) carries the
// whole sequence from the contactSave that created it, printed as numbered curl lines in which the
// contactId and the address ids are those the earlier steps answer: run in bash with curl standing
// in for another copy of the target (other ids), every later step names the stand-in's ids.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Exchange, Finding } from '../../../core/types.ts';
import { findingText, sequenceLines } from '../../../reports/render/finding.ts';
import { CONTACT_ID, savesSequence, withContactSequence } from '../../../suites/customer/contact-sequence.ts';

const BASE = 'http://127.0.0.1:4100/api/v1';
let seq = 0;
function ex(method: string, url: string, body: unknown, status: number, answer: unknown): Exchange {
  const text = JSON.stringify(answer);
  return {
    seq: ++seq,
    operation: method === 'GET' ? 'index' : 'customer-create',
    tokenKind: 'valid',
    tokenEnv: 'ERP_TOKEN',
    request: { method, url: `${BASE}${url}`, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
    response: { status, headers: {}, body: text, bytes: text.length, truncated: false },
    json: answer,
    startedAt: new Date(seq).toISOString(),
    durationMs: 1,
  };
}

const address = (addressId: number, line: string) => ({ addressId, addressLine1: line, isDefault: addressId === 1 ? 1 : 0 });
const created = ex('POST', '/customer/create?branch_id=1', { contactId: 0, firstName: 'A&B', contactAddressDTO: [address(0, 'x'), address(0, 'y')] }, 200, {
  status: true,
  response: { contactId: 9001 },
});
const read = ex('GET', '/customer/9001?branch_id=1', undefined, 200, {
  status: true,
  response: { contactId: 9001, firstName: 'A&amp;B', contactAddressDTO: [address(1, 'x'), address(2, 'y')] },
});
const finding = (exchange?: Exchange): Finding => ({
  checkId: 'c',
  requirementId: 'CU-15',
  title: 't',
  received: 'r',
  expected: 'e',
  ...(exchange ? { exchange } : {}),
});

/** The curl lines run in bash, curl standing in: the creation answers contactId 4242, a read addresses 77 and 78; other requests print their arguments. */
function runStub(lines: string[]): string {
  const script = lines.filter((l) => l.startsWith('   ')).join('\n');
  const stub = [
    'curl() { for a in "$@"; do case "$a" in',
    `  *'"firstName":"A&B"'*) echo '{"response":{"contactId":4242}}'; return;;`,
    `  *customer/4242*) echo '{"response":{"contactAddressDTO":[{"addressId":77},{"addressId":78}]}}'; return;;`,
    'esac; done; printf "%s\\n" "$@"; }',
  ].join('\n');
  return execFileSync('bash', ['--norc', '--noprofile', '-c', `${stub}\n${script}`], { env: { PATH: process.env.PATH, ERP_TOKEN: 'tok' }, encoding: 'utf8' });
}

describe('withContactSequence', () => {
  it('gives a read-back finding the creation (binding $CONTACT_ID) and the read that found it', () => {
    const [f] = withContactSequence([finding(read)], created);
    const s = f!.sequence!;
    expect(s.steps.map((x) => x.exchanges[0]!.seq)).toEqual([created.seq, read.seq]);
    expect(s.steps[0]!.binds).toEqual({ name: CONTACT_ID, at: 'response.contactId', value: '9001' });
    expect(s.steps[1]!.binds).toBeUndefined(); // no later step sends its address ids
    expect(s.title).toMatch(/^Customer 9001, from the contactSave that created it/);
    const lines = sequenceLines(s);
    expect(lines[0]).toBe('1. POST /api/v1/customer/create?branch_id=1: HTTP 200');
    expect(lines[1]).toMatch(/^ {3}CONTACT_ID=\$\(curl -sS -X POST .* \| jq -r '\.response\.contactId'\); echo "CONTACT_ID=\$CONTACT_ID"$/);
    expect(lines[3]).toContain(`'${BASE}/customer/'"$CONTACT_ID"'?branch_id=1'`);
    const out = runStub(lines);
    expect(out).toContain('CONTACT_ID=4242');
    expect(out).toContain('{"response":{"contactAddressDTO":[{"addressId":77}'); // the read named 4242
    expect(out).not.toContain('9001');
    expect(findingText(f!)).toContain('Customer 9001, from the contactSave that created it');
  });

  it('keeps the address ids a read answered that later saves send, even short ones, and only under their keys', () => {
    const b1 = ex('POST', '/customer/create?branch_id=1', { contactId: 0, contactAddressDTO: [address(1, 'b')], deletedAddressIds: [] }, 200, {
      response: { contactId: 9002 },
    });
    const b2 = ex('POST', '/customer/create?branch_id=1', { contactId: 0, contactAddressDTO: [address(0, 'c')], deletedAddressIds: [2] }, 200, {
      response: { contactId: 9003 },
    });
    const after = ex('GET', '/customer/9001?branch_id=1', undefined, 200, { response: { contactAddressDTO: [address(1, 'b')] } });
    const [f] = withContactSequence([finding(after)], created, [read, b1, b2, after]);
    const steps = f!.sequence!.steps;
    expect(steps).toHaveLength(5);
    expect(steps[1]!.binds).toEqual([
      { name: 'ADDRESS_ID_1', at: 'response.contactAddressDTO[0].addressId', value: '1', fields: ['addressId', 'deletedAddressIds'] },
      { name: 'ADDRESS_ID_2', at: 'response.contactAddressDTO[1].addressId', value: '2', fields: ['addressId', 'deletedAddressIds'] },
    ]);
    const lines = sequenceLines(f!.sequence!);
    expect(lines[3]).toMatch(
      /^ {3}ANSWER=\$\(curl .*\); ADDRESS_ID_1=\$\(printf '%s' "\$ANSWER" \| jq -r '\.response\.contactAddressDTO\[0\]\.addressId'\); ADDRESS_ID_2=/,
    );
    const out = runStub(lines);
    expect(out).toContain('ADDRESS_ID_1=77 ADDRESS_ID_2=78');
    expect(out).toContain('"contactAddressDTO":[{"addressId":77,"addressLine1":"b","isDefault":1}]');
    expect(out).toContain('"deletedAddressIds":[78]');
    expect(out).toContain(`${BASE}/customer/create?branch_id=1`); // the branch id 1 is no address id
  });

  it('leaves a finding as it was without an exchange, with a sequence, or when the creation answered no contactId', () => {
    const own = { ...finding(read), sequence: { title: 'own', steps: [] } };
    expect(withContactSequence([finding(), own], created)).toEqual([finding(), own]);
    const refused = ex('POST', '/customer/create?branch_id=1', {}, 400, { status: false });
    expect(withContactSequence([finding(read)], refused)).toEqual([finding(read)]);
    expect(withContactSequence([finding(created)], created)[0]!.sequence).toBeUndefined(); // the creation alone: its own curl line
  });
});

describe('savesSequence', () => {
  it("makes each save and read-back a step of its own, binding the contact's and the addresses' ids", () => {
    const update = ex('POST', '/customer/create?branch_id=1', { contactId: 9001, contactAddressDTO: [address(2, 'z')], deletedAddressIds: [1] }, 200, {});
    const s = savesSequence('Sequence', [
      { label: 'CreateContact(2 address(es))', exchanges: [created, read] },
      { label: 'DeleteAddress(0)', exchanges: [update, read] },
    ])!;
    expect(s.steps.map((x) => x.label)).toEqual([
      'CreateContact(2 address(es)): POST /api/v1/customer/create?branch_id=1: HTTP 200',
      'read back: GET /api/v1/customer/9001?branch_id=1: HTTP 200',
      'DeleteAddress(0): POST /api/v1/customer/create?branch_id=1: HTTP 200',
      'read back: GET /api/v1/customer/9001?branch_id=1: HTTP 200',
    ]);
    const out = runStub(sequenceLines(s));
    expect(out).toContain('"contactId":4242,"contactAddressDTO":[{"addressId":78,"addressLine1":"z","isDefault":0}],"deletedAddressIds":[77]');
    expect(savesSequence('x', [{ label: 'c', exchanges: [ex('POST', '/customer/create', {}, 500, {})] }])).toBeUndefined();
  });
});
