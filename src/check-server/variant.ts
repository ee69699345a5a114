/**
 * The one place check-server turns the variant it reports into the variant whose validators and
 * conformance fixtures it loads.
 */
import type { VariantName } from '../lazy-variants.js';
import { availableVariants } from '../validate/load.js';

/**
 * The variant whose precompiled validators (and conformance fixtures) check traffic reported as
 * `name`: the name itself when the package has it; `aion` for `a2a-v1` when it does not.
 * `aion` is a2a-v1 plus the aion context extension, so it validates all v1.0 traffic.
 * Fallback: until a2a-v1 lands (the lead removes it at merge).
 */
export function validatorVariant(name: string): VariantName {
  if (availableVariants().includes(name)) return name as VariantName;
  if (name === 'a2a-v1') return 'aion'; // until a2a-v1 lands
  return name as VariantName;
}
