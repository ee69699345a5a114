/**
 * HTTP+JSON (REST) traffic through the proxy: the operation an exchange is, found from its verb
 * and path among the variant's REST operations (generated/openapi/<variant>.json: the tables of
 * schemas/<set>/rest.ts, path templates and the v1.0 `/{tenant}` forms included), under one of the
 * HTTP+JSON base paths the agent card names (or TARGET_URL's root); and the check of each body
 * against that operation (src/library/validate-operation.ts).
 *
 * The record line of a REST body (`--record`, read back by `validate --ndjson`):
 *   {"operation": ID, "part": "request" | "response" | "error", "status": N, "body": …}
 * (`status` on answers only; a stream writes one `response` line per event, its `data`).
 */
import { restOperations, validateOperationBody, type OperationPart, type RestOperationInfo } from '../../library/validate-operation.js';
import { textIssues, withTextIssues } from '../../engine/json-text.js';
import type { Verdict } from './check.js';
import { issue } from '../../engine/validation-issue.js';
import { ERROR_INFO_TYPE_URL, ERROR_STATUS_TABLE } from '../../../schemas/error-table.js';
import { isSpecRevision, revisionRules, type SpecRevision } from '../../../schemas/spec-revisions.js';
import { WIRE_OF_VARIANT, specRevisionOf } from '../../../schemas/variant-table.js';

/**
 * On the v1.0 wire, an HTTP+JSON error whose ErrorInfo names an A2A error answered with another HTTP status than the
 * §5.4 table of the revision gives it (schemas/error-table.ts; `requested` is --spec-revision, else the variant's):
 * an error at `/error/code`, naming the clause.
 */
function statusIssue(variant: string, status: number | undefined, value: unknown, requested: SpecRevision | undefined) {
  const revision = requested ?? specRevisionOf(variant);
  if (status === undefined || WIRE_OF_VARIANT[variant] !== 'v1.0' || !isSpecRevision(revision)) return undefined;
  const error = typeof value === 'object' && value !== null ? (value as { error?: unknown }).error : undefined;
  const details = typeof error === 'object' && error !== null ? (error as { details?: unknown }).details : undefined;
  if (!Array.isArray(details)) return undefined;
  const info = details.find((item) => typeof item === 'object' && item !== null && item['@type'] === ERROR_INFO_TYPE_URL) as
    | { reason?: unknown }
    | undefined;
  const row = ERROR_STATUS_TABLE[revision].find((entry) => entry.reason !== undefined && entry.reason === info?.reason);
  if (row === undefined || row.httpStatus === status) return undefined;
  return issue(
    '/error/code',
    'status',
    `answered HTTP ${status} for ${row.reason} (${row.code}); A2A v${revision} §${revisionRules(revision).sections.errorMappings} maps it to ${row.httpStatus}`,
  );
}

export interface RestMatch {
  readonly operationId: string;
  readonly op: RestOperationInfo;
}

interface Compiled {
  readonly pattern: RegExp;
  readonly literal: number;
  readonly tenant: boolean;
  readonly op: RestOperationInfo;
}

const compiled = new Map<string, Compiled[]>();

function compile(variant: string): Compiled[] {
  const known = compiled.get(variant);
  if (known) return known;
  let operations: Map<string, RestOperationInfo>;
  try {
    operations = restOperations(variant);
  } catch {
    operations = new Map();
  }
  const list: Compiled[] = [];
  for (const op of operations.values()) {
    const source = op.path
      .split(/(\{[^}]+\})/)
      .map((piece) => (piece.startsWith('{') ? '([^/]+?)' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    list.push({
      pattern: new RegExp(`^${source}$`),
      literal: op.path.replace(/\{[^}]+\}/g, '').length,
      tenant: op.path.startsWith('/{tenant}'),
      op,
    });
  }
  // The most literal template first (`/tasks/{id}:cancel` before `/tasks/{id}`), the form without a tenant before the one with.
  list.sort((a, b) => b.literal - a.literal || Number(a.tenant) - Number(b.tenant));
  compiled.set(variant, list);
  return list;
}

/** The REST operation of a request, or undefined. `bases` are the HTTP+JSON paths the card names (relative to TARGET_URL). */
export function matchRest(variant: string, verb: string, path: string, bases: readonly string[]): RestMatch | undefined {
  const bare = path.split('?')[0]!;
  const operations = compile(variant);
  for (const base of [...bases, ''].filter((b, i, all) => all.indexOf(b) === i)) {
    const root = base.replace(/\/+$/, '');
    if (root !== '' && !(bare === root || bare.startsWith(`${root}/`))) continue;
    const rest = bare.slice(root.length) || '/';
    let decoded: string;
    try {
      decoded = decodeURI(rest);
    } catch {
      decoded = rest;
    }
    for (const entry of operations) {
      if (entry.op.verb === verb.toUpperCase() && (entry.pattern.test(rest) || entry.pattern.test(decoded)))
        return { operationId: entry.op.operationId, op: entry.op };
    }
  }
  return undefined;
}

/**
 * One body of an operation, with the defects of its text; an error's HTTP status judged by `revision`'s §5.4 table
 * (--spec-revision; default: the variant's revision, schemas/variant-table.ts).
 */
export function checkRestBody(
  variant: string,
  operationId: string,
  part: OperationPart,
  parsed: { value: unknown; text: string },
  strict: boolean,
  status?: number,
  revision?: SpecRevision,
): Verdict {
  const verdict = withTextIssues(
    validateOperationBody(variant, operationId, part, parsed.value, strict),
    textIssues(parsed.text, parsed.value),
  );
  const wrong = part === 'error' ? statusIssue(variant, status, parsed.value, revision) : undefined;
  return wrong === undefined ? verdict : { valid: false, errors: [...verdict.errors, wrong], warnings: verdict.warnings };
}

/** The record line of a REST body (its text as it came). */
export function restRecordLine(operationId: string, part: OperationPart, status: number | undefined, text: string): string {
  return `{"operation":${JSON.stringify(operationId)},"part":"${part}",${status !== undefined ? `"status":${status},` : ''}"body":${text}}`;
}
