/**
 * The inspector's server in this process, against a small agent of ours that holds a stream open: what happens to
 * the pages when the inspector stops while a call is still under way.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspector } from '../../../src/commands/inspect/server.js';

const CARD = JSON.parse(readFileSync(new URL('../../fixtures/cards/sdk-0.3-agent-card.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

/** An agent that answers message/stream with one `working` task and then keeps the stream open until the client goes. */
function holdingAgent(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    if (req.method === 'GET' && req.url === '/.well-known/agent-card.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...CARD, url, additionalInterfaces: [{ url, transport: 'JSONRPC' }] }));
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const request = JSON.parse(body) as { id: string | number; params: { message: { contextId?: string } } };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const task = {
        kind: 'task',
        id: '0b0e8a52-3c47-4c0e-9d55-5f0d0a7f1a01',
        contextId: '0b0e8a52-3c47-4c0e-9d55-5f0d0a7f1a02',
        status: { state: 'working', timestamp: new Date().toISOString() },
      };
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: task })}\n\n`);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server })),
  );
}

/** The page's event stream, read as lines until `until` holds. */
function events(base: string, until: (text: string) => boolean): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(new URL('/api/events', base), (res) => {
      let text = '';
      const look = (chunk: Buffer): void => {
        text += chunk.toString('utf8');
        if (until(text)) {
          res.off('data', look);
          res.resume();
          resolve(res);
        }
      };
      res.on('data', look);
    }).on('error', reject);
  });
}

describe('the inspector stopped with a stream under way', () => {
  let agent: { url: string; server: Server };
  let appDir: string;
  beforeAll(async () => {
    agent = await holdingAgent();
    appDir = mkdtempSync(join(tmpdir(), 'bindu-inspect-app-'));
    for (const file of ['index.html', 'app.js', 'app.css']) writeFileSync(join(appDir, file), '');
  });
  afterAll(() => {
    agent.server.closeAllConnections();
    agent.server.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('ends the pages and writes nothing to them after, though the aborted call reports its end later', async () => {
    const inspector = await startInspector({ target: agent.url, appDir });
    const call = (): Promise<Response> =>
      fetch(new URL('/api/call', inspector.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'stream', binding: 'JSONRPC', message: { parts: [{ text: 'hold on' }] } }),
      });
    const answer = (await (await call()).json()) as { id?: number; error?: string };
    expect(answer.error).toBeUndefined();
    // The page is open once the stream's first event has reached it.
    const page = await events(inspector.url, (text) => text.includes('"type":"payload"'));
    const ended = new Promise<void>((resolve) => page.on('end', resolve));
    const thrown: unknown[] = [];
    const catcher = (error: unknown): void => void thrown.push(error);
    process.on('uncaughtException', catcher);
    try {
      await inspector.close();
      await ended;
      // The aborted call's end is reported on a later turn: give it a few.
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('uncaughtException', catcher);
    }
    expect(thrown).toEqual([]);
  });
});
