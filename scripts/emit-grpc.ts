/**
 * Emits what check-server's gRPC binding needs of the A2A v1.0 proto (`generated/grpc/a2a-v1.json`):
 * the messages, enums and the `lf.a2a.v1.A2AService` service of `proto/lf/a2a/v1/a2a.proto` (the
 * upstream file, tag v1.0.1), with `google.rpc.Status` and `google.rpc.ErrorInfo` (the status
 * details a gRPC error carries, §10.6) and the well-known types they use, as protobufjs' JSON
 * descriptor. The proto is read with protobufjs (a maintained parser); the `google/…` imports come
 * from the `google-proto-files` package. At run time src/live/grpc-client.ts builds its codecs from
 * this file: no wire encoding is written by hand, and nothing parses a .proto outside the build.
 */
import { join } from 'node:path';
import protobuf from 'protobufjs';

/** Where the descriptor is written. */
export const GRPC_DESCRIPTOR_PATH = 'generated/grpc/a2a-v1.json';

/** The proto files read (relative to the repository root, then to google-proto-files). */
const PROTO = 'proto/lf/a2a/v1/a2a.proto';
const STATUS_PROTOS = ['google/rpc/status.proto', 'google/rpc/error_details.proto'];

/** The namespaces kept: the A2A service and its messages, google.rpc's status and details, the well-known types. */
const KEPT: Readonly<Record<string, readonly string[] | undefined>> = {
  'lf.a2a.v1': undefined,
  'google.rpc': ['Status', 'ErrorInfo'],
  'google.protobuf': ['Any', 'Empty', 'Struct', 'Value', 'NullValue', 'ListValue', 'Timestamp', 'Duration'],
};

type JsonNamespace = { nested?: Record<string, JsonNamespace>; [key: string]: unknown };

/** The descriptor as JSON text (deterministic: the proto's order). */
export function grpcDescriptor(root: string): string {
  const proto = new protobuf.Root();
  const googleProtos = join(root, 'node_modules', 'google-proto-files');
  proto.resolvePath = (_origin, target) => (target.startsWith('google/') ? join(googleProtos, target) : join(root, target));
  proto.loadSync([PROTO, ...STATUS_PROTOS], { keepCase: true, alternateCommentMode: false });
  proto.resolveAll();
  const full = proto.toJSON({ keepComments: false }) as JsonNamespace;
  const out: JsonNamespace = { nested: {} };
  for (const [path, names] of Object.entries(KEPT)) {
    let from: JsonNamespace | undefined = full;
    let to = out;
    for (const part of path.split('.')) {
      from = from?.nested?.[part];
      if (!from) throw new Error(`the proto has no namespace ${path}`);
      to.nested ??= {};
      to = to.nested[part] ??= { ...(from.options ? { options: from.options } : {}) };
    }
    const nested = from!.nested ?? {};
    for (const name of names ?? Object.keys(nested)) {
      if (!nested[name]) throw new Error(`the proto has no ${path}.${name}`);
      (to.nested ??= {})[name] = nested[name]!;
    }
  }
  // protobufjs writes the proto's own order (an enum's first value is its default): kept as it is.
  return `${JSON.stringify(out, null, 1)}\n`;
}

/** The files this emitter writes. */
export function emitGrpc(root: string): Map<string, string> {
  return new Map([[GRPC_DESCRIPTOR_PATH, grpcDescriptor(root)]]);
}
