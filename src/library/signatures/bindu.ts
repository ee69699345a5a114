/**
 * `verifyBinduSignatures(taskOrMessage, didDocument)`: the DID signatures a Bindu agent puts on the parts it sends
 * (DESIGN decision 16; SPEC-NOTES SIG-1). What Bindu signs, read from its source (`DIDAgentExtension.sign_text`,
 * `ArtifactBuilder.from_result`): the UTF-8 bytes of a text part's `text`, nothing else (no canonical JSON, no
 * envelope), with Ed25519; the 64-byte signature goes base58-encoded (Bitcoin alphabet) into the part's
 * `metadata["did.message.signature"]`. The key is the raw 32-byte Ed25519 key of the DID document's `authentication`
 * method, `publicKeyBase58`.
 *
 * Ed25519 is @noble/curves' (audited, no Node built-in, so the package root still bundles for a browser), verifying
 * as RFC 8032 and OpenSSL do (`zip215: false`: a non-canonical encoding is refused), like Bindu's own `verify_text`.
 *
 * Every list under a `parts` key is read, wherever it is (a Task's artifacts, history and status message, a Message, a
 * stream event, a JSON-RPC envelope around any of them), so the same call checks what an agent sent in any form.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { isObject, pointerTo, type JsonObject } from '../../engine/json-value.js';
import { SignatureInputError } from './input-error.js';

/** The part metadata key Bindu writes its signature under (`settings.did.agent_extension_metadata`). */
export const BINDU_SIGNATURE_KEY = 'did.message.signature';

/** The key types of an Ed25519 key in a DID document (Bindu publishes the 2020 one). */
const ED25519_KEY_TYPES: ReadonlySet<string> = new Set(['Ed25519VerificationKey2020', 'Ed25519VerificationKey2018']);

/** Why a signed part did not verify. */
export type BinduSignatureFailure =
  /** The signature is well formed but does not verify: the text changed after signing, or another key signed it. */
  | 'bad-signature'
  /** The signature is not a base58 string of 64 bytes. */
  | 'malformed-signature'
  /** The part carries a signature but no text: Bindu signs only the text of text parts, so nothing can be checked. */
  | 'no-text';

/** The verdict on one signed part. */
export interface BinduPartVerdict {
  /** The JSON Pointer of the part in the value given. */
  readonly path: string;
  /** True when the signature verifies against the part's text. */
  readonly verified: boolean;
  /** The id of the DID document's key that verified it (when verified). */
  readonly keyId?: string;
  /** Why it failed (when not verified). */
  readonly reason?: BinduSignatureFailure;
  /** What failed, in words (when not verified). */
  readonly message?: string;
}

/** What `verifyBinduSignatures` found. */
export interface BinduSignatureReport {
  /** True when at least one part is signed and every signed part verified. */
  readonly verified: boolean;
  /** How many parts carry a signature. */
  readonly signed: number;
  /** One verdict per signed part, in the order they appear. */
  readonly parts: readonly BinduPartVerdict[];
  /** The JSON Pointers of the text parts that carry no signature (Bindu signs only the artifacts it builds). */
  readonly unsigned: readonly string[];
  /** The DID the document describes. */
  readonly did: string;
  /** The ids of the document's Ed25519 keys that were tried. */
  readonly keys: readonly string[];
}

/** A UTF-16 surrogate without its pair (with the `u` flag a pair is one code point and never matches). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

interface DidKey {
  readonly id: string;
  readonly key: Uint8Array;
}

/** The Ed25519 keys of a DID document's `authentication` (embedded, or named by id in `verificationMethod`). */
export function binduDidKeys(didDocument: unknown): { did: string; keys: DidKey[] } {
  if (!isObject(didDocument)) throw new SignatureInputError('the DID document is not a JSON object');
  const did = typeof didDocument.id === 'string' ? didDocument.id : '';
  if (!Array.isArray(didDocument.authentication))
    throw new SignatureInputError('the DID document has no "authentication" list, so it names no key to verify with');
  const methods = Array.isArray(didDocument.verificationMethod) ? didDocument.verificationMethod.filter(isObject) : [];
  const keys: DidKey[] = [];
  const skipped: string[] = [];
  didDocument.authentication.forEach((entry: unknown, index: number) => {
    const method: JsonObject | undefined =
      typeof entry === 'string' ? methods.find((candidate) => candidate.id === entry) : isObject(entry) ? entry : undefined;
    const label =
      typeof entry === 'string' ? entry : isObject(entry) && typeof entry.id === 'string' ? entry.id : `authentication[${index}]`;
    if (method === undefined) {
      skipped.push(`${label} (${typeof entry === 'string' ? 'not found in verificationMethod' : 'not an object'})`);
      return;
    }
    if (typeof method.type !== 'string' || !ED25519_KEY_TYPES.has(method.type)) {
      skipped.push(`${label} (type ${JSON.stringify(method.type)}, not an Ed25519 key type)`);
      return;
    }
    if (typeof method.publicKeyBase58 !== 'string') {
      skipped.push(`${label} (no publicKeyBase58)`);
      return;
    }
    let raw: Uint8Array;
    try {
      raw = base58.decode(method.publicKeyBase58);
    } catch {
      throw new SignatureInputError(`the DID document's key ${label}: publicKeyBase58 is not base58`);
    }
    if (raw.length !== 32)
      throw new SignatureInputError(
        `the DID document's key ${label}: publicKeyBase58 holds ${raw.length} bytes, not the 32 of an Ed25519 key`,
      );
    try {
      ed25519.Point.fromBytes(raw);
    } catch {
      throw new SignatureInputError(`the DID document's key ${label}: publicKeyBase58 is not a point of Ed25519`);
    }
    keys.push({ id: typeof method.id === 'string' ? method.id : label, key: raw });
  });
  if (keys.length === 0)
    throw new SignatureInputError(
      `the DID document has no Ed25519 key with a publicKeyBase58 in "authentication"${skipped.length > 0 ? `: ${skipped.join('; ')}` : ''}`,
    );
  return { did, keys };
}

/** Every object in a list under a `parts` key, with its JSON Pointer (a part's own contents are not searched). */
function findParts(value: unknown, path: string, out: Array<{ path: string; part: JsonObject }>): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      findParts(item, pointerTo(path, index), out);
    });
    return;
  }
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const childPath = pointerTo(path, key);
    if (key === 'parts' && Array.isArray(child)) {
      child.forEach((part, index) => {
        if (isObject(part)) out.push({ path: pointerTo(childPath, index), part });
      });
    } else {
      findParts(child, childPath, out);
    }
  }
}

/** Ed25519 (RFC 8032) verification; a signature noble refuses to read (an S out of range) does not verify. */
function verifies(signature: Uint8Array, data: Uint8Array, key: Uint8Array): boolean {
  try {
    return ed25519.verify(signature, data, key, { zip215: false });
  } catch {
    return false;
  }
}

/** The verdict on one signed part. */
function judgePart(path: string, part: JsonObject, signature: unknown, keys: readonly DidKey[]): BinduPartVerdict {
  if (typeof part.text !== 'string')
    return {
      path,
      verified: false,
      reason: 'no-text',
      message: `the part carries a ${BINDU_SIGNATURE_KEY} but no text: Bindu signs the text of text parts only`,
    };
  let bytes: Uint8Array | undefined;
  if (typeof signature === 'string') {
    try {
      bytes = base58.decode(signature);
    } catch {
      bytes = undefined;
    }
  }
  if (bytes === undefined || bytes.length !== 64)
    return {
      path,
      verified: false,
      reason: 'malformed-signature',
      message:
        typeof signature !== 'string'
          ? `${BINDU_SIGNATURE_KEY} is ${signature === null ? 'null' : typeof signature}, not a base58 string`
          : bytes === undefined
            ? `${BINDU_SIGNATURE_KEY} is not base58`
            : `${BINDU_SIGNATURE_KEY} holds ${bytes.length} bytes, not the 64 of an Ed25519 signature`,
    };
  const text = part.text;
  if (LONE_SURROGATE.test(text))
    return {
      path,
      verified: false,
      reason: 'bad-signature',
      message: 'the text holds a lone surrogate, which UTF-8 cannot encode: no signer could have signed its bytes',
    };
  const data = new TextEncoder().encode(text);
  for (const { id, key } of keys) {
    if (verifies(bytes, data, key)) return { path, verified: true, keyId: id };
  }
  return {
    path,
    verified: false,
    reason: 'bad-signature',
    message: `the signature does not verify against the part's text with ${keys.length === 1 ? `the key ${keys[0]!.id}` : `any of the DID document's ${keys.length} keys`}: the text changed after it was signed, or another key signed it`,
  };
}

/**
 * Verifies every part of `taskOrMessage` (a Task, a Message, a stream event or a JSON-RPC envelope around one, in
 * either casing) that carries `metadata["did.message.signature"]`, against the Ed25519 keys of `didDocument`'s
 * `authentication`. Throws `SignatureInputError` when the DID document has no usable key; a signature that fails is a
 * verdict in the report, with its part's JSON Pointer and why.
 */
export function verifyBinduSignatures(taskOrMessage: unknown, didDocument: unknown): BinduSignatureReport {
  const { did, keys } = binduDidKeys(didDocument);
  const found: Array<{ path: string; part: JsonObject }> = [];
  findParts(taskOrMessage, '', found);
  const parts: BinduPartVerdict[] = [];
  const unsigned: string[] = [];
  for (const { path, part } of found) {
    const metadata = isObject(part.metadata) ? part.metadata : undefined;
    if (metadata !== undefined && Object.hasOwn(metadata, BINDU_SIGNATURE_KEY)) {
      parts.push(judgePart(path, part, metadata[BINDU_SIGNATURE_KEY], keys));
    } else if (typeof part.text === 'string') {
      unsigned.push(path);
    }
  }
  return {
    verified: parts.length > 0 && parts.every((verdict) => verdict.verified),
    signed: parts.length,
    parts,
    unsigned,
    did,
    keys: keys.map((key) => key.id),
  };
}
