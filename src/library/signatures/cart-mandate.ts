/**
 * `verifyCartMandate`: the merchant's signature on an AP2 v0.1 CartMandate, with the merchant's key given. What AP2
 * v0.1 pins (the reference notes, aion-ap2.md §2.3): `merchantAuthorization` (`merchant_authorization` in AP2's own
 * snake_case) is a base64url JWT, a compact JWS whose header carries `alg` and `kid`, whose payload carries `iss`,
 * `sub`, `aud`, `iat`, `exp` (short-lived), `jti` and `cart_hash`, "a hash of the canonical JSON of CartContents".
 * All of that is checked. What it does not pin (the hash function, the canonical JSON form, the encoding of the
 * hash) means `cart_hash` cannot be recomputed: the report says so in `notVerifiable`, and its `verified` never
 * claims the signature covers these contents.
 */
import type { WebCryptoKey } from './web-crypto-key.js';
import { base64url, compactVerify, errors, importJWK, importSPKI, type CryptoKey, type JWK } from 'jose';
import { isObject, type JsonObject } from '../../engine/json-value.js';
import { CARD_SIGNATURE_ALGORITHMS } from './card-algorithms.js';
import { SignatureInputError } from './input-error.js';

/** The claims AP2 v0.1 names in the merchant's JWT. */
export const CART_MANDATE_CLAIMS = ['iss', 'sub', 'aud', 'iat', 'exp', 'jti', 'cart_hash'] as const;

export interface VerifyCartMandateOptions {
  /** The merchant's public key: a JWK, an SPKI PEM text ("PUBLIC KEY") or a WebCrypto key. */
  readonly key: JsonObject | string | WebCryptoKey;
  /** The algorithms accepted (default CARD_SIGNATURE_ALGORITHMS: the asymmetric JWS algorithms). */
  readonly algorithms?: readonly string[];
  /** The time `exp` and `iat` are compared with, in seconds since the epoch (default now). */
  readonly now?: number;
}

/** Why a merchant authorization did not verify. */
export type CartMandateFailure =
  /** The mandate has no merchant authorization. */
  | 'unsigned'
  /** Not a compact JWS (three base64url parts), or a header or payload that is not a JSON object. */
  | 'malformed'
  /** The header's `alg` is missing or not allowed, or the key cannot verify it. */
  | 'algorithm-not-allowed'
  /** The signature does not verify with the merchant's key. */
  | 'bad-signature'
  /** The signature verifies, but the header lacks `kid` or the payload lacks a claim AP2 v0.1 names. */
  | 'missing-claims'
  /** The signature verifies, but `exp` has passed (or `iat` is in the future). */
  | 'expired';

export interface CartMandateReport {
  /** True when the signature verifies with the key, every claim AP2 v0.1 names is there and the token is in date. */
  readonly verified: boolean;
  readonly reason?: CartMandateFailure;
  readonly message?: string;
  /** The JWS header (decoded, even when the signature fails). */
  readonly header?: JsonObject;
  /** The JWT claims (only once the signature verified). */
  readonly claims?: JsonObject;
  /** The claims AP2 v0.1 names that are absent (`kid` for the header's). */
  readonly missing: readonly string[];
  /** What AP2 v0.1 leaves unpinned, so this function did not check. */
  readonly notVerifiable: readonly string[];
}

/** What cannot be checked of `cart_hash`, said in every report. */
export const CART_HASH_NOT_VERIFIABLE =
  'cart_hash: AP2 v0.1 says only "a hash of the canonical JSON of CartContents"; it pins neither the hash function, nor the canonical JSON form, nor how the hash is encoded, so the hash is not recomputed and the signature is not shown to cover these contents';

/** The public key to verify with. */
async function publicKey(key: VerifyCartMandateOptions['key'], alg: string): Promise<CryptoKey | Uint8Array> {
  if (typeof key === 'string') {
    if (!/-----BEGIN PUBLIC KEY-----/.test(key))
      throw new SignatureInputError('the merchant key is a string but not an SPKI PEM text ("-----BEGIN PUBLIC KEY-----")');
    return importSPKI(key, alg);
  }
  if (isObject(key) && typeof key.kty === 'string') {
    if (key.kty === 'oct')
      throw new SignatureInputError('the merchant key is a symmetric key (kty oct): a merchant signs with a private key');
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicPart } = key;
    return importJWK(publicPart as JWK, alg);
  }
  if (isObject(key) && 'algorithm' in key) return key as unknown as CryptoKey;
  throw new SignatureInputError('the merchant key is neither a JWK, an SPKI PEM text nor a WebCrypto key');
}

/** The decoded JSON object of a base64url part, or undefined. */
function decodeObject(part: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64url.decode(part)));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a CartMandate's merchant authorization with the merchant's key. Accepts the bindu variant's camelCase
 * (`contents`, `merchantAuthorization`) and AP2's snake_case (`merchant_authorization`). Throws `SignatureInputError`
 * when the mandate is not an object with `contents`, or the key is not a public key it can use; a signature that
 * fails is a verdict.
 */
export async function verifyCartMandate(mandate: unknown, options: VerifyCartMandateOptions): Promise<CartMandateReport> {
  if (!isObject(mandate) || !isObject(mandate.contents))
    throw new SignatureInputError('the CartMandate is not a JSON object with "contents" (CartContents)');
  const notVerifiable = [CART_HASH_NOT_VERIFIABLE];
  const token = mandate.merchantAuthorization ?? mandate.merchant_authorization;
  const verdict = (reason: CartMandateFailure, message: string, rest: Partial<CartMandateReport> = {}): CartMandateReport => ({
    verified: false,
    reason,
    message,
    missing: [],
    notVerifiable,
    ...rest,
  });
  if (token === undefined || token === null) return verdict('unsigned', 'the mandate has no merchantAuthorization');
  if (typeof token !== 'string') return verdict('malformed', 'merchantAuthorization is not a string');
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]*$/.test(part)))
    return verdict('malformed', 'merchantAuthorization is not a compact JWS (three base64url parts joined by ".")');
  const header = decodeObject(parts[0]!);
  if (header === undefined) return verdict('malformed', 'the JWS header is not base64url-encoded JSON object');
  const alg = typeof header.alg === 'string' ? header.alg : undefined;
  const allowed = options.algorithms ?? CARD_SIGNATURE_ALGORITHMS;
  if (alg === undefined) return verdict('algorithm-not-allowed', 'the JWS header has no alg', { header });
  if (!allowed.includes(alg))
    return verdict('algorithm-not-allowed', `alg ${alg} is not allowed (allowed: ${allowed.join(', ')})`, { header });
  let key: CryptoKey | Uint8Array;
  try {
    key = await publicKey(options.key, alg);
  } catch (error) {
    if (error instanceof SignatureInputError) throw error;
    return verdict('algorithm-not-allowed', `the merchant key cannot verify ${alg}: ${(error as Error).message}`, { header });
  }
  try {
    await compactVerify(token, key, { algorithms: [alg] });
  } catch (error) {
    return error instanceof errors.JWSSignatureVerificationFailed
      ? verdict('bad-signature', "the signature does not verify with the merchant's key", { header })
      : verdict('malformed', (error as Error).message, { header });
  }
  const claims = decodeObject(parts[1]!);
  if (claims === undefined) return verdict('malformed', 'the JWT payload is not a JSON object', { header });
  const missing = [
    ...(typeof header.kid === 'string' ? [] : ['kid']),
    ...CART_MANDATE_CLAIMS.filter((claim) => claims[claim] === undefined),
  ];
  if (missing.length > 0)
    return verdict('missing-claims', `the signature verifies, but what AP2 v0.1 names is absent: ${missing.join(', ')}`, {
      header,
      claims,
      missing,
    });
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number')
    return verdict('malformed', 'exp and iat must be NumericDate numbers (seconds since the epoch)', { header, claims });
  if (claims.exp <= now)
    return verdict('expired', `the authorization expired at ${new Date(claims.exp * 1000).toISOString()}`, { header, claims });
  if (claims.iat > now)
    return verdict('expired', `the authorization is issued in the future (iat ${new Date(claims.iat * 1000).toISOString()})`, {
      header,
      claims,
    });
  return { verified: true, header, claims, missing: [], notVerifiable };
}
