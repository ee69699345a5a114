/**
 * Lenient reading (`validate(…, { lenient: true })`): the errors a robust receiver survives become warnings, by the
 * table `schemas/lenient-table.ts` (unknown enum values, string formats, the missing fields listed there with their
 * reasons). What is left decides the verdict. Runs only on a payload that is invalid already.
 */
import { SURVIVABLE_MISSING_FIELDS } from '../../schemas/lenient-table.js';
import type { LoadedVariant } from '../engine/load-validators.js';
import type { ValidationIssue } from '../engine/validation-issue.js';
import { SchemaWalk } from './schema-walk.js';

/** The reason a missing field may be left out by a sender in this variant, or undefined. */
function missingReason(variant: string, types: readonly string[], property: unknown): string | undefined {
  for (const entry of SURVIVABLE_MISSING_FIELDS) {
    if (entry.property === property && entry.variants.includes(variant) && types.includes(entry.type)) return entry.reason;
  }
  return undefined;
}

/** Why an error is survivable (the words its warning gets), or undefined when it stays an error. */
function survivable(
  error: ValidationIssue,
  variant: LoadedVariant,
  typeName: string,
  value: unknown,
  walk: () => SchemaWalk,
): string | undefined {
  const params = error.params;
  if (error.keyword === 'enum' || (params.allowedValues !== undefined && params.discriminator === undefined && error.keyword !== 'const'))
    return 'an enum value this receiver does not know (enums are open: the value is kept)';
  if (error.keyword === 'format') return 'a string in another format than the schema names (the value is still a string)';
  if (error.keyword === 'required' && params.discriminator === undefined) {
    const root = variant.definitions[typeName];
    if (root === undefined) return undefined;
    const types = walk().typesAt({ $ref: `#/$defs/${typeName}` }, value, error.path);
    return missingReason(variant.name, types, params.missingProperty);
  }
  return undefined;
}

/** An error read leniently, as a warning saying why; its words are made when read, as the error's are. */
function relaxedIssue(error: ValidationIssue, reason: string): ValidationIssue {
  let message: string | undefined;
  return {
    path: error.path,
    keyword: error.keyword,
    get message() {
      return (message ??= `${error.message} (read leniently: ${reason})`);
    },
    get hint() {
      return error.hint;
    },
    params: { ...error.params, lenient: reason },
  };
}

/** One walker per loaded variant (it holds nothing of a payload). */
const walkers = new WeakMap<LoadedVariant, SchemaWalk>();

/** The errors of an invalid result split: those that stay errors, and the survivable ones as warnings saying why. */
export function relax(
  variant: LoadedVariant,
  typeName: string,
  value: unknown,
  errors: readonly ValidationIssue[],
): { errors: ValidationIssue[]; warnings: ValidationIssue[] } {
  const walk = () => {
    let walker = walkers.get(variant);
    if (walker === undefined) walkers.set(variant, (walker = new SchemaWalk(variant.definitions)));
    return walker;
  };
  const kept: ValidationIssue[] = [];
  const relaxed: ValidationIssue[] = [];
  for (const error of errors) {
    const reason = survivable(error, variant, typeName, value, walk);
    if (reason === undefined) kept.push(error);
    else relaxed.push(relaxedIssue(error, reason));
  }
  return { errors: kept, warnings: relaxed };
}
