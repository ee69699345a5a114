/**
 * src/live/grpc-client.ts without a server: the interface url forms it takes, and the ProtoJSON
 * encoding errors it names (the calls themselves are tested against real servers in
 * test/commands/check-server/grpc.live.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { decodeToProtoJson, encodeProtoJson, GrpcFailure, grpcMethods, grpcTarget } from '../../src/live/grpc-client.js';

describe('grpcTarget', () => {
  it('host:port is plaintext; grpc:// and http:// too; https:// and grpcs:// are TLS (port 443 by default)', () => {
    expect(grpcTarget('127.0.0.1:50051')).toEqual({ target: '127.0.0.1:50051', tls: false });
    expect(grpcTarget('[::1]:50051')).toEqual({ target: '[::1]:50051', tls: false });
    expect(grpcTarget('grpc://agent.example:8080')).toEqual({ target: 'agent.example:8080', tls: false });
    expect(grpcTarget('http://agent.example:8080/')).toEqual({ target: 'agent.example:8080', tls: false });
    expect(grpcTarget('https://agent.example')).toEqual({ target: 'agent.example:443', tls: true });
    expect(grpcTarget('grpcs://agent.example:9443')).toEqual({ target: 'agent.example:9443', tls: true });
  });

  it('anything else is named as not host:port', () => {
    for (const url of ['agent.example', 'https://agent.example/a2a/grpc', 'not a url', ''])
      expect(grpcTarget(url), url).toEqual({ why: expect.stringMatching(/is not host:port$/) });
  });
});

describe('the codec', () => {
  it('knows the eleven methods of lf.a2a.v1.A2AService, two of them streaming', () => {
    const methods = grpcMethods();
    expect(methods.size).toBe(11);
    expect([...methods].filter(([, method]) => method.streaming).map(([name]) => name)).toEqual([
      'SendStreamingMessage',
      'SubscribeToTask',
    ]);
  });

  it('a ProtoJSON value it cannot write is a GrpcFailure naming the type', () => {
    let caught: unknown;
    try {
      encodeProtoJson('lf.a2a.v1.SendMessageRequest', { message: { role: 'ROLE_NOBODY' } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GrpcFailure);
    expect((caught as GrpcFailure).kind).toBe('encode');
    expect((caught as GrpcFailure).message).toMatch(/^cannot write lf\.a2a\.v1\.SendMessageRequest from its ProtoJSON form: /);
  });

  it('round-trips a message, a REQUIRED enum at 0 read as its _UNSPECIFIED name', () => {
    const bytes = encodeProtoJson('lf.a2a.v1.Message', { messageId: 'm', parts: [{ text: 'x' }] });
    expect(decodeToProtoJson('lf.a2a.v1.Message', bytes)).toEqual({ messageId: 'm', role: 'ROLE_UNSPECIFIED', parts: [{ text: 'x' }] });
  });
});
