/** @jsxImportSource preact */
/**
 * The inspector's page (served by ../server.ts, bundled by scripts/bundle-inspect-app.ts): the agent named at the
 * top; its card and credentials, the message composer and the task actions; every exchange, live; check-server;
 * the record. The exchanges arrive on /api/events as they happen (those before the page opened first).
 */
import { render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiError, type ExchangeEvent, type InspectBinding, type State } from './api.js';
import { CardView } from './card-view.js';
import { CheckServerView } from './check-server-view.js';
import { Compose, messageSpec, type Draft, type Mode } from './compose.js';
import { authOf, CredentialsPanel, schemesOf } from './credentials.js';
import { applyEvent, Exchanges, type ExchangeView } from './exchanges.js';
import { RecordView } from './record-view.js';

const EMPTY: State = { bindings: [], notes: [], recordLines: 0 };

function App() {
  const [state, setState] = useState<State>(EMPTY);
  const [exchanges, setExchanges] = useState<ExchangeView[]>([]);
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [binding, setBinding] = useState<InspectBinding | undefined>();
  const [draft, setDraft] = useState<Draft>({ parts: [{ kind: 'text', text: '' }], taskId: '', contextId: '' });
  /** Credentials by scheme name: this page's memory only. */
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const schemes = useMemo(() => schemesOf(state.card), [state.card]);
  const secretsRef = useRef(secrets);
  secretsRef.current = secrets;
  const auth = () => authOf(schemes, secretsRef.current);

  const refresh = async () => {
    const next = await api.state();
    setState(next);
    if (next.target) setUrl((old) => old || next.target!);
    setBinding((old) => (old && next.bindings.some((entry) => entry.binding === old) ? old : next.bindings[0]?.binding));
  };

  useEffect(() => {
    refresh().catch((error: unknown) => setProblem(String(error)));
    const source = new EventSource('/api/events');
    source.onmessage = (message) => {
      const event = JSON.parse(message.data) as ExchangeEvent;
      setExchanges((list) => applyEvent(list, event));
      if (event.type === 'end') refresh().catch(() => undefined);
    };
    return () => source.close();
  }, []);

  const attempt = async (work: () => Promise<unknown>) => {
    setProblem(undefined);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const connect = () =>
    attempt(async () => {
      const next = await api.connect(url, auth());
      setState(next);
      setBinding(next.bindings[0]?.binding);
    });

  const send = (mode: Mode) =>
    attempt(async () => {
      const { spec, problem: why } = messageSpec(draft);
      if (!spec) throw new ApiError(why ?? 'the message cannot be sent');
      await api.call({
        action: mode === 'stream' ? 'stream' : 'send',
        binding,
        message: spec,
        blocking: mode === 'blocking',
        auth: auth(),
      });
    });

  const task = (action: 'get' | 'cancel' | 'subscribe', taskId: string) =>
    attempt(() => api.call({ action, binding, taskId, auth: auth() }));

  return (
    <>
      <header class="top">
        <h1>
          bindu-protocol <span class="muted">inspect</span>
        </h1>
        <form
          class="connect"
          onSubmit={(event) => {
            event.preventDefault();
            void connect();
          }}
        >
          <label class="grow">
            <span class="visually-hidden">agent URL</span>
            <input
              type="url"
              required
              placeholder="http://127.0.0.1:8000/"
              value={url}
              onInput={(event) => setUrl(event.currentTarget.value)}
            />
          </label>
          <button type="submit" disabled={busy}>
            {state.target ? 'Reconnect' : 'Connect'}
          </button>
        </form>
      </header>
      {problem ? (
        <p class="fault banner" role="alert">
          {problem}
        </p>
      ) : null}
      <main class="layout">
        <div class="column">
          <CardView state={state} />
          <CredentialsPanel schemes={schemes} values={secrets} onChange={(name, value) => setSecrets({ ...secrets, [name]: value })} />
          <Compose
            state={state}
            draft={draft}
            setDraft={setDraft}
            binding={binding}
            setBinding={setBinding}
            onSend={(mode) => void send(mode)}
            onTask={(action, taskId) => void task(action, taskId)}
            busy={busy}
          />
        </div>
        <div class="column">
          <Exchanges
            list={exchanges}
            actions={{
              onContinue: (taskId, contextId) => setDraft({ ...draft, taskId, contextId: contextId ?? '' }),
              onTask: (action, taskId) => void task(action, taskId),
              onStop: (id) => void api.stop(id).catch(() => undefined),
            }}
          />
        </div>
        <div class="column wide">
          <CheckServerView state={state} auth={auth} />
          <RecordView lines={state.recordLines} />
          {state.notes.length > 0 ? (
            <section class="panel" aria-labelledby="notes-title">
              <h2 id="notes-title">Notes</h2>
              <ul class="notes">
                {state.notes.map((note, index) => (
                  <li key={index}>{note}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
