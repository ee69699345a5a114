/**
 * The differential of a v1.0 variant against the A2A v1.0 proto (`a2a.proto`, tag v1.0.0), read
 * by protobufjs (a maintained parser: `keepCase` keeps the proto field names, and each field keeps
 * its options, so `(google.api.field_behavior) = REQUIRED` is read from the proto itself).
 *
 * `protoModel()` reads the proto; `compareWithProto(definitions, methods, proto)` compares a
 * variant's normalised JSON Schema definitions (what every emitter starts from) and its method
 * registry with it, and returns every difference as one line `Subject: what`:
 *
 *   - every message and enum is a definition of the same name; a definition that is neither is
 *     `Name: not in the proto`;
 *   - a message's fields: each under its JSON name (protobufjs' camelCase, protoc's rule) and, where
 *     different, its proto name marked deprecated (DESIGN decision 7); a property the proto does not
 *     have, or that must be absent, is a difference;
 *   - the REQUIRED set (`field_behavior = REQUIRED` against `required` or the either-name `anyOf`),
 *     a REQUIRED repeated field non-empty (`minItems: 1`), and nothing non-empty that is not REQUIRED;
 *   - the one-of groups (proto3 `optional` makes a synthetic one-of of its own, which is not a group);
 *   - the type of each field, by kind: scalar, bytes, timestamp, Struct, Value, a reference to a
 *     message or enum, repeated, map;
 *   - an enum's value names and numbers;
 *   - the methods of `A2AService`: the same names, params the request message, the result the
 *     response message, streaming where the proto streams.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import type { MethodSpec } from '../../schemas/variant.js';
import type { JsonSchema } from '../../scripts/lib/json-schema.js';
import { SHARED } from '../helpers.js';

export const PROTO_PATH = join(SHARED, 'reference', 'a2a-v1.0.0.proto');

export interface ProtoField {
  /** The proto field name (`message_id`). */
  readonly name: string;
  /** The JSON name (`messageId`). */
  readonly json: string;
  /** The proto type as written (`string`, `Part`, `google.protobuf.Struct`). */
  readonly type: string;
  readonly repeated: boolean;
  readonly map: boolean;
  /** `(google.api.field_behavior) = REQUIRED`. */
  readonly required: boolean;
  /** Declared with proto3's `optional` keyword (explicit presence). */
  readonly optional: boolean;
}

export interface ProtoMessage {
  readonly fields: readonly ProtoField[];
  /** The real one-of groups, each the JSON names of its members. */
  readonly oneofs: readonly { readonly name: string; readonly members: readonly string[] }[];
}

export interface ProtoModel {
  readonly messages: ReadonlyMap<string, ProtoMessage>;
  /** Each enum's values, name → number. */
  readonly enums: ReadonlyMap<string, Readonly<Record<string, number>>>;
  readonly methods: readonly { readonly name: string; readonly request: string; readonly response: string; readonly streaming: boolean }[];
}

function fieldBehaviors(field: protobuf.Field): string[] {
  const out: string[] = [];
  const option = field.options?.['(google.api.field_behavior)'];
  if (typeof option === 'string') out.push(option);
  for (const parsed of field.parsedOptions ?? []) {
    const value = (parsed as Record<string, unknown>)['(google.api.field_behavior)'];
    if (typeof value === 'string' && !out.includes(value)) out.push(value);
  }
  return out;
}

/** Reads the v1.0 proto with protobufjs. */
export function protoModel(path = PROTO_PATH): ProtoModel {
  const parsed = protobuf.parse(readFileSync(path, 'utf8'), { keepCase: true, alternateCommentMode: true });
  const namespace = parsed.root.lookup(parsed.package ?? '') as protobuf.Namespace;
  const messages = new Map<string, ProtoMessage>();
  const enums = new Map<string, Record<string, number>>();
  const methods: { name: string; request: string; response: string; streaming: boolean }[] = [];
  for (const nested of namespace.nestedArray) {
    if (nested instanceof protobuf.Type) {
      const fields = nested.fieldsArray.map((field) => ({
        name: field.name,
        json: protobuf.util.camelCase(field.name),
        type: field.type,
        repeated: field.repeated,
        map: field.map,
        required: fieldBehaviors(field).includes('REQUIRED'),
        optional: field.options?.proto3_optional === true,
      }));
      const oneofs = nested.oneofsArray
        // proto3 `optional x` is a one-of `_x` of that one field, not a group of the message
        .filter((oneof) => !(oneof.fieldsArray.length === 1 && oneof.fieldsArray[0]!.options?.proto3_optional === true))
        .map((oneof) => ({ name: oneof.name, members: oneof.fieldsArray.map((field) => protobuf.util.camelCase(field.name)) }));
      messages.set(nested.name, { fields, oneofs });
    } else if (nested instanceof protobuf.Enum) {
      enums.set(nested.name, { ...nested.values });
    } else if (nested instanceof protobuf.Service) {
      for (const method of nested.methodsArray) {
        methods.push({
          name: method.name,
          request: method.requestType,
          response: method.responseType,
          streaming: method.responseStream === true,
        });
      }
    }
  }
  return { messages, enums, methods };
}

// ---------------------------------------------------------------------------------------------
// Reading the JSON Schema side
// ---------------------------------------------------------------------------------------------

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

const refName = (ref: unknown): string | undefined => (typeof ref === 'string' ? ref.replace(/^#\/\$defs\//, '') : undefined);

/** A property that must be absent: `{"not": {}}`. */
const isAbsent = (schema: unknown): boolean => isObject(schema) && isObject(schema.not) && Object.keys(schema.not).length === 0;

/** The names an `allOf`/`anyOf`/`oneOf` branch requires (the ProtoObject presence branches). */
function branchNames(branches: unknown): string[] {
  return Array.isArray(branches)
    ? branches.flatMap((branch) => (isObject(branch) && Array.isArray(branch.required) ? (branch.required as string[]) : []))
    : [];
}

/** The kind of a field's schema, in the differential's vocabulary. */
export function schemaKind(schema: JsonSchema): string {
  const ref = refName(schema.$ref);
  if (ref) return ref;
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((member) => (isObject(member) ? schemaKind(member) : '?')).join(' | ');
  switch (schema.type) {
    case 'array':
      return `repeated ${isObject(schema.items) ? schemaKind(schema.items) : 'any'}`;
    case 'object': {
      const values = schema.additionalProperties;
      return isObject(values) && Object.keys(values).length > 0 ? `map<string, ${schemaKind(values)}>` : 'Struct';
    }
    case 'string':
      if (schema.format === 'date-time') return 'Timestamp';
      if (schema.contentEncoding === 'base64') return 'bytes';
      return 'string';
    case 'integer':
      return 'int';
    case 'number':
      return 'float';
    case 'boolean':
      return 'bool';
    case 'null':
      return 'null';
    case undefined:
      return 'Value';
    default:
      return String(schema.type);
  }
}

const SCALARS: Readonly<Record<string, string>> = {
  string: 'string',
  bytes: 'bytes',
  bool: 'bool',
  int32: 'int',
  uint32: 'int',
  sint32: 'int',
  fixed32: 'int',
  sfixed32: 'int',
  double: 'float',
  float: 'float',
  'google.protobuf.Struct': 'Struct',
  'google.protobuf.Value': 'Value',
  'google.protobuf.Timestamp': 'Timestamp',
  'google.protobuf.Empty': 'Empty',
};

/** The kind a proto field's JSON form has, in the same vocabulary. */
function protoKind(field: ProtoField): string {
  const single = SCALARS[field.type] ?? field.type;
  if (field.map) return `map<string, ${single}>`;
  return field.repeated ? `repeated ${single}` : single;
}

// ---------------------------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------------------------

function compareMessage(name: string, message: ProtoMessage, schema: JsonSchema, out: string[]): void {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const groups: string[][] = [];
  for (const constraint of Array.isArray(schema.allOf) ? schema.allOf : []) {
    if (!isObject(constraint)) continue;
    // a required field with two names: `anyOf` [{required: [json]}, {required: [proto]}]
    if (Array.isArray(constraint.anyOf)) for (const key of branchNames(constraint.anyOf)) required.add(key);
    if (Array.isArray(constraint.oneOf)) groups.push(branchNames(constraint.oneOf));
  }
  const expected = new Set<string>();
  for (const field of message.fields) {
    expected.add(field.json);
    const value = properties[field.json];
    if (!isObject(value)) {
      out.push(`${name}.${field.json}: missing`);
      continue;
    }
    if (value.deprecated === true) out.push(`${name}.${field.json}: marked deprecated`);
    if (field.name !== field.json) {
      expected.add(field.name);
      const alias = properties[field.name];
      if (!isObject(alias)) out.push(`${name}.${field.json}: the proto name ${field.name} is not accepted`);
      else if (alias.deprecated !== true) out.push(`${name}.${field.json}: the proto name ${field.name} is not marked deprecated`);
    }
    const ours = required.has(field.json) || required.has(field.name);
    if (field.required && !ours) out.push(`${name}.${field.json}: REQUIRED in the proto, optional here`);
    if (!field.required && ours) out.push(`${name}.${field.json}: required here, not REQUIRED in the proto`);
    const nonEmpty = typeof value.minItems === 'number' && value.minItems > 0;
    if (field.repeated && field.required && !nonEmpty) out.push(`${name}.${field.json}: REQUIRED repeated, may be empty here`);
    if (nonEmpty && !field.required) out.push(`${name}.${field.json}: non-empty here, not REQUIRED in the proto`);
    const kind = schemaKind(value);
    const theirs = protoKind(field);
    if (kind !== theirs) out.push(`${name}.${field.json}: ${theirs} in the proto, ${kind} here`);
  }
  for (const [key, value] of Object.entries(properties)) {
    if (expected.has(key)) continue;
    out.push(isAbsent(value) ? `${name}.${key}: not in the proto, must be absent here` : `${name}.${key}: not in the proto`);
  }
  const toJson = (names: readonly string[]) =>
    [...new Set(names.map((key) => message.fields.find((field) => field.name === key)?.json ?? key))].sort().join(', ');
  const theirs = message.oneofs.map((oneof) => toJson(oneof.members));
  const mine = groups.map(toJson);
  for (const group of theirs) if (!mine.includes(group)) out.push(`${name}: one-of {${group}} in the proto, not here`);
  for (const group of mine) if (!theirs.includes(group)) out.push(`${name}: one-of {${group}} here, not in the proto`);
}

function compareEnum(name: string, values: Readonly<Record<string, number>>, schema: JsonSchema, out: string[]): void {
  const members = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isObject) : [];
  const names = members.find((member) => member.type === 'string')?.enum;
  const numbers = members.find((member) => member.type === 'integer')?.enum;
  const expectedNames = Object.entries(values)
    .sort(([, a], [, b]) => a - b)
    .map(([value]) => value);
  // By name, and by number in number order: the n-th name is number n.
  if (JSON.stringify(names) !== JSON.stringify(expectedNames))
    out.push(`${name}: the values ${JSON.stringify(expectedNames)} in the proto, ${JSON.stringify(names)} here`);
  const expectedNumbers = expectedNames.map((value) => values[value]);
  if (JSON.stringify(numbers) !== JSON.stringify(expectedNumbers))
    out.push(`${name}: the numbers ${JSON.stringify(expectedNumbers)} in the proto, ${JSON.stringify(numbers)} here`);
}

/** Where a registry entry's params and result are (the request's `params`, the success response's `result`). */
function member(definitions: ReadonlyMap<string, JsonSchema>, type: string, property: string): { schema?: JsonSchema; required: boolean } {
  const envelope = definitions.get(type);
  const properties = envelope && isObject(envelope.properties) ? envelope.properties : {};
  const schema = properties[property];
  return {
    schema: isObject(schema) ? schema : undefined,
    required: Array.isArray(envelope?.required) && (envelope.required as string[]).includes(property),
  };
}

function compareMethods(
  definitions: ReadonlyMap<string, JsonSchema>,
  registry: readonly MethodSpec[],
  proto: ProtoModel,
  out: string[],
): void {
  const theirs = new Set(proto.methods.map((method) => method.name));
  for (const method of registry) if (!theirs.has(method.method)) out.push(`${method.method}: a method not in the proto`);
  for (const rpc of proto.methods) {
    const entry = registry.find((method) => method.method === rpc.name);
    if (!entry) {
      out.push(`${rpc.name}: missing`);
      continue;
    }
    const request = member(definitions, entry.request, 'method');
    if (request.schema?.const !== rpc.name) out.push(`${rpc.name}: the request's method is ${JSON.stringify(request.schema?.const)}`);
    const params = member(definitions, entry.request, 'params');
    const paramsKind = params.schema ? schemaKind(params.schema) : 'nothing';
    if (paramsKind !== rpc.request) out.push(`${rpc.name}: params ${rpc.request} in the proto, ${paramsKind} here`);
    if (!params.required) out.push(`${rpc.name}: params may be left out`);
    const result = member(definitions, entry.successResponse, 'result');
    const resultKind = result.schema ? schemaKind(result.schema) : 'nothing';
    const expected = SCALARS[rpc.response] ?? rpc.response;
    if (resultKind !== expected) out.push(`${rpc.name}: result ${expected} in the proto, ${resultKind} here`);
    if ((entry.streaming === true) !== rpc.streaming)
      out.push(`${rpc.name}: ${rpc.streaming ? 'streams in the proto, not here' : 'streams here, not in the proto'}`);
  }
}

/** Every difference between a variant (normalised definitions and registry) and the proto. */
export function compareWithProto(
  definitions: ReadonlyMap<string, JsonSchema>,
  registry: readonly MethodSpec[],
  proto: ProtoModel,
): string[] {
  const out: string[] = [];
  for (const [name, message] of proto.messages) {
    const schema = definitions.get(name);
    if (!schema) out.push(`${name}: missing`);
    else compareMessage(name, message, schema, out);
  }
  for (const [name, values] of proto.enums) {
    const schema = definitions.get(name);
    if (!schema) out.push(`${name}: missing`);
    else compareEnum(name, values, schema, out);
  }
  for (const name of definitions.keys()) {
    if (!proto.messages.has(name) && !proto.enums.has(name)) out.push(`${name}: not in the proto`);
  }
  compareMethods(definitions, registry, proto, out);
  return out.sort();
}
