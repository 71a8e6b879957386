// The table test of the suites' reasons (suite-words-*.test.ts): each row a code, sample values and
// the sentence the suite wrote in place before; every code of the given tables has its row.
import { describe, expect, it } from 'vitest';
import { type SuiteCode, suiteSays } from '../../../core/words/suites.ts';

export type SuiteWordsRow = [SuiteCode, Record<string, unknown> | undefined, string];

const say = suiteSays as (code: SuiteCode, v?: unknown) => string;

export function describeSuiteWords(title: string, rows: SuiteWordsRow[], tables: Record<string, unknown>[]): void {
  describe(title, () => {
    it.each(rows)('%s says its sentence', (code, values, sentence) => {
      expect(say(code, values)).toBe(sentence);
    });

    it('has a row for every code of its tables', () => {
      expect(rows.map(([code]) => code).sort()).toEqual(Object.keys(Object.assign({}, ...tables)).sort());
    });
  });
}
