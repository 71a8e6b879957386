// CU-14's model (suites/customer/upsert-model.ts, upsert-commands.ts): the oracle on read-backs
// made by hand, then whole model-based runs on a fake target with the defects real upserts have.
// Each defect is filed under the rule that states it, a correct target gives no finding, a
// failing sequence shrinks to a few saves shown as curl lines and replays from its seed and path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Address, Customer } from '../../../contract/schemas/customer.ts';
import { address } from '../../../generators/address.ts';
import { customer } from '../../../generators/customer.ts';
import { runSequence, upsertSequence, type Real } from '../../../suites/customer/upsert-commands.ts';
import { compareSave, type Expected } from '../../../suites/customer/upsert-model.ts';
import { runProperty } from '../../../runtime/property.ts';
import { fakeTarget, type FakeFaults } from './fake.ts';
import { findingText } from '../../../reports/render/finding.ts';

const fixtures = { countriesCode: 'IN', cities: { MUM: '27', BLR: '29' }, contactTypes: ['Wholesale', 'Retail'], dateFormat: 'YYYY-MM-DD' as const };
const [a1, a2, a3] = fc.sample(address({ ...fixtures, isDefault: 0 }), { seed: 9, numRuns: 3 }) as [Address, Address, Address];
const saved = (id: number | bigint | string, a: Address, isDefault: 0 | 1) => ({ ...a, addressId: id, isDefault });
const facts = (exp: Expected, list: unknown[]) =>
  compareSave(exp, { contactAddressDTO: list } as Partial<Customer>).facts.map((f) => `${f.requirementId} ${f.title}`);

describe('compareSave', () => {
  const kept: Expected['kept'] = [
    { id: 11, address: a1, updated: false },
    { id: 12, address: a2, updated: false },
  ];

  it('finds nothing when the read-back is the model (ids as text or bigint, e-mail case and spaces aside)', () => {
    const exp: Expected = { kept, added: [a3], deleted: [], default: { added: 0 } };
    const got = [saved('11', { ...a1, contactEmail: ` ${a1.contactEmail.toUpperCase()} ` }, 0), saved(12n, a2, 0), saved(13, a3, 1)];
    const c = compareSave(exp, { contactAddressDTO: got } as never);
    expect(c.facts).toEqual([]);
    expect(c.addedIds).toEqual([13]);
    expect(c.judged).toEqual(['CU-14', 'CU-9', 'CU-8']);
  });

  it('files an address sent with its id and saved again as new under CU-14 only', () => {
    const exp: Expected = { kept, added: [], deleted: [], default: { id: 12 } };
    expect(facts(exp, [saved(11, a1, 0), saved(12, a2, 0), saved(13, a1, 0), saved(14, a2, 1)])).toEqual([
      'CU-14 Address 11, sent with its addressId, was saved again as a new address (13)',
      'CU-14 Address 12, sent with its addressId, was saved again as a new address (14)',
    ]);
  });

  it('files a kept address whose id changed, and ids seen twice, under CU-14', () => {
    const exp: Expected = { kept, added: [], deleted: [], default: { id: 11 } };
    expect(facts(exp, [saved(21, a1, 1), saved(12, a2, 0)])).toEqual([
      'CU-14 Address 11 is gone',
      'CU-14 Address 11, sent with its addressId, was saved again as a new address (21)',
    ]);
    expect(facts(exp, [saved(11, a1, 1), saved(12, a2, 0), saved(22, a3, 0)])).toEqual(['CU-14 An address that was not sent appeared (22)']);
    expect(facts(exp, [saved(11, a1, 1), saved(12, a2, 0), saved(12, a2, 0)])).toEqual(['CU-14 addressId 12 appears 2 times']);
  });

  it('files a dropped address still there under CU-10, a lost default under CU-9', () => {
    const exp: Expected = { kept: kept.slice(0, 1), added: [], deleted: [12], default: { id: 11 } };
    expect(facts(exp, [saved(11, a1, 1), saved(12, a2, 0)])).toEqual(['CU-10 Address 12, listed in deletedAddressIds, is still there']);
    expect(facts(exp, [saved(11, a1, 0)])).toEqual(['CU-9 The contact has 0 default addresses after the save']);
    expect(facts({ ...exp, deleted: [] }, [saved(11, a1, 1)])).toEqual([]);
  });

  it('files an update not made in place under CU-14, a new address not saved under CU-8 (the default it was to be then not judged)', () => {
    const update: Expected = { kept: [{ id: 11, address: a3, updated: true }, kept[1]!], added: [], deleted: [], default: { id: 11 } };
    expect(facts(update, [saved(11, a1, 1), saved(12, a2, 0)])).toEqual([expect.stringMatching(/^CU-14 Address 11 was not updated in place$/)]);
    const add: Expected = { kept, added: [a3], deleted: [], default: { added: 0 } };
    expect(facts(add, [saved(11, a1, 1), saved(12, a2, 0)])).toEqual(['CU-8 An address sent with addressId 0 was not saved']);
    expect(facts(add, [saved(11, a1, 0), saved(12, a2, 1), saved(13, a3, 0)])).toEqual(['CU-9 Address 12 is the default, not the one sent with isDefault 1']);
  });
});

function fakeReal(faults: FakeFaults) {
  const target = fakeTarget(faults);
  const evidence: Record<string, number> = {};
  const createdIds = new Map<string, number>();
  const stops: string[] = [];
  let refused = 0;
  const real = (): Real => ({
    send: target.send,
    read: target.read,
    note: (id) => void (evidence[id] = (evidence[id] ?? 0) + 1),
    created: (id) => void createdIds.set(String(id), (createdIds.get(String(id)) ?? 0) + 1),
    shared: (id) => (createdIds.get(String(id)) ?? 0) > 1,
    steps: [],
    refused: 0,
  });
  const body = async (run: { create: never; commands: never[] }) => {
    const r = real();
    const findings = await runSequence(r, [run.create, ...run.commands], (reason) => stops.push(reason));
    refused += r.refused;
    return findings;
  };
  return { body, evidence, stops, refused: () => refused };
}

async function model(faults: FakeFaults, o: { seed?: number; numRuns?: number; path?: string; concurrency?: number } = {}) {
  const f = fakeReal(faults);
  const out = await runProperty(upsertSequence(fixtures), f.body as never, {
    seed: o.seed ?? 1,
    numRuns: o.numRuns ?? 10,
    concurrency: o.concurrency ?? 1,
    requirementId: 'CU-14',
    ...(o.path ? { path: o.path } : {}),
  });
  return { out, ...f };
}

describe('model-based runs on a fake target', () => {
  it('find nothing on a correct upsert, and judge CU-14 on every save', async () => {
    const { out, evidence, stops } = await model({}, { numRuns: 20 });
    expect(out.failed).toBe(false);
    expect(stops).toEqual([]);
    expect(evidence['CU-14']).toBeGreaterThan(40);
    expect(evidence['CU-10']).toBeGreaterThan(0);
  });

  it('catch addresses added again as new (cu-upsert-duplicates) under CU-14 only, shrunk to two saves shown as curl lines', async () => {
    const { out } = await model({ duplicates: true });
    expect(out.failed).toBe(true);
    if (!out.failed) return;
    expect(new Set(out.findings.map((f) => f.requirementId))).toEqual(new Set(['CU-14']));
    const m = findingText(out.findings[0]!);
    expect(m).toMatch(/Sequence \(2 save\(s\), each read back/);
    // Each request a step; the created contactId kept in $CONTACT_ID, the address ids a read answered in $ADDRESS_ID_n.
    expect(m).toMatch(
      /1\. CreateContact\(1 address\(es\)\) with contactId 0: POST .*\n {3}CONTACT_ID=\$\(curl -sS -X POST .*customer\/create.*\n2\. read back: GET .*\n {3}(ANSWER|ADDRESS_ID_1)=\$\(curl -sS -X GET .*contact\/'"\$CONTACT_ID"'/,
    );
    expect(m).toMatch(/\n3\. \w+/);
    expect(m).toContain('"addressId":\'"$ADDRESS_ID_1"\'');
  });

  it('replay a shrunk failure from its seed and path alone', async () => {
    const first = await model({ duplicates: true }, { seed: 7 });
    expect(first.out.failed).toBe(true);
    if (!first.out.failed) return;
    const again = await model({ duplicates: true }, { seed: 7, path: first.out.path });
    expect(again.out.failed).toBe(true);
    if (!again.out.failed) return;
    const titles = (fs: { title: string }[]) => fs.map((f) => f.title.replace(/\d+/g, 'N'));
    expect(titles(again.out.findings)).toEqual(titles(first.out.findings));
  });

  it('file each other defect under the rule that states it', async () => {
    const filed = async (faults: FakeFaults) => {
      const { out } = await model(faults, { numRuns: 20 });
      return out.failed ? [...new Set(out.findings.map((f) => f.requirementId))] : [];
    };
    expect(await filed({ ignoreDeleted: true })).toEqual(['CU-10']);
    expect(await filed({ defaultLost: true })).toEqual(['CU-9']);
    expect(await filed({ dropNew: true })).toEqual(['CU-8']);
    expect(await filed({ renumber: true })).toEqual(['CU-14']);
    expect(await filed({ refuseButApply: true })).toEqual(['CU-14']);
  });

  it('follow contact and address ids past 2^53 digit for digit', async () => {
    const { out, evidence } = await model({ bigIds: true });
    expect(out.failed).toBe(false);
    expect(evidence['CU-14']).toBeGreaterThan(10);
    const dup = await model({ bigIds: true, duplicates: true });
    expect(dup.out.failed && findingText(dup.out.findings[0]!)).toMatch(/contact\/1152921504606851\d{3}\?/);
  });

  it('take a save refused with 400 that changes nothing as an answer', async () => {
    const { out, refused } = await model({ refuseUpdates: true });
    expect(out.failed).toBe(false);
    expect(refused()).toBeGreaterThan(0);
  });

  it('do not judge a contact whose id was handed to another creation too (CU-2), and say so', async () => {
    // Two sequences at once on a target that gives every creation the same contactId: each reads
    // back the other's addresses.
    const { out, stops } = await model({ sameId: true }, { concurrency: 2 });
    expect(out.failed).toBe(false);
    expect(stops.some((s) => /answered to more than one creation \(CU-2\)/.test(s))).toBe(true);
  });
});

describe('sequences', () => {
  it('are decided by the seed, and show each command with its data to fast-check', () => {
    const a = fc.sample(upsertSequence(fixtures), { seed: 3, numRuns: 3 });
    const b = fc.sample(upsertSequence(fixtures), { seed: 3, numRuns: 3 });
    expect(fc.stringify(a)).toEqual(fc.stringify(b));
    expect(fc.stringify(a[0])).toMatch(/CreateContact\(\{"accountCustomId"/);
    const c = customer({ ...fixtures, empties: false });
    expect(fc.sample(c, { seed: 1, numRuns: 1 })[0]!.contactId).toBe(0);
  });
});
