/**
 * How a gRPC status reads in A2A terms, for check-server and the proxy alike (A2A v1.0 §10.6, §5.4):
 * the JSON-RPC error it stands for (the code its `google.rpc.ErrorInfo` reason names, else the
 * generic code of the status), and what is wrong with it (an A2A error without its ErrorInfo, an
 * ErrorInfo of another domain, a status the revision's §5.4 table does not give the error).
 */
import { A2A_ERROR_DOMAIN, ERROR_REASONS, grpcStatusOf, type SpecRevision } from '../../schemas/error-table.js';
import { revisionRules } from '../../schemas/spec-revisions.js';
import { isObject } from '../engine/json-value.js';
import type { GrpcStatus } from './grpc-client.js';

type Json = Record<string, unknown>;

/** A message as a short quoted text (check-server's reasons quote the same way). */
const snippet = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
};

const CODE_OF_REASON: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(ERROR_REASONS).map(([code, reason]) => [reason, Number(code)]),
);

/** The JSON-RPC code of a generic error by its gRPC status (§5.4), for a status without an A2A ErrorInfo. */
const GENERIC_CODE: Readonly<Record<string, number>> = {
  INVALID_ARGUMENT: -32602,
  UNIMPLEMENTED: -32601,
  INTERNAL: -32603,
};

/** The clause a gRPC error's judgement cites: the revision's gRPC error handling and its error code mappings. */
export function grpcErrorClause(revision: SpecRevision): string {
  const { sections } = revisionRules(revision);
  return `A2A v${revision} §${sections.grpcErrors}, §${sections.errorMappings}`;
}

/** The clause an ErrorInfo missing from a gRPC A2A error's status details breaks (a MUST in every revision). */
export function grpcErrorInfoClause(revision: SpecRevision): string {
  return `A2A v${revision} §${revisionRules(revision).sections.grpcErrors}`;
}

/** A gRPC status read in JSON-RPC terms: the code, the message, the status details as `data`. */
export function grpcError(status: GrpcStatus): Json {
  const info = status.errorInfos.find((candidate) => candidate.domain === A2A_ERROR_DOMAIN) ?? status.errorInfos[0];
  const reason = typeof info?.reason === 'string' ? info.reason : undefined;
  const code = (reason !== undefined ? CODE_OF_REASON[reason] : undefined) ?? GENERIC_CODE[status.codeName] ?? -32603;
  const details = isObject(status.status) && Array.isArray(status.status.details) ? status.status.details : undefined;
  return { code, message: status.message, ...(details && details.length > 0 ? { data: details } : {}) };
}

/**
 * What is wrong with a gRPC status for the error it stands for: an A2A error without its
 * ErrorInfo (§10.6 MUST), an ErrorInfo of another domain, a status code the revision's §5.4 table
 * does not give the error. `expected` is the error the caller expected, when it knows one.
 */
export function grpcStatusProblems(status: GrpcStatus, expected: number | undefined, revision: SpecRevision): string[] {
  const problems: string[] = [];
  if (status.detailsProblem) problems.push(status.detailsProblem);
  const error = grpcError(status);
  const code = error.code as number;
  const a2aInfo = status.errorInfos.find((info) => info.domain === A2A_ERROR_DOMAIN && typeof info.reason === 'string');
  const reasonOf = (value: number) => ERROR_REASONS[value];
  // An A2A error is recognised by its ErrorInfo; without one, the error the caller expected tells what was due.
  const due = a2aInfo ? code : expected;
  if (due !== undefined && reasonOf(due) !== undefined && !a2aInfo) {
    const mapped = grpcStatusOf(due, revision);
    problems.push(
      `gRPC ${status.codeName} without the google.rpc.ErrorInfo that A2A v1.0 §10.6 requires in the status details ` +
        `(grpc-status-details-bin) for an A2A error (reason ${reasonOf(due)}, domain ${A2A_ERROR_DOMAIN}` +
        `${mapped ? `, status ${mapped}` : ''})`,
    );
  }
  for (const info of status.errorInfos)
    if (info.domain !== A2A_ERROR_DOMAIN && typeof info.reason === 'string' && CODE_OF_REASON[info.reason] !== undefined)
      problems.push(`the ErrorInfo of ${info.reason} names domain ${JSON.stringify(info.domain)}, not ${A2A_ERROR_DOMAIN}`);
  const mapped = grpcStatusOf(a2aInfo ? code : (expected ?? code), revision);
  if (a2aInfo && mapped !== undefined && mapped !== status.codeName)
    problems.push(`error ${code} (${reasonOf(code)}) came with gRPC status ${status.codeName}; A2A v${revision} §5.4 maps it to ${mapped}`);
  return problems;
}

/** A short text of a status, for the record and the reasons: `NOT_FOUND (TASK_NOT_FOUND): message`. */
export function statusText(status: GrpcStatus): string {
  const reasons = status.errorInfos.map((info) => String(info.reason)).join(', ');
  return `${status.codeName}${reasons ? ` (${reasons})` : ' (no ErrorInfo)'}${status.message ? `: ${snippet(status.message)}` : ''}`;
}
