// The filter rules of contract/checks/report-filter-rules.ts: a module filter holds only its module
// (RP-8), an empty id filter is no filter (RP-22), an unknown module never widens (RP-24), a
// branchList text leaks no other branch (RP-26); each a finding of its id, or none.
import { describe, expect, it } from 'vitest';
import { branchTextLeaked, emptyFilterIsNoFilter, moduleFilterStrays, unknownModuleReported } from '../../../contract/checks/report-filter-rules.ts';
import { exchange } from '../report-exchanges.ts';

const page = (totalCount: number, items: unknown[] = []) => exchange(200, { status: true, message: 'ok', code: '200', response: { totalCount, items } });
const refused = exchange(400, { status: false, message: 'bad', code: '400', response: null });

describe('moduleFilterStrays', () => {
  it('finds nothing on pages of the module asked for, and counts the strays of others', () => {
    expect(moduleFilterStrays('bom', [page(2, [{ module: 'bom' }, { module: 'bom' }])])).toEqual([]);
    const [f, ...more] = moduleFilterStrays('bom', [page(3, [{ module: 'bom' }]), page(3, [{ module: 'mc' }, { module: 'mc' }])]);
    expect(more).toEqual([]);
    expect(f).toMatchObject({ requirementId: 'RP-8', received: '2 item(s) not bom', expected: 'only bom transactions' });
  });
});

describe('emptyFilterIsNoFilter', () => {
  it('holds the count to the count without the filter, a refusal included', () => {
    expect(emptyFilterIsNoFilter('productIds', page(7), 7)).toEqual([]);
    expect(emptyFilterIsNoFilter('productIds', page(0), 7)[0]).toMatchObject({ requirementId: 'RP-22', received: 'totalCount 0 (without productIds: 7)' });
    expect(emptyFilterIsNoFilter('productIds', refused, 7)[0]!.requirementId).toBe('RP-22');
  });
});

describe('unknownModuleReported', () => {
  it('takes a refusal or an empty report, never transactions', () => {
    expect(unknownModuleReported(refused)).toEqual([]);
    expect(unknownModuleReported(page(0))).toEqual([]);
    expect(unknownModuleReported(page(12))[0]).toMatchObject({ requirementId: 'RP-24', received: 'totalCount 12' });
  });
});

describe('branchTextLeaked', () => {
  const o = { text: '4 OR 4=4', named: '4', own: 0, empty: true };
  it('allows the transactions of the branch named, and finds any more', () => {
    expect(branchTextLeaked(o, page(0))).toEqual([]);
    expect(branchTextLeaked({ ...o, own: 3, empty: false }, page(3))).toEqual([]);
    expect(branchTextLeaked(o, page(9))[0]).toMatchObject({ requirementId: 'RP-26', received: 'branchList "4 OR 4=4": HTTP 200 with 9 transaction(s)' });
  });
});
