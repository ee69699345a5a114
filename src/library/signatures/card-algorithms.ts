/**
 * The JWS algorithms a card signature may use unless the caller narrows them: the asymmetric ones (never `none`, never
 * an HMAC, whose key could not be published). Apart from agent-card.ts so that the package root can export it without
 * loading jose (a list cannot wait in a lazy chunk: scripts/lib/lazy-root.ts).
 */
export const CARD_SIGNATURE_ALGORITHMS: readonly string[] = [
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
];
