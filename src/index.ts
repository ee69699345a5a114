/**
 * bindu-protocol: the machine-readable specification of the Bindu agent protocol
 * (A2A v0.3.0 plus Bindu's extensions, A2A v1.0, the aion context extension). The TypeBox schemas and static types of every
 * variant, and the method registry.
 *
 * Published alongside: the JSON Schema bundles and per-type files (`bindu-protocol/json-schema/...`),
 * the OpenRPC documents (`bindu-protocol/openrpc.json`, `bindu-protocol/openrpc/<variant>.json`)
 * and the declarations generated from the JSON Schema (`bindu-protocol/types/<variant>`).
 *
 * `validate(typeName, value, options)` and `validateMessage(message, options)` check payloads with
 * the validators the build precompiled (`generated/validators/`), loaded per type on first use;
 * `validateText` and `validateMessageText` do the same on JSON text, with the checks of the text
 * (UTF-8, duplicate keys, lone surrogates, numbers out of range, syntax, size). Test-framework
 * matchers are at `bindu-protocol/vitest` (`bindu-protocol/vitest/setup` extends Vitest's `expect` and declares them).
 * `is` / `assertType` / `createValidator` narrow to the canonical type (strict) or the accepted one.
 * `toV1(type, value)` / `toV03(type, value)` convert between the v0.3 and v1.0 wires.
 *
 * Importing the package builds nothing: the TypeBox schemas of a variant are built the first time
 * one of its properties is read (`lazy-variants.ts`), so a process that only validates never
 * loads TypeBox.
 */
export { a2a, bindu, a2aV1, aion, variants, variantNames, defaultVariant } from './library/variants.js';
export type { A2A, Bindu, A2AV1, Aion, Schemas, Types, Variant, VariantName } from './library/variants.js';
export type { MethodSpec, MethodOrigin, VariantSpec } from '../schemas/variant.js';
export { validate, validateProperty } from './library/validate.js';
export type { TypeName, ValidateOptions, ValidationIssue, ValidationResult } from './library/validate.js';
export { validateMessage, SERVER_ERROR_CODES } from './library/validate-message.js';
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
export type { Accepted, AcceptedTypes, Canonical, CanonicalTypes, Checked, ProtocolTypeName } from './library/protocol-types.js';
