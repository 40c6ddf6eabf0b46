import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * One home for each rule (issue 17): every sentence of a `…_MESSAGES` / `…_TEXTS` table is written once, in
 * one file, and imported everywhere else — the web app, the BFF and the services included. A page size is a
 * named value of the contracts, never a number typed again.
 */
const root = resolve(__dirname, '../..');
const ROOTS = ['domain/src', 'contracts/src', 'web/src', 'bff/src', 'services'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'test' || name.endsWith('.generated.ts')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const files = ROOTS.flatMap((dir) => sourceFiles(join(root, dir)));
const parsed = files.map((file) => ({
  file: relative(root, file),
  source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS),
}));

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

const textOf = (node: ts.Node): string | null =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isJsxText(node) ? node.text.trim() : null;

/** The sentences of every `const X_MESSAGES = { … }` / `X_TEXTS` table (string values long enough to be sentences). */
function sentences(): Set<string> {
  const found = new Set<string>();
  for (const { source } of parsed) {
    walk(source, (node) => {
      if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !/(MESSAGES|TEXTS)$/.test(node.name.text)) return;
      let init = node.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
      if (!init || !ts.isObjectLiteralExpression(init)) return;
      for (const property of init.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const text = textOf(property.initializer);
        if (text && text.length >= 12) found.add(text);
      }
    });
  }
  return found;
}

describe('one home for each rule', () => {
  it('every sentence of a messages or texts table is written in one file only', () => {
    const known = sentences();
    const where = new Map<string, Set<string>>();
    for (const { file, source } of parsed) {
      walk(source, (node) => {
        const text = textOf(node);
        if (text && known.has(text)) (where.get(text) ?? where.set(text, new Set()).get(text)!).add(file);
      });
    }
    const repeated = [...where].filter(([, inFiles]) => inFiles.size > 1).map(([text, inFiles]) => `${JSON.stringify(text)} in ${[...inFiles].join(', ')}`);
    expect(repeated).toEqual([]);
  });

  it("page sizes are the contracts' named values, never numbers typed again in the web app, the BFF or the services", () => {
    const typedAgain: string[] = [];
    for (const { file, source } of parsed) {
      if (!/^(web|bff|services)\//.test(file)) continue;
      walk(source, (node) => {
        const line = () => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        // const SOMETHING_PAGE = 20 / const pageSize = 20
        if (
          ts.isVariableDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          /page(_?size)?$/i.test(node.name.text) &&
          node.initializer &&
          ts.isNumericLiteral(node.initializer)
        )
          typedAgain.push(`${line()} ${node.name.text} = ${node.initializer.text}`);
        // { limit: 20 } where 20 is a page size of the contracts
        if (
          ts.isPropertyAssignment(node) &&
          ts.isIdentifier(node.name) &&
          node.name.text === 'limit' &&
          ts.isNumericLiteral(node.initializer) &&
          ['10', '20'].includes(node.initializer.text)
        )
          typedAgain.push(`${line()} limit: ${node.initializer.text}`);
      });
    }
    expect(typedAgain).toEqual([]);
  });
});
