/**
 * The REST operation pages of the reference site (scripts/docs/rest.ts, generated/docs/<variant>/rest/):
 * the variant switch links the same operation in every variant that has it; the request and
 * response bodies are shown inline (a property table) with an example that is one of the
 * document's examples; the `curl` line fills the path, carries that example as its body, and is
 * accepted by a real server: the `curl` lines of the v0.3 SendMessage and SendStreamingMessage
 * pages, run by the real curl against an @a2a-js/sdk 0.3 restHandler, get answers that validate
 * against the operation. Every in-page link lands on an element of the page.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIANTS } from '../../../scripts/lib/variants.js';
import { validateOperationBody } from '../../../src/library/validate-operation.js';
import { startEchoRestServer, type RestServer } from '../../fixtures/servers/echo-rest.js';
import { ROOT } from '../../helpers.js';

type Json = Record<string, unknown>;
const DOCS = join(ROOT, 'generated', 'docs');
const VERBS = ['get', 'post', 'put', 'patch', 'delete'];
const withRest = VARIANTS.filter((variant) => variant.rest);
const unescapeHtml = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const documentOf = (variant: string) => JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi', `${variant}.json`), 'utf8')) as Json;
const pageOf = (variant: string, operationId: string) => readFileSync(join(DOCS, variant, 'rest', `${operationId}.html`), 'utf8');

interface Operation {
  readonly operationId: string;
  readonly verb: string;
  readonly path: string;
  readonly op: Json;
}

function operations(document: Json): Operation[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Json>)
      .filter(([verb]) => VERBS.includes(verb))
      .map(([verb, op]) => ({ operationId: op.operationId as string, verb: verb.toUpperCase(), path, op })),
  );
}

const exampleValues = (media: Json | undefined) =>
  Object.values((media?.examples ?? {}) as Record<string, Json>).map((e) => JSON.stringify(e.value));
const requestMedia = (op: Json) => (((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>)['application/json'];

/** The curl command of a page, as text. */
const curlOf = (html: string) => unescapeHtml(/<pre class="json curl"><code>([\s\S]*?)<\/code><\/pre>/.exec(html)?.[1] ?? '');

/** The JSON of the page's example blocks. */
const examplesOf = (html: string) =>
  [...html.matchAll(/<div class="example-head">Example\.[\s\S]*?<pre class="json"><code>([\s\S]*?)<\/code><\/pre>/g)].map((m) =>
    JSON.stringify(JSON.parse(unescapeHtml(m[1]!))),
  );

describe.each(withRest.map((variant) => [variant.name]))('%s REST pages', (name) => {
  const document = documentOf(name);
  const all = new Map(withRest.map((variant) => [variant.name, new Set(operations(documentOf(variant.name)).map((o) => o.operationId))]));

  it('the variant switch links the same operation in each variant that has it', () => {
    for (const { operationId } of operations(document)) {
      const html = pageOf(name, operationId);
      const nav = /<nav class="variant-switch"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
      const linked = [...nav.matchAll(/<a [^>]*href="\.\.\/\.\.\/([^/]+)\/rest\/([^"]+)\.html"/g)].map((m) => `${m[1]}:${m[2]}`);
      const expected = [...all].filter(([, ids]) => ids.has(operationId)).map(([variant]) => `${variant}:${operationId}`);
      expect(linked, operationId).toEqual(expected);
      expect(nav, operationId).toMatch(
        new RegExp(`class="current" aria-current="true" href="\\.\\./\\.\\./${name}/rest/${operationId}\\.html"`),
      );
    }
  });

  it("shows each body inline with one of the document's examples, and a curl line built from them", () => {
    for (const { operationId, verb, path, op } of operations(document)) {
      const html = pageOf(name, operationId);
      const request = requestMedia(op);
      const section = html.slice(html.indexOf('id="request-body"'), html.indexOf('id="responses"'));
      const curl = curlOf(html);
      expect(curl, operationId).toMatch(new RegExp(`^curl (-N )?-X ${verb} 'http://127\\.0\\.0\\.1:8080/`));
      const url = /'(http[^']+)'/.exec(curl)![1]!;
      const filled = new URL(url).pathname;
      expect(decodeURIComponent(filled).split('/').length, operationId).toBe(path.split('/').length);
      expect(filled, operationId).not.toMatch(/[{}]/);
      if (request) {
        expect(section, operationId).toMatch(/<table class="props">|<ul>/);
        const shown = examplesOf(section);
        expect(shown.length, operationId).toBe(1);
        expect(exampleValues(request), operationId).toContain(shown[0]);
        const body = /-d '((?:[^']|'\\'')*)'$/.exec(curl)?.[1];
        expect(body, operationId).toBeDefined();
        expect(JSON.stringify(JSON.parse(body!.replace(/'\\''/g, "'"))), operationId).toBe(shown[0]);
      } else {
        expect(section, operationId).toContain('<p>None.</p>');
        expect(curl, operationId).not.toContain(' -d ');
      }
      const ok = Object.entries(op.responses as Record<string, Json>).find(
        ([status, answer]) => status.startsWith('2') && answer.content,
      )?.[1];
      const json = (ok?.content as Record<string, Json> | undefined)?.['application/json'];
      if (json && Object.keys((json.examples ?? {}) as Json).length > 0) {
        const responseSection = html.slice(html.indexOf('id="response-body"'));
        expect(exampleValues(json), operationId).toContain(examplesOf(responseSection)[0]);
      }
    }
  });

  it('every in-page link lands on an element of the page', () => {
    const missing: string[] = [];
    for (const { operationId } of operations(document)) {
      const html = pageOf(name, operationId);
      const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
      for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) if (!ids.has(target)) missing.push(`${operationId} #${target}`);
      const counts = new Map<string, number>();
      for (const [, id] of html.matchAll(/ id="([^"]+)"/g)) counts.set(id!, (counts.get(id!) ?? 0) + 1);
      for (const [id, count] of counts) if (count > 1) missing.push(`${operationId}: id ${id} ${count} times`);
    }
    expect(missing).toEqual([]);
  });
});

describe('the v0.3 curl lines against a real @a2a-js/sdk 0.3 restHandler', () => {
  let server: RestServer;
  beforeAll(async () => {
    server = await startEchoRestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  // The server runs in this process: curl runs asynchronously, so the server can answer.
  const run = async (operationId: string) => {
    const command = curlOf(pageOf('a2a', operationId)).replace('http://127.0.0.1:8080', server.url.replace(/\/$/, ''));
    const result = await promisify(execFile)('bash', ['-c', command.replace(/^curl /, "curl -sS --max-time 60 -w '\\n%{http_code}' ")], {
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(result.stderr).toBe('');
    const lines = result.stdout.trimEnd().split('\n');
    return { status: Number(lines.pop()), body: lines.join('\n') };
  };

  it("SendMessage: the server answers the page's request with a task that validates", async () => {
    const { status, body } = await run('SendMessage');
    expect(status).toBe(201);
    const verdict = validateOperationBody('a2a', 'SendMessage', 'response', JSON.parse(body), true);
    expect(verdict.errors).toEqual([]);
    expect((JSON.parse(body) as { task?: unknown }).task).toBeDefined();
  }, 120_000);

  it('SendStreamingMessage: the server streams events that validate', async () => {
    const { status, body } = await run('SendStreamingMessage');
    expect(status).toBe(200);
    const events = body
      .split('\n\n')
      .filter((block) => block.includes('data:'))
      .map(
        (block) =>
          JSON.parse(
            block
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5))
              .join('\n'),
          ) as unknown,
      );
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const event of events) expect(validateOperationBody('a2a', 'SendStreamingMessage', 'response', event, true).errors).toEqual([]);
  }, 120_000);
});
