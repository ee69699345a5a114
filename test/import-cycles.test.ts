/**
 * No import cycle among the modules of src/: every import (static, `export … from`, dynamic
 * `import()`, and `import type` too) of every module is read with the TypeScript compiler's own
 * parser, resolved to the module it names, and the graph searched for strongly connected
 * components (Tarjan). A cycle is reported as the modules on it, in import order.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const SRC = join(ROOT, 'src');

function modulesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return modulesUnder(path);
    return /\.(ts|mts|cts)$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module specifiers a source file imports, however it imports them. */
export function importsOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) found.push(node.arguments[0].text);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) found.push(node.moduleReference.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names (`./x.js` is `./x.ts`), or undefined for a package or a missing file. */
function resolveModule(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(m|c)?js$/, '');
  return [base, `${stem}.ts`, `${stem}.mts`, `${stem}.cts`, join(base, 'index.ts')].find((candidate) => files.has(candidate));
}

/** The strongly connected components of more than one node (or a node importing itself): the cycles. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) out.push(component.reverse());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return out;
}

describe('import cycles', () => {
  it('src/ has none (cli.ts imports the command modules, never the other way round)', () => {
    const files = modulesUnder(SRC);
    const set = new Set(files);
    const name = (file: string) => relative(ROOT, file).split(sep).join('/');
    const graph = new Map<string, string[]>();
    let edges = 0;
    for (const file of files) {
      const targets = importsOf(file, readFileSync(file, 'utf8'))
        .map((specifier) => resolveModule(file, specifier, set))
        .filter((target): target is string => target !== undefined)
        .map(name);
      edges += targets.length;
      graph.set(name(file), [...new Set(targets)]);
    }
    // The walk did see the graph: the command modules and what cli.ts imports.
    expect(files.length).toBeGreaterThan(30);
    expect(edges).toBeGreaterThan(50);
    expect(graph.get('src/cli.ts')).toEqual(expect.arrayContaining(['src/args.ts', 'src/conformance/command.ts', 'src/convert/command.ts', 'src/list/command.ts', 'src/validate/command.ts', 'src/check-server/command.ts']));
    expect(cycles(graph)).toEqual([]);
  });

  it('the check finds a cycle, through a dynamic import or an `import type` too, and a module importing itself', () => {
    const text = "import { a } from './a.js';\nexport * from './b.js';\nimport type { T } from './t.js';\nconst later = () => import('./c.js');\n";
    expect(importsOf('x.ts', text)).toEqual(['./a.js', './b.js', './t.js', './c.js']);
    const graph = new Map<string, string[]>([
      ['cli', ['args', 'validate']],
      ['validate', ['args', 'cli']],
      ['args', []],
      ['self', ['self']],
    ]);
    expect(cycles(graph)).toEqual([['cli', 'validate'], ['self']]);
    graph.set('validate', ['args']);
    graph.set('self', []);
    expect(cycles(graph)).toEqual([]);
  });
});
