/**
 * Conversion between the A2A v0.3 wire (`a2a`, `bindu`) and the A2A v1.0 ProtoJSON wire (`a2a-v1`, `aion`),
 * and recognition of which wire a payload is on.
 */
export { CONVERTIBLE_TYPE_NAMES, toV1, toV03 } from './convert.js';
export { detectWire, wireHint, type WireGuess } from './detect-wire.js';
export {
  CONVERTIBLE_TYPES,
  ConvertError,
  isConvertibleType,
  type Conversion,
  type ConvertOptions,
  type ConvertibleType,
  type Loss,
} from './conversion.js';
export { migrateCard, MIGRATED_PROTOCOL_VERSION, type CardChange, type CardMigration } from './migrate-card.js';
