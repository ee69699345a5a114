/**
 * What an A2A v1.0 card signature signs (§8.4.1, §8.4.2 step 1): the card without `signatures`, with the fields at
 * their default value removed as proto field presence says (§5.7), in RFC 8785's canonical form (`canonicalize`, the
 * implementation of one of the RFC's authors). SPEC-NOTES SIG-3.
 *
 * The removal is driven by the published `a2a-v1` schemas and the table of `optional` fields
 * (schemas/a2a-v1/field-presence.ts), never by a list of card fields: walking the card by its types, a field is kept
 * when it is REQUIRED (whatever its value), declared `optional` or a member of a one-of (both have explicit presence:
 * present means set), or a message (a present message is set, even empty; a `google.protobuf.Struct` such as an
 * extension's `params` is one, and its contents are plain JSON, kept as they are). Any other field is dropped at its
 * default: an empty list or map, `""`, `false`, `0`, an enum's zero value, and `null` (ProtoJSON's "unset"). A field
 * under its proto name (`icon_url`) is written under its JSON name, as a ProtoJSON emitter writes it; a key the schemas
 * do not know is kept unchanged, since the signer's JSON carried it.
 */
import canonicalize from 'canonicalize';
import { EXPLICIT_PRESENCE } from '../../../schemas/a2a-v1/field-presence.js';
import { jsonName } from '../../../schemas/a2a-v1/names.js';
import { loadVariant } from '../../engine/load-validators.js';
import { isObject, pointerTo, type JsonObject } from '../../engine/json-value.js';
import { SignatureInputError } from './input-error.js';

/** The canonical form of a card and what the default removal took out. */
export interface CanonicalCard {
  /** The RFC 8785 text the signatures sign (UTF-8 bytes of it are the JWS payload). */
  readonly canonical: string;
  /** The JSON Pointers of the fields removed as defaults (`signatures` is not listed). */
  readonly removed: readonly string[];
}

type Schema = JsonObject;

const refName = (schema: Schema): string | undefined =>
  typeof schema.$ref === 'string' ? schema.$ref.replace(/^#\/\$defs\//, '') : undefined;

/** The JSON names a type's presence branches (`allOf` → `anyOf`/`oneOf`) require. */
function branchNames(definition: Schema, keyword: 'anyOf' | 'oneOf'): string[] {
  const out: string[] = [];
  for (const member of Array.isArray(definition.allOf) ? definition.allOf : []) {
    if (!isObject(member) || !Array.isArray(member[keyword])) continue;
    for (const branch of member[keyword] as unknown[])
      if (isObject(branch) && Array.isArray(branch.required)) out.push(...(branch.required as string[]).map(jsonName));
  }
  return out;
}

interface TypeFacts {
  readonly properties: Readonly<Record<string, Schema>>;
  /** Fields whose presence is their value: REQUIRED, `optional`, one-of members. */
  readonly kept: ReadonlySet<string>;
}

class CardWalker {
  private readonly facts = new Map<string, TypeFacts | null>();
  readonly removed: string[] = [];
  constructor(private readonly definitions: Readonly<Record<string, unknown>>) {}

  private factsOf(type: string): TypeFacts | null {
    let facts = this.facts.get(type);
    if (facts === undefined) {
      const definition = this.definitions[type];
      if (isObject(definition) && isObject(definition.properties)) {
        const required = Array.isArray(definition.required) ? (definition.required as string[]) : [];
        facts = {
          properties: definition.properties as Record<string, Schema>,
          kept: new Set([
            ...required,
            ...branchNames(definition, 'anyOf'),
            ...branchNames(definition, 'oneOf'),
            ...(EXPLICIT_PRESENCE[type] ?? []),
          ]),
        };
      } else {
        facts = null;
      }
      this.facts.set(type, facts);
    }
    return facts;
  }

  /** A value at its default, by the kind of its field. */
  private isDefault(value: unknown, schema: Schema): boolean {
    if (value === null) return true;
    const ref = refName(schema);
    if (ref !== undefined) {
      const definition = this.definitions[ref];
      // An enum's zero value; a message is set when present.
      return isObject(definition) && Array.isArray(definition.enum) ? value === 0 || value === definition.enum[0] : false;
    }
    switch (schema.type) {
      case 'array':
        return Array.isArray(value) && value.length === 0;
      case 'object':
        // A map (typed values) at its default is empty; a Struct (any value) is a message.
        return isObject(schema.additionalProperties) && Object.keys(schema.additionalProperties).length > 0 && isObject(value)
          ? Object.keys(value).length === 0
          : false;
      case 'string':
        return value === '' && schema.format !== 'date-time';
      case 'boolean':
        return value === false;
      case 'integer':
      case 'number':
        return value === 0;
      default:
        return false;
    }
  }

  /** The value of a field with its children walked. */
  private field(value: unknown, schema: Schema, path: string): unknown {
    const ref = refName(schema);
    if (ref !== undefined) return this.message(value, ref, path);
    if (schema.type === 'array' && Array.isArray(value) && isObject(schema.items)) {
      const items = schema.items;
      return value.map((item, index) => this.field(item, items, pointerTo(path, index)));
    }
    if (
      schema.type === 'object' &&
      isObject(value) &&
      isObject(schema.additionalProperties) &&
      Object.keys(schema.additionalProperties).length > 0
    ) {
      const values = schema.additionalProperties;
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.field(item, values, pointerTo(path, key))]));
    }
    return value;
  }

  /** A message of `type` with its defaults removed. */
  message(value: unknown, type: string, path: string): unknown {
    const facts = this.factsOf(type);
    if (facts === null || !isObject(value)) return value;
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      const declared = facts.properties[key];
      if (declared === undefined) {
        out[key] = child;
        continue;
      }
      const name = declared.deprecated === true ? jsonName(key) : key;
      // Under both names (invalid ProtoJSON): the JSON name's value is the one kept.
      if (name !== key && Object.hasOwn(value, name)) continue;
      const schema = facts.properties[name] ?? declared;
      const childPath = pointerTo(path, key);
      if (!facts.kept.has(name) && this.isDefault(child, schema)) {
        this.removed.push(childPath);
        continue;
      }
      out[name] = this.field(child, schema, childPath);
    }
    return out;
  }
}

/**
 * The canonical form an A2A v1.0 card's signatures sign: `signatures` excluded, default values removed (§8.4.1), RFC
 * 8785. Throws `SignatureInputError` when the card is not a JSON object or holds what RFC 8785 refuses (a lone
 * surrogate, a number that is not finite).
 */
export function canonicalAgentCard(card: unknown): CanonicalCard {
  if (!isObject(card)) throw new SignatureInputError('the agent card is not a JSON object');
  const { signatures: _excluded, ...content } = card;
  const walker = new CardWalker(loadVariant('a2a-v1').definitions as Record<string, unknown>);
  const stripped = walker.message(content, 'AgentCard', '');
  let canonical: string | undefined;
  try {
    canonical = canonicalize(stripped);
  } catch (error) {
    throw new SignatureInputError(`the agent card has no RFC 8785 form: ${(error as Error).message}`);
  }
  if (canonical === undefined) throw new SignatureInputError('the agent card has no RFC 8785 form');
  return { canonical, removed: walker.removed };
}
