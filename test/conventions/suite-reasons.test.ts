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
 * Folders whose helpers' reasons are words of the tables too: a reason written in place is found
 * wherever it stands there, not only where a test passes it to the harness. A reason a helper
 * carries is a `why` or a `reason` (of an outcome it returns: `{ judged: 0, why }`, a Plan's,
 * a Judgement's; or set later, `out.why ??= ...`), what a function named for one returns
 * (`tooFewReason`), or the argument of a local function or method whose parameter is one
 * (`stop(reason)`, `unusable(why)`). A `reason` written as a plain string without a space is a
 * token, not words (a walk's end 'cap', the order status update's body field).
 * A table cell of the observations (index-operations' Cells: `inconclusive: ${why}`) is a description, not a reason.
 */
const WHY_DECLARED = ['suites/envelope-auth/', 'suites/index-operations/', 'suites/order-status/', 'suites/report/'];

/** A property or parameter name that holds a reason. */
const REASON_NAME = /^(why|reason)$/;

/** Whether `e`, held by a property or parameter named `name`, is words written in place. */
function heldWords(name: string, e: ts.Expression): boolean {
  if (name !== 'reason') return literalWords(e);
  const plain = (x: ts.Expression): boolean =>
    ts.isParenthesizedExpression(x)
      ? plain(x.expression)
      : ts.isConditionalExpression(x)
        ? plain(x.whenTrue) || plain(x.whenFalse)
        : ts.isStringLiteral(x) || ts.isNoSubstitutionTemplateLiteral(x)
          ? /\s/.test(x.text)
          : literalWords(x);
  return plain(e);
}

/** The name a function is known by: its declaration's, a method's, or the variable's it is assigned to. */
function functionName(f: ts.SignatureDeclaration): string | undefined {
  if ((ts.isFunctionDeclaration(f) || ts.isMethodDeclaration(f)) && f.name) return f.name.getText();
  if ((ts.isArrowFunction(f) || ts.isFunctionExpression(f)) && ts.isVariableDeclaration(f.parent)) return f.parent.name.getText();
  return undefined;
}

/** The local functions and methods of a file that take a reason, by name: the reason parameter's place. */
function reasonTakers(source: ts.SourceFile): Map<string, number> {
  const takers = new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) {
      const name = functionName(node);
      const at = node.parameters.findIndex((p) => REASON_NAME.test(p.name.getText()));
      if (name && at >= 0) takers.set(name, at);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return takers;
}

/** Each reason written in place in `text`: "file:line method". `anyWhy`: a helper's reasons too (WHY_DECLARED). */
function wordsInPlace(file: string, text: string, anyWhy = false): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (e: ts.Node, what: string) => found.push(`${file}:${source.getLineAndCharacterOfPosition(e.getStart(source)).line + 1} ${what}`);
  const takers = anyWhy ? reasonTakers(source) : new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
      const harness = ts.isPropertyAccessExpression(callee) && method !== undefined ? REASON_ARG[method] : undefined;
      if (harness !== undefined) for (const r of node.arguments.slice(harness, harness + 1).filter(literalWords)) at(r, method!);
      else if (ts.isPropertyAccessExpression(callee) && method === 'part' && node.arguments[2])
        for (const r of partWhys(node.arguments[2]).filter(literalWords)) at(r, 'part');
      else if (method !== undefined && takers.has(method)) {
        const r = node.arguments[takers.get(method)!];
        if (r && literalWords(r)) at(r, method);
      }
    }
    if (anyWhy) {
      if (ts.isPropertyAssignment(node) && REASON_NAME.test(node.name.getText()) && heldWords(node.name.getText(), node.initializer))
        at(node.initializer, node.name.getText());
      if (
        ts.isBinaryExpression(node) &&
        ts.isPropertyAccessExpression(node.left) &&
        REASON_NAME.test(node.left.name.text) &&
        [ts.SyntaxKind.EqualsToken, ts.SyntaxKind.QuestionQuestionEqualsToken].includes(node.operatorToken.kind) &&
        heldWords(node.left.name.text, node.right)
      )
        at(node.right, node.left.name.text);
      if (ts.isReturnStatement(node) && node.expression && literalWords(node.expression)) {
        let f: ts.Node = node.parent;
        while (!ts.isFunctionLike(f) && !ts.isSourceFile(f)) f = f.parent;
        const name = ts.isFunctionLike(f) ? functionName(f) : undefined;
        if (name && /(Reason|Why)$/.test(name)) at(node.expression, 'return');
      }
    }
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

  it("the scan sees a helper's reason built in place, in each shape the order-status and report helpers built one before", () => {
    // Samples of the code before (stop 51): fresh.ts, plan.ts, refusal-state.ts, across-run.ts, parallel-source.ts, instant.test.ts.
    const before = [
      "if (!rb) return { ok: false, why: 'readBack.orderStatus is not configured' };",
      'const unusable = (why: string): Plan => ({ kind: "used-up", reason: `voucher ${id}, ${why}`, passedOver: [] });',
      'if (!first) return unusable(`reads ${state}, from which the ${spec.role} walk has no step`);',
      'out.why ??= `voucher ${String(salesId)} could not be read: ${before.why}`;',
      'class R { private stop(reason: string): false { return false; } go() { return this.stop(`${v}: ${to} ${said}`); } }',
      'export function tooFewReason(): string { return `Order Create made ${n} voucher(s)`; }',
      "if (!w.answered) return { held: undefined, reason: 'the range was not answered to its end' };",
    ].join('\n');
    expect(wordsInPlace('x.ts', before, true)).toEqual([
      'x.ts:1 why',
      'x.ts:2 reason',
      'x.ts:3 unusable',
      'x.ts:4 why',
      'x.ts:5 stop',
      'x.ts:6 return',
      'x.ts:7 reason',
    ]);
    expect(wordsInPlace('x.ts', before)).toEqual([]);
    // Tokens and words that are no reason: a walk's end, the update's body field, a function not named for a reason.
    const not = [
      "end = { reason: 'cap', offset };",
      "h.client.updateOrderStatus({ salesId, body: { orderStatus: 'Confirmed', reason: 'not-a-number' } });",
      'const line = (ex: Exchange) => `${ex.request.method} answered ${said(ex)}`;',
      'function said(ex: Exchange): string { return `HTTP ${ex.response.status}`; }',
      "return { ok: false, why: suiteSays('osReadBackOff') };",
      "return unusable(suiteSays('osFreshNotPaid', { salesId, request }));",
    ].join('\n');
    expect(wordsInPlace('x.ts', `const unusable = (why: string) => why;\n${not}`, true)).toEqual([]);
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
