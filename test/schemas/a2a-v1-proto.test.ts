/**
 * The `a2a-v1` variant against the normative A2A v1.0 proto (`../shared/reference/a2a-v1.0.0.proto`),
 * read by protobufjs: every message and enum, their fields under their JSON names, the REQUIRED
 * sets, the one-of groups, the enum values, the eleven methods with their request and response
 * types (test/schemas/proto-differential.ts). The differences are exactly those SPEC-NOTES.md lists in its
 * `a2a-v1` section; a difference not listed fails, and so does a listed one that is no longer
 * found. Then: the comparison sees a REQUIRED field made optional (and other changes) in a copy of
 * the TypeBox source, and `aion` is `a2a-v1` plus the context extension, one definition per type.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { a2aV1 } from '../../schemas/a2a-v1/index.js';
import { ProtoEnum } from '../../schemas/a2a-v1/proto.js';
import { aion } from '../../schemas/aion/index.js';
import type { VariantSpec } from '../../schemas/variant.js';
import { variantDefinitions } from '../../scripts/lib/json-schema.js';
import { compareWithProto, protoModel } from './proto-differential.js';
import { ROOT } from '../helpers.js';

const proto = protoModel();
const specNotes = readFileSync(join(ROOT, 'SPEC-NOTES.md'), 'utf8');

/** The `a2a-v1` section of SPEC-NOTES.md: from its heading to the next `## ` heading. */
function section(): string {
  const start = specNotes.indexOf('\n## The `a2a-v1` variant against the A2A v1.0 proto');
  expect(start, 'SPEC-NOTES.md has a section "The `a2a-v1` variant against the A2A v1.0 proto"').toBeGreaterThan(0);
  const end = specNotes.indexOf('\n## ', start + 1);
  return specNotes.slice(start, end < 0 ? undefined : end);
}

/** The differences the section lists: every backticked `Subject: what` (a name, optionally `.field`, a colon). */
function listedDifferences(): string[] {
  return [...section().matchAll(/`([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z@][A-Za-z0-9_]*)?: [^`]+)`/g)].map((match) => match[1]!);
}

const differences = (spec: VariantSpec) => compareWithProto(variantDefinitions(spec), spec.methods, proto);

describe('the A2A v1.0 proto, as protobufjs reads it', () => {
  it('has 44 messages, 2 enums and the 11 methods of A2AService, with field_behavior kept on the fields', () => {
    expect([proto.messages.size, proto.enums.size, proto.methods.length]).toEqual([44, 2, 11]);
    const message = proto.messages.get('Message')!;
    expect(message.fields.filter((field) => field.required).map((field) => field.json)).toEqual(['messageId', 'role', 'parts']);
    expect(proto.messages.get('Part')!.oneofs).toEqual([{ name: 'content', members: ['text', 'raw', 'url', 'data'] }]);
    // proto3 `optional` fields are not one-of groups
    expect(proto.messages.get('ListTasksRequest')!.oneofs).toEqual([]);
    expect(proto.methods.find((method) => method.name === 'SubscribeToTask')).toEqual({
      name: 'SubscribeToTask',
      request: 'SubscribeToTaskRequest',
      response: 'StreamResponse',
      streaming: true,
    });
  });
});

describe('a2a-v1 against the proto', () => {
  const found = differences(a2aV1);

  it("has every message and enum of the proto, and the proto's 11 methods in its registry", () => {
    const names = new Set(Object.keys(a2aV1.definitions));
    expect([...proto.messages.keys(), ...proto.enums.keys()].filter((name) => !names.has(name))).toEqual([]);
    expect(a2aV1.methods.map((method) => method.method).sort()).toEqual(proto.methods.map((method) => method.name).sort());
  });

  it('differs from it exactly where SPEC-NOTES.md says', () => {
    const listed = listedDifferences();
    expect(listed.length).toBeGreaterThan(0);
    expect(
      found.filter((difference) => !listed.includes(difference)),
      'differences SPEC-NOTES.md does not list',
    ).toEqual([]);
    expect(
      listed.filter((difference) => !found.includes(difference)),
      'listed in SPEC-NOTES.md, but not found',
    ).toEqual([]);
  });

  it("agrees on every field, REQUIRED set, one-of group and enum value of the proto's own types", () => {
    // Of the proto's types, only the v0.3 `kind` (must be absent) and the empty last page differ.
    const ofProtoTypes = found.filter((difference) => {
      const subject = difference.split(/[.:]/)[0]!;
      return proto.messages.has(subject) || proto.enums.has(subject);
    });
    expect(ofProtoTypes).toEqual([
      'ListTasksResponse.tasks: REQUIRED repeated, may be empty here',
      'Message.kind: not in the proto, must be absent here',
      'Part.kind: not in the proto, must be absent here',
      'Task.kind: not in the proto, must be absent here',
      'TaskArtifactUpdateEvent.kind: not in the proto, must be absent here',
      'TaskStatusUpdateEvent.kind: not in the proto, must be absent here',
    ]);
  });
});

/** A copy of a2a-v1 with some definitions replaced. */
function mutated(replace: Record<string, TSchema>): VariantSpec {
  return { ...a2aV1, definitions: { ...a2aV1.definitions, ...replace } };
}

const defs = a2aV1.definitions as unknown as Record<string, TSchema & Record<string, any>>;

describe('the differential sees a change to the TypeBox source', () => {
  const baseline = differences(a2aV1);
  const added = (spec: VariantSpec) => differences(spec).filter((difference) => !baseline.includes(difference));

  it('a REQUIRED field made optional (one name: out of `required`)', () => {
    const task = { ...defs.Task, required: (defs.Task.required as string[]).filter((key) => key !== 'id') };
    expect(added(mutated({ Task: task }))).toEqual(['Task.id: REQUIRED in the proto, optional here']);
  });

  it('a REQUIRED field made optional (two names: its either-name constraint dropped)', () => {
    const allOf = (defs.Message.allOf as { description: string }[]).filter(
      (constraint) => !constraint.description.startsWith('`messageId` is required'),
    );
    expect(added(mutated({ Message: { ...defs.Message, allOf } }))).toEqual(['Message.messageId: REQUIRED in the proto, optional here']);
  });

  it('a REQUIRED repeated field allowed to be empty, an optional field made required', () => {
    const parts = { ...defs.Artifact.properties.parts };
    delete parts.minItems;
    const artifact = { ...defs.Artifact, properties: { ...defs.Artifact.properties, parts } };
    expect(added(mutated({ Artifact: artifact }))).toEqual(['Artifact.parts: REQUIRED repeated, may be empty here']);
    const push = { ...defs.TaskPushNotificationConfig, required: [...(defs.TaskPushNotificationConfig.required as string[]), 'token'] };
    expect(added(mutated({ TaskPushNotificationConfig: push }))).toEqual([
      'TaskPushNotificationConfig.token: required here, not REQUIRED in the proto',
    ]);
  });

  it('a one-of member, an enum value, a field type and a method result changed', () => {
    const allOf = structuredClone(defs.Part.allOf) as { oneOf: { required: string[] }[] }[];
    allOf[0]!.oneOf = allOf[0]!.oneOf.filter((branch) => branch.required[0] !== 'url');
    expect(added(mutated({ Part: { ...defs.Part, allOf } }))).toEqual([
      'Part: one-of {data, raw, text, url} in the proto, not here',
      'Part: one-of {data, raw, text} here, not in the proto',
    ]);
    const role = ProtoEnum(['ROLE_UNSPECIFIED', 'ROLE_USER', 'ROLE_ASSISTANT'], { description: 'r', numbers: 'n' });
    expect(added(mutated({ Role: role }))).toEqual([
      'Role: the values ["ROLE_UNSPECIFIED","ROLE_USER","ROLE_AGENT"] in the proto, ["ROLE_UNSPECIFIED","ROLE_USER","ROLE_ASSISTANT"] here',
    ]);
    const status = { ...defs.TaskStatus, properties: { ...defs.TaskStatus.properties, timestamp: { type: 'string', description: 'x' } } };
    expect(added(mutated({ TaskStatus: status }))).toEqual(['TaskStatus.timestamp: Timestamp in the proto, string here']);
    const success = {
      ...defs.GetTaskJSONRPCSuccessResponse,
      properties: { ...defs.GetTaskJSONRPCSuccessResponse.properties, result: { $ref: 'Message', description: 'x' } },
    };
    expect(added(mutated({ GetTaskJSONRPCSuccessResponse: success }))).toEqual(['GetTask: result Task in the proto, Message here']);
  });
});

describe('aion is a2a-v1 plus the aion context extension', () => {
  it("holds every a2a-v1 definition, the same object, except the two unions that add the extension's methods", () => {
    const v1 = a2aV1.definitions as Record<string, unknown>;
    const ours = aion.definitions as Record<string, unknown>;
    const differing = Object.keys(v1).filter((name) => ours[name] !== v1[name]);
    expect(differing.sort()).toEqual(['A2ARequest', 'JSONRPCResponse']);
    expect(aion.methods.slice(0, a2aV1.methods.length)).toEqual(a2aV1.methods);
  });

  it("so its differences from the proto are a2a-v1's plus the extension's own types and methods", () => {
    const v1 = differences(a2aV1);
    const extra = differences(aion).filter((difference) => !v1.includes(difference));
    expect(v1.filter((difference) => !differences(aion).includes(difference))).toEqual([]);
    const extension = Object.keys(aion.definitions).filter((name) => !(name in a2aV1.definitions));
    expect(extra.sort()).toEqual(
      [
        ...extension.map((name) => `${name}: not in the proto`),
        'GetContext: a method not in the proto',
        'GetContexts: a method not in the proto',
      ].sort(),
    );
  });
});
