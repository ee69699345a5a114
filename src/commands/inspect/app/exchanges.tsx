/** @jsxImportSource preact */
/**
 * Every exchange, live: the request, each answer or stream event with the defects the proxy's tap found in it at
 * their paths, the verdict once it ends; and the timeline of each task's states across exchanges.
 */
import type { ExchangeEvent, ExchangeIssue, ExchangeReport, InspectBinding, Payload } from './api.js';
import { pretty } from './api.js';
import { Badge, IssueList } from './issues.js';

export interface ExchangeView {
  readonly id: number;
  readonly label: string;
  readonly binding: InspectBinding | 'card';
  readonly http: { readonly method: string; readonly url: string };
  readonly request?: Payload;
  readonly payloads: readonly Payload[];
  readonly end?: { readonly status?: number; readonly report: ExchangeReport; readonly fault?: string };
}

/** The exchanges after one more event (a new list; the one changed is replaced). */
export function applyEvent(list: readonly ExchangeView[], event: ExchangeEvent): ExchangeView[] {
  if (event.type === 'start') {
    const { id, label, binding, http, request } = event;
    return [...list, { id, label, binding, http, ...(request ? { request } : {}), payloads: [] }];
  }
  return list.map((view) => {
    if (view.id !== event.id) return view;
    if (event.type === 'payload') return { ...view, payloads: [...view.payloads, event.payload] };
    return {
      ...view,
      end: {
        ...(event.status !== undefined ? { status: event.status } : {}),
        report: event.report,
        ...(event.fault ? { fault: event.fault } : {}),
      },
    };
  });
}

/** The texts a payload carries (its `text` values, a few, outside `history`), for a line a person reads without opening the JSON. */
function textsOf(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const found: string[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (found.length >= 4 || depth > 12 || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) for (const item of node) visit(item, depth + 1);
    else
      for (const [key, item] of Object.entries(node)) {
        // What the agent said, not the history it repeats.
        if (key === 'history') continue;
        if (key === 'text' && typeof item === 'string') found.push(item);
        else visit(item, depth + 1);
      }
  };
  visit(value, 0);
  return found;
}

export interface TaskLine {
  readonly taskId: string;
  readonly contextId?: string;
  readonly states: readonly { state: string; exchange: number; part: string }[];
}

/** Each task's states in the order the exchanges showed them (a state repeated in a row kept once). */
export function timelines(list: readonly ExchangeView[]): TaskLine[] {
  const tasks = new Map<string, { contextId?: string; states: { state: string; exchange: number; part: string }[] }>();
  for (const view of list) {
    for (const payload of view.payloads) {
      if (!payload.taskId) continue;
      const entry = tasks.get(payload.taskId) ?? { states: [] };
      if (payload.contextId) entry.contextId = payload.contextId;
      if (payload.state && entry.states.at(-1)?.state !== payload.state)
        entry.states.push({ state: payload.state, exchange: view.id, part: payload.part });
      tasks.set(payload.taskId, entry);
    }
  }
  return [...tasks].map(([taskId, entry]) => ({
    taskId,
    ...(entry.contextId ? { contextId: entry.contextId } : {}),
    states: entry.states,
  }));
}

const partIssues = (items: readonly ExchangeIssue[] | undefined, part: string) => (items ?? []).filter((item) => item.part === part);

export interface TaskActions {
  readonly onContinue: (taskId: string, contextId: string | undefined) => void;
  readonly onTask: (action: 'get' | 'cancel' | 'subscribe', taskId: string) => void;
  readonly onStop: (id: number) => void;
}

export function Exchanges(props: { list: readonly ExchangeView[]; actions: TaskActions }) {
  const { list, actions } = props;
  const tasks = timelines(list);
  return (
    <section class="panel" aria-labelledby="exchanges-title">
      <h2 id="exchanges-title">Exchanges</h2>
      {tasks.length > 0 ? (
        <div class="tasks">
          <h3>Tasks</h3>
          {tasks.map((task) => (
            <div class="task" key={task.taskId}>
              <code class="wrap">{task.taskId}</code>
              <ol class="timeline" aria-label={`states of task ${task.taskId}`}>
                {task.states.map((entry, index) => (
                  <li key={index} class={`state state-${entry.state}`} title={`exchange ${entry.exchange}, ${entry.part}`}>
                    {entry.state}
                  </li>
                ))}
              </ol>
              <div class="row wrap-row">
                <button type="button" class="secondary small" onClick={() => actions.onContinue(task.taskId, task.contextId)}>
                  Continue
                </button>
                <button type="button" class="secondary small" onClick={() => actions.onTask('get', task.taskId)}>
                  Get
                </button>
                <button type="button" class="secondary small" onClick={() => actions.onTask('cancel', task.taskId)}>
                  Cancel
                </button>
                <button type="button" class="secondary small" onClick={() => actions.onTask('subscribe', task.taskId)}>
                  Subscribe
                </button>
              </div>
            </div>
          ))}
        </div>
      ) : null}
      {list.length === 0 ? <p class="muted">Nothing yet: each request and answer appears here as it happens.</p> : null}
      <ol class="exchanges" reversed>
        {[...list].reverse().map((view) => (
          <ExchangeItem key={view.id} view={view} onStop={actions.onStop} />
        ))}
      </ol>
    </section>
  );
}

function ExchangeItem(props: { view: ExchangeView; onStop: (id: number) => void }) {
  const { view, onStop } = props;
  const report = view.end?.report;
  const answerLevel = [...partIssues(report?.errors, 'answer'), ...partIssues(report?.errors, 'card')];
  return (
    <li class="exchange" data-method={view.label} data-verdict={report?.verdict ?? 'under way'}>
      <div class="row spread">
        <strong class="method">{view.label}</strong>
        <span class="row">
          {report ? <Badge verdict={report.verdict} /> : <span class="badge busy">under way</span>}
          {!report ? (
            <button type="button" class="link" onClick={() => onStop(view.id)}>
              stop
            </button>
          ) : null}
        </span>
      </div>
      <div class="muted small wrap">
        #{view.id} {view.http.method} {view.http.url}
        {view.end ? ` → ${view.end.status ?? 'no answer'}` : ''}
        {report ? ` · ${report.durationMs} ms` : ''}
        {report?.events !== undefined ? ` · ${report.events} event${report.events === 1 ? '' : 's'}` : ''}
      </div>
      {view.end?.fault ? <p class="fault">{view.end.fault}</p> : null}
      {report?.notes.map((note) => (
        <p class="muted small" key={note}>
          note: {note}
        </p>
      ))}
      {view.request ? <PayloadView payload={view.request} report={report} open={false} /> : null}
      {view.payloads.map((payload) => (
        <PayloadView key={payload.part} payload={payload} report={report} open={false} />
      ))}
      {answerLevel.length > 0 && view.payloads.every((payload) => payload.part !== 'answer' && payload.part !== 'card') ? (
        <IssueList errors={answerLevel} warnings={[]} />
      ) : null}
      {report?.omitted ? <p class="muted small">… {report.omitted} more issues not shown</p> : null}
    </li>
  );
}

function PayloadView(props: { payload: Payload; report: ExchangeReport | undefined; open: boolean }) {
  const { payload, report } = props;
  const errors = partIssues(report?.errors, payload.part);
  const warnings = partIssues(report?.warnings, payload.part);
  const texts = textsOf(payload.text);
  return (
    <div class={`payload${errors.length > 0 ? ' has-errors' : ''}`} data-part={payload.part}>
      <div class="row wrap-row">
        <span class="part-name">{payload.part}</span>
        {payload.kind ? <span class="chip">{payload.kind}</span> : null}
        {payload.state ? <span class={`chip state state-${payload.state}`}>{payload.state}</span> : null}
        {errors.length > 0 ? (
          <span class="badge bad">
            {errors.length} error{errors.length === 1 ? '' : 's'}
          </span>
        ) : null}
      </div>
      {texts.length > 0 ? (
        <div class="said">
          {texts.map((text, index) => (
            <div key={index}>{text}</div>
          ))}
        </div>
      ) : null}
      <IssueList errors={errors} warnings={warnings} />
      <details open={props.open}>
        <summary>JSON</summary>
        <pre class="json">{pretty(payload.text)}</pre>
      </details>
    </div>
  );
}
