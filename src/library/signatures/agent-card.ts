/**
 * `signAgentCard` and `verifyAgentCard`: A2A v1.0 card signatures (§8.4; SPEC-NOTES SIG-3, SIG-4). The payload is
 * `canonicalAgentCard` (card-canonical-form.ts); the JWS is `jose`'s flattened JSON serialization, whose `protected`
 * and `signature` are an `AgentCardSignature`. The protected header carries `alg`, `typ: "JOSE"`, `kid` and, when
 * given, `jku` (§8.4.2). Verification checks every signature on its own and says, for each, which key it used and why
 * it failed: malformed, no `kid`, an algorithm not allowed, no such key, the key not fetched, a key that cannot verify
 * that algorithm, or a signature that does not match the card.
 */
import type { WebCryptoKey } from './web-crypto-key.js';
import { base64url, errors, FlattenedSign, flattenedVerify, importJWK, importPKCS8, type CryptoKey, type JWK } from 'jose';
import { isObject, type JsonObject } from '../../engine/json-value.js';
import { CARD_SIGNATURE_ALGORITHMS } from './card-algorithms.js';
import { canonicalAgentCard } from './card-canonical-form.js';
import { SignatureInputError } from './input-error.js';

/** A private key: a JWK (with its `d`), a PKCS#8 PEM text, or a WebCrypto key. */
export type SigningKey = JsonObject | string | WebCryptoKey;

export interface SignAgentCardOptions {
  /** The private key. */
  readonly privateKey: SigningKey;
  /** The key id the protected header names; the verifier finds the public key by it. */
  readonly kid: string;
  /** The JWS algorithm; by default the key's (`alg` of a JWK, else ES256/ES384/ES512 by curve, EdDSA, RS256). */
  readonly alg?: string;
  /** The URL of the JWK Set holding the public key, put in the protected header. */
  readonly jku?: string;
  /** Unprotected header values, sent as the signature's `header`. */
  readonly header?: JsonObject;
}

/** Where the keys come from: given (a JWK Set or a list of JWKs) or fetched. */
export interface VerifyAgentCardOptions {
  /** The trusted keys: a JWK Set (`{"keys": [...]}`) or its list of JWKs. */
  readonly keys?: unknown;
  /** A JWK Set to fetch and trust; without `keys` or this, each signature's `jku` is fetched. */
  readonly jwksUrl?: string;
  /** The algorithms accepted (default CARD_SIGNATURE_ALGORITHMS). */
  readonly algorithms?: readonly string[];
  /** The fetch used for `jwksUrl` and `jku` (default the global one). */
  readonly fetch?: typeof globalThis.fetch;
  /** How long one JWK Set fetch may take, in milliseconds (default 10,000). */
  readonly timeoutMs?: number;
}

/** Why a card signature did not verify. */
export type CardSignatureFailure =
  /** Not an object with base64url `protected` and `signature`, or a protected header that is not a JSON object. */
  | 'malformed'
  /** The protected header has no `kid` (§8.4.2 MUST). */
  | 'missing-kid'
  /** The protected header's `alg` is missing or not among the algorithms allowed. */
  | 'algorithm-not-allowed'
  /** No key of the key set has the signature's `kid`. */
  | 'unknown-key'
  /** No key set to look in: no keys given and no `jku`, or the `jku` could not be fetched or is not a JWK Set. */
  | 'key-unavailable'
  /** The key with that `kid` cannot verify the signature's algorithm (another key type or curve). */
  | 'unusable-key'
  /** The signature does not verify over the card's canonical form: the card changed, or another key signed it. */
  | 'bad-signature';

/** The verdict on one entry of `signatures`. */
export interface CardSignatureVerdict {
  /** The JSON Pointer of the signature (`/signatures/0`). */
  readonly path: string;
  /** The protected header's `kid`, `alg` and `jku`, when it has them. */
  readonly kid?: string;
  readonly alg?: string;
  readonly jku?: string;
  /** Where its key was looked for: the keys given, `jwksUrl`, or its `jku`. */
  readonly keySource?: string;
  readonly verified: boolean;
  readonly reason?: CardSignatureFailure;
  readonly message?: string;
}

/** What `verifyAgentCard` found. */
export interface CardSignatureReport {
  /** True when the card has at least one signature and every one verified. */
  readonly verified: boolean;
  /** One verdict per signature, in order. */
  readonly signatures: readonly CardSignatureVerdict[];
  /** The canonical form the signatures were checked over. */
  readonly canonical: string;
  /** The fields removed as defaults before canonicalization (JSON Pointers). */
  readonly removed: readonly string[];
}

/** The keys of a JWK Set, or a SignatureInputError naming what it is instead. */
export function jwksKeys(value: unknown, source: string): JsonObject[] {
  const keys = Array.isArray(value) ? value : isObject(value) ? value.keys : undefined;
  if (!Array.isArray(keys)) {
    const what =
      isObject(value) && typeof value.kty === 'string'
        ? 'a single JWK'
        : isObject(value)
          ? 'an object without "keys"'
          : 'not a JSON object';
    throw new SignatureInputError(`${source} is not a JWK Set ({"keys": [...]}): it is ${what}`);
  }
  keys.forEach((key, index) => {
    if (!isObject(key) || typeof key.kty !== 'string')
      throw new SignatureInputError(`${source} is not a JWK Set: keys[${index}] is not a JWK (an object with "kty")`);
  });
  return keys as JsonObject[];
}

/** The default algorithm of a JWK. */
function jwkAlgorithm(jwk: JsonObject): string {
  if (typeof jwk.alg === 'string') return jwk.alg;
  if (jwk.kty === 'EC') {
    const byCurve: Record<string, string> = { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' };
    const alg = typeof jwk.crv === 'string' ? byCurve[jwk.crv] : undefined;
    if (alg) return alg;
    throw new SignatureInputError(`the key's curve ${JSON.stringify(jwk.crv)} has no JWS algorithm (P-256, P-384 or P-521)`);
  }
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  if (jwk.kty === 'RSA') return 'RS256';
  throw new SignatureInputError(`the key (kty ${JSON.stringify(jwk.kty)}) is not one a card can be signed with: an EC, Ed25519 or RSA key`);
}

/** A private key and its algorithm. */
async function signingKey(key: SigningKey, alg: string | undefined): Promise<{ key: CryptoKey | Uint8Array; alg: string }> {
  if (typeof key === 'string') {
    if (!/-----BEGIN PRIVATE KEY-----/.test(key)) {
      const kind = /-----BEGIN ([A-Z ]+)-----/.exec(key)?.[1];
      throw new SignatureInputError(
        kind
          ? `the key is a PEM "${kind}", not a PKCS#8 "PRIVATE KEY" (convert it: openssl pkcs8 -topk8 -nocrypt -in KEY)`
          : 'the key is neither a PEM text nor a JWK',
      );
    }
    for (const candidate of alg ? [alg] : ['ES256', 'ES384', 'ES512', 'EdDSA', 'RS256']) {
      try {
        return { key: await importPKCS8(key, candidate, { extractable: false }), alg: candidate };
      } catch {
        // not a key of this algorithm
      }
    }
    throw new SignatureInputError(
      alg ? `the PEM key cannot sign with ${alg}` : 'the PEM key is not an EC (P-256, P-384, P-521), Ed25519 or RSA private key',
    );
  }
  if (isObject(key) && typeof key.kty === 'string') {
    if (key.kty === 'oct')
      throw new SignatureInputError(
        'the key is a symmetric key (kty oct): a card is signed with a private key whose public key is published',
      );
    if (typeof key.d !== 'string') throw new SignatureInputError('the JWK is a public key: signing needs the private key (its "d")');
    const chosen = alg ?? jwkAlgorithm(key);
    try {
      return { key: await importJWK(key as JWK, chosen), alg: chosen };
    } catch (error) {
      throw new SignatureInputError(`the JWK cannot sign with ${chosen}: ${(error as Error).message}`);
    }
  }
  if (isObject(key) && 'algorithm' in key && alg) return { key: key as unknown as CryptoKey, alg };
  throw new SignatureInputError(
    isObject(key) ? 'the key is an object but not a JWK (no "kty")' : 'the key is neither a PEM text nor a JWK',
  );
}

/**
 * Signs an A2A v1.0 card (§8.4.2): the JWS of its canonical form (`canonicalAgentCard`), with `alg`, `typ: "JOSE"`,
 * `kid` and, when given, `jku` in the protected header. Returns a copy of the card with the signature appended to its
 * `signatures` (the card's own fields unchanged). Throws `SignatureInputError` for a key it cannot sign with.
 */
export async function signAgentCard(card: unknown, options: SignAgentCardOptions): Promise<JsonObject> {
  if (typeof options.kid !== 'string' || options.kid === '') throw new SignatureInputError('a card signature needs a kid (§8.4.2)');
  if (options.alg !== undefined && !CARD_SIGNATURE_ALGORITHMS.includes(options.alg))
    throw new SignatureInputError(`alg ${options.alg} is not one of ${CARD_SIGNATURE_ALGORITHMS.join(', ')}`);
  const { canonical } = canonicalAgentCard(card);
  const { key, alg } = await signingKey(options.privateKey, options.alg);
  const protectedHeader: Record<string, string> = { alg, typ: 'JOSE', kid: options.kid };
  if (options.jku !== undefined) protectedHeader.jku = options.jku;
  let jws: { protected?: string; signature: string };
  try {
    const signer = new FlattenedSign(new TextEncoder().encode(canonical)).setProtectedHeader(protectedHeader);
    if (options.header) signer.setUnprotectedHeader(options.header);
    jws = await signer.sign(key);
  } catch (error) {
    throw new SignatureInputError(`the key cannot sign with ${alg}: ${(error as Error).message}`);
  }
  const signature: JsonObject = { protected: jws.protected, signature: jws.signature };
  if (options.header) signature.header = options.header;
  const existing = Array.isArray((card as JsonObject).signatures) ? ((card as JsonObject).signatures as unknown[]) : [];
  return { ...(card as JsonObject), signatures: [...existing, signature] };
}

/** Fetches a JWK Set; a SignatureInputError says why it is not one. */
async function fetchJwks(url: string, options: VerifyAgentCardOptions): Promise<JsonObject[]> {
  const fetcher = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetcher(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000), headers: { accept: 'application/json' } });
  } catch (error) {
    throw new SignatureInputError(`cannot fetch the JWK Set ${url}: ${(error as Error).message}`);
  }
  if (!response.ok) throw new SignatureInputError(`cannot fetch the JWK Set ${url}: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    throw new SignatureInputError(`the JWK Set ${url} is not JSON`);
  }
  return jwksKeys(body, `the JWK Set ${url}`);
}

/** The protected header of a signature, or why it has none. */
function protectedHeaderOf(entry: unknown): JsonObject | string {
  if (!isObject(entry)) return 'the signature is not an object';
  if (typeof entry.protected !== 'string' || typeof entry.signature !== 'string')
    return 'the signature needs "protected" and "signature" strings (§8.4.2)';
  if (!/^[A-Za-z0-9_-]*$/.test(entry.protected) || !/^[A-Za-z0-9_-]+$/.test(entry.signature))
    return '"protected" and "signature" must be base64url without padding';
  try {
    const header: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64url.decode(entry.protected)));
    return isObject(header) ? header : 'the protected header is not a JSON object';
  } catch {
    return 'the protected header is not base64url-encoded JSON';
  }
}

/**
 * Verifies every signature of an A2A v1.0 card (§8.4.3) over its canonical form, with the keys given, the JWK Set at
 * `jwksUrl`, or else each signature's `jku`. Throws `SignatureInputError` when the card is not an object, is a v0.3
 * card, or the keys given (or fetched from `jwksUrl`) are not a JWK Set; a signature that fails is a verdict.
 */
export async function verifyAgentCard(card: unknown, options: VerifyAgentCardOptions = {}): Promise<CardSignatureReport> {
  if (isObject(card) && !('supportedInterfaces' in card || 'supported_interfaces' in card) && ('url' in card || 'protocolVersion' in card))
    throw new SignatureInputError('the card is an A2A v0.3 card (url, protocolVersion): §8.4 signs v1.0 cards (migrate-card converts one)');
  const { canonical, removed } = canonicalAgentCard(card);
  const allowed = options.algorithms ?? CARD_SIGNATURE_ALGORITHMS;
  const given = options.keys !== undefined ? jwksKeys(options.keys, 'the keys given') : undefined;
  const fromUrl = given === undefined && options.jwksUrl !== undefined ? await fetchJwks(options.jwksUrl, options) : undefined;
  const jkuSets = new Map<string, Promise<JsonObject[]>>();
  const payload = base64url.encode(canonical);
  const entries = Array.isArray((card as JsonObject).signatures) ? ((card as JsonObject).signatures as unknown[]) : [];
  const signatures: CardSignatureVerdict[] = [];
  for (const [index, entry] of entries.entries()) {
    signatures.push(await verifyOne(entry, `/signatures/${index}`));
  }
  return { verified: signatures.length > 0 && signatures.every((verdict) => verdict.verified), signatures, canonical, removed };

  async function verifyOne(entry: unknown, path: string): Promise<CardSignatureVerdict> {
    const header = protectedHeaderOf(entry);
    if (typeof header === 'string') return { path, verified: false, reason: 'malformed', message: header };
    const kid = typeof header.kid === 'string' ? header.kid : undefined;
    const alg = typeof header.alg === 'string' ? header.alg : undefined;
    const jku = typeof header.jku === 'string' ? header.jku : undefined;
    const named = { path, ...(kid !== undefined && { kid }), ...(alg !== undefined && { alg }), ...(jku !== undefined && { jku }) };
    const fail = (reason: CardSignatureFailure, message: string, keySource?: string): CardSignatureVerdict => ({
      ...named,
      ...(keySource !== undefined && { keySource }),
      verified: false,
      reason,
      message,
    });
    if (kid === undefined) {
      const unprotected = isObject((entry as JsonObject).header) && ((entry as JsonObject).header as JsonObject).kid !== undefined;
      return fail(
        'missing-kid',
        `the protected header has no kid (§8.4.2 MUST)${unprotected ? '; a kid in the unprotected header is not signed' : ''}`,
      );
    }
    if (alg === undefined) return fail('algorithm-not-allowed', 'the protected header has no alg (§8.4.2 MUST)');
    if (!allowed.includes(alg)) return fail('algorithm-not-allowed', `alg ${alg} is not allowed (allowed: ${allowed.join(', ')})`);
    let keys: JsonObject[];
    let keySource: string;
    if (given !== undefined) {
      keys = given;
      keySource = 'the keys given';
    } else if (fromUrl !== undefined) {
      keys = fromUrl;
      keySource = options.jwksUrl!;
    } else if (jku !== undefined) {
      keySource = jku;
      let pending = jkuSets.get(jku);
      if (pending === undefined) {
        pending = fetchJwks(jku, options);
        jkuSets.set(jku, pending);
      }
      try {
        keys = await pending;
      } catch (error) {
        return fail('key-unavailable', (error as Error).message, keySource);
      }
    } else {
      return fail('key-unavailable', 'no keys were given and the protected header has no jku to fetch them from');
    }
    const candidates = keys.filter((key) => key.kid === kid);
    if (candidates.length === 0) return fail('unknown-key', `no key with kid ${JSON.stringify(kid)} in ${keySource}`, keySource);
    let last: CardSignatureVerdict | undefined;
    for (const jwk of candidates) {
      if (typeof jwk.alg === 'string' && jwk.alg !== alg) {
        last = fail('unusable-key', `the key ${kid} is for ${jwk.alg}, the signature uses ${alg}`, keySource);
        continue;
      }
      let key: CryptoKey | Uint8Array;
      try {
        const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicPart } = jwk;
        key = await importJWK(publicPart as JWK, alg);
      } catch (error) {
        last = fail(
          'unusable-key',
          `the key ${kid} (kty ${String(jwk.kty)}${jwk.crv ? `, crv ${String(jwk.crv)}` : ''}) cannot verify ${alg}: ${(error as Error).message}`,
          keySource,
        );
        continue;
      }
      const jws = entry as JsonObject;
      try {
        await flattenedVerify(
          {
            protected: jws.protected as string,
            payload,
            signature: jws.signature as string,
            ...(isObject(jws.header) && { header: jws.header }),
          },
          key,
          { algorithms: [alg] },
        );
        return { ...named, keySource, verified: true };
      } catch (error) {
        last =
          error instanceof errors.JWSSignatureVerificationFailed
            ? fail(
                'bad-signature',
                `the signature does not verify over the card's canonical form with the key ${kid}: the card changed after signing, or another key signed it`,
                keySource,
              )
            : error instanceof errors.JOSEAlgNotAllowed
              ? fail('algorithm-not-allowed', (error as Error).message, keySource)
              : error instanceof errors.JWSInvalid || error instanceof errors.JOSENotSupported
                ? fail('malformed', (error as Error).message, keySource)
                : fail('unusable-key', `the key ${kid} cannot verify ${alg}: ${(error as Error).message}`, keySource);
      }
    }
    return last!;
  }
}
