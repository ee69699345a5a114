/**
 * The shapes the conformance runner works with: fixture files as written (conformance/fixture.schema.json),
 * cases after `from` + `patch` are resolved, and what a validator backend answers.
 */

/** One part of a method's exchange (see fixture.schema.json `Target`). */
export type Part = 'request' | 'params' | 'result' | 'response' | 'error';

/** Every part, in the order tables show them. */
export const PARTS: readonly Part[] = ['request', 'params', 'result', 'response', 'error'];

/**
 * The parts every method must cover with a valid and an invalid case (`params` only where the method
 * takes params). `response` (the whole success response) is reported but not required: `request`,
 * `result` and `error` already pin the envelope and the payload.
 */
export const REQUIRED_PARTS: readonly Part[] = ['request', 'params', 'result', 'error'];

/** What a group's data is validated as. */
export type Target = { readonly type: string } | { readonly method: string; readonly part: Part };

/** An error a fixture expects, or one a validator reports. */
export interface ErrorLocation {
  /** JSON Pointer into the data; for a missing property, the object that lacks it. */
  readonly path: string;
  /** The failing JSON Schema keyword, or `code` for an undeclared error code. */
  readonly keyword: string;
}

/** A reported error: a location plus, when the backend has one, a message for people. */
export interface ReportedError extends ErrorLocation {
  readonly message?: string;
  /** The issue's params in ajv's convention (`ValidationIssue.params`), when the backend has them. */
  readonly params?: Readonly<Record<string, unknown>>;
}

/** What the validator backend answers for one payload. */
export interface CheckResult {
  readonly valid: boolean;
  readonly errors: readonly ReportedError[];
}

/** Validates one payload against one target of a variant. */
export type Check = (target: Target, data: unknown) => CheckResult;

/** What a variant offers to be tested: its type names and, per method, the parts that exist. */
export interface Catalogue {
  readonly variant: string;
  readonly types: readonly string[];
  readonly methods: readonly { readonly method: string; readonly parts: readonly Part[] }[];
}

/** The validator side of the runner: one adapter file implements it (src/library/conformance/backend.ts). */
export interface Backend {
  /** The catalogue of a variant, or undefined when the package has no such variant. */
  catalogue(variant: string): Catalogue | undefined;
  /** A checker for a variant the catalogue knows. */
  checker(variant: string): Check;
}

/** A case as it stands in a fixture file. */
export interface RawCase {
  readonly id: string;
  readonly description: string;
  readonly valid: boolean;
  readonly data?: unknown;
  readonly from?: string;
  readonly patch?: readonly unknown[];
  readonly errors?: readonly ErrorLocation[];
  readonly note?: string;
}

/** A group as it stands in a fixture file. */
export interface RawGroup {
  readonly description: string;
  readonly target: Target;
  readonly spec?: string;
  readonly tests: readonly RawCase[];
}

/** A case ready to run: its data resolved, its full id formed. */
export interface ResolvedCase {
  /** `<variant>/<file stem>#<id>`, e.g. `a2a/Task#submitted-minimal`. */
  readonly fullId: string;
  readonly id: string;
  readonly variant: string;
  /** The file, relative to the conformance directory (`a2a/types/Task.json`). */
  readonly file: string;
  readonly description: string;
  readonly target: Target;
  readonly valid: boolean;
  readonly data: unknown;
  readonly errors: readonly ErrorLocation[];
}

/** A problem with the fixtures themselves (not with the validator). */
export interface LintIssue {
  /** The file, relative to the conformance directory. */
  readonly file: string;
  /** The case id when the problem is in one case. */
  readonly id?: string;
  readonly message: string;
}

/** A human-readable name for a target: `Task`, `message/send params`. */
export function targetName(target: Target): string {
  return 'type' in target ? target.type : `${target.method} ${target.part}`;
}

/** The file stem of a method's fixture file: `tasks/pushNotificationConfig/set` → `tasks-pushNotificationConfig-set`. */
export function methodSlug(method: string): string {
  return method.replaceAll('/', '-');
}
