// What the code says to a user, read from its source: the string and template literals that make a
// preflight note or problem, or a requirement's reason, with each ${...} as "…" (the TypeScript
// parser, never run). test/scripts/troubleshooting.test.ts holds docs/troubleshooting.md to them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from '../../scripts/docs.ts';

/** Where a file says things: the calls whose argument (by index), the properties, the assigned members, the constants and the functions whose returns are said. */
export interface Sayings {
  calls?: Record<string, number>;
  properties?: string[];
  assigned?: string[];
  constants?: string[];
  returnsOf?: (name: string) => boolean;
}

/** The fixed texts of an expression: a literal, each branch of a choice, the parts of a sum or a list (never inside a ${...}). */
function literalsOf(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text + node.templateSpans.map((s) => `…${s.literal.text}`).join('')];
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...literalsOf(node.left), ...literalsOf(node.right)];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return literalsOf(node.expression);
  if (ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node)) return node.getChildren().flatMap((c) => c.getChildren().flatMap(literalsOf));
  if (ts.isPropertyAssignment(node)) return literalsOf(node.initializer);
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) return literalsOf(node.expression.expression);
  if (ts.isSpreadElement(node)) return literalsOf(node.expression);
  if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return literalsOf(node.body);
  return [];
}

const nameOf = (fn: ts.Node): string | undefined =>
  ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)
    ? fn.name?.getText()
    : (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && (ts.isPropertyAssignment(fn.parent) || ts.isVariableDeclaration(fn.parent))
      ? fn.parent.name.getText()
      : undefined;

/** The fixed texts `file` says (with at least a few words: a separator is not a saying). */
export function said(file: string, where: Sayings): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText().split('.').at(-1)!;
      const at = where.calls?.[callee];
      if (at !== undefined && node.arguments[at]) out.push(...literalsOf(node.arguments[at]));
    }
    if (ts.isPropertyAssignment(node) && where.properties?.includes(node.name.getText())) out.push(...literalsOf(node.initializer));
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      where.assigned?.includes(node.left.getText().split('.').at(-1)!)
    )
      out.push(...literalsOf(node.right));
    if (ts.isVariableDeclaration(node) && node.initializer && where.constants?.includes(node.name.getText())) out.push(...literalsOf(node.initializer));
    if (ts.isReturnStatement(node) && node.expression && where.returnsOf) {
      let fn: ts.Node | undefined = node.parent;
      while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
      const name = fn && nameOf(fn);
      if (name && where.returnsOf(name)) out.push(...literalsOf(node.expression));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(out)].filter(
    (text) =>
      text
        .replace(/…/g, '')
        .split(/\s+/)
        .filter((w) => /[a-z]/i.test(w)).length >= 3,
  );
}
