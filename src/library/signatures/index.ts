/**
 * Signatures (DESIGN decision 16): A2A v1.0 agent card signatures (agent-card.ts over card-canonical-form.ts) and
 * Bindu's DID signatures on the parts an agent sends (bindu.ts); the merchant's signature on an AP2 CartMandate
 * (cart-mandate.ts). Input the functions cannot work with is a
 * `SignatureInputError` (input-error.ts); a signature that fails is a verdict.
 */
export {
  BINDU_SIGNATURE_KEY,
  verifyBinduSignatures,
  type BinduPartVerdict,
  type BinduSignatureFailure,
  type BinduSignatureReport,
} from './bindu.js';
export {
  signAgentCard,
  verifyAgentCard,
  jwksKeys,
  type CardSignatureFailure,
  type CardSignatureReport,
  type CardSignatureVerdict,
  type SignAgentCardOptions,
  type SigningKey,
  type VerifyAgentCardOptions,
} from './agent-card.js';
export { CARD_SIGNATURE_ALGORITHMS } from './card-algorithms.js';
export {
  CART_HASH_NOT_VERIFIABLE,
  CART_MANDATE_CLAIMS,
  verifyCartMandate,
  type CartMandateFailure,
  type CartMandateReport,
  type VerifyCartMandateOptions,
} from './cart-mandate.js';
export { canonicalAgentCard, type CanonicalCard } from './card-canonical-form.js';
export { SignatureInputError } from './input-error.js';
