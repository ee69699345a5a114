/**
 * Runs the conformance fixtures inside the build, against the JSON Schema bundles the build has just
 * produced in memory (not the files on disk, which may be stale), so that every example the docs
 * show is a fixture case that validated against exactly the schemas the docs describe, and the
 * conformance page reports figures for those schemas.
 *
 * The fixture handling (lint, `from` + `patch`, coverage, pass/fail) is the package's own runner
 * (src/conformance/); only the validator backend differs from src/conformance/backend.ts: it
 * compiles the in-memory bundle of a variant with ajv (2020-12, all errors, formats) instead of
 * the per-type files, and applies the same part rules:
 *
 *   request   the request type               params    its `params` property
 *   result    the success response `result`  response  the success response type
 *   error     JSONRPCErrorResponse, and the code must be one the method declares or -32000..-32099
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import type { MethodSpec, VariantSpec } from '../../schemas/variant.js';
import { readVariantFiles, type FixtureFile } from '../../src/conformance/load.js';
import { runVariant, type VariantReport } from '../../src/conformance/runner.js';
import { PARTS, type Backend, type Catalogue, type Check, type ReportedError, type Target } from '../../src/conformance/types.js';
import { SERVER_ERROR_RANGE } from '../../src/conformance/backend.js';
import type { JsonSchema } from '../lib/json-schema.js';

const addFormats = formatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

export interface VariantInput {
  readonly spec: VariantSpec;
  /** The variant's normalised definitions (bare-name refs). */
  readonly definitions: Map<string, JsonSchema>;
  /** The emitted bundle (`generated/json-schema/<variant>.json`), parsed. */
  readonly bundle: JsonSchema;
  /** Error type name → code, from the catalogue. */
  readonly codes: ReadonlyMap<string, number>;
}

/** Extra fields of a case that the runner does not keep: the group's `spec` and the case's `note`. */
export interface CaseExtras {
  readonly spec?: string;
  readonly note?: string;
}

export interface FixtureRun {
  readonly report: VariantReport;
  readonly files: readonly FixtureFile[];
  /** By full id (`bindu/Task#completed`). */
  readonly extras: ReadonlyMap<string, CaseExtras>;
}

function describeError(error: ErrorObject): ReportedError {
  return { path: error.instancePath, keyword: error.keyword, message: `${error.instancePath || 'the value'} ${error.message ?? 'is invalid'}` };
}

/** A backend over in-memory bundles, one ajv instance per variant. */
export function memoryBackend(inputs: readonly VariantInput[]): Backend {
  const byName = new Map(inputs.map((input) => [input.spec.name, input]));
  const checkers = new Map<string, Check>();
  const catalogue = (variant: string): Catalogue | undefined => {
    const input = byName.get(variant);
    if (!input) return undefined;
    return {
      variant,
      types: [...input.definitions.keys()].sort(),
      methods: input.spec.methods.map((method) => {
        const properties = (input.definitions.get(method.request)?.properties ?? {}) as JsonSchema;
        return { method: method.method, parts: PARTS.filter((part) => part !== 'params' || 'params' in properties) };
      }),
    };
  };
  const makeChecker = (input: VariantInput): Check => {
    const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema(input.bundle);
    const id = input.bundle.$id as string;
    const compiled = new Map<string, ValidateFunction>();
    const validator = (type: string, property?: string): ValidateFunction => {
      const pointer = `#/$defs/${type}${property ? `/properties/${property}` : ''}`;
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${id}${pointer}` });
        compiled.set(pointer, validate);
      }
      return validate;
    };
    const run = (validate: ValidateFunction, data: unknown): ReportedError[] => (validate(data) ? [] : (validate.errors ?? []).map(describeError));
    const methods = new Map<string, MethodSpec>(input.spec.methods.map((method) => [method.method, method]));
    return (target: Target, data: unknown) => {
      if ('type' in target) {
        const errors = run(validator(target.type), data);
        return { valid: errors.length === 0, errors };
      }
      const method = methods.get(target.method);
      if (!method) throw new Error(`unknown method "${target.method}"`);
      const errors: ReportedError[] = [];
      switch (target.part) {
        case 'request':
          errors.push(...run(validator(method.request), data));
          break;
        case 'params':
          errors.push(...run(validator(method.request, 'params'), data));
          break;
        case 'result':
          errors.push(...run(validator(method.successResponse, 'result'), data));
          break;
        case 'response':
          errors.push(...run(validator(method.successResponse), data));
          break;
        case 'error': {
          errors.push(...run(validator('JSONRPCErrorResponse'), data));
          const code = ((data as JsonSchema | null)?.error as JsonSchema | undefined)?.code;
          if (typeof data === 'object' && data !== null && Number.isInteger(code)) {
            const declared = method.errors.map((name) => input.codes.get(name));
            const n = code as number;
            const serverError = n >= SERVER_ERROR_RANGE[0] && n <= SERVER_ERROR_RANGE[1];
            if (!declared.includes(n) && !serverError) errors.push({ path: '/error/code', keyword: 'code', message: `/error/code ${n} is not declared` });
          }
          break;
        }
      }
      return { valid: errors.length === 0, errors };
    };
  };
  return {
    catalogue,
    checker(variant: string): Check {
      const input = byName.get(variant);
      if (!input) throw new Error(`no variant "${variant}"`);
      let check = checkers.get(variant);
      if (!check) {
        check = makeChecker(input);
        checkers.set(variant, check);
      }
      return check;
    },
  };
}

/** The `spec` of each case's group and the case's `note`, by full id. */
function extrasOf(variant: string, files: readonly FixtureFile[]): Map<string, CaseExtras> {
  const out = new Map<string, CaseExtras>();
  for (const file of files) {
    if (!Array.isArray(file.content)) continue;
    const stem = /([^/]+)\.json$/.exec(file.file)?.[1];
    for (const group of file.content as { spec?: unknown; tests?: unknown }[]) {
      if (!group || !Array.isArray(group.tests)) continue;
      for (const test of group.tests as { id?: unknown; note?: unknown }[]) {
        if (typeof test?.id !== 'string') continue;
        out.set(`${variant}/${stem}#${test.id}`, {
          ...(typeof group.spec === 'string' ? { spec: group.spec } : {}),
          ...(typeof test.note === 'string' ? { note: test.note } : {}),
        });
      }
    }
  }
  return out;
}

/** Lints and runs the fixtures of every variant against the in-memory bundles. */
export function runFixtures(root: string, inputs: readonly VariantInput[]): Map<string, FixtureRun> {
  const backend = memoryBackend(inputs);
  const dir = join(root, 'conformance');
  const out = new Map<string, FixtureRun>();
  for (const input of inputs) {
    const files = existsSync(join(dir, input.spec.name)) ? readVariantFiles(dir, input.spec.name) : [];
    const report = runVariant(input.spec.name, files, backend, root);
    out.set(input.spec.name, { report, files, extras: extrasOf(input.spec.name, files) });
  }
  return out;
}
