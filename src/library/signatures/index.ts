/**
 * Signatures (DESIGN decision 16): Bindu's DID signatures on the parts an agent sends (bindu.ts). Input the functions
 * cannot work with is a `SignatureInputError` (input-error.ts); a signature that fails is a verdict.
 */
export {
  BINDU_SIGNATURE_KEY,
  verifyBinduSignatures,
  type BinduPartVerdict,
  type BinduSignatureFailure,
  type BinduSignatureReport,
} from './bindu.js';
export { SignatureInputError } from './input-error.js';
