/**
 * Following a value through a variant's published definitions without validating it: which object schema describes
 * the value at a place (its declared properties, the definitions it came through), choosing a union's member the way
 * a reader would (the member whose constants the value carries, else the one declaring most of its keys). `normalize`
 * rewrites along this walk; lenient reading asks it which type lacks a missing key.
 */
import { isSchema, refName, type Definitions, type Schema } from '../engine/schema-places.js';
import { isObject } from '../engine/json-value.js';

/** What describes one object: its declared properties (merged over `$ref` and `allOf`) and the definitions passed. */
export interface ObjectView {
  readonly properties: Readonly<Record<string, Schema>>;
  /** The definitions the walk went through to reach this object (a `$ref` chain, `allOf` members). */
  readonly types: readonly string[];
  /** The schema for keys no property declares (a map's values), when there is one. */
  readonly additional?: Schema;
}

/** The members of a node's union (`anyOf` / `oneOf`), resolved. */
function unionMembers(node: Schema): Schema[] | undefined {
  const list = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  return list?.filter(isSchema) as Schema[] | undefined;
}

export class SchemaWalk {
  constructor(private readonly definitions: Definitions) {}

  /** The schema of a definition by name. */
  definition(name: string): Schema | undefined {
    return Object.hasOwn(this.definitions, name) ? this.definitions[name] : undefined;
  }

  /** A node with its `$ref` followed (and the definition names passed on the way). */
  resolve(node: Schema, types: string[] = []): Schema {
    let current = node;
    for (let depth = 0; depth < 32; depth++) {
      const name = refName(current.$ref);
      const target = name === undefined ? undefined : this.definition(name);
      if (target === undefined) return current;
      types.push(name!);
      // A `$ref` beside other keywords (a description) adds nothing a reader needs here.
      current = target;
    }
    return current;
  }

  /** The object schema describing `value` under `node`, union members chosen by the value; undefined for a non-object node. */
  objectView(node: Schema, value: Record<string, unknown>, rename: (key: string) => string = (key) => key): ObjectView | undefined {
    const properties: Record<string, Schema> = {};
    const types: string[] = [];
    let additional: Schema | undefined;
    let found = false;
    const visit = (raw: Schema, depth: number) => {
      if (depth > 16) return;
      const resolved = this.resolve(raw, types);
      if (isSchema(resolved.properties)) {
        found = true;
        for (const [key, schema] of Object.entries(resolved.properties))
          if (isSchema(schema) && !Object.hasOwn(properties, key)) properties[key] = schema;
      }
      if (isSchema(resolved.additionalProperties)) {
        found = true;
        additional ??= resolved.additionalProperties;
      }
      if (Array.isArray(resolved.allOf)) for (const member of resolved.allOf) if (isSchema(member)) visit(member, depth + 1);
      const members = unionMembers(resolved);
      if (members !== undefined) {
        const chosen = this.chooseMember(members, value, rename);
        if (chosen !== undefined) visit(chosen, depth + 1);
      }
    };
    visit(node, 0);
    return found ? { properties, types, additional } : undefined;
  }

  /** The union member a value is meant as: one whose constants it carries, else the one declaring most of its keys. */
  chooseMember(members: readonly Schema[], value: unknown, rename: (key: string) => string = (key) => key): Schema | undefined {
    if (!isObject(value)) return undefined;
    const keys = Object.keys(value).map(rename);
    let best: Schema | undefined;
    let bestScore = -Infinity;
    for (const member of members) {
      const view = this.flatProperties(member);
      if (view === undefined) continue;
      let score = 0;
      let constantsAgree = true;
      for (const [key, schema] of Object.entries(view)) {
        if ('const' in schema) {
          const given = value[key];
          if (given === undefined) continue;
          if (given === schema.const) score += 100;
          else constantsAgree = false;
        }
      }
      if (!constantsAgree) continue;
      // A key the member declares counts for it; one it says must be absent (`not: {}`) counts strongly against it.
      for (const key of keys) if (Object.hasOwn(view, key)) score += isSchema(view[key]!.not) ? -50 : 1;
      if (score > bestScore) {
        best = member;
        bestScore = score;
      }
    }
    return best;
  }

  /** The properties an object member declares (its own, its `$ref`'s and its `allOf` members'), without choosing unions. */
  private flatProperties(node: Schema, depth = 0): Record<string, Schema> | undefined {
    if (depth > 16) return undefined;
    const resolved = this.resolve(node);
    let out: Record<string, Schema> | undefined;
    if (isSchema(resolved.properties)) out = { ...(resolved.properties as Record<string, Schema>) };
    if (Array.isArray(resolved.allOf)) {
      for (const member of resolved.allOf) {
        if (!isSchema(member)) continue;
        const inner = this.flatProperties(member, depth + 1);
        if (inner) out = { ...inner, ...out };
      }
    }
    return out;
  }

  /** The schema of an array's items under `node` (after `$ref`), or undefined. */
  itemsOf(node: Schema): Schema | undefined {
    const resolved = this.resolve(node);
    if (isSchema(resolved.items)) return resolved.items;
    const members = unionMembers(resolved);
    if (members) for (const member of members) if (isSchema(this.resolve(member).items)) return this.resolve(member).items as Schema;
    return undefined;
  }

  /** The definitions describing the object at JSON Pointer `pointer` of `value` (walked from `root`), or [] when the walk is lost. */
  typesAt(root: Schema, value: unknown, pointer: string): string[] {
    const tokens =
      pointer === ''
        ? []
        : pointer
            .slice(1)
            .split('/')
            .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node: Schema | undefined = root;
    let current: unknown = value;
    for (const token of tokens) {
      if (node === undefined) return [];
      if (Array.isArray(current)) {
        node = this.itemsOf(node);
        current = current[Number(token)];
      } else if (isObject(current)) {
        const view = this.objectView(node, current);
        node = view?.properties[token] ?? view?.additional;
        current = current[token];
      } else return [];
    }
    if (node === undefined || !isObject(current)) return [];
    return [...(this.objectView(node, current)?.types ?? [])];
  }
}
