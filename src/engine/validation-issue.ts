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
}

/** Builds an issue; `hint` is left out when there is none. */
export function issue(path: string, keyword: string, message: string, hint?: string): ValidationIssue {
  return hint === undefined ? { path, keyword, message } : { path, keyword, message, hint };
}
