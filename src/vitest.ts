/**
 * `bindu-protocol/vitest`: test-framework matchers for Vitest, and for Jest's `expect` (they
 * follow the matcher protocol both share):
 *
 *   import { expect } from 'vitest';
 *   import { protocolMatchers } from 'bindu-protocol/vitest';
 *   expect.extend(protocolMatchers);
 *
 *   expect(task).toMatchProtocolType('Task', { variant: 'a2a' });
 *   expect(response).toBeValidProtocolMessage({ variant: 'bindu', method: 'tasks/get' });
 *
 * Or let `bindu-protocol/vitest/setup` do the `expect.extend` and declare the matchers' types
 * (vitest `setupFiles`, plus `"types": ["bindu-protocol/vitest/setup"]` in tsconfig.json).
 *
 * A failure lists each error (its JSON Pointer, message and hint; the first `maxErrors`, default
 * 100, then how many more), so a failing test says what to fix. `.not` works too.
 */
import { validateMessage, type ValidateMessageOptions } from './library/validate-message.js';
import { validate, type ValidateOptions, type ValidationIssue, type ValidationResult } from './library/validate.js';
import type { VariantName } from '../schemas/variant-table.js';
import type { KnownTypeName } from './library/protocol-types.js';

/** What a matcher returns to Vitest or Jest. */
export interface MatcherResult {
  readonly pass: boolean;
  readonly message: () => string;
}

/** The part of the matcher context (`this`) the matchers read. */
interface MatcherContext {
  readonly isNot?: boolean;
}

/** Options of `toMatchProtocolType`: the variant (default `bindu`), `strict`, `maxErrors`. */
export type ProtocolTypeOptions<V extends VariantName = VariantName> = ValidateOptions<V>;
/** Options of `toBeValidProtocolMessage`: `validateMessage`'s (variant, strict, method, request, maxErrors). */
export type ProtocolMessageOptions<V extends VariantName = VariantName> = ValidateMessageOptions<V>;

function listIssues(label: string, issues: readonly ValidationIssue[]): string[] {
  const lines: string[] = [];
  for (const entry of issues) {
    lines.push(`  ${label} ${entry.path === '' ? '(root)' : entry.path}: ${entry.message} [${entry.keyword}]`);
    if (entry.hint) lines.push(`      hint: ${entry.hint}`);
  }
  return lines;
}

/** The failure message: what was expected, then every error (path, message, hint). */
export function describeFailure(what: string, verdict: ValidationResult, isNot: boolean): string {
  if (isNot) {
    const warnings =
      verdict.warnings.length > 0
        ? [
            `with ${verdict.warnings.length} warning${verdict.warnings.length === 1 ? '' : 's'}:`,
            ...listIssues('warning', verdict.warnings),
          ]
        : [];
    return [`expected the value not to be ${what}, but it is`, ...warnings].join('\n');
  }
  const omitted = verdict.omitted ?? 0;
  const total = verdict.errors.length + omitted;
  const lines = [
    `expected the value to be ${what}, but it has ${total} error${total === 1 ? '' : 's'}:`,
    ...listIssues('error', verdict.errors),
  ];
  if (omitted > 0) lines.push(`  … and ${omitted} more error${omitted === 1 ? '' : 's'} (raise maxErrors to see them)`);
  if (verdict.warnings.length > 0) lines.push(...listIssues('warning', verdict.warnings));
  return lines.join('\n');
}

function toMatchProtocolType(
  this: MatcherContext | undefined,
  received: unknown,
  typeName: string,
  options?: ProtocolTypeOptions,
): MatcherResult {
  const variant = options?.variant ?? 'bindu';
  const verdict = validate(typeName, received, options);
  const what = `a valid ${typeName} of the ${variant} variant${options?.strict ? ' (strict)' : ''}`;
  return { pass: verdict.valid, message: () => describeFailure(what, verdict, this?.isNot === true) };
}

function toBeValidProtocolMessage(this: MatcherContext | undefined, received: unknown, options?: ProtocolMessageOptions): MatcherResult {
  const variant = options?.variant ?? 'bindu';
  const verdict = validateMessage(received, options);
  const what = `a valid JSON-RPC message of the ${variant} variant${options?.method ? ` (answering "${options.method}")` : ''}${options?.strict ? ' (strict)' : ''}`;
  return { pass: verdict.valid, message: () => describeFailure(what, verdict, this?.isNot === true) };
}

/** The matchers, for `expect.extend(protocolMatchers)` (Vitest, or Jest's `expect`). */
export const protocolMatchers = { toMatchProtocolType, toBeValidProtocolMessage };

/** The assertions the matchers add, for declaring them on a framework's `Assertion` type. */
export interface ProtocolMatchers<R = unknown> {
  /**
   * Passes when the value is a valid `typeName` of the variant (`validate`); a failure lists every error. A literal
   * name is checked against the variant when compiled, a `string` when the test runs.
   */
  toMatchProtocolType<N extends string, V extends VariantName = 'bindu'>(
    typeName: KnownTypeName<N, V>,
    options?: ProtocolTypeOptions<V>,
  ): R;
  /** Passes when the value is a valid JSON-RPC request, response or batch of the variant (`validateMessage`). */
  toBeValidProtocolMessage<V extends VariantName = 'bindu'>(options?: ProtocolMessageOptions<V>): R;
}

export default protocolMatchers;
