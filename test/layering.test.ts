/**
 * The floors of src/ (README "Layout"): engine → library → live → shell → commands, and the entry
 * files at src/'s top. Every import (static, `export … from`, dynamic `import()`, `import type`) of
 * every module is read with the TypeScript compiler's own parser and resolved; a module may import
 * only from its own floor or one below, check-server and the proxy never import each other, and
 * there is no cycle (Tarjan's strongly connected components, reported in import order).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
function importsOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    )
      found.push(node.moduleReference.expression.text);
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
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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

/** The floors, lowest first; a file directly in src/ is an entry (index.ts, bin.ts, vitest.ts), above them all. */
const FLOORS = ['engine', 'library', 'live', 'shell', 'commands'] as const;

/** The floor of a module path (`src/<floor>/…`), its rank, or the entries' rank for a file in src/ itself. */
function floorOf(module: string): { floor: string; rank: number } {
  const parts = module.split('/');
  if (parts.length === 2) return { floor: 'entry', rank: FLOORS.length };
  const rank = (FLOORS as readonly string[]).indexOf(parts[1]!);
  if (rank === -1) throw new Error(`${module} is on no floor: put it under src/{${FLOORS.join(',')}}/`);
  return { floor: parts[1]!, rank };
}

/** The imports that break the floor rule: one running up a floor, or between check-server and the proxy. */
function layerViolations(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  const command = (module: string) => /^src\/commands\/(check-server|proxy)\//.exec(module)?.[1];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      if (floorOf(to).rank > floorOf(from).rank)
        out.push(`${from} (${floorOf(from).floor}) imports ${to} (${floorOf(to).floor}), a floor above`);
      const a = command(from);
      const b = command(to);
      if (a && b && a !== b) out.push(`${from} imports ${to}: check-server and the proxy share only what lies on a lower floor`);
    }
  }
  return out;
}

/** The import graph of src/, by module path from the repository root. */
function sourceGraph(): { graph: Map<string, string[]>; files: number; edges: number } {
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
  return { graph, files: files.length, edges };
}

describe('the floors of src/', () => {
  it('every module is on a floor and imports only from its floor or below; check-server and the proxy apart', () => {
    const { graph } = sourceGraph();
    expect(layerViolations(graph)).toEqual([]);
    // The rule sees real edges: the commands reach the shell, the shell the library, the library the engine.
    const floorsReached = new Set([...graph].flatMap(([from, to]) => to.map((t) => `${floorOf(from).floor}>${floorOf(t).floor}`)));
    for (const edge of ['commands>shell', 'commands>live', 'shell>library', 'library>engine', 'commands>engine', 'entry>library'])
      expect(floorsReached).toContain(edge);
  });

  it('the rule finds an import running up a floor and one between check-server and the proxy', () => {
    const graph = new Map<string, string[]>([
      ['src/engine/issues.ts', ['src/library/validate.ts']],
      ['src/commands/proxy/server.ts', ['src/commands/check-server/run.ts', 'src/live/sse.ts']],
      ['src/index.ts', ['src/commands/cli.ts']],
    ]);
    expect(layerViolations(graph)).toEqual([
      'src/engine/issues.ts (engine) imports src/library/validate.ts (library), a floor above',
      'src/commands/proxy/server.ts imports src/commands/check-server/run.ts: check-server and the proxy share only what lies on a lower floor',
    ]);
    expect(() => floorOf('src/misc/x.ts')).toThrow(/on no floor/);
  });

  it("the README's Layout names every floor and every directory of src/", () => {
    const docs = ['README.md', 'CONTRIBUTING.md']
      .filter((file) => existsSync(join(ROOT, file)))
      .map((file) => readFileSync(join(ROOT, file), 'utf8'));
    const layout = docs.find((text) => text.includes('## Layout'))!;
    expect(layout).toBeDefined();
    const dirs = new Set(
      modulesUnder(SRC)
        .map((file) => relative(SRC, dirname(file)).split(sep).join('/'))
        .filter(Boolean),
    );
    expect(dirs.size).toBeGreaterThan(FLOORS.length);
    for (const dir of dirs) expect(layout, `src/${dir}/ in the Layout section`).toContain(`${dir.split('/').pop()}/`);
  });
});

describe('import cycles', () => {
  it('src/ has none (cli.ts imports the command modules, never the other way round)', () => {
    const { graph, files, edges } = sourceGraph();
    // The walk did see the graph: the command modules and what cli.ts imports.
    expect(files).toBeGreaterThan(30);
    expect(edges).toBeGreaterThan(50);
    expect(graph.get('src/commands/cli.ts')).toEqual(
      expect.arrayContaining([
        'src/shell/args.ts',
        'src/commands/conformance/command.ts',
        'src/commands/convert/command.ts',
        'src/commands/list/command.ts',
        'src/commands/validate/command.ts',
        'src/commands/check-server/command.ts',
      ]),
    );
    expect(cycles(graph)).toEqual([]);
  });

  it('the check finds a cycle, through a dynamic import or an `import type` too, and a module importing itself', () => {
    const text =
      "import { a } from './a.js';\nexport * from './b.js';\nimport type { T } from './t.js';\nconst later = () => import('./c.js');\n";
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
