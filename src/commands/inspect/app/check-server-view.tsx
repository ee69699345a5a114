/** @jsxImportSource preact */
/** check-server run from the page: its report by group, each step's level and clause; exported as JSON or JUnit. */
import { useState } from 'preact/hooks';
import { api, ApiError, download, type Auth, type CheckReport, type State } from './api.js';
import { Badge } from './issues.js';

const GROUPS = ['card', 'envelope', 'message', 'tasks', 'cancel', 'streaming', 'push', 'extended', 'extras', 'probes', 'errors'];

export function CheckServerView(props: { state: State; auth: () => Auth }) {
  const { state, auth } = props;
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const [transport, setTransport] = useState('jsonrpc');
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [result, setResult] = useState<{ report: CheckReport; junit: string } | undefined>();
  const run = async () => {
    setRunning(true);
    setProblem(undefined);
    try {
      setResult(await api.checkServer({ transport, only: [...chosen], auth: auth() }));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  };
  const report = result?.report;
  const groups = report
    ? [...new Set(report.steps.map((step) => `${step.group}${step.transport === 'http-json' ? ' (HTTP+JSON)' : ''}`))]
    : [];
  return (
    <section class="panel" aria-labelledby="check-title">
      <h2 id="check-title">check-server</h2>
      <p class="muted">
        Probes the agent by behaviour group; every answer validated. FAIL: a MUST broken · WARN: a SHOULD · SKIP: what the agent may leave
        out.
      </p>
      <fieldset class="groups">
        <legend>groups (none chosen: all)</legend>
        {GROUPS.map((group) => (
          <label key={group} class="check">
            <input
              type="checkbox"
              checked={chosen.includes(group)}
              onChange={(event) => setChosen(event.currentTarget.checked ? [...chosen, group] : chosen.filter((name) => name !== group))}
            />
            {group}
          </label>
        ))}
      </fieldset>
      <div class="row wrap-row">
        <label>
          binding{' '}
          <select aria-label="check-server binding" value={transport} onChange={(event) => setTransport(event.currentTarget.value)}>
            <option value="jsonrpc">JSON-RPC</option>
            <option value="http-json">HTTP+JSON</option>
            <option value="all">both</option>
          </select>
        </label>
        <button type="button" class="primary" disabled={running || !state.card} onClick={() => void run()}>
          {running ? 'Running…' : 'Run check-server'}
        </button>
      </div>
      {problem ? <p class="fault">{problem}</p> : null}
      {report && result ? (
        <div class="report">
          <p>
            <strong>
              {report.passed} passed, {report.failed} failed, {report.warned} warned, {report.skipped} skipped
            </strong>{' '}
            <span class="muted">
              ({report.variant}, {(report.durationMs / 1000).toFixed(1)} s)
            </span>
          </p>
          <div class="row wrap-row">
            <button
              type="button"
              class="secondary"
              onClick={() => download('check-server.json', 'application/json', JSON.stringify(report, null, 2))}
            >
              Export JSON
            </button>
            <button type="button" class="secondary" onClick={() => download('check-server.junit.xml', 'application/xml', result.junit)}>
              Export JUnit
            </button>
          </div>
          {groups.map((group) => (
            <details
              key={group}
              open={report.steps.some(
                (step) => `${step.group}${step.transport === 'http-json' ? ' (HTTP+JSON)' : ''}` === group && step.status === 'fail',
              )}
            >
              <summary>{group}</summary>
              <ul class="steps">
                {report.steps
                  .filter((step) => `${step.group}${step.transport === 'http-json' ? ' (HTTP+JSON)' : ''}` === group)
                  .map((step) => (
                    <li key={`${step.transport}-${step.id}`} class={`step ${step.status}`}>
                      <Badge verdict={step.status} /> <code>{step.id}</code> {step.name}
                      {step.reason ? <div>{step.reason}</div> : null}
                      {step.clause ? <div class="muted small">clause: {step.clause}</div> : null}
                    </li>
                  ))}
              </ul>
            </details>
          ))}
        </div>
      ) : null}
    </section>
  );
}
