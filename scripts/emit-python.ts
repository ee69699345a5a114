/**
 * Emits the generated half of the Python package `bindu_protocol` (python/; the hand-written
 * half, validation, formats, CLI and conformance runner, sits beside it):
 *
 *   python/pyproject.toml                           metadata (the version is package.json's)
 *   python/bindu_protocol/data/<variant>.schema.json  each variant's JSON Schema bundle, as published
 *   python/bindu_protocol/data/<variant>.meta.json  types, method registry and method parts
 *   python/bindu_protocol/data/hints.json           the hint table (src/engine/hint-table.ts) and, per variant,
 *                                                   the other wire's spelling of each enum value
 *   python/bindu_protocol/data/conformance/<variant>.json  the variant's fixture files, by path
 *   python/bindu_protocol/types/<module>.py         a TypedDict per object type, aliases for the rest
 *   python/bindu_protocol/closed/<module>.py        the closed validators (scripts/lib/compile-closed-python.ts):
 *                                                   a function per type and method part, the valid path
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { VariantSpec } from '../schemas/variant.js';
import { FORMAT_WORDS, HINT_TEMPLATES } from '../src/engine/hint-table.js';
import { stableJson, type JsonSchema } from './lib/json-schema.js';
import { compileClosedPython } from './lib/compile-closed-python.js';
import { closedDefinitions } from './emit-validators.js';
import type { Schema } from '../src/engine/schema-places.js';

export const PYTHON_PACKAGE = 'python/bindu_protocol';
/** The directories the build owns inside the package (anything else there is hand-written). */
export const PYTHON_GENERATED_ROOTS = [`${PYTHON_PACKAGE}/data`, `${PYTHON_PACKAGE}/types`, `${PYTHON_PACKAGE}/closed`];
export const PYTHON_GENERATED_FILES = ['python/pyproject.toml'];

/** The wire a variant is written on, and the variant on the other wire whose enums it mirrors. */
const OTHER_WIRE: Readonly<Record<string, string>> = { a2a: 'a2a-v1', bindu: 'aion', 'a2a-v1': 'a2a', aion: 'bindu' };

export const pythonModule = (variant: string) => variant.replace(/-/g, '_');

export interface PythonInput {
  readonly root: string;
  readonly variants: readonly { spec: VariantSpec }[];
  /** Everything generated so far: the bundles and meta files are copied from here. */
  readonly files: ReadonlyMap<string, string>;
}

export function emitPython(input: PythonInput): Map<string, string> {
  const out = new Map<string, string>();
  const pkg = JSON.parse(readFileSync(join(input.root, 'package.json'), 'utf8')) as {
    version: string;
    description: string;
    license: string;
  };
  out.set('python/pyproject.toml', pyproject(pkg.version, pkg.license));
  const enums = new Map<string, string[]>();
  for (const { spec } of input.variants) {
    const bundle = input.files.get(`generated/json-schema/${spec.name}.json`);
    const meta = input.files.get(`generated/validators/${spec.name}.meta.json`);
    if (bundle === undefined || meta === undefined) throw new Error(`python: no bundle or meta file of ${spec.name}`);
    out.set(`${PYTHON_PACKAGE}/data/${spec.name}.schema.json`, bundle);
    out.set(`${PYTHON_PACKAGE}/data/${spec.name}.meta.json`, meta);
    enums.set(spec.name, enumStrings(JSON.parse(bundle) as JsonSchema));
    out.set(`${PYTHON_PACKAGE}/data/conformance/${spec.name}.json`, stableJson(fixtures(input.root, spec.name)));
  }
  const wire: Record<string, Record<string, string[]>> = {};
  for (const { spec } of input.variants) {
    const other = OTHER_WIRE[spec.name];
    wire[spec.name] = other === undefined ? {} : otherWireSpellings(enums.get(spec.name) ?? [], enums.get(other) ?? []);
  }
  out.set(`${PYTHON_PACKAGE}/data/hints.json`, stableJson({ formats: FORMAT_WORDS, templates: HINT_TEMPLATES, wire }));
  const modules: string[] = [];
  for (const { spec } of input.variants) {
    modules.push(pythonModule(spec.name));
    // The bundle's definitions: references already written `#/$defs/Name`.
    const defs = (JSON.parse(input.files.get(`generated/json-schema/${spec.name}.json`)!) as { $defs: Record<string, JsonSchema> }).$defs;
    out.set(`${PYTHON_PACKAGE}/types/${pythonModule(spec.name)}.py`, typedDicts(spec, new Map(Object.entries(defs))));
  }
  for (const { spec } of input.variants) {
    const defs = (JSON.parse(input.files.get(`generated/json-schema/${spec.name}.json`)!) as { $defs: Record<string, Schema> }).$defs;
    const meta = JSON.parse(input.files.get(`generated/validators/${spec.name}.meta.json`)!) as {
      parts: Record<string, Record<string, string>>;
    };
    const closed = closedDefinitions(defs);
    const parts: Record<string, Schema> = {};
    const partLinks: Record<string, string> = {};
    for (const [type, properties] of Object.entries(meta.parts)) {
      for (const [property, module] of Object.entries(properties)) {
        const schema = (closed[type]?.properties as Schema | undefined)?.[property];
        if (module === `${type}.${property}` && isSchema(schema)) parts[module] = schema;
        else partLinks[`${type}.${property}`] = module;
      }
    }
    const compiled = compileClosedPython({ variant: spec.name, closed, parts, partLinks });
    if (compiled.unsupported.length > 0)
      console.warn(`${spec.name}: Python closed validators leave these keywords to the full check: ${compiled.unsupported.join(', ')}`);
    out.set(`${PYTHON_PACKAGE}/closed/${pythonModule(spec.name)}.py`, compiled.text);
  }
  out.set(
    `${PYTHON_PACKAGE}/closed/__init__.py`,
    [
      '"""The closed validators of every variant, generated from the schemas (one module per variant): the valid path of `validate`."""',
      '',
      `__all__ = [${modules.map((name) => `"${name}"`).join(', ')}]`,
      '',
    ].join('\n'),
  );
  out.set(
    `${PYTHON_PACKAGE}/types/__init__.py`,

    [
      '"""TypedDict declarations of every variant, generated from the schemas (one module per variant)."""',
      '',
      `__all__ = [${modules.map((name) => `"${name}"`).join(', ')}]`,
      '',
    ].join('\n'),
  );
  return out;
}

export function pyproject(version: string, license: string): string {
  return `# Generated by scripts/emit-python.ts from package.json; do not edit.
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "bindu-protocol"
version = "${version}"
description = "The Bindu agent protocol (A2A v0.3.0, Bindu's extensions, A2A v1.0, aion) for Python: JSON Schema, TypedDicts, validation with hints, and the conformance suite."
readme = "README.md"
license = { text = "${license}" }
requires-python = ">=3.10"
dependencies = ["jsonschema>=4.10"]
classifiers = [
  "Programming Language :: Python :: 3",
  "Typing :: Typed",
]

[project.scripts]
bindu-protocol-py = "bindu_protocol.cli:main"

[tool.setuptools]
packages = ["bindu_protocol", "bindu_protocol.types", "bindu_protocol.closed"]

[tool.setuptools.package-data]
bindu_protocol = ["py.typed", "data/*.json", "data/conformance/*.json"]
`;
}

// ---------------------------------------------------------------------------------------------
// Fixtures and enum spellings
// ---------------------------------------------------------------------------------------------

function fixtures(root: string, variant: string): Record<string, unknown> {
  const dir = join(root, 'conformance', variant);
  const files: Record<string, unknown> = {};
  const walk = (path: string) => {
    for (const entry of readdirSync(path).sort()) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry.endsWith('.json'))
        files[relative(join(root, 'conformance'), full).split(sep).join('/')] = JSON.parse(readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

/** Every string an `enum` of the bundle lists, or a `const` of a union of constants. */
function enumStrings(bundle: JsonSchema): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const schema = node as JsonSchema;
    if (Array.isArray(schema.enum)) for (const value of schema.enum) if (typeof value === 'string') found.add(value);
    for (const key of ['anyOf', 'oneOf']) {
      const members = schema[key];
      if (
        Array.isArray(members) &&
        members.every((member) => typeof member === 'object' && member !== null && typeof (member as JsonSchema).const === 'string')
      ) {
        for (const member of members) found.add((member as JsonSchema).const as string);
      }
    }
    for (const value of Object.values(schema)) visit(value);
  };
  visit(bundle);
  return [...found].sort();
}

const SCREAMING = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const fullForm = (value: string) => value.toLowerCase().replace(/-/g, '_');
/** `TASK_STATE_INPUT_REQUIRED` → input_required, state_input_required, … (each tail of its words). */
function wireForms(value: string): string[] {
  const parts = fullForm(value).split('_').filter(Boolean);
  return parts.map((_, i) => parts.slice(i).join('_'));
}

/**
 * For each value the other wire spells differently (`completed` ↔ `TASK_STATE_COMPLETED`), the
 * values of this wire it stands for: the same pairing src/engine/issues.ts makes when it words a hint.
 */
function otherWireSpellings(own: readonly string[], other: readonly string[]): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const value of other) {
    const forms = new Set(wireForms(value));
    const matches = own.filter(
      (item) =>
        SCREAMING.test(value) !== SCREAMING.test(item) && (forms.has(fullForm(item)) || fullForm(item).endsWith(`_${fullForm(value)}`)),
    );
    if (matches.length > 0) table[value] = matches;
  }
  return table;
}

// ---------------------------------------------------------------------------------------------
// TypedDicts
// ---------------------------------------------------------------------------------------------

const PY_KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
  'match',
  'case',
]);
const isIdentifier = (name: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !PY_KEYWORDS.has(name);

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);
const refOf = (schema: JsonSchema) =>
  typeof schema.$ref === 'string' && schema.$ref.startsWith('#/$defs/') ? schema.$ref.slice(8) : undefined;

/** A Python string literal (JSON's escapes are Python's, for the characters JSON escapes). */
const pyString = (text: string) => JSON.stringify(text);

function pyLiteral(value: unknown): string | undefined {
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (value === null) return 'None';
  return undefined;
}

/** A docstring: the description, with what would end the string escaped, wrapped at 100 columns. */
function docstring(text: string, indent: string): string[] {
  const safe = text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');
  const words = safe.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line.length > 0 && indent.length + line.length + word.length + 1 > 100) {
      lines.push(line);
      line = word;
    } else line = line.length > 0 ? `${line} ${word}` : word;
  }
  if (line.length > 0) lines.push(line);
  if (lines.length === 0) return [];
  if (lines.length === 1) return [`${indent}"""${lines[0]}${lines[0]!.endsWith('"') ? ' ' : ''}"""`];
  return [`${indent}"""${lines[0]}`, ...lines.slice(1).map((l) => `${indent}${l}`), `${indent}"""`];
}

function comment(text: string, indent: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line.length > 0 && indent.length + 3 + line.length + word.length + 1 > 110) {
      lines.push(line);
      line = word;
    } else line = line.length > 0 ? `${line} ${word}` : word;
  }
  if (line.length > 0) lines.push(line);
  return lines.map((l) => `${indent}#: ${l}`);
}

/** A property that must be absent (`not: {}`) or is an accepted, non-canonical spelling: not part of the canonical type. */
function isHidden(schema: unknown): boolean {
  if (!isSchema(schema)) return false;
  if (schema.deprecated === true) return true;
  return isSchema(schema.not) && Object.keys(schema.not).every((key) => key === 'description');
}

/** Keys a schema requires through an `allOf` member that asks for one of several spellings of it (the first, canonical one). */
function requiredBySpelling(schema: JsonSchema): string[] {
  const keys: string[] = [];
  for (const member of Array.isArray(schema.allOf) ? schema.allOf : []) {
    if (!isSchema(member) || !Array.isArray(member.anyOf)) continue;
    const first = member.anyOf[0];
    if (isSchema(first) && Array.isArray(first.required) && first.required.length === 1) keys.push(first.required[0] as string);
  }
  return keys;
}

/** A reference in a type as the writer builds it: `"Name"` in a class (resolved when read), `Name` in an alias. */
const REF = (name: string) => `\u0000${name}\u0000`;
const REFS = /\u0000([A-Za-z_][A-Za-z0-9_]*)\u0000/g;

class TypedDictWriter {
  /** The TypedDicts, in the order written. */
  private readonly blocks: string[] = [];
  /** The aliases (unions, enums, scalars), written after every TypedDict so they can name them directly. */
  private readonly aliases = new Map<string, { type: string; description: string }>();
  private readonly names = new Set<string>();

  constructor(private readonly definitions: Map<string, JsonSchema>) {
    for (const name of definitions.keys()) this.names.add(name);
  }

  /** The Python type of a schema, as text, references written with REF (see `text`). */
  type(schema: unknown, context: string): string {
    if (
      schema === true ||
      (isSchema(schema) && Object.keys(schema).every((key) => ['description', 'title', 'default', 'examples', '$comment'].includes(key)))
    )
      return '_t.Any';
    if (!isSchema(schema)) return '_t.Any';
    const ref = refOf(schema);
    if (ref !== undefined) return isIdentifier(ref) ? REF(ref) : '_t.Any';
    if ('const' in schema) return literal([schema.const]);
    if (Array.isArray(schema.enum)) return literal(schema.enum);
    if (isSchema(schema.properties)) return REF(this.object(context, schema));
    for (const key of ['anyOf', 'oneOf']) {
      const members = schema[key];
      // The canonical form: a member marked `deprecated` (the enum numbers of the v1.0 wire) is accepted, never written.
      const canonical = Array.isArray(members) ? members.filter((member) => !(isSchema(member) && member.deprecated === true)) : [];
      if (canonical.length > 0 && schema.type === undefined)
        return union(canonical.map((member, i) => this.type(member, `${context}_${i}`)));
    }
    if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return this.type(schema.allOf[0], context);
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
    if (types.length === 0) return '_t.Any';
    return union(
      types.map((type) => {
        switch (type) {
          case 'string':
            return 'str';
          case 'integer':
            return 'int';
          case 'number':
            return 'float';
          case 'boolean':
            return 'bool';
          case 'null':
            return 'None';
          case 'array':
            return `_t.List[${this.type(schema.items ?? true, `${context}_item`)}]`;
          case 'object':
            return isSchema(schema.additionalProperties)
              ? `_t.Dict[str, ${this.type(schema.additionalProperties, `${context}_value`)}]`
              : '_t.Dict[str, _t.Any]';
          default:
            return '_t.Any';
        }
      }),
    );
  }

  /** A TypedDict for an object schema; returns its name. */
  object(name: string, schema: JsonSchema): string {
    let unique = name;
    if (this.names.has(name) && this.definitions.get(name) !== schema) for (let i = 2; this.names.has(unique); i++) unique = `${name}${i}`;
    this.names.add(unique);
    const properties = Object.entries(schema.properties as JsonSchema).filter(([, property]) => !isHidden(property));
    const requiredList = new Set([...(Array.isArray(schema.required) ? (schema.required as string[]) : []), ...requiredBySpelling(schema)]);
    const fields = properties.map(([key, property]) => ({
      key,
      type: this.type(property, `_${unique}_${key.replace(/[^A-Za-z0-9_]/g, '_')}`),
      description: isSchema(property) && typeof property.description === 'string' ? property.description : undefined,
    }));
    const required = fields.filter((field) => requiredList.has(field.key));
    const optional = fields.filter((field) => !requiredList.has(field.key));
    const lines: string[] = [];
    const description = typeof schema.description === 'string' ? schema.description : `The object at ${unique}.`;
    const asClass = fields.every((field) => isIdentifier(field.key));
    const body = (list: typeof fields) =>
      list.flatMap((field) => [...(field.description ? comment(field.description, '    ') : []), `    ${field.key}: ${field.type}`]);
    const functional = (base: string, list: typeof fields, total: boolean) =>
      `${base} = _TypedDict(${pyString(base)}, {${list.map((field) => `${pyString(field.key)}: ${field.type}`).join(', ')}}${total ? '' : ', total=False'})`;
    if (asClass) {
      let base = '_TypedDict';
      if (required.length > 0) {
        base = `_${unique}Required`;
        lines.push(`class ${base}(_TypedDict):`, ...docstring(`The keys ${unique} requires.`, '    '), ...body(required), '', '');
      }
      lines.push(`class ${unique}(${base}, total=False):`, ...docstring(description, '    '), ...body(optional), '');
    } else {
      // Some keys are no Python identifiers (`in`, `@type`): the functional form, the descriptions as comments.
      for (const field of fields) if (field.description) lines.push(...comment(`${field.key}: ${field.description}`, ''));
      const bases: string[] = [];
      if (required.length > 0) {
        lines.push(functional(`_${unique}Required`, required, true));
        bases.push(`_${unique}Required`);
      }
      lines.push(functional(`_${unique}Optional`, optional, false), '', '');
      bases.push(`_${unique}Optional`);
      lines.push(`class ${unique}(${bases.join(', ')}):`, ...docstring(description, '    '), '');
    }
    this.blocks.push(lines.join('\n').replace(REFS, '"$1"'));
    return unique;
  }

  definition(name: string, schema: JsonSchema): void {
    if (!isIdentifier(name)) return;
    if (isSchema(schema.properties)) {
      this.object(name, schema);
      return;
    }
    const type = this.type(schema, `_${name}`);
    const description = typeof schema.description === 'string' ? schema.description : name;
    this.aliases.set(name, { type, description });
  }

  /**
   * The module's blocks: the TypedDicts, then the aliases, each after the aliases it names, naming
   * everything directly (a class is evaluated lazily, but a union of strings cannot be resolved by
   * pydantic 1); only a reference back into a cycle of aliases stays a string.
   */
  text(): string[] {
    const ordered: string[] = [];
    const done = new Set<string>();
    const open = new Set<string>();
    const visit = (name: string) => {
      if (done.has(name) || open.has(name)) return;
      open.add(name);
      const alias = this.aliases.get(name)!;
      for (const [, target] of alias.type.matchAll(REFS)) if (this.aliases.has(target!)) visit(target!);
      open.delete(name);
      done.add(name);
      const type = alias.type.replace(REFS, (_whole, target: string) =>
        this.aliases.has(target) && !done.has(target) ? `"${target}"` : target,
      );
      ordered.push([`${name}: _t.TypeAlias = ${type}`, ...docstring(alias.description, ''), ''].join('\n'));
    };
    for (const name of [...this.aliases.keys()].sort()) visit(name);
    return [...this.blocks, ...ordered];
  }
}

function literal(values: readonly unknown[]): string {
  const literals = values.map(pyLiteral);
  if (literals.some((item) => item === undefined)) return '_t.Any';
  return `_t.Literal[${literals.join(', ')}]`;
}

function union(types: readonly string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes('_t.Any')) return '_t.Any';
  return unique.length === 1 ? unique[0]! : `_t.Union[${unique.join(', ')}]`;
}

function typedDicts(spec: VariantSpec, definitions: Map<string, JsonSchema>): string {
  const writer = new TypedDictWriter(definitions);
  for (const name of [...definitions.keys()].sort()) writer.definition(name, definitions.get(name)!);
  const header = [
    `"""${spec.title}: TypedDicts of the ${spec.name} variant, generated from the schemas by scripts/emit-python.ts; do not edit.`,
    '',
    'Keys are as on the wire, in the canonical form a program writes: lowerCamel names only (the accepted',
    'snake_case spellings of the v1.0 wire are left out), required keys required. `validate` checks the rest.',
    '"""',
    '# Definitions refer to each other by name, in any order.',
    'import typing as _t',
    '',
    'if _t.TYPE_CHECKING:',
    '    from typing import TypedDict as _TypedDict',
    'else:',
    "    try:  # pydantic 2 takes only typing_extensions' TypedDict before Python 3.12 (pydantic depends on it)",
    '        from typing_extensions import TypedDict as _TypedDict',
    '    except ImportError:',
    '        from typing import TypedDict as _TypedDict',
    '',
    `__all__ = [${[...definitions.keys()]
      .filter(isIdentifier)
      .sort()
      .map((name) => pyString(name))
      .join(', ')}]`,
    '',
    '',
  ];
  return `${header.join('\n')}${writer.text().join('\n\n')}`;
}
