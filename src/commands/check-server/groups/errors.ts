/**
 * Group `errors` (runs last): every error answer the run saw, looked at again as a whole: valid,
 * with a code its method declares (validateMessage checks the codes against the method), and on
 * v1.0 an A2A error carries a google.rpc.ErrorInfo in `error.data` whose reason and domain match
 * the code (§9.5: a MUST in v1.0.0, a SHOULD in v1.0.1, so a FAIL or a WARN by the revision checked).
 */
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
