/**
 * bindu-protocol, the package root: `validate` / `validateMessage` with the precompiled validators, `validateText` /
 * `validateMessageText` with the text checks; the guards `is`, `assertType` and `createValidator` (canonical type when
 * strict, accepted otherwise); `toV1` / `toV03` and `migrateCard`; `signAgentCard` / `verifyAgentCard` and `verifyBinduSignatures` (src/library/signatures/). Its
 * declarations stay small (no TypeBox types).
 * Published beside it: `bindu-protocol/typebox` (src/typebox.ts: the TypeBox schemas, static types and method
 * registries), the JSON Schema, OpenRPC, OpenAPI and declaration files; `bindu-protocol/vitest` (matchers) and
 * `bindu-protocol/vitest/setup`. README "Quick start" shows each.
 */
export { variantNames, defaultVariant, type VariantName } from '../schemas/variant-table.js';
export { validate, validateProperty } from './library/validate.js';
export type { TypeName, ValidateOptions, ValidationIssue, ValidationResult } from './library/validate.js';
export type { IssueParams } from './engine/validation-issue.js';
export { validateMessage } from './library/validate-message.js';
export { normalize } from './library/normalize.js';
export type { NormalizeChange, NormalizeOptions, NormalizeResult } from './library/normalize.js';
export { standardSchema, STANDARD_SCHEMA_VENDOR } from './library/standard-schema.js';
export { errorCodes, taskStates } from './library/client-facts.js';
export type { ErrorCodeEntry, JsonRpcId, JsonRpcRequestEnvelope, TaskStateSets } from './library/client-facts.js';
export type { StandardIssue, StandardResult, StandardSchemaOptions, StandardSchemaV1 } from './library/standard-schema.js';
export { SERVER_ERROR_CODES, BINDU_ERRORS } from '../schemas/error-table.js';
export type { ValidateMessageOptions } from './library/validate-message.js';
export { validateText, validateMessageText } from './library/validate-text.js';
export type { JsonText, TextValidationResult, ValidateTextOptions, ValidateMessageTextOptions } from './library/validate-text.js';
export {
  toV1,
  toV03,
  detectWire,
  wireHint,
  CONVERTIBLE_TYPES,
  CONVERTIBLE_TYPE_NAMES,
  ConvertError,
  migrateCard,
} from './library/convert/index.js';
export type { CardChange, CardMigration, Conversion, ConvertibleType, ConvertOptions, Loss, WireGuess } from './library/convert/index.js';
export { is, assertType, isNamed, assertNamed, assertMessage, createValidator, ProtocolValidationError } from './library/guards.js';
export type { BoundValidator, GuardOptions } from './library/guards.js';
export type {
  Accepted,
  AcceptedTypes,
  AnyTypeName,
  Canonical,
  CanonicalTypes,
  Checked,
  KnownTypeName,
  ProtocolTypeName,
} from './library/protocol-types.js';
export {
  BINDU_SIGNATURE_KEY,
  verifyBinduSignatures,
  SignatureInputError,
  signAgentCard,
  verifyAgentCard,
  canonicalAgentCard,
  CARD_SIGNATURE_ALGORITHMS,
  verifyCartMandate,
  CART_HASH_NOT_VERIFIABLE,
  CART_MANDATE_CLAIMS,
} from './library/signatures/index.js';
export type {
  BinduPartVerdict,
  BinduSignatureFailure,
  BinduSignatureReport,
  CanonicalCard,
  CardSignatureFailure,
  CardSignatureReport,
  CardSignatureVerdict,
  CartMandateFailure,
  CartMandateReport,
  VerifyCartMandateOptions,
  SignAgentCardOptions,
  SigningKey,
  VerifyAgentCardOptions,
} from './library/signatures/index.js';
