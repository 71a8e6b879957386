// The catalogue is tied to the spec and to the tests: ids are unique and well formed, every
// requirement is verified by a suite test or says why not, and every fault names real ids.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requirements } from '../../contract/requirements.ts';
import { FAULTS } from '../../reference/faults.ts';
import { specFile } from '../../reports/render/spec-sections.ts';
import { declaredTests } from '../support/declared-tests.ts';

/** Ids declared by `verifies('test id', [...], ...)` in the suites: id -> its suite file under suites/. */
async function declaredIds(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const t of await declaredTests()) for (const id of t.ids) found.set(id, t.file.replace(/^suites\//, ''));
  return found;
}

describe('the requirements catalogue', () => {
  it('has unique ids of the form PREFIX-rule', () => {
    const ids = requirements.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Z]+-\d+[a-z]?$/);
  });

  // The spec lives beside the project (../shared), not in it: a clone without it, or an npm
  // install, skips this check and says where it looked (ERP_SPEC_FILE points it elsewhere).
  const specPath = specFile();
  const specHere = existsSync(specPath);
  it.skipIf(!specHere)(
    `quotes the spec (${specPath}${specHere ? '' : ': absent, set ERP_SPEC_FILE to check against it'}) for every requirement, and names the oracle where the spec is ambiguous`,
    () => {
      const spec = readFileSync(specPath, 'utf8');
      // Table rows are quoted with their cells joined by " | ", several quotes by "; " or " ... ".
      const norm = (t: string) => t.replace(/[`"]/g, '').replace(/\|/g, ' ').replace(/\s+/g, ' ').trim();
      const text = norm(spec);
      for (const r of requirements) {
        expect(r.quote.length, r.id).toBeGreaterThan(10);
        for (const part of r.quote
          .split(/; | \.\.\. ?/)
          .map(norm)
          .filter((p) => p.length > 3)) {
          expect(text.includes(part), `${r.id} quotes "${part}", which is not in the spec`).toBe(true);
        }
      }
      // INFO: what the spec leaves "not shown" or gives as "values seen", or a choice it leaves open (said in ambiguity).
      for (const r of requirements.filter((x) => x.level === 'INFO'))
        expect(`${r.quote} ${r.ambiguity ?? ''}`, r.id).toMatch(/not shown|values seen|Transitions|choice|Recorded|recorded/);
    },
  );

  it('is verified requirement by requirement: every id is declared by a suite test, or says why it is not tested', async () => {
    const declared = await declaredIds();
    const unverified = requirements.filter((r) => !declared.has(r.id) && !r.notTested).map((r) => r.id);
    expect(unverified).toEqual([]);
    for (const id of declared.keys())
      expect(
        requirements.some((r) => r.id === id),
        `${id} declared by ${declared.get(id)}`,
      ).toBe(true);
  }, 60_000);
});

describe('the fault switches', () => {
  it('each break existing MUST or SHOULD requirements, and there are at least 30', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(FAULTS.map((f) => f.name)).size).toBe(FAULTS.length);
    for (const f of FAULTS) {
      for (const id of f.breaks) {
        const r = requirements.find((x) => x.id === id);
        expect(r, `${f.name} breaks ${id}`).toBeDefined();
        expect(r!.level, `${f.name} breaks ${id}`).not.toBe('INFO');
      }
    }
  });
});
