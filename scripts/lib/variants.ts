/** The variants the build emits, in the order they are reported. */
import type { VariantSpec } from '../../schemas/variant.js';
import { a2a } from '../../schemas/a2a/index.js';
import { bindu } from '../../schemas/bindu/index.js';
import { a2aV1 } from '../../schemas/a2a-v1/index.js';
import { aion } from '../../schemas/aion/index.js';
import { a2aRest } from '../../schemas/a2a-rest/index.js';

export const VARIANTS: readonly VariantSpec[] = [a2a, bindu, a2aV1, aion];

/** The variant `openrpc.json` and the CLI default to. */
export const DEFAULT_VARIANT = 'bindu';

/**
 * Schema sets that are not variants: published as JSON Schema (with declarations and precompiled
 * validators, so the runtime can check them), referenced by the OpenAPI documents, but with no
 * JSON-RPC methods, no OpenRPC document and no docs pages of their own. `a2a-rest`: the bodies of
 * the A2A v0.3.0 HTTP+JSON binding.
 */
export const SCHEMA_SETS: readonly VariantSpec[] = [a2aRest];
