/**
 * The OpenAPI documents (generated/openapi/<variant>.json) in two tools, offline:
 *
 * - `redocly lint` (the @redocly/cli of node_modules, with the repository's redocly.yaml, telemetry
 *   and update checks off, and a preload that refuses any network connection): no error, and no
 *   attempt to reach the network; its `no-invalid-media-type-examples` rule checks every example;
 * - Swagger UI (swagger-ui-dist, served by a small local http server) in headless Chromium: every
 *   operation renders, expanded, with no resolver error, no dialect warning and no request leaving
 *   the local server (a document whose operations are an earlier one's, aion's are a2a-v1's, renders one
 *   of them with its own components); copies with a remote `$ref` and with a non-default `jsonSchemaDialect` show
 *   the resolver error and the warning, so the checks can fail.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, INSTALL_TIMEOUT_MS, needSystemTools } from '../system-tools.js';
import { VARIANTS } from '../../scripts/lib/variants.js';
import { ROOT } from '../helpers.js';

type Json = Record<string, unknown>;
const VERBS = ['get', 'post', 'put', 'patch', 'delete'];
const names = VARIANTS.filter((variant) => variant.rest).map((variant) => variant.name);
const documentOf = (variant: string) => JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi', `${variant}.json`), 'utf8')) as Json;
const operationCount = (document: Json) =>
  Object.values(document.paths as Record<string, Json>).reduce(
    (sum, item) => sum + Object.keys(item).filter((key) => VERBS.includes(key)).length,
    0,
  );

/** What Swagger UI 5 says when `jsonSchemaDialect` is not OpenAPI's default. */
const DIALECT_WARNING = 'Values different from the default one are currently not supported';

describe('redocly lint (offline)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bindu-redocly-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Any connection or fetch the CLI attempts is refused and reported on stderr.
  const preload = join(dir, 'no-network.cjs');
  writeFileSync(
    preload,
    `const net = require('node:net');
const refuse = (what) => { process.stderr.write('NETWORK ATTEMPT: ' + what + '\\n'); throw new Error('network refused by the test'); };
net.Socket.prototype.connect = function (...args) { refuse(JSON.stringify(args[0])); };
globalThis.fetch = async (url) => refuse(String(url));
`,
  );
  const lint = (file: string) =>
    spawnSync(
      process.execPath,
      [
        '--require',
        preload,
        join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'),
        'lint',
        file,
        '--format=json',
        '--config',
        join(ROOT, 'redocly.yaml'),
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 240_000,
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
          NO_COLOR: '1',
        },
      },
    );
  const problems = (stdout: string) =>
    (JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: { ruleId: string; severity: string; message: string }[] }).problems;

  it.each(names.map((name) => [name]))(
    '%s: no error, and no attempt to reach the network',
    (name) => {
      const run = lint(join('generated', 'openapi', `${name}.json`));
      expect(run.stderr).not.toMatch(/NETWORK ATTEMPT/);
      const errors = problems(run.stdout).filter((p) => p.severity === 'error');
      expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(run.status).toBe(0);
    },
    240_000,
  );

  it('reports an error for a copy with a remote $ref, and one for an example that breaks its schema', () => {
    const broken = documentOf('a2a-v1');
    const op = (broken.paths as Record<string, Record<string, Json>>)['/tasks/{id}']!.get!;
    const ok = ((op.responses as Record<string, Json>)['200']!.content as Record<string, Json>)['application/json']!;
    ok.schema = { $ref: 'https://getbindu.com/protocol/json-schema/a2a-v1/Task.json' };
    const send = (broken.paths as Record<string, Record<string, Json>>)['/message:send']!.post!;
    const body = ((send.requestBody as Json).content as Record<string, Json>)['application/json']!;
    const first = Object.values(body.examples as Record<string, Json>)[0]!;
    first.value = { message: 'not a message' };
    const file = join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify(broken));
    const run = lint(file);
    const rules = new Set(
      problems(run.stdout)
        .filter((p) => p.severity === 'error')
        .map((p) => p.ruleId),
    );
    expect([...rules].sort()).toEqual(['no-invalid-media-type-examples', 'no-unresolved-refs']);
    expect(run.stderr).toMatch(/NETWORK ATTEMPT/);
    expect(run.status).toBe(1);
  }, 240_000);
});

describe('Swagger UI in headless Chromium', () => {
  const DIST = join(ROOT, 'node_modules', 'swagger-ui-dist');
  const extra = new Map<string, Json>();
  let server: Server;
  let origin: string;
  let browser: Browser;
  const outside: string[] = [];

  const page = (documentUrl: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Swagger UI</title>
<link rel="stylesheet" href="/dist/swagger-ui.css"></head><body><div id="ui"></div>
<script src="/dist/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: ${JSON.stringify(documentUrl)}, dom_id: '#ui', docExpansion: 'full',
  validatorUrl: null, defaultModelsExpandDepth: 1 });</script>
</body></html>`;

  beforeAll(async () => {
    needSystemTools('chromium');
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is not installed: run scripts/install-test-tools.sh chromium`);
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const send = (status: number, type: string, body: string | Buffer) => {
        response.writeHead(status, { 'content-type': type });
        response.end(body);
      };
      if (url.pathname === '/') return send(200, 'text/html', page(url.searchParams.get('doc') ?? ''));
      const document = /^\/openapi\/([a-z0-9-]+)\.json$/.exec(url.pathname)?.[1];
      if (document && extra.has(document)) return send(200, 'application/json', JSON.stringify(extra.get(document)));
      if (document && names.includes(document))
        return send(200, 'application/json', readFileSync(join(ROOT, 'generated', 'openapi', `${document}.json`)));
      if (url.pathname.startsWith('/dist/')) {
        const file = normalize(join(DIST, url.pathname.slice('/dist/'.length)));
        if (file.startsWith(DIST) && existsSync(file))
          return send(200, extname(file) === '.css' ? 'text/css' : 'text/javascript', readFileSync(file));
      }
      return send(404, 'text/plain', 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
  }, INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  /** Opens a document in Swagger UI and waits until it has rendered `operations` operations, expanded. */
  async function render(name: string, operations: number): Promise<Page> {
    const tab = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await tab.route('**/*', (route) => {
      if (route.request().url().startsWith(`${origin}/`)) return route.continue();
      outside.push(route.request().url());
      return route.abort();
    });
    await tab.goto(`${origin}/?doc=${encodeURIComponent(`/openapi/${name}.json`)}`);
    await tab.waitForFunction((count) => document.querySelectorAll('.opblock .opblock-body').length >= count, operations, {
      // A v1.0 document fully expanded takes Chromium a minute and a half on 2 idle cores, more when they are busy.
      timeout: 240_000,
      polling: 250,
    });
    // Resolving a reference is asynchronous: let the requests settle before reading the page.
    await tab.waitForLoadState('networkidle');
    return tab;
  }

  const text = (tab: Page) => tab.evaluate(() => document.body.textContent);

  /**
   * The document rendered before `name` whose operations are the same JSON (aion's are a2a-v1's: the context
   * extension adds schemas, not operations): its operations have rendered already, so a twin renders one of them and
   * its own components (a full rendering of a v1.0 document takes Chromium about a minute and a half on 2 cores).
   */
  const twinOf = (name: string) =>
    names.slice(0, names.indexOf(name)).find((other) => JSON.stringify(documentOf(other).paths) === JSON.stringify(documentOf(name).paths));

  it.each(names.map((name) => [name]))(
    '%s: every operation renders with no resolver error and no dialect warning',
    async (name) => {
      const twin = twinOf(name);
      const document = documentOf(name);
      if (twin !== undefined) {
        // One operation with request examples (SendMessage), to see them offered.
        const paths = document.paths as Json;
        const kept = '/message:send' in paths ? '/message:send' : Object.keys(paths)[0]!;
        document.paths = { [kept]: paths[kept] };
        extra.set(`${name}-own`, document);
      }
      const tab = await render(twin === undefined ? name : `${name}-own`, operationCount(document));
      try {
        expect(await tab.locator('.opblock').count()).toBe(operationCount(document));
        const shown = await text(tab);
        expect(shown).not.toMatch(/Resolver error/i);
        expect(shown).not.toContain(DIALECT_WARNING);
        expect(await tab.locator('.errors-wrapper').count()).toBe(0);
        // The request examples are offered (a select per request body with examples) and a value is shown.
        const withExamples = Object.values(document.paths as Record<string, Json>)
          .flatMap((item) => Object.values(item) as Json[])
          .filter(
            (op) =>
              Object.keys(
                (((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json']?.examples ??
                  {}) as Json,
              ).length > 0,
          );
        expect(withExamples.length).toBeGreaterThan(twin === undefined ? 3 : 0);
        expect(await tab.locator('.opblock-section-request-body .examples-select').count()).toBe(withExamples.length);
        expect(shown).toMatch(/"messageId"/);
        expect(outside).toEqual([]);
      } finally {
        await tab.close();
      }
    },
    300_000,
  );

  it('shows the resolver error and the dialect warning for copies that have them (the checks can fail)', async () => {
    // One operation each, to keep the rendering short.
    const one = () => {
      const document = documentOf('a2a-v1');
      document.paths = { '/tasks/{id}': (document.paths as Json)['/tasks/{id}'] };
      return document;
    };
    const remote = one();
    const op = (remote.paths as Record<string, Record<string, Json>>)['/tasks/{id}']!.get!;
    ((op.responses as Record<string, Json>)['200']!.content as Record<string, Json>)['application/json']!.schema = {
      $ref: 'https://getbindu.com/protocol/json-schema/a2a-v1/Task.json',
    };
    extra.set('remote-ref', remote);
    extra.set('dialect', { ...one(), jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema' });
    const count = operationCount(remote);
    for (const [name, expected] of [
      ['remote-ref', /Resolver error/],
      ['dialect', new RegExp(DIALECT_WARNING)],
    ] as const) {
      const tab = await render(name, count);
      try {
        if (name === 'remote-ref')
          await tab.waitForFunction(() => document.body.textContent.includes('Resolver error'), undefined, { timeout: 60_000 });
        expect(await text(tab)).toMatch(expected);
      } finally {
        await tab.close();
      }
    }
    expect(outside.some((url) => url.startsWith('https://getbindu.com/'))).toBe(true);
    outside.length = 0;
  }, 240_000);
});
