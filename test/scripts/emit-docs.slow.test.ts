/**
 * The reference site (`generated/docs/`, built by scripts/emit-docs.ts):
 *
 * - read from the files: every type and method of every variant has a page, every page shows at
 *   least one example, every example is a valid conformance case shown as its resolved data, every
 *   link and asset reference resolves (fragments included), nothing is fetched from outside, and
 *   the raw files sit at the paths their `$id`s name;
 * - in headless Chromium (Debian's `chromium`, driven by playwright-core, installed by
 *   scripts/install-test-tools.sh on first use): pages load without console errors or outside requests, links
 *   click through, the search box finds types, methods and properties per variant, the site works
 *   from file://, and screenshots of the index, the Task page and the TaskState diagram are saved
 *   under test-output/docs/ (gitignored) for a person to look at.
 */
/// <reference lib="dom" />
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, INSTALL_TIMEOUT_MS, needSystemTools } from '../system-tools.js';
import { VARIANTS } from '../../scripts/lib/variants.js';
import { ID_BASE } from '../../scripts/lib/json-schema.js';
import { createBackend } from '../../src/library/conformance/backend.js';
import { fixtureSchemaValidator, lintVariant } from '../../src/library/conformance/lint.js';
import { readVariantFiles } from '../../src/library/conformance/load-fixtures.js';
import type { ResolvedCase } from '../../src/library/conformance/fixture.js';
import { ROOT } from '../helpers.js';

const DOCS = join(ROOT, 'generated', 'docs');
const OUT = join(ROOT, 'test-output', 'docs');

const slug = (method: string) => method.replaceAll('/', '-');

/** Every file under a directory, as paths relative to it with `/` separators. */
function walk(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path, base) : [relative(base, path).split(sep).join('/')];
  });
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The examples a page shows: each example id with the JSON under it. */
function examplesOf(html: string): { id: string; data: unknown }[] {
  const out: { id: string; data: unknown }[] = [];
  const pattern = /<div class="example" data-example-id="([^"]+)">[\s\S]*?<pre class="json"><code>([\s\S]*?)<\/code><\/pre>/g;
  for (const match of html.matchAll(pattern)) out.push({ id: unescapeHtml(match[1]!), data: JSON.parse(unescapeHtml(match[2]!)) });
  return out;
}

/**
 * The completeness check: a page for every type and every method of every variant, at least one
 * example on each type page, and a request, a result and an error example on each method page.
 * Returns the problems (empty when complete).
 */
function completenessProblems(docs: string): string[] {
  const problems: string[] = [];
  for (const variant of VARIANTS) {
    for (const name of Object.keys(variant.definitions)) {
      const file = join(docs, variant.name, 'types', `${name}.html`);
      if (!existsSync(file)) {
        problems.push(`${variant.name}: type ${name} has no page`);
        continue;
      }
      if (examplesOf(readFileSync(file, 'utf8')).length === 0) problems.push(`${variant.name}: the page of type ${name} has no example`);
    }
    for (const method of variant.methods) {
      const file = join(docs, variant.name, 'methods', `${slug(method.method)}.html`);
      if (!existsSync(file)) {
        problems.push(`${variant.name}: method ${method.method} has no page`);
        continue;
      }
      const html = readFileSync(file, 'utf8');
      for (const part of ['request', 'result', 'error']) {
        const section = html.split(`<h3 id="example-${part}">`)[1]?.split(/<h3 id="example-|<\/main>/)[0] ?? '';
        if (examplesOf(section).length === 0) problems.push(`${variant.name}: the page of method ${method.method} has no ${part} example`);
      }
    }
  }
  return problems;
}

/** Every href/src of every HTML page that does not resolve to a file of the site (or to an id in it). */
function brokenLinks(docs: string): { checked: number; broken: string[] } {
  const files = walk(docs);
  const set = new Set(files);
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    let found = ids.get(file);
    if (!found) {
      found = new Set([...readFileSync(join(docs, file), 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => unescapeHtml(m[1]!)));
      ids.set(file, found);
    }
    return found;
  };
  const broken: string[] = [];
  let checked = 0;
  for (const file of files.filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(join(docs, file), 'utf8');
    for (const match of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const raw = unescapeHtml(match[1]!);
      if (/^(https?:|mailto:|data:)/.test(raw)) continue;
      checked++;
      const [pathPart, fragment] = raw.split('#') as [string, string | undefined];
      const target =
        pathPart === ''
          ? file
          : normalize(join(dirname(file), decodeURIComponent(pathPart)))
              .split(sep)
              .join('/');
      if (!set.has(target)) {
        broken.push(`${file}: ${raw} (no file ${target})`);
        continue;
      }
      if (fragment && target.endsWith('.html') && !idsOf(target).has(decodeURIComponent(fragment)))
        broken.push(`${file}: ${raw} (no id "${fragment}" in ${target})`);
    }
  }
  return { checked, broken };
}

describe('reference site: files', () => {
  it('has a page for every type and method of every variant, each with examples', () => {
    expect(existsSync(join(DOCS, 'index.html')), 'generated/docs/index.html exists (run npm run docs)').toBe(true);
    expect(completenessProblems(DOCS)).toEqual([]);
  });

  it('the completeness check fails on a missing page and on a page without an example', () => {
    const copy = mkdtempSync(join(tmpdir(), 'bindu-docs-'));
    try {
      cpSync(join(DOCS, 'bindu'), join(copy, 'bindu'), { recursive: true });
      cpSync(join(DOCS, 'a2a'), join(copy, 'a2a'), { recursive: true });
      cpSync(join(DOCS, 'a2a-v1'), join(copy, 'a2a-v1'), { recursive: true });
      cpSync(join(DOCS, 'aion'), join(copy, 'aion'), { recursive: true });
      cpSync(join(DOCS, 'a2a-v1'), join(copy, 'a2a-v1'), { recursive: true });
      expect(completenessProblems(copy)).toEqual([]);
      rmSync(join(copy, 'bindu', 'types', 'Artifact.html'));
      const taskPage = join(copy, 'a2a', 'types', 'Task.html');
      writeFileSync(taskPage, readFileSync(taskPage, 'utf8').replace(/<div class="example"[\s\S]*?<\/pre>\s*<\/div>/g, ''));
      const sendPage = join(copy, 'aion', 'methods', 'SendMessage.html');
      writeFileSync(sendPage, readFileSync(sendPage, 'utf8').split('<h3 id="example-error">')[0]!);
      expect(completenessProblems(copy)).toEqual([
        'a2a: the page of type Task has no example',
        'bindu: type Artifact has no page',
        'aion: the page of method SendMessage has no error example',
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("shows as examples only valid conformance cases of the page's own target, as their resolved data", () => {
    const cases = new Map<string, ResolvedCase>();
    const backend = createBackend(ROOT);
    for (const variant of VARIANTS) {
      const { cases: resolved } = lintVariant(
        readVariantFiles(join(ROOT, 'conformance'), variant.name),
        backend.catalogue(variant.name),
        fixtureSchemaValidator(ROOT),
      );
      for (const c of resolved) cases.set(c.fullId, c);
    }
    let shown = 0;
    for (const variant of VARIANTS) {
      const pages = [
        ...Object.keys(variant.definitions).map((name) => ({
          file: `${variant.name}/types/${name}.html`,
          matches: (c: ResolvedCase) => 'type' in c.target && c.target.type === name,
        })),
        ...variant.methods.map((m) => ({
          file: `${variant.name}/methods/${slug(m.method)}.html`,
          matches: (c: ResolvedCase) => 'method' in c.target && c.target.method === m.method,
        })),
      ];
      for (const { file, matches } of pages) {
        for (const example of examplesOf(readFileSync(join(DOCS, file), 'utf8'))) {
          const c = cases.get(example.id);
          expect(c, `${file} shows ${example.id}, which is no fixture case`).toBeDefined();
          expect(c!.valid, `${file} shows the invalid case ${example.id}`).toBe(true);
          expect(matches(c!), `${file} shows ${example.id}, a case of another target`).toBe(true);
          expect(example.data, `${file}: ${example.id}`).toEqual(c!.data);
          shown++;
        }
      }
    }
    expect(shown).toBeGreaterThan(900);
  });

  it('every link and asset reference of every page resolves, fragments included, and no page repeats an id', () => {
    const { checked, broken } = brokenLinks(DOCS);
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
    const repeated: string[] = [];
    for (const file of walk(DOCS).filter((f) => f.endsWith('.html'))) {
      const seen = new Set<string>();
      for (const match of readFileSync(join(DOCS, file), 'utf8').matchAll(/\sid="([^"]+)"/g)) {
        if (seen.has(match[1]!)) repeated.push(`${file}: ${match[1]}`);
        seen.add(match[1]!);
      }
    }
    expect(repeated).toEqual([]);
  });

  it('the link check reports a link to a missing page and to a missing anchor', () => {
    const copy = mkdtempSync(join(tmpdir(), 'bindu-docs-'));
    try {
      mkdirSync(join(copy, 'x'));
      writeFileSync(
        join(copy, 'x', 'a.html'),
        '<a href="b.html">b</a> <a href="../index.html#nowhere">i</a> <a href="#here">h</a> <p id="here"></p>',
      );
      writeFileSync(join(copy, 'index.html'), '<h1 id="top">t</h1>');
      expect(brokenLinks(copy).broken).toEqual([
        'x/a.html: b.html (no file x/b.html)',
        'x/a.html: ../index.html#nowhere (no id "nowhere" in index.html)',
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('loads nothing from outside the site: no remote script, stylesheet, image, frame or font', () => {
    const offenders: string[] = [];
    for (const file of walk(DOCS).filter((f) => /\.(html|css|js)$/.test(f))) {
      const text = readFileSync(join(DOCS, file), 'utf8');
      if (/<(script|img|iframe|source|video|audio|embed)\b[^>]*\ssrc="(https?:)?\/\//i.test(text)) offenders.push(`${file}: remote src`);
      if (/<link\b[^>]*href="(https?:)?\/\//i.test(text)) offenders.push(`${file}: remote link`);
      if (/@import|url\(\s*['"]?(https?:)?\/\//i.test(text)) offenders.push(`${file}: remote CSS`);
      if (file.endsWith('.js') && /\b(fetch|XMLHttpRequest|importScripts)\s*\(/.test(text)) offenders.push(`${file}: network call`);
    }
    expect(offenders).toEqual([]);
  });

  it("has a page per HTTP+JSON operation, linked from its JSON-RPC method's page and back, and publishes the OpenAPI documents", () => {
    let pages = 0;
    for (const variant of VARIANTS.filter((v) => v.rest)) {
      const document = JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi', `${variant.name}.json`), 'utf8')) as {
        paths: Record<string, Record<string, { operationId: string; 'x-a2a-method'?: string }>>;
      };
      expect(readFileSync(join(DOCS, 'openapi', `${variant.name}.json`), 'utf8')).toBe(
        readFileSync(join(ROOT, 'generated', 'openapi', `${variant.name}.json`), 'utf8'),
      );
      const variantIndex = readFileSync(join(DOCS, variant.name, 'index.html'), 'utf8');
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [verb, op] of Object.entries(item)) {
          const file = join(DOCS, variant.name, 'rest', `${op.operationId}.html`);
          expect(existsSync(file), `${variant.name}: ${op.operationId} has a page`).toBe(true);
          const html = readFileSync(file, 'utf8');
          pages++;
          expect(html, `${variant.name} ${op.operationId}`).toContain(`<code>${verb.toUpperCase()} ${path}</code>`);
          expect(variantIndex).toContain(`href="../${variant.name}/rest/${op.operationId}.html"`);
          const method = op['x-a2a-method'];
          if (method === undefined) continue;
          expect(html, `${op.operationId} links its method`).toContain(`href="../../${variant.name}/methods/${slug(method)}.html"`);
          const methodPage = readFileSync(join(DOCS, variant.name, 'methods', `${slug(method)}.html`), 'utf8');
          expect(methodPage, `${method} links ${op.operationId}`).toContain(`href="../../${variant.name}/rest/${op.operationId}.html"`);
        }
      }
    }
    expect(pages).toBe(12 + 12 + 23 + 23);
  });

  it('publishes each raw JSON Schema file at the path its $id names, and the OpenRPC documents', () => {
    const schemaFiles = walk(join(ROOT, 'generated', 'json-schema'));
    expect(schemaFiles.length).toBeGreaterThan(380);
    for (const file of schemaFiles) {
      const original = readFileSync(join(ROOT, 'generated', 'json-schema', file), 'utf8');
      const published = join(DOCS, 'json-schema', file);
      expect(existsSync(published), file).toBe(true);
      expect(readFileSync(published, 'utf8'), file).toBe(original);
      const id = (JSON.parse(original) as { $id: string }).$id;
      expect(id.startsWith(ID_BASE), id).toBe(true);
      expect(`json-schema/${id.slice(ID_BASE.length)}`).toBe(`json-schema/${file}`);
    }
    for (const variant of VARIANTS) {
      expect(readFileSync(join(DOCS, 'openrpc', `${variant.name}.json`), 'utf8')).toBe(
        readFileSync(join(ROOT, 'generated', 'openrpc', `${variant.name}.json`), 'utf8'),
      );
    }
  });

  it('draws the TaskState diagram of each variant from its lifecycle table, terminal and interrupted states marked', async () => {
    const tables = {
      a2a: await import('../../schemas/a2a/states.js'),
      bindu: await import('../../schemas/bindu/states.js'),
      'a2a-v1': await import('../../schemas/a2a-v1/states.js'),
      aion: await import('../../schemas/a2a-v1/states.js'),
    } as const;
    for (const [variant, table] of Object.entries(tables)) {
      const html = readFileSync(join(DOCS, variant, 'types', 'TaskState.html'), 'utf8');
      const svg = html.split(`<svg class="diagram" id="dg-${variant}-task-states"`)[1]?.split('</svg>')[0] ?? '';
      expect(svg, variant).not.toBe('');
      const shown = [...svg.matchAll(/data-state="([^"]+)"/g)].map((m) => m[1]);
      expect([...shown].sort(), variant).toEqual([...table.TASK_STATES].sort());
      const group = (key: string) =>
        [...(svg.split(`class="dg-group dg-${key}"`)[1]?.split('class="dg-group ')[0] ?? '').matchAll(/data-state="([^"]+)"/g)].map(
          (m) => m[1],
        );
      expect(group('terminal').sort(), variant).toEqual([...table.TERMINAL_STATES].sort());
      expect(group('interrupted').sort(), variant).toEqual([...table.INTERRUPTED_STATES].sort());
      // The transition table under the diagram has a mark exactly where the lifecycle allows a change.
      const marks = [...html.matchAll(/<td class="yes" title="([^"]+) → ([^"]+)">/g)].map(
        (m) => `${unescapeHtml(m[1]!)}>${unescapeHtml(m[2]!)}`,
      );
      const allowed = Object.entries(table.TRANSITIONS as Record<string, readonly string[]>).flatMap(([from, to]) =>
        to.map((t) => `${from}>${t}`),
      );
      expect(marks.sort(), variant).toEqual(allowed.sort());
    }
    const bindu = readFileSync(join(DOCS, 'bindu', 'types', 'TaskState.html'), 'utf8');
    const added = [...bindu.matchAll(/<g class="dg-state dg-added" data-state="([^"]+)"/g)].map((m) => m[1]);
    expect(added).toHaveLength(8);
    expect(added).toContain('payment-required');
    expect(added).not.toContain('unknown');
  });
});

// ---------------------------------------------------------------------------------------------

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** A static file server for the site on 127.0.0.1 (a random free port). */
function serve(dir: string): Promise<{ server: Server; origin: string; missing: string[] }> {
  const missing: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      missing.push(path);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({ server, origin: `http://127.0.0.1:${address.port}`, missing });
    }),
  );
}

describe('reference site: in headless Chromium', () => {
  let server: Server;
  let origin: string;
  let missing: string[];
  let context: BrowserContext;
  let profile: string;
  const consoleErrors: string[] = [];
  const outside: string[] = [];

  beforeAll(async () => {
    needSystemTools('chromium');
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is not installed: run scripts/install-test-tools.sh chromium`);
    ({ server, origin, missing } = await serve(DOCS));
    profile = mkdtempSync(join(tmpdir(), 'bindu-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS],
      viewport: { width: 1280, height: 900 },
    });
    context.on('page', (page) => watch(page));
    mkdirSync(OUT, { recursive: true });
  }, INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  function watch(page: Page): void {
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${origin}/`) && !url.startsWith('file://') && !url.startsWith('data:')) outside.push(url);
    });
  }

  async function open(path: string): Promise<Page> {
    const page = context.pages()[0] ?? (await context.newPage());
    const response = await page.goto(`${origin}/${path}`);
    expect(response?.status(), path).toBe(200);
    return page;
  }

  it('loads the index and a sample of type and method pages with no console error and no outside request', async () => {
    const sample = ['index.html', 'spec-notes.html', 'conformance.html', 'diagrams.html'];
    for (const variant of VARIANTS) {
      const names = Object.keys(variant.definitions).sort();
      sample.push(`${variant.name}/index.html`);
      for (const name of ['Task', 'Message', 'TaskState', 'AgentCard', 'Part'])
        if (names.includes(name)) sample.push(`${variant.name}/types/${name}.html`);
      names
        .filter((_, i) => i % 30 === 7)
        .forEach((name) => {
          sample.push(`${variant.name}/types/${name}.html`);
        });
      for (const method of [variant.methods[0]!, variant.methods.find((m) => m.streaming)!, variant.methods.at(-1)!])
        sample.push(`${variant.name}/methods/${slug(method.method)}.html`);
      for (const op of [variant.rest?.operations[0], variant.rest?.operations.at(-1)])
        if (op) sample.push(`${variant.name}/rest/${op.operationId}.html`);
    }
    for (const path of sample) {
      const page = await open(path);
      await expect(page.locator('h1').first().textContent(), path).resolves.toBeTruthy();
      const styled = await page.evaluate(() => getComputedStyle(document.querySelector('header.top')!).position);
      expect(styled, `${path}: the stylesheet applies`).toBe('sticky');
      const indexed = await page.evaluate(() =>
        Array.isArray((window as unknown as { BINDU_SEARCH?: { entries: unknown[] } }).BINDU_SEARCH?.entries),
      );
      expect(indexed, `${path}: the search index loaded`).toBe(true);
    }
    expect(sample.length).toBeGreaterThan(35);
    expect(consoleErrors).toEqual([]);
    expect(outside).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('clicks from a method page to its REST operation and back', async () => {
    const page = await open('a2a-v1/methods/GetTask.html');
    await page.click('a[href$="rest/GetTask.html"]');
    expect(page.url()).toMatch(/a2a-v1\/rest\/GetTask\.html$/);
    await expect(page.locator('h1 code').first().textContent()).resolves.toBe('GET /tasks/{id}');
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, 'rest-operation.png'), fullPage: true });
    await page.click('a[href$="methods/GetTask.html"]');
    expect(page.url()).toMatch(/a2a-v1\/methods\/GetTask\.html$/);
    expect(consoleErrors).toEqual([]);
  });

  it('clicks through: index → variant → type → referenced type → other variant → user → method → error', async () => {
    const page = await open('index.html');
    await page.click('#variant-bindu h2 a');
    await expect(page.locator('h1').textContent()).resolves.toMatch(/^bindu/);
    await page.click('table.type-list a:text-is("Task")');
    expect(page.url()).toBe(`${origin}/bindu/types/Task.html`);
    await expect(page.locator('h1').textContent()).resolves.toMatch(/^Task\b/);
    await page.click('tr#p-status a.type-link');
    expect(page.url()).toBe(`${origin}/bindu/types/TaskStatus.html`);
    await page.click('.variant-switch a:has-text("a2a")');
    expect(page.url()).toBe(`${origin}/a2a/types/TaskStatus.html`);
    await page.click('dl.facts a:text-is("Task")');
    expect(page.url()).toBe(`${origin}/a2a/types/Task.html`);
    await page.click('dl.facts a[href$="methods/tasks-get.html"]');
    expect(page.url()).toBe(`${origin}/a2a/methods/tasks-get.html`);
    await expect(page.locator('h1').textContent()).resolves.toContain('tasks/get');
    await page.click('table.errors a[href$="TaskNotFoundError.html"]');
    await expect(page.locator('h1').textContent()).resolves.toContain('TaskNotFoundError');
    await page.click('nav.crumbs a:has-text("Home")');
    expect(page.url()).toBe(`${origin}/index.html`);
    // A diagram's links are links too.
    const diagrams = await open('bindu/types/TaskState.html');
    await expect(diagrams.locator('#dg-bindu-task-states').isVisible()).resolves.toBe(true);
    await open('bindu/types/Task.html');
    await page
      .locator('#dg-bindu-task-flow a', { hasText: /^Artifact$/ })
      .first()
      .click();
    await page.waitForURL(`${origin}/bindu/types/Artifact.html`);
    expect(consoleErrors).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('searches types, methods and properties, scoped to a variant, and goes to a result', async () => {
    const page = await open('index.html');
    const results = page.locator('#search-results a.result');
    await page.fill('#search', 'TaskState');
    await expect(results.first().locator('.r-name').textContent()).resolves.toBe('TaskState');
    expect(await page.locator('#search-results .r-variant').allTextContents()).toEqual(expect.arrayContaining(['a2a', 'bindu', 'aion']));
    await page.selectOption('#search-scope', 'aion');
    const variants = await page.locator('#search-results .r-variant').allTextContents();
    expect(variants.length).toBeGreaterThan(0);
    expect(new Set(variants)).toEqual(new Set(['aion']));

    await page.selectOption('#search-scope', 'bindu');
    await page.fill('#search', 'tasks/get');
    await expect(results.first().getAttribute('data-kind')).resolves.toBe('method');
    await expect(results.first().getAttribute('href')).resolves.toBe('bindu/methods/tasks-get.html');

    await page.fill('#search', 'messageId');
    const kinds = await page.locator('#search-results a.result').evaluateAll((links) => links.map((a) => a.getAttribute('data-kind')));
    expect(kinds[0]).toBe('property');
    await page.screenshot({ path: join(OUT, 'search.png') });
    await page.press('#search', 'Enter');
    await page.waitForURL(/bindu\/types\/[A-Za-z]+\.html#p-messageId$/);
    await expect(page.locator('tr#p-messageId').isVisible()).resolves.toBe(true);

    // A type page searches its own variant by default; an error code finds its error.
    const typePage = await open('aion/types/Task.html');
    await expect(typePage.locator('#search-scope').inputValue()).resolves.toBe('aion');
    await typePage.fill('#search', 'nothing-is-called-this');
    await expect(typePage.locator('#search-results .r-count').textContent()).resolves.toBe('No match in aion');
    await typePage.selectOption('#search-scope', '');
    await typePage.fill('#search', '-32001');
    await expect(typePage.locator('#search-results a.result .r-detail').first().textContent()).resolves.toBe('TaskNotFoundError');
    expect(consoleErrors).toEqual([]);
  });

  it('saves screenshots of the index, the Task page and the TaskState diagram', async () => {
    const page = await open('index.html');
    await page.screenshot({ path: join(OUT, 'index.png'), fullPage: true });
    await open('bindu/types/Task.html');
    await page.screenshot({ path: join(OUT, 'task.png'), fullPage: true });
    await open('bindu/types/TaskState.html');
    await page.locator('#dg-bindu-task-states').screenshot({ path: join(OUT, 'taskstate-diagram.png') });
    await open('a2a/types/TaskState.html');
    await page.locator('#dg-a2a-task-states').screenshot({ path: join(OUT, 'taskstate-diagram-a2a.png') });
    await open('bindu/types/Context.html');
    await page.locator('#dg-bindu-context-status').screenshot({ path: join(OUT, 'context-lifecycle.png') });
    await open('bindu/types/PaymentMandate.html');
    await page.locator('#dg-bindu-mandate-chain').screenshot({ path: join(OUT, 'mandate-chain.png') });
    for (const name of ['index.png', 'task.png', 'taskstate-diagram.png', 'context-lifecycle.png', 'mandate-chain.png']) {
      expect(statSync(join(OUT, name)).size, name).toBeGreaterThan(10_000);
    }
    expect(consoleErrors).toEqual([]);
  });

  it('works from the file system: styles, search and links', async () => {
    const page = await context.newPage();
    const url = pathToFileURL(join(DOCS, 'bindu', 'types', 'Task.html')).href;
    await page.goto(url);
    await expect(page.evaluate(() => getComputedStyle(document.querySelector('header.top')!).position)).resolves.toBe('sticky');
    await page.fill('#search', 'Artifact');
    await expect(page.locator('#search-results a.result').first().locator('.r-name').textContent()).resolves.toBe('Artifact');
    await page.click('#search-results a.result >> nth=0');
    await page.waitForURL(/^file:\/\/.*\/bindu\/types\/Artifact\.html$/);
    await page.click('nav.crumbs a:has-text("Home")');
    await page.waitForURL(/^file:\/\/.*\/generated\/docs\/index\.html$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Bindu protocol reference');
    await page.close();
    expect(consoleErrors).toEqual([]);
    expect(outside).toEqual([]);
  });
});
