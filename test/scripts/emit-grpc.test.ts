/**
 * scripts/emit-grpc.ts: reads the reference v1.0.1 proto beside the checkout; the descriptor it emits
 * holds every message (each field by number, type and cardinality) and every method of the proto as
 * protobufjs reads the reference file; and the codec built from it agrees on the wire with the
 * @a2a-js/sdk 1.x gRPC service's own (ts-proto) codecs, both ways.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { A2AService } from '@a2a-js/sdk-v1/server/grpc';
import { emitGrpc, GRPC_DESCRIPTOR_PATH, grpcDescriptor, referenceProto } from '../../scripts/emit-grpc.js';
import { decodeToProtoJson, encodeProtoJson } from '../../src/live/grpc-client.js';
import { ROOT, SHARED } from '../helpers.js';

const REFERENCE = join(SHARED, 'reference', 'a2a-v1.0.1.proto');

describe('the gRPC descriptor', () => {
  it('reads the reference v1.0.1 proto beside the checkout', () => {
    expect(referenceProto(ROOT)).toBe(REFERENCE);
    expect(emitGrpc(ROOT).note).toBeUndefined();
  });

  it('the committed file is what the emitter writes', () => {
    expect(readFileSync(join(ROOT, GRPC_DESCRIPTOR_PATH), 'utf8')).toBe(grpcDescriptor(ROOT));
  });

  it("holds every message, field and method of the reference proto's lf.a2a.v1", () => {
    const reference = protobuf.parse(readFileSync(REFERENCE, 'utf8'), { keepCase: true }).root;
    const emitted = protobuf.Root.fromJSON(JSON.parse(grpcDescriptor(ROOT)));
    const namespace = reference.lookup('lf.a2a.v1') as protobuf.Namespace;
    let messages = 0;
    for (const nested of namespace.nestedArray) {
      if (nested instanceof protobuf.Type) {
        messages++;
        const mine = emitted.lookupType(`lf.a2a.v1.${nested.name}`);
        const shape = (type: protobuf.Type) =>
          type.fieldsArray.map((field) => [field.name, field.id, field.type.replace(/^.*\./, ''), field.repeated, field.map]);
        expect(shape(mine), nested.name).toEqual(shape(nested));
      } else if (nested instanceof protobuf.Enum) {
        expect(emitted.lookupEnum(`lf.a2a.v1.${nested.name}`).values, nested.name).toEqual(nested.values);
      } else if (nested instanceof protobuf.Service) {
        const mine = emitted.lookupService(`lf.a2a.v1.${nested.name}`);
        const shape = (service: protobuf.Service) =>
          service.methodsArray.map((method) => [method.name, method.requestType, method.responseType, method.responseStream === true]);
        expect(shape(mine)).toEqual(shape(nested));
        expect(mine.methodsArray).toHaveLength(11);
      }
    }
    expect(messages).toBeGreaterThan(30);
    expect(emitted.lookupType('google.rpc.ErrorInfo').fields.reason!.id).toBe(1);
    expect(emitted.lookupType('google.rpc.Status').fields.details!.type).toBe('google.protobuf.Any');
  });
});

describe("the codec agrees with the SDK 1.x service's own", () => {
  it('a SendMessageRequest written from ProtoJSON reads back in the SDK as sent', () => {
    const bytes = encodeProtoJson('lf.a2a.v1.SendMessageRequest', {
      message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hello' }, { data: { n: 1 } }], contextId: 'c-1' },
      configuration: { acceptedOutputModes: ['text/plain'], returnImmediately: true, historyLength: 2 },
    });
    const request = A2AService.sendMessage.requestDeserialize(Buffer.from(bytes)) as unknown as Record<string, any>;
    expect(request.message.messageId).toBe('m-1');
    expect(request.message.role).toBe(1);
    expect(request.message.contextId).toBe('c-1');
    expect(request.message.parts[0].content).toEqual({ $case: 'text', value: 'hello' });
    expect(request.configuration.returnImmediately).toBe(true);
    expect(request.configuration.historyLength).toBe(2);
  });

  it('a Task the SDK writes reads as its ProtoJSON, the REQUIRED fields at their default written', () => {
    const bytes = A2AService.getTask.responseSerialize({
      id: 't-1',
      contextId: '',
      status: { state: 3, message: undefined, timestamp: new Date('2026-01-02T03:04:05Z') },
      artifacts: [],
      history: [],
      metadata: undefined,
    } as never);
    // context_id is not REQUIRED: at its default it is left out, as canonical ProtoJSON does.
    expect(decodeToProtoJson('lf.a2a.v1.Task', bytes)).toEqual({
      id: 't-1',
      status: { state: 'TASK_STATE_COMPLETED', timestamp: '2026-01-02T03:04:05Z' },
    });
    const empty = A2AService.listTasks.responseSerialize({ tasks: [], nextPageToken: '', pageSize: 0, totalSize: 0 } as never);
    expect(empty).toHaveLength(0);
    expect(decodeToProtoJson('lf.a2a.v1.ListTasksResponse', empty)).toEqual({ tasks: [], nextPageToken: '', pageSize: 0, totalSize: 0 });
  });
});
