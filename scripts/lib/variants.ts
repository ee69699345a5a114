/** The variants the build emits, in the order they are reported. */
import type { VariantSpec } from '../../schemas/variant.js';
import { a2a } from '../../schemas/a2a/index.js';
import { bindu } from '../../schemas/bindu/index.js';
import { a2aV1 } from '../../schemas/a2a-v1/index.js';
import { aion } from '../../schemas/aion/index.js';

export const VARIANTS: readonly VariantSpec[] = [a2a, bindu, a2aV1, aion];

/** The variant `openrpc.json` and the CLI default to. */
export const DEFAULT_VARIANT = 'bindu';
