/**
 * The validator behind the conformance runner, in one file so it can be swapped: the package's own
 * precompiled validators (`validate`, `validateMessage`, as `bindu-protocol validate` uses them).
 * A method's parts resolve through the variant's method registry: `request` and `response` are
 * validated as the request and success response types, `params` and `result` as their property;
 * `error` goes through `validateMessage` with the method, and an undeclared error code, a warning
 * there, fails the case (SPEC-NOTES V-2, B-14). Data that is no error response is checked as
 * JSONRPCErrorResponse, so a request or a success never passes as an error. Errors are the
 * validators' own (SPEC-NOTES V-1); unknown keys are warnings and do not fail a case.
 */
import { SERVER_ERROR_CODES } from '../../../schemas/error-table.js';
import { validateMessage } from '../validate-message.js';
import { validate, validateProperty, type ValidationResult } from '../validate.js';
import { loadVariant, type LoadedVariant, type MethodMeta } from '../../engine/load-validators.js';
import type { ValidationIssue } from '../../engine/issues.js';
import {
  PARTS,
  type Backend,
  type Catalogue,
  type Check,
  type CheckResult,
  type Part,
  type ReportedError,
  type Target,
} from './fixture.js';
import { isObject } from '../../engine/json-value.js';

/** The lowest and highest code JSON-RPC 2.0 reserves for implementation-defined server errors. */
export const SERVER_ERROR_RANGE = [SERVER_ERROR_CODES.min, SERVER_ERROR_CODES.max] as const;

const hasOwn = (object: object, key: string) => Object.hasOwn(object, key);

function reported(issue: ValidationIssue): ReportedError {
  return {
    path: issue.path,
    keyword: issue.keyword,
    message: issue.hint === undefined ? issue.message : `${issue.message} (${issue.hint})`,
    params: issue.params,
  };
}

function verdict(result: ValidationResult, promote: (warning: ValidationIssue) => boolean = () => false): CheckResult {
  const errors = [...result.errors, ...result.warnings.filter(promote)].map(reported);
  return { valid: errors.length === 0, errors };
}

/** The undeclared-code warning of validateMessage: an error of the fixture's error part. */
const isCodeWarning = (warning: ValidationIssue) => warning.keyword === 'code' && warning.path === '/error/code';

/** The loaded variant, or undefined when the package has no such variant. */
function variantOf(name: string): LoadedVariant | undefined {
  try {
    return loadVariant(name);
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

function checkPart(variant: LoadedVariant, method: MethodMeta, part: Part, data: unknown): CheckResult {
  const options = { variant: variant.name as never };
  switch (part) {
    case 'request':
      return verdict(validate(method.request, data, options));
    case 'params':
      return verdict(validateProperty(method.request, 'params', data, options));
    case 'result':
      return verdict(validateProperty(method.successResponse, 'result', data, options));
    case 'response':
      return verdict(validate(method.successResponse, data, options));
    case 'error':
      if (isObject(data) && hasOwn(data, 'error') && !hasOwn(data, 'method')) {
        return verdict(validateMessage(data, { ...options, method: method.method }), isCodeWarning);
      }
      return verdict(validate(variant.hasType('JSONRPCErrorResponse') ? 'JSONRPCErrorResponse' : method.response, data, options));
  }
}

/**
 * The adapter. `root` is accepted for the runner's sake and not used: the validators are the
 * ones of the package this file belongs to (found from its own location, as `validate` does).
 */
export function createBackend(_root?: string): Backend {
  return {
    catalogue(name: string): Catalogue | undefined {
      const variant = variantOf(name);
      if (!variant) return undefined;
      return {
        variant: name,
        types: [...variant.meta.types].sort(),
        methods: variant.meta.methods.map((method) => ({
          method: method.method,
          parts: PARTS.filter((part) => part !== 'params' || variant.part(method.request, 'params') !== undefined),
        })),
      };
    },
    checker(name: string): Check {
      const variant = variantOf(name);
      if (!variant) throw new Error(`no variant "${name}" in this package`);
      return (target: Target, data: unknown): CheckResult => {
        if ('type' in target) return verdict(validate(target.type, data, { variant: name as never }));
        const method = variant.method(target.method);
        if (!method) throw new Error(`unknown method "${target.method}"`);
        return checkPart(variant, method, target.part, data);
      };
    },
  };
}
