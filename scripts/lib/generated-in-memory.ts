/**
 * The build's view of its own outputs before they are written: `withGeneratedFiles(files, task)`
 * runs `task` with the runtime's registry (src/engine/load-validators.ts) served from `files`
 * (path from the repository root → content). Validator modules are CommonJS text run with
 * `compileFunction`; their relative requires (`./Message.cjs`, `../formats.cjs`, JSON files) are
 * served from memory when there and from the disk otherwise, every other one (`ajv/…`) by Node.
 * Build-time only: the runtime itself evaluates no code.
 */
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileFunction } from 'node:vm';
import { withGeneratedRegistry, type GeneratedRegistry, type GeneratedVariant } from '../../src/engine/load-validators.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function withGeneratedFiles<T>(files: ReadonlyMap<string, string>, task: () => T): T {
  const modules = new Map<string, { exports: unknown }>();
  const relativePath = (path: string) => relative(ROOT, path).split(sep).join('/');

  const load = (path: string): unknown => {
    const text = files.get(relativePath(path));
    if (text === undefined) return createRequire(path)(path);
    const cached = modules.get(path);
    if (cached) return cached.exports;
    if (path.endsWith('.json')) {
      const module = { exports: JSON.parse(text) as unknown };
      modules.set(path, module);
      return module.exports;
    }
    const module = { exports: {} as unknown };
    modules.set(path, module);
    const nodeRequire = createRequire(path);
    const moduleRequire = Object.assign(
      (id: string) => (id.startsWith('.') ? load(resolve(dirname(path), id)) : nodeRequire(id)),
      nodeRequire,
    );
    const run = compileFunction(text, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: path });
    try {
      run(module.exports, moduleRequire, module, path, dirname(path));
    } catch (error) {
      modules.delete(path);
      throw error;
    }
    return module.exports;
  };

  const names = (dir: string, suffix: string) =>
    [...files.keys()]
      .filter((path) => path.startsWith(dir) && path.endsWith(suffix) && !path.slice(dir.length).includes('/'))
      .map((path) => path.slice(dir.length, -suffix.length));
  const validators = join(ROOT, 'generated', 'validators');
  const registry: GeneratedRegistry = {
    variants: Object.fromEntries(
      names('generated/validators/', '.meta.json').map((name) => [name, () => load(join(validators, `${name}.cjs`)) as GeneratedVariant]),
    ),
    openapi: Object.fromEntries(
      names('generated/openapi/', '.json').map((name) => [name, () => load(join(ROOT, 'generated', 'openapi', `${name}.json`))]),
    ),
  };
  return withGeneratedRegistry(registry, task);
}
