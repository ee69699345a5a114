/**
 * bindu-protocol: the machine-readable specification of the Bindu agent protocol
 * (A2A v0.3.0 plus Bindu's extensions). The TypeBox schemas and static types of every
 * variant, and the method registry.
 *
 * Published alongside: the JSON Schema bundles and per-type files (`bindu-protocol/json-schema/...`),
 * the OpenRPC documents (`bindu-protocol/openrpc.json`, `bindu-protocol/openrpc/<variant>.json`)
 * and the declarations generated from the JSON Schema (`bindu-protocol/types/<variant>`).
 */
export { a2a, bindu, variants, defaultVariant } from './variants.js';
export type { A2A, Bindu, Schemas, Types, Variant, VariantName } from './variants.js';
export type { MethodSpec, MethodOrigin, VariantSpec } from '../schemas/variant.js';
