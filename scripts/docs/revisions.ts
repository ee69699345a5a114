/**
 * What changed between two revisions of A2A v1.0, read from the tables: the error mappings whose
 * HTTP or gRPC status differs between the revisions' rows of `ERROR_STATUS_TABLE`
 * (schemas/error-table.ts), and the rules of `revisionRules` (schemas/spec-revisions.ts) whose value
 * differs, each with the section of the later revision that states it. The docs site renders it as
 * one page per pair of consecutive revisions.
 */
import { A2A_ERRORS, ERROR_STATUS_TABLE, JSONRPC_ERRORS, type GrpcStatus } from '../../schemas/error-table.js';
import { SPEC_REVISIONS, revisionRules, type RevisionRules, type SpecRevision } from '../../schemas/spec-revisions.js';

/** The keys of `RevisionRules` that are rules (not the revision's name, date, address or sections). */
export type RuleKey = Exclude<keyof RevisionRules, 'revision' | 'released' | 'url' | 'sections'>;

/** How each rule reads on the page, and which of the revision's sections states it. A new rule needs a line here. */
export const RULE_TOPICS: Readonly<Record<RuleKey, { readonly label: string; readonly section: keyof RevisionRules['sections'] }>> = {
  jsonRpcErrorInfo: { label: 'JSON-RPC: an A2A error carries a google.rpc.ErrorInfo in error.data', section: 'jsonRpcErrors' },
  errorDetailType: { label: 'every object of error.data / error.details carries @type', section: 'jsonRpcErrors' },
  bindingErrorInfo: { label: 'HTTP+JSON and gRPC: an A2A error carries a google.rpc.ErrorInfo', section: 'restErrors' },
  restMediaType: { label: 'the media type an HTTP+JSON body is sent with', section: 'restRequirements' },
  restMediaTypes: { label: 'the media types an HTTP+JSON body may carry', section: 'restRequirements' },
  tenantEcho: { label: "a client sets tenant to the selected interface's value", section: 'clientSelection' },
};

export interface StatusChange {
  readonly code: number;
  readonly name: string;
  readonly http?: readonly [number, number];
  readonly grpc?: readonly [GrpcStatus, GrpcStatus];
  /** The section of the later revision with the mappings table. */
  readonly section: string;
}

export interface RuleChange {
  readonly rule: RuleKey;
  readonly label: string;
  readonly from: string;
  readonly to: string;
  readonly section: string;
}

export interface RevisionChanges {
  readonly from: SpecRevision;
  readonly to: SpecRevision;
  readonly statuses: readonly StatusChange[];
  readonly rules: readonly RuleChange[];
}

const errorName = (code: number): string =>
  A2A_ERRORS.find((row) => row.code === code)?.wires['v1.0']?.name ?? JSONRPC_ERRORS.find((row) => row.code === code)?.name ?? String(code);

/** A rule's value as the page writes it (undefined: the revision states no such rule). */
function ruleText(value: unknown): string {
  if (value === undefined) return 'no rule';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object' && value !== null && 'type' in value && 'level' in value) return `${value.level} ${value.type}`;
  return String(value);
}

/** Every status and rule that differs between `from` and `to`. */
export function revisionChanges(from: SpecRevision, to: SpecRevision): RevisionChanges {
  const before = revisionRules(from);
  const after = revisionRules(to);
  const statuses: StatusChange[] = [];
  for (const row of ERROR_STATUS_TABLE[to]) {
    const old = ERROR_STATUS_TABLE[from].find((entry) => entry.code === row.code);
    if (!old) continue;
    const http = old.httpStatus !== row.httpStatus ? ([old.httpStatus, row.httpStatus] as const) : undefined;
    const grpc = old.grpcStatus !== row.grpcStatus ? ([old.grpcStatus, row.grpcStatus] as const) : undefined;
    if (http || grpc)
      statuses.push({
        code: row.code,
        name: errorName(row.code),
        ...(http ? { http } : {}),
        ...(grpc ? { grpc } : {}),
        section: after.sections.errorMappings,
      });
  }
  const rules: RuleChange[] = [];
  for (const rule of Object.keys(RULE_TOPICS) as RuleKey[]) {
    const [a, b] = [ruleText(before[rule]), ruleText(after[rule])];
    if (a !== b) rules.push({ rule, label: RULE_TOPICS[rule].label, from: a, to: b, section: after.sections[RULE_TOPICS[rule].section] });
  }
  return { from, to, statuses, rules };
}

/** Each pair of consecutive revisions, oldest first. */
export function revisionPairs(): readonly (readonly [SpecRevision, SpecRevision])[] {
  return SPEC_REVISIONS.slice(1).map((to, i) => [SPEC_REVISIONS[i]!, to] as const);
}
