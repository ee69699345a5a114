/** @jsxImportSource preact */
/**
 * The page's side of the inspector's API (../server.ts): typed calls, and what the server sends.
 * Credentials are passed with each call that needs them and kept nowhere but the page's memory.
 */
import type { ExchangeEvent, InspectBinding, Payload } from '../agent-session.js';
import type { ExchangeIssue, ExchangeReport } from '../../proxy/exchange.js';

export type { ExchangeEvent, ExchangeIssue, ExchangeReport, InspectBinding, Payload };

export interface VariantInfo {
  readonly variant: string;
  readonly validator: string;
  readonly wire: 'v0.3' | 'v1.0';
  readonly reason: string;
}

export interface State {
  readonly target?: string;
  readonly cardUrl?: string;
  readonly card?: Record<string, unknown>;
  readonly cardReport?: ExchangeReport;
  readonly cardFault?: string;
  readonly variant?: VariantInfo;
  readonly bindings: readonly { binding: InspectBinding; url: string; tenant?: string }[];
  readonly notes: readonly string[];
  readonly recordLines: number;
}

/** Credentials as sent with a call: headers and query parameters. */
export interface Auth {
  readonly headers: Record<string, string>;
  readonly query: Record<string, string>;
}

export class ApiError extends Error {}

async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': typeof body === 'string' ? 'application/x-ndjson' : 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const answer = (await response.json().catch(() => ({ error: `HTTP ${response.status}` }))) as T & { error?: string };
  if (!response.ok || typeof answer.error === 'string') throw new ApiError(answer.error ?? `HTTP ${response.status}`);
  return answer;
}

export const api = {
  state: () => call<State>('/api/state'),
  connect: (url: string, auth: Auth) => call<State>('/api/connect', { url, auth }),
  call: (request: Record<string, unknown>) => call<{ id: number }>('/api/call', request),
  stop: (id: number) => call<{ stopped: boolean }>('/api/stop', { id }),
  token: (request: { tokenUrl: string; clientId: string; clientSecret: string; scope: string }) =>
    call<{ accessToken: string; tokenType: string; expiresIn?: number }>('/api/token', request),
  checkServer: (request: { transport: string; only: string[]; auth: Auth }) =>
    call<{ report: CheckReport; junit: string }>('/api/check-server', request),
  openRecord: (text: string) => call<OpenedRecord>('/api/open-record', text),
};

export interface CheckStep {
  readonly group: string;
  readonly id: string;
  readonly name: string;
  readonly status: 'pass' | 'fail' | 'warn' | 'skip';
  readonly reason?: string;
  readonly clause?: string;
  readonly notes: readonly string[];
  readonly transport?: string;
}

export interface CheckReport {
  readonly url: string;
  readonly variant: string;
  readonly variantReason: string;
  readonly steps: readonly CheckStep[];
  readonly passed: number;
  readonly failed: number;
  readonly warned: number;
  readonly skipped: number;
  readonly durationMs: number;
}

export interface LineVerdict {
  readonly valid: boolean;
  readonly errors?: readonly { path: string; keyword: string; message: string; hint?: string }[];
  readonly warnings?: readonly { path: string; keyword: string; message: string; hint?: string }[];
  readonly inputError?: string;
}

export interface OpenedRecord {
  readonly variant: string;
  readonly lines: readonly { line: number; text: string; verdict: LineVerdict | null }[];
}

/** Saves text as a file the person downloads. */
export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** JSON text pretty-printed when it parses, else as it came. */
export function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
