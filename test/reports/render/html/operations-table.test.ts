// The certificate's table "operations x requirements" of the index: built from the observations
// "ix:<id>" the index suite records, taken out of the other observations, and shown in the HTML
// with a mark per cell (the words behind it in its title).
import { describe, expect, it } from 'vitest';
import { notInTable, operationsTable } from '../../../../reports/certify.ts';
import { operationsTableHtml } from '../../../../reports/render/html/operations-table.ts';

const observations = {
  'ix:IX-2': { 'branch-list': 'passed', 'get-tax-list': 'FAILED with an invalid token: HTTP 200' },
  'ix:IX-10': { 'branch-list': 'passed' },
  'ix:IX-4': { 'branch-list': 'HTTP 200', 'get-tax-list': 'HTTP 200', 'order-create': 'not checked: a write operation, and writes is false' },
  tokenCheckedFirst: { report: 403 },
};

describe('the operations table of the certificate', () => {
  it('has one row per operation and one column per requirement, in id order', () => {
    const t = operationsTable(observations)!;
    expect(t.requirements).toEqual(['IX-2', 'IX-4', 'IX-10']);
    expect(t.operations).toEqual(['branch-list', 'get-tax-list', 'order-create']);
    expect(t.cells['get-tax-list']).toEqual({ 'IX-2': 'FAILED with an invalid token: HTTP 200', 'IX-4': 'HTTP 200' });
    expect(Object.keys(observations).filter(notInTable)).toEqual(['tokenCheckedFirst']);
  });

  it('is absent when the run checked no configured operation', () => {
    expect(operationsTable({ tokenCheckedFirst: {} })).toBeUndefined();
    expect(operationsTableHtml(undefined)).toBe('');
  });

  it('marks passed, failed and not checked cells, escapes the words, and shows observed values as they are', () => {
    const html = operationsTableHtml(operationsTable({ ...observations, 'ix:IX-6': { 'branch-list': '<other JSON {a}>' } }));
    expect(html).toContain('<td class="refused" title="FAILED with an invalid token: HTTP 200">&#10007;</td>');
    expect(html).toContain('<td class="accepted" title="passed">&#10003;</td>');
    expect(html).toContain('title="not checked: a write operation, and writes is false">&ndash;</td>');
    expect(html).toContain('<td>&lt;other JSON {a}&gt;</td>');
    expect(html).not.toContain('<other');
  });
});
