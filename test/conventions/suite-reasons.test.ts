// A suite makes no words of its own: every reason it writes for a requirement it could not judge
// (h.inconclusive), that the config leaves out (h.outOfScope), for a test it skips (h.skip, t.skip)
// and every part's reason (h.part's `why`) is made by a words table (core/words/suite-*.ts through
// suiteSays, or reasonSays), never passed as a string or template literal. Read with TypeScript's
// own parser: the reason argument's shape (through `?:`, `??`, `+` and parentheses), not its text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../support/imports.ts';

/** The argument that holds the reason, by the harness method (runtime/harness.ts) or vitest's skip. */
const REASON_ARG: Record<string, number> = { inconclusive: 1, outOfScope: 1, skip: 0 };

/** Whether an expression is, or may evaluate to, words written in place. */
function literalWords(e: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(e)) return literalWords(e.expression);
  if (ts.isStringLiteralLike(e) || ts.isTemplateExpression(e)) return true;
  if (ts.isConditionalExpression(e)) return literalWords(e.whenTrue) || literalWords(e.whenFalse);
  if (ts.isBinaryExpression(e)) return literalWords(e.left) || literalWords(e.right);
  return false;
}

/** The `why` of each object literal given as a part's outcome (through `?:` and parentheses). */
function partWhys(e: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(e)) return partWhys(e.expression);
  if (ts.isConditionalExpression(e)) return [...partWhys(e.whenTrue), ...partWhys(e.whenFalse)];
  if (!ts.isObjectLiteralExpression(e)) return [];
  return e.properties.flatMap((p) => (ts.isPropertyAssignment(p) && p.name.getText() === 'why' ? [p.initializer] : []));
}

/**
 * Folders whose parts' outcomes, built apart from h.part (`{ judged: 0, why }` returned by a helper), are words of the
 * tables too: a `why:` written in place there is found wherever it stands. Not yet: order-status (fresh.ts, vouchers.ts,
 * plan.ts, refusal-state.ts, across-run.ts) and report (walk.ts, instant.test.ts), whose `why`s are still written in place.
 */
const WHY_DECLARED = ['suites/envelope-auth/'];

/** Each reason written in place in `text`: "file:line method". */
function wordsInPlace(file: string, text: string, anyWhy = false): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const at = REASON_ARG[method];
      const reasons = at !== undefined ? node.arguments.slice(at, at + 1) : method === 'part' && node.arguments[2] ? partWhys(node.arguments[2]) : [];
      for (const r of reasons.filter(literalWords)) found.push(`${file}:${source.getLineAndCharacterOfPosition(r.getStart(source)).line + 1} ${method}`);
    }
    if (anyWhy && ts.isPropertyAssignment(node) && node.name.getText() === 'why' && literalWords(node.initializer))
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.initializer.getStart(source)).line + 1} why`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the suites' reasons are declared words", () => {
  it('the scan sees a reason written in place, in each shape a suite could write one', () => {
    const code = [
      "h.inconclusive('OS-1', 'no answer');",
      'h.outOfScope(ids, `needs ${op}`);',
      "h.skip(w ? 'writes: false' : suiteSays('x'), t);",
      "t.skip(why ?? 'none');",
      "h.part('OS-3', part, n > 0 ? { judged: n } : { judged: 0, why: 'not sent' });",
      "h.inconclusive('OS-1', 'a: ' + why);",
    ].join('\n');
    expect(wordsInPlace('x.ts', code)).toEqual([
      'x.ts:1 inconclusive',
      'x.ts:2 outOfScope',
      'x.ts:3 skip',
      'x.ts:4 skip',
      'x.ts:5 part',
      'x.ts:6 inconclusive',
    ]);
    const declared =
      "h.inconclusive('OS-1', suiteSays('osNotRefused', { salesId, said: said(ex) }));\nh.skip(suiteSays('osNoWritesValidation'), t);\nh.part('OS-3', p, { judged: 0, why: out.why ?? suiteSays('osDeliveredNotSent') });";
    expect(wordsInPlace('x.ts', declared)).toEqual([]);
    const helper = "return { judged: 0, why: `voucher ${id} could not be read` };\nreturn { judged: 0, why: suiteSays('envNoFreeVoucher') };";
    expect(wordsInPlace('x.ts', helper)).toEqual([]);
    expect(wordsInPlace('x.ts', helper, true)).toEqual(['x.ts:1 why']);
  });

  it('no suite passes a string or template literal as a reason', () => {
    const files = sourceFiles(path.join(ROOT, 'suites')).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(50);
    const inPlace = files.flatMap((f) => {
      const file = path.relative(ROOT, f);
      return wordsInPlace(
        file,
        readFileSync(f, 'utf8'),
        WHY_DECLARED.some((d) => file.startsWith(d)),
      );
    });
    expect(inPlace, 'make the reason an entry of core/words/suite-*.ts and call suiteSays (with what to do in scripts/troubleshooting/suite-*.ts)').toEqual([]);
  });
});
