/** @jsxImportSource preact */
/**
 * Composing a message (text, data, file parts) and sending it on a binding the card offers, blocking, not blocking
 * or streaming; and the task actions (get, cancel, subscribe) on a task id.
 */
import { useState } from 'preact/hooks';
import type { InspectBinding, State } from './api.js';

export type PartDraft =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'data'; readonly json: string }
  | { readonly kind: 'file'; readonly name: string; readonly mediaType: string; readonly base64?: string; readonly uri?: string };

export interface Draft {
  readonly parts: readonly PartDraft[];
  readonly taskId: string;
  readonly contextId: string;
}

export type Mode = 'blocking' | 'immediate' | 'stream';

/** The message spec the server's wire adapter writes (check-server's MessageSpec), or the reason it cannot be. */
export function messageSpec(draft: Draft): { spec?: Record<string, unknown>; problem?: string } {
  const parts: Record<string, unknown>[] = [];
  for (const [index, part] of draft.parts.entries()) {
    if (part.kind === 'text') {
      if (part.text !== '') parts.push({ text: part.text });
    } else if (part.kind === 'data') {
      let data: unknown;
      try {
        data = JSON.parse(part.json);
      } catch {
        return { problem: `part ${index + 1} (data) is not JSON` };
      }
      if (typeof data !== 'object' || data === null || Array.isArray(data))
        return { problem: `part ${index + 1} (data) is not a JSON object` };
      parts.push({ data });
    } else if (part.base64 !== undefined) {
      parts.push({ fileBytes: { base64: part.base64, mediaType: part.mediaType, name: part.name } });
    } else if (part.uri) {
      parts.push({ fileUri: { uri: part.uri, mediaType: part.mediaType, name: part.name } });
    }
  }
  if (parts.length === 0) return { problem: 'the message has no part: write some text, data or add a file' };
  return {
    spec: {
      parts,
      ...(draft.taskId.trim() !== '' ? { taskId: draft.taskId.trim() } : {}),
      ...(draft.contextId.trim() !== '' ? { contextId: draft.contextId.trim() } : {}),
    },
  };
}

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function Compose(props: {
  state: State;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  binding: InspectBinding | undefined;
  setBinding: (binding: InspectBinding) => void;
  onSend: (mode: Mode) => void;
  onTask: (action: 'get' | 'cancel' | 'subscribe', taskId: string) => void;
  busy: boolean;
}) {
  const { state, draft, setDraft, binding, setBinding, onSend, onTask, busy } = props;
  const [mode, setMode] = useState<Mode>('blocking');
  const [taskTarget, setTaskTarget] = useState('');
  const streaming = state.card?.capabilities && (state.card.capabilities as Record<string, unknown>).streaming === true;
  const setPart = (index: number, part: PartDraft) =>
    setDraft({ ...draft, parts: draft.parts.map((old, at) => (at === index ? part : old)) });
  const removePart = (index: number) => setDraft({ ...draft, parts: draft.parts.filter((_, at) => at !== index) });
  const disabled = busy || !state.variant || state.bindings.length === 0;
  return (
    <section class="panel" aria-labelledby="compose-title">
      <h2 id="compose-title">Message</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSend(mode);
        }}
      >
        <div class="grid two">
          <label>
            binding
            <select aria-label="binding" value={binding} onChange={(event) => setBinding(event.currentTarget.value as InspectBinding)}>
              {state.bindings.map((entry) => (
                <option key={entry.binding} value={entry.binding}>
                  {entry.binding === 'JSONRPC' ? 'JSON-RPC' : entry.binding === 'GRPC' ? 'gRPC' : 'HTTP+JSON'}
                </option>
              ))}
            </select>
          </label>
          <label>
            mode
            <select aria-label="mode" value={mode} onChange={(event) => setMode(event.currentTarget.value as Mode)}>
              <option value="blocking">blocking (wait for the task)</option>
              <option value="immediate">return immediately</option>
              <option value="stream" disabled={!streaming}>
                streaming{streaming ? '' : ' (not claimed by the card)'}
              </option>
            </select>
          </label>
        </div>
        {draft.parts.map((part, index) => (
          <div class="part" key={index}>
            <div class="row spread">
              <span class="muted">
                part {index + 1}: {part.kind}
              </span>
              {draft.parts.length > 1 ? (
                <button type="button" class="link" onClick={() => removePart(index)} aria-label={`remove part ${index + 1}`}>
                  remove
                </button>
              ) : null}
            </div>
            {part.kind === 'text' ? (
              <textarea
                aria-label={`part ${index + 1} text`}
                class="message-text"
                rows={3}
                placeholder="Write a message"
                value={part.text}
                onInput={(event) => setPart(index, { kind: 'text', text: event.currentTarget.value })}
              />
            ) : part.kind === 'data' ? (
              <textarea
                aria-label={`part ${index + 1} data (JSON object)`}
                class="mono"
                rows={4}
                value={part.json}
                onInput={(event) => setPart(index, { kind: 'data', json: event.currentTarget.value })}
              />
            ) : (
              <div class="grid two">
                <label>
                  file (sent as bytes)
                  <input
                    type="file"
                    onChange={async (event) => {
                      const file = event.currentTarget.files?.[0];
                      if (!file) return;
                      const base64 = await readFile(file);
                      setPart(index, { kind: 'file', name: file.name, mediaType: file.type || 'application/octet-stream', base64 });
                    }}
                  />
                </label>
                <label>
                  or a URI
                  <input
                    type="url"
                    value={part.uri ?? ''}
                    onInput={(event) =>
                      setPart(index, { kind: 'file', name: part.name || 'file', mediaType: part.mediaType, uri: event.currentTarget.value })
                    }
                  />
                </label>
              </div>
            )}
          </div>
        ))}
        <div class="row wrap-row">
          <button
            type="button"
            class="secondary"
            onClick={() => setDraft({ ...draft, parts: [...draft.parts, { kind: 'text', text: '' }] })}
          >
            + text
          </button>
          <button
            type="button"
            class="secondary"
            onClick={() => setDraft({ ...draft, parts: [...draft.parts, { kind: 'data', json: '{\n  "key": "value"\n}' }] })}
          >
            + data
          </button>
          <button
            type="button"
            class="secondary"
            onClick={() =>
              setDraft({ ...draft, parts: [...draft.parts, { kind: 'file', name: '', mediaType: 'application/octet-stream' }] })
            }
          >
            + file
          </button>
        </div>
        <details open={draft.taskId !== '' || draft.contextId !== ''}>
          <summary>Continue a task or context</summary>
          <div class="grid two">
            <label>
              task id
              <input value={draft.taskId} onInput={(event) => setDraft({ ...draft, taskId: event.currentTarget.value })} />
            </label>
            <label>
              context id
              <input value={draft.contextId} onInput={(event) => setDraft({ ...draft, contextId: event.currentTarget.value })} />
            </label>
          </div>
        </details>
        <button type="submit" class="primary" disabled={disabled}>
          Send
        </button>
      </form>
      <form
        class="task-actions"
        onSubmit={(event) => {
          event.preventDefault();
          onTask('get', taskTarget.trim());
        }}
      >
        <label>
          task
          <input value={taskTarget} placeholder="task id" onInput={(event) => setTaskTarget(event.currentTarget.value)} />
        </label>
        <div class="row wrap-row">
          <button type="submit" class="secondary" disabled={disabled || taskTarget.trim() === ''}>
            Get
          </button>
          <button
            type="button"
            class="secondary"
            disabled={disabled || taskTarget.trim() === ''}
            onClick={() => onTask('cancel', taskTarget.trim())}
          >
            Cancel
          </button>
          <button
            type="button"
            class="secondary"
            disabled={disabled || taskTarget.trim() === '' || !streaming}
            onClick={() => onTask('subscribe', taskTarget.trim())}
          >
            Subscribe
          </button>
        </div>
      </form>
    </section>
  );
}
