/**
 * Finds and loads what the build generated for a variant, on first use and once:
 * - `generated/validators/<variant>.meta.json`: type names and the method registry;
 * - `generated/validators/<variant>/<Type>.cjs`: a type's closed verdict validator, loaded with
 *   the modules of the types it refers to the first time the type is validated;
 * - `generated/validators/<variant>/<Type>.open.cjs`: the open one, only when a closed one fails;
 * - `generated/validators/<variant>/<Type>.<property>.cjs` (and `.open.cjs`): the validators of a
 *   type's `params` or `result` property written inline (`parts` in the meta file);
 * - `generated/json-schema/<variant>.json`: the published bundle, read by the explainer when a
 *   payload needs explaining.
 *
 * This module is part of both the ESM and the CommonJS build, so it cannot use `import.meta`. It
 * finds its own file from the V8 call site (a path in CommonJS, a file URL in ESM), walks up to
 * the package root, and loads the CommonJS validator modules with a `require` made there.
 *
 * The build reads them from memory instead (`withGeneratedFiles`): the docs' conformance page is
 * computed, in the same build, from the validators that build has just generated, not from the
 * ones still on disk.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileFunction } from 'node:vm';
import { formats } from './formats.js';
import { Explainer, type FormatCheck } from './explain.js';
import { partialDefinitions, type Definitions, type Schema } from './schema-places.js';

/** The variant used when none is named (schemas/variant-table.ts). */
export { defaultVariant as DEFAULT_VARIANT } from '../../schemas/variant-table.js';

/** An error object of a precompiled validator (ajv's shape). */
export interface CompiledError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
}

/** A precompiled verdict-only validator. */
export type CompiledValidator = ((data: unknown, options?: object) => boolean) & { errors?: CompiledError[] | null };

export interface MethodMeta {
  readonly method: string;
  readonly request: string;
  readonly successResponse: string;
  readonly response: string;
  readonly errors: readonly { readonly name: string; readonly code: number | null }[];
}

export interface VariantMeta {
  readonly variant: string;
  readonly types: readonly string[];
  readonly methods: readonly MethodMeta[];
  readonly errors: Readonly<Record<string, number>>;
  /**
   * Per type, its part properties (`params`, `result`) and the module that validates each: the
   * referenced type's name, or `<Type>.<property>` for a property written inline.
   */
  readonly parts?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * The directory of this file, in the CommonJS build, the ESM build and under a TypeScript loader:
 * from the V8 call site (a path in CommonJS, a file URL in ESM), else from `__dirname` (which
 * `node -e` also defines, as ".", for every module; hence the call site first).
 */
function thisDirectory(): string | undefined {
  const originalPrepare = Error.prepareStackTrace;
  const originalLimit = Error.stackTraceLimit;
  let file: string | undefined;
  try {
    Error.stackTraceLimit = 1;
    Error.prepareStackTrace = (_error, frames) => frames;
    const frames = new Error().stack as unknown as NodeJS.CallSite[] | undefined;
    file = Array.isArray(frames) ? (frames[0]?.getFileName() ?? undefined) : undefined;
  } catch {
    file = undefined;
  } finally {
    Error.prepareStackTrace = originalPrepare;
    Error.stackTraceLimit = originalLimit;
  }
  if (file && (file.startsWith('file:') || isAbsolute(file))) return dirname(file.startsWith('file:') ? fileURLToPath(file) : file);
  return typeof __dirname === 'string' && isAbsolute(__dirname) ? __dirname : undefined;
}

let root: string | undefined;

/** The directory holding the bindu-protocol package.json (works from src/, dist/src/ and dist/cjs/src/). */
export function packageRoot(): string {
  if (root) return root;
  const start = resolve(thisDirectory() ?? process.cwd());
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      try {
        if ((JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string }).name === 'bindu-protocol') return (root = dir);
      } catch {
        // not a package.json we can read; keep looking
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`bindu-protocol: cannot find the package root above ${start}`);
    dir = parent;
  }
}

/**
 * Where the running copy of the package's code is: `source` (src/, under a TypeScript loader),
 * `cjs` (dist/cjs/src/), or `esm` (anything else in dist/: the ESM build and the two bundles).
 */
export function codeLayout(): 'source' | 'esm' | 'cjs' {
  const here = thisDirectory();
  const path = here ? relative(packageRoot(), here).split(sep).join('/') : '';
  if (path === 'dist/cjs' || path.startsWith('dist/cjs/')) return 'cjs';
  if (path === 'dist' || path.startsWith('dist/')) return 'esm';
  return 'source';
}

/**
 * Loads a CommonJS module of the package synchronously by its path from the package root
 * (`dist/cjs/src/library/typebox-variants.js`, a generated validator, …).
 */
export function requireFromPackage(path: string): unknown {
  return load(join(packageRoot(), path));
}

let requireHere: NodeJS.Require | undefined;
function load(path: string): unknown {
  if (inMemory(path) !== undefined) return loadFromMemory(path);
  requireHere ??= createRequire(join(packageRoot(), 'package.json'));
  return requireHere(path);
}

/**
 * The generated files held in memory by `withGeneratedFiles` (path from the package root, with
 * `/`, → content), or undefined: the files on disk.
 */
let memoryFiles: ReadonlyMap<string, string> | undefined;
/** The CommonJS modules loaded from `memoryFiles`, by absolute path. */
const memoryModules = new Map<string, { exports: unknown }>();

/** The content of `path` (absolute) among the files in memory, if it is one of them. */
function inMemory(path: string): string | undefined {
  if (memoryFiles === undefined) return undefined;
  return memoryFiles.get(relative(packageRoot(), path).split(sep).join('/'));
}

/**
 * Runs a generated CommonJS module held in memory, as `require` would run it from the disk: its
 * relative requires (`./Message.cjs`, `../formats.cjs`) are served from memory when there, every
 * other one (`ajv-formats/…`) by Node's own `require` from where the file would be.
 */
function loadFromMemory(path: string): unknown {
  const cached = memoryModules.get(path);
  if (cached) return cached.exports;
  const module = { exports: {} as unknown };
  memoryModules.set(path, module);
  const nodeRequire = createRequire(path);
  const moduleRequire = Object.assign(
    (id: string) => (id.startsWith('.') ? load(resolve(dirname(path), id)) : nodeRequire(id)),
    nodeRequire,
  );
  const run = compileFunction(inMemory(path)!, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: path });
  try {
    run(module.exports, moduleRequire, module, path, dirname(path));
  } catch (error) {
    memoryModules.delete(path);
    throw error;
  }
  return module.exports;
}

/**
 * Runs `task` with the package's generated files read from `files` (path from the package root →
 * content: the outputs of a build not yet written) instead of the disk: variant meta data, the
 * validators and the published bundles. What was loaded before is set aside for the while, so
 * nothing of the disk's generation and the memory's mixes.
 */
export function withGeneratedFiles<T>(files: ReadonlyMap<string, string>, task: () => T): T {
  const savedFiles = memoryFiles;
  const savedModules = new Map(memoryModules);
  const savedVariants = new Map(loaded);
  memoryFiles = files;
  memoryModules.clear();
  loaded.clear();
  try {
    return task();
  } finally {
    memoryFiles = savedFiles;
    memoryModules.clear();
    for (const [path, module] of savedModules) memoryModules.set(path, module);
    loaded.clear();
    for (const [name, variant] of savedVariants) loaded.set(name, variant);
  }
}

function readJson(path: string): unknown {
  return JSON.parse(inMemory(path) ?? readFileSync(path, 'utf8'));
}

/** The variants the build generated validators for, sorted. */
export function availableVariants(): string[] {
  const dir = join(packageRoot(), 'generated', 'validators');
  const metaSuffix = '.meta.json';
  if (memoryFiles !== undefined) {
    const prefix = 'generated/validators/';
    return [...memoryFiles.keys()]
      .filter((path) => path.startsWith(prefix) && path.endsWith(metaSuffix) && !path.slice(prefix.length).includes('/'))
      .map((path) => path.slice(prefix.length, -metaSuffix.length))
      .sort();
  }
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(metaSuffix))
    .map((file) => file.slice(0, -metaSuffix.length))
    .sort();
}

/**
 * Passed to every compiled validator: its signature defaults `{…, dynamicAnchors = {}} = {}`,
 * which would allocate on each call without it.
 */
export const CALL_OPTIONS: object = Object.freeze({ dynamicAnchors: Object.freeze({}) });

/** Everything one variant needs at run time; each part is loaded the first time it is used. */
export class LoadedVariant {
  private readonly closedValidators = new Map<string, CompiledValidator>();
  private readonly openValidators = new Map<string, CompiledValidator>();
  private readonly partValidators = new Map<string, CompiledValidator>();
  private explainerInstance?: Explainer;
  private definitionsInstance?: Definitions;
  private methodIndex?: Map<string, MethodMeta>;
  private typeNames?: Set<string>;

  constructor(
    readonly name: string,
    /** The type names and the method registry. */
    readonly meta: VariantMeta,
  ) {}

  private module(type: string, kind: 'closed' | 'open'): CompiledValidator {
    const file = join(packageRoot(), 'generated', 'validators', this.name, `${type}${kind === 'open' ? '.open' : ''}.cjs`);
    return (load(file) as { validate: CompiledValidator }).validate;
  }

  /** True when the variant has a type of this name. */
  hasType(type: string): boolean {
    this.typeNames ??= new Set(this.meta.types);
    return typeof type === 'string' && this.typeNames.has(type);
  }

  /** The closed validator of a type (loaded with its closure on first use), or undefined when there is no such type. */
  closedValidator(type: string): CompiledValidator | undefined {
    let validator = this.closedValidators.get(type);
    if (validator) return validator;
    if (!this.hasType(type)) return undefined;
    validator = this.module(type, 'closed');
    this.closedValidators.set(type, validator);
    return validator;
  }

  /**
   * What validates the property `property` (`params` or `result`) of a type: `type` when the
   * property is a reference to that type, else `module`, the property's own validators. Undefined
   * when the type has no such property.
   */
  part(type: string, property: string): { readonly type: string } | { readonly module: string } | undefined {
    const parts = this.meta.parts;
    const module = parts && Object.hasOwn(parts, type) && Object.hasOwn(parts[type], property) ? parts[type]![property] : undefined;
    if (module === undefined) return undefined;
    return module === `${type}.${property}` ? { module } : { type: module };
  }

  /** The closed or open validator of a part module (`<Type>.<property>`, see `part`). */
  partValidator(module: string, kind: 'closed' | 'open'): CompiledValidator {
    const key = `${kind} ${module}`;
    let validator = this.partValidators.get(key);
    if (!validator) {
      validator = this.module(module, kind);
      this.partValidators.set(key, validator);
    }
    return validator;
  }

  /** The open validator of a type (the variant must have it). */
  openValidator(type: string): CompiledValidator {
    let validator = this.openValidators.get(type);
    if (!validator) {
      validator = this.module(type, 'open');
      this.openValidators.set(type, validator);
    }
    return validator;
  }

  /** A method of the registry by name. */
  method(name: string): MethodMeta | undefined {
    this.methodIndex ??= new Map(this.meta.methods.map((method) => [method.method, method]));
    return this.methodIndex.get(name);
  }

  /** The variant's definitions as published (the `$defs` of `generated/json-schema/<variant>.json`), read on first use. */
  get definitions(): Definitions {
    if (!this.definitionsInstance) {
      const bundle = readJson(join(packageRoot(), 'generated', 'json-schema', `${this.name}.json`)) as { $defs: Record<string, Schema> };
      this.definitionsInstance = bundle.$defs;
    }
    return this.definitionsInstance;
  }

  get explainer(): Explainer {
    if (!this.explainerInstance) {
      const definitions = this.definitions;
      const passes = (definition: string, value: unknown) => {
        const validator = this.closedValidator(definition);
        return validator ? validator(value, CALL_OPTIONS) : false;
      };
      this.explainerInstance = new Explainer({
        definitions,
        partial: partialDefinitions(definitions),
        formats: formats as Readonly<Record<string, FormatCheck>>,
        passes,
      });
    }
    return this.explainerInstance;
  }
}

const loaded = new Map<string, LoadedVariant>();

/**
 * The run-time half of a variant (its meta data; validators load per type on first use).
 * Throws a TypeError naming the known variants when there is no such variant.
 */
export function loadVariant(name: string): LoadedVariant {
  let variant = loaded.get(name);
  if (variant) return variant;
  const file =
    typeof name === 'string' && /^[a-z0-9-]+$/.test(name) ? join(packageRoot(), 'generated', 'validators', `${name}.meta.json`) : undefined;
  if (!file || (memoryFiles !== undefined ? inMemory(file) === undefined : !existsSync(file))) {
    throw new TypeError(`unknown variant "${String(name)}" (expected one of: ${availableVariants().join(', ')})`);
  }
  variant = new LoadedVariant(name, readJson(file) as VariantMeta);
  loaded.set(name, variant);
  return variant;
}
