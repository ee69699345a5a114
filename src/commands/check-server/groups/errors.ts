/**
 * Group `errors` (runs last): every error answer the run saw, looked at again as a whole: valid,
 * with a code its method declares (validateMessage checks the codes against the method), and on
 * v1.0 an A2A error carries a google.rpc.ErrorInfo in `error.data` whose reason and domain match
 * the code (§9.5: a MUST in v1.0.0, a SHOULD in v1.0.1, so a FAIL or a WARN by the revision checked).
 */
import { ERROR_STATUS_TABLE, type SpecRevision } from '../../../../schemas/error-table.js';
import { grpcErrorClause, grpcErrorInfoClause, grpcStatusProblems, statusText } from '../../../live/grpc-status.js';
import type { Run } from '../run.js';
import { fail, errorText, isObject, MISSING_ERROR_INFO, skip, warn } from '../step-log.js';
import { validateMessage } from '../validation.js';
import { ERROR_INFO_DOMAIN, ERROR_INFO_TYPE, ERROR_REASONS } from '../wire-adapter.js';

export async function errorsGroup(run: Run): Promise<void> {
  await run.step('error answers valid, with codes their methods declare', async (note) => {
    run.needEndpoint();
    if (run.errorsSeen.length === 0) skip('the run saw no error answer');
    const problems: string[] = [];
    let checked = 0;
    for (const seen of run.errorsSeen) {
      if (seen.method === undefined || !run.hasMethod(seen.method)) continue;
      checked++;
      const verdict = validateMessage({ jsonrpc: '2.0', id: 1, error: seen.error }, { variant: run.variant, method: seen.method });
      // An undeclared code is only a warning to validateMessage (non-strict); here it is the point.
      const undeclared = (verdict.warnings as readonly { keyword?: string; message?: string }[]).find(
        (warning) => warning.keyword === 'code',
      );
      // An A2A error whose one defect is a missing ErrorInfo is the next step's (one defect, one FAIL).
      const errorInfoOnly = verdict.errors.length > 0 && verdict.errors.every((error) => MISSING_ERROR_INFO.test(error.message));
      if (!verdict.valid && errorInfoOnly) continue;
      if (!verdict.valid)
        problems.push(
          `${seen.step}: ${seen.method} answered ${errorText(seen.error)}, ${verdict.errors[0]?.message ?? 'which does not validate'}`,
        );
      else if (undeclared)
        problems.push(`${seen.step}: ${undeclared.message ?? `${seen.method} does not declare ${errorText(seen.error)}`}`);
    }
    note(`${checked} error answers of known methods checked (${run.errorsSeen.length} in all)`);
    if (problems.length > 0) fail([...new Set(problems)].slice(0, 3).join('; '));
  });
  await run.step(
    'ErrorInfo in A2A errors (v1.0)',
    async (note) => {
      run.needEndpoint();
      if (run.adapter.wire !== 'v1.0') skip('A2A v0.3 errors carry no ErrorInfo');
      const a2a = run.errorsSeen.filter((seen) => typeof seen.error.code === 'number' && ERROR_REASONS[seen.error.code] !== undefined);
      if (a2a.length === 0) skip('the run saw no A2A-specific error (-32001 to -32009)');
      const problems: string[] = [];
      for (const seen of a2a) {
        const code = seen.error.code as number;
        const data = seen.error.data;
        const info = Array.isArray(data) ? data.find((entry) => isObject(entry) && entry['@type'] === ERROR_INFO_TYPE) : undefined;
        if (!isObject(info)) {
          problems.push(`${seen.step}: error ${code} has no ${ERROR_INFO_TYPE} in error.data`);
          continue;
        }
        if (info.reason !== ERROR_REASONS[code])
          problems.push(`${seen.step}: error ${code} has ErrorInfo reason ${JSON.stringify(info.reason)}, expected ${ERROR_REASONS[code]}`);
        if (info.domain !== ERROR_INFO_DOMAIN)
          problems.push(`${seen.step}: error ${code} has ErrorInfo domain ${JSON.stringify(info.domain)}, expected ${ERROR_INFO_DOMAIN}`);
      }
      note(`${a2a.length} A2A errors looked at`);
      if (problems.length === 0) return;
      const said = [...new Set(problems)].slice(0, 3).join('; ');
      // v1.0.1 §9.5 made the ErrorInfo on JSON-RPC a SHOULD; v1.0.0 said MUST.
      if (run.clauses.errorInfoLevel === 'MUST') fail(said, run.clauses.errorInfo);
      warn(said, run.clauses.errorInfo);
    },
    run.clauses.errorInfo,
  );
}

/**
 * The statuses the revision's §5.4 table gives to A2A errors only (never to a generic JSON-RPC
 * error): a status of these without an A2A ErrorInfo is an A2A error that left it out.
 */
function a2aOnlyStatuses(revision: SpecRevision): Set<string> {
  const rows = ERROR_STATUS_TABLE[revision];
  const generic = new Set(rows.filter((row) => row.reason === undefined).map((row) => row.grpcStatus));
  return new Set(rows.filter((row) => row.reason !== undefined && !generic.has(row.grpcStatus)).map((row) => row.grpcStatus));
}

/**
 * Group `errors` on gRPC (runs last): every error status the run saw, looked at again as a whole,
 * as on the other bindings: the error it stands for (its ErrorInfo's reason, else the generic error
 * of the status) one its method declares, its status the one the revision's §5.4 table gives that
 * error; then every A2A error carrying its google.rpc.ErrorInfo of domain a2a-protocol.org in the
 * status details (§10.6: a MUST on gRPC, whatever the revision).
 */
export async function grpcErrorsGroup(run: Run, revision: SpecRevision): Promise<void> {
  const seenOnGrpc = () => run.errorsSeen.filter((seen) => seen.grpc !== undefined);
  await run.step(
    'error answers: gRPC status per §5.4, codes their methods declare',
    async (note) => {
      run.needEndpoint();
      const all = seenOnGrpc();
      if (all.length === 0) skip('the run saw no error status');
      const problems: string[] = [];
      let checked = 0;
      for (const seen of all) {
        if (seen.method === undefined || !run.hasMethod(seen.method)) continue;
        checked++;
        const status = seen.grpc!;
        const verdict = validateMessage({ jsonrpc: '2.0', id: 1, error: seen.error }, { variant: run.variant, method: seen.method });
        const undeclared = (verdict.warnings as readonly { keyword?: string; message?: string }[]).find(
          (warning) => warning.keyword === 'code',
        );
        const errorInfoOnly = verdict.errors.length > 0 && verdict.errors.every((error) => MISSING_ERROR_INFO.test(error.message));
        if (!verdict.valid && !errorInfoOnly)
          problems.push(
            `${seen.step}: ${seen.method} answered gRPC ${statusText(status)}, ${verdict.errors[0]?.message ?? 'which does not validate'}`,
          );
        else if (undeclared)
          problems.push(
            `${seen.step}: ${seen.method} answered gRPC ${statusText(status)}, ${undeclared.message ?? 'a code it does not declare'}`,
          );
        // The status against §5.4 (an ErrorInfo left out is the next step's: one defect, one FAIL).
        for (const problem of grpcStatusProblems(status, undefined, revision))
          if (!/without the google\.rpc\.ErrorInfo|names domain/.test(problem)) problems.push(`${seen.step}: ${problem}`);
      }
      note(`${checked} error statuses of known methods checked (${all.length} in all)`);
      if (problems.length > 0) fail([...new Set(problems)].slice(0, 3).join('; '), grpcErrorClause(revision));
    },
    grpcErrorClause(revision),
  );
  await run.step(
    'ErrorInfo in A2A errors (gRPC)',
    async (note) => {
      run.needEndpoint();
      const only = a2aOnlyStatuses(revision);
      // An A2A error is known by its ErrorInfo's reason, or, without one, by a status only A2A errors get.
      const a2a = seenOnGrpc().filter(
        (seen) =>
          ERROR_REASONS[seen.error.code as number] !== undefined || (seen.grpc!.errorInfos.length === 0 && only.has(seen.grpc!.codeName)),
      );
      if (a2a.length === 0) skip('the run saw no A2A-specific error status');
      const problems: string[] = [];
      for (const seen of a2a) {
        const status = seen.grpc!;
        const info = status.errorInfos.find((candidate) => candidate.domain === ERROR_INFO_DOMAIN && typeof candidate.reason === 'string');
        if (info) continue;
        const other = status.errorInfos.find((candidate) => typeof candidate.reason === 'string');
        problems.push(
          other
            ? `${seen.step}: gRPC ${statusText(status)} has its ErrorInfo of domain ${JSON.stringify(other.domain)}, not ${ERROR_INFO_DOMAIN}`
            : `${seen.step}: gRPC ${statusText(status)} has no ${ERROR_INFO_TYPE} in its status details (grpc-status-details-bin)`,
        );
      }
      note(`${a2a.length} A2A error statuses looked at`);
      if (problems.length > 0) fail([...new Set(problems)].slice(0, 3).join('; '), grpcErrorInfoClause(revision));
    },
    grpcErrorInfoClause(revision),
  );
}
