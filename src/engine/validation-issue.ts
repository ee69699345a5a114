/**
 * The record every check reports a problem in, and its builder: kept apart from the wording (issues.ts) so that what
 * builds a verdict does not load the explainer's words (the package root's bundle loads those on first use).
 */

/** One reported problem. */
export interface ValidationIssue {
  /**
   * JSON Pointer of the value at fault ("" is the whole payload). As in ajv, for `required` and
   * `additionalProperties` it is the object that lacks or has the key, which the message names.
   */
  readonly path: string;
  /** The JSON Schema keyword that failed (`type`, `required`, `enum`, …), or `method` / `code` for JSON-RPC checks. */
  readonly keyword: string;
  /** What is wrong, in plain words. */
  readonly message: string;
  /** How to fix it, when the package can tell. */
  readonly hint?: string;
  /**
   * The facts of the issue for a program, in ajv's convention: `missingProperty` (required),
   * `additionalProperty` (an unknown key), `allowedValues` (enum), `allowedValue` (const), `type`, `format`,
   * `limit` and `comparison` (bounds), `pattern`, `passingSchemas` (oneOf), … (`{}` when there are none).
   */
  readonly params: IssueParams;
}

/** The params of an issue (ajv's names; see `ValidationIssue.params`). */
export type IssueParams = Readonly<Record<string, unknown>>;

const NO_PARAMS: IssueParams = Object.freeze({});

/** Builds an issue; `hint` is left out when there is none. */
export function issue(path: string, keyword: string, message: string, hint?: string, params: IssueParams = NO_PARAMS): ValidationIssue {
  return hint === undefined ? { path, keyword, message, params } : { path, keyword, message, hint, params };
}

/**
 * True for an explainer's issue that is an error (src/engine/explain.ts `RawIssue`): its kind says so, or it has none,
 * being worded by the walk itself (a key missing), which is always an error.
 */
export const isErrorIssue = (issue: { readonly kind?: string }): boolean => issue.kind === 'error' || issue.kind === undefined;

/** The message of a key missing and nothing more: the walks word such an issue themselves (src/engine/explain.ts `RawIssue`). */
export const missingWords = (key: unknown): string => `missing the required property "${key}"`;
