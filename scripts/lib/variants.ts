/** The variants the build emits (the specs of schemas/variant-table.ts's variants) and the schema sets beside them. */
import type { VariantSpec } from '../../schemas/variant.js';
import { a2a } from '../../schemas/a2a/index.js';
import { bindu } from '../../schemas/bindu/index.js';
import { a2aV1 } from '../../schemas/a2a-v1/index.js';
import { aion } from '../../schemas/aion/index.js';
import { a2aRest } from '../../schemas/a2a-rest/index.js';
import { variantNames, type VariantName } from '../../schemas/variant-table.js';

/** Each variant of schemas/variant-table.ts by name (a variant of the table without its spec here is a type error). */
const SPECS: Readonly<Record<VariantName, VariantSpec>> = { a2a, bindu, 'a2a-v1': a2aV1, aion };

/** The variants the build emits, in the order of the table. */
export const VARIANTS: readonly VariantSpec[] = variantNames.map((name) => SPECS[name]);

/** The variant `openrpc.json` and the CLI default to. */
export { defaultVariant as DEFAULT_VARIANT } from '../../schemas/variant-table.js';

/**
 * Schema sets that are not variants: published as JSON Schema (with declarations and precompiled
 * validators, so the runtime can check them), referenced by the OpenAPI documents, but with no
 * JSON-RPC methods, no OpenRPC document and no docs pages of their own. `a2a-rest`: the bodies of
 * the A2A v0.3.0 HTTP+JSON binding.
 */
export const SCHEMA_SETS: readonly VariantSpec[] = [a2aRest];
