/**
 * A WebCrypto key as the signature functions take one, written structurally (what every `crypto.subtle` key has),
 * so that the package's declarations name no type of `jose`: an ES-module-only package a CommonJS consumer's
 * declarations cannot import.
 */

/** A WebCrypto `CryptoKey` (from `crypto.subtle.importKey`, `generateKey`, or jose's `importJWK`). */
export interface WebCryptoKey {
  /** `public`, `private` or `secret`. */
  readonly type: string;
  /** Whether the key material may be exported. */
  readonly extractable: boolean;
  /** The algorithm the key is for (`{ name: 'ECDSA', namedCurve: 'P-256' }`, …). */
  readonly algorithm: object;
  /** What the key may be used for (`sign`, `verify`, …). */
  readonly usages: readonly string[];
}
