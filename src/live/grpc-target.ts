/**
 * What a gRPC interface's address and a failed call are, without the gRPC libraries: check-server reads a card's
 * interfaces (and names a call's failure) before it knows whether the run speaks gRPC at all, and loads
 * grpc-client.ts (@grpc/grpc-js, protobufjs, the A2A descriptor) only when it does.
 */

/** A call that could not be made or read: no connection, a reset, a timeout, the run's deadline, a codec refusal. */
export class GrpcFailure extends Error {
  constructor(
    readonly kind: 'connect' | 'reset' | 'timeout' | 'deadline' | 'encode' | 'decode',
    message: string,
  ) {
    super(message);
  }
}

/** The target and credentials of an interface URL: `host:port` or grpc:// / http:// is plaintext, https:// or grpcs:// TLS. */
export function grpcTarget(url: string): { target: string; tls: boolean } | { why: string } {
  const match = /^(?:(grpcs?|https?):\/\/)?([^/?#\s]+?)\/?$/i.exec(url.trim());
  if (!match) return { why: `${JSON.stringify(url)} is not host:port` };
  const scheme = match[1]?.toLowerCase();
  const host = match[2]!;
  if (!/^(\[[0-9a-f:.]+\]|[^:[\]]+):\d+$/i.test(host) && scheme === undefined) return { why: `${JSON.stringify(url)} is not host:port` };
  const tls = scheme === 'https' || scheme === 'grpcs';
  return { target: /:\d+$/.test(host) ? host : `${host}:${tls ? 443 : 80}`, tls };
}
