/**
 * Emits what check-server's gRPC binding needs of the A2A v1.0 proto (`generated/grpc/a2a-v1.json`):
 * the messages, enums and the `lf.a2a.v1.A2AService` service of the normative v1.0.1 proto, read from
 * the reference beside the checkout (`../shared/reference/a2a-v1.0.1.proto`; the project keeps no copy
 * of it), with `google.rpc.Status` and `google.rpc.ErrorInfo` (the status details a gRPC error
 * carries, §10.6) and the well-known types they use, as protobufjs' JSON descriptor. The proto is read
 * with protobufjs (a maintained parser); the `google/…` imports come from the `google-proto-files`
 * package. At run time src/live/grpc-client.ts builds its codecs from this file: no wire encoding is
 * written by hand, and nothing parses a .proto outside the build. Without the reference (a clone with no
 * `../shared` beside it) the committed descriptor is kept as it is, and the build says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';

/** Where the descriptor is written. */
export const GRPC_DESCRIPTOR_PATH = 'generated/grpc/a2a-v1.json';

/** The normative A2A v1.0.1 proto, beside the checkout. */
export const referenceProto = (root: string) => join(root, '..', 'shared', 'reference', 'a2a-v1.0.1.proto');
/** The google.rpc protos the status details need (from google-proto-files). */
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
  proto.resolvePath = (_origin, target) => (target.startsWith('google/') ? join(googleProtos, target) : target);
  proto.loadSync([referenceProto(root), ...STATUS_PROTOS], { keepCase: true, alternateCommentMode: false });
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

/**
 * The files this emitter writes, and a note when the reference proto is not beside the checkout (the
 * committed descriptor is then kept unchanged, neither rewritten nor checked).
 */
export function emitGrpc(root: string): { files: Map<string, string>; note?: string } {
  if (!existsSync(referenceProto(root))) {
    const committed = join(root, GRPC_DESCRIPTOR_PATH);
    if (!existsSync(committed)) throw new Error(`${referenceProto(root)} is missing, and so is ${GRPC_DESCRIPTOR_PATH}`);
    return {
      files: new Map([[GRPC_DESCRIPTOR_PATH, readFileSync(committed, 'utf8')]]),
      note: `${GRPC_DESCRIPTOR_PATH} kept as committed: ../shared/reference/a2a-v1.0.1.proto is not beside the checkout`,
    };
  }
  return { files: new Map([[GRPC_DESCRIPTOR_PATH, grpcDescriptor(root)]]) };
}
