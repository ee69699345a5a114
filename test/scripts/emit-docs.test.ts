/**
 * The reference site as built into `generated/docs/` (scripts/emit-docs.ts), read from its files
 * and over HTTP, without a browser:
 *
 * - served under the base path `/protocol/` (as a project site on GitHub Pages is), every link and
 *   asset of every page resolves to a file of the site, and every published JSON Schema, OpenRPC
 *   and OpenAPI file answers at the path its `$id` names under the site's root;
 * - v0.3 and v1.0 equivalents are linked both ways, each variant card links its OpenAPI document,
 *   the SPEC-NOTES page cites no file beside the checkout, and the search index holds the names the
 *   readers search for (other wire's names, enum values, descriptions).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS_TABLE, errorStatus } from '../../schemas/error-table.js';
import { revisionRules } from '../../schemas/spec-revisions.js';
import { VARIANT_TABLE } from '../../schemas/variant-table.js';
import { ID_BASE } from '../../scripts/lib/json-schema.js';
import { ROOT } from '../helpers.js';
import { serveSite, type SiteServer } from './docs-server.js';

const DOCS = join(ROOT, 'generated', 'docs');
/** Where the site is published: its `$id`s start here. */
const SITE_ROOT = ID_BASE.replace(/json-schema\/$/, '');

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path, base) : [relative(base, path).split(sep).join('/')];
  });
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const read = (path: string) => readFileSync(join(DOCS, path), 'utf8');

/** The hrefs and srcs of a page that stay on the site. */
function internalLinks(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)]
    .map((m) => unescapeHtml(m[1]!))
    .filter((raw) => !/^(https?:|mailto:|data:)/.test(raw));
}

describe('reference site: hosted under a base path', () => {
  let site: SiteServer;
  const files = existsSync(DOCS) ? walk(DOCS) : [];

  beforeAll(async () => {
    site = await serveSite(DOCS, '/protocol/');
  });
  afterAll(async () => {
    await site?.close();
  });

  it('every link and asset of every page resolves under /protocol/, fragments included', async () => {
    const pages = files.filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(500);
    const targets = new Map<string, string>();
    const broken: string[] = [];
    const ids = new Map<string, Set<string>>();
    for (const file of pages) {
      const pageUrl = new URL(file, site.base);
      for (const raw of internalLinks(read(file))) {
        const url = new URL(raw, pageUrl);
        if (!url.pathname.startsWith('/protocol/')) {
          broken.push(`${file}: ${raw} leaves the base path (${url.pathname})`);
          continue;
        }
        const target = decodeURIComponent(url.pathname.slice('/protocol/'.length));
        targets.set(target, `${file}: ${raw}`);
        if (url.hash && target.endsWith('.html') && existsSync(join(DOCS, target))) {
          let found = ids.get(target);
          if (!found) ids.set(target, (found = new Set([...read(target).matchAll(/\sid="([^"]+)"/g)].map((m) => unescapeHtml(m[1]!)))));
          if (!found.has(decodeURIComponent(url.hash.slice(1)))) broken.push(`${file}: ${raw} (no id ${url.hash})`);
        }
      }
    }
    // Each distinct target is asked of the server, as a browser would.
    for (const [target, from] of targets) {
      const response = await fetch(new URL(target, site.base));
      if (response.status !== 200) broken.push(`${from} → ${response.status}`);
      await response.arrayBuffer();
    }
    expect(targets.size).toBeGreaterThan(1000);
    expect(broken).toEqual([]);
    expect(site.missing).toEqual([]);
  }, 240_000);

  it('the server answers 404 outside the base path (so the check above can fail)', async () => {
    const response = await fetch(new URL('/index.html', site.origin));
    expect(response.status).toBe(404);
    const inside = await fetch(new URL('index.html', site.base));
    expect(inside.status).toBe(200);
  });

  it('answers each published JSON file at the path its $id names under the site root, byte for byte', async () => {
    const published = files.filter((f) => /^(json-schema|openrpc|openapi)\/.*\.json$/.test(f));
    expect(published.length).toBeGreaterThan(500);
    let withId = 0;
    for (const file of published) {
      const text = read(file);
      const id = (JSON.parse(text) as { $id?: unknown }).$id;
      if (typeof id !== 'string') continue;
      withId++;
      expect(id.startsWith(SITE_ROOT), `${file}: ${id}`).toBe(true);
      const response = await fetch(new URL(id.slice(SITE_ROOT.length), site.base));
      expect(response.status, id).toBe(200);
      expect(await response.text(), id).toBe(text);
    }
    expect(withId).toBeGreaterThan(500);
  }, 120_000);
});

describe('reference site: cross-links and citations', () => {
  /** The hrefs of the facts row "on A2A v…" of a page. */
  const equivalents = (path: string) => {
    const row = /<dt>on A2A v[0-9.]+<\/dt><dd>(.*?)<\/dd>/.exec(read(path))?.[1] ?? '';
    return [...row.matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1]!, `http://x/${path}`).pathname.slice(1));
  };

  it('links v0.3 and v1.0 equivalent methods both ways', () => {
    const pairs: [string, string][] = [
      ['a2a/methods/message-send.html', 'a2a-v1/methods/SendMessage.html'],
      ['a2a/methods/tasks-resubscribe.html', 'a2a-v1/methods/SubscribeToTask.html'],
      ['a2a/methods/tasks-pushNotificationConfig-set.html', 'a2a-v1/methods/CreateTaskPushNotificationConfig.html'],
      ['bindu/methods/tasks-list.html', 'aion/methods/ListTasks.html'],
      ['bindu/methods/context-get.html', 'aion/methods/GetContext.html'],
    ];
    for (const [v03, v1] of pairs) {
      expect(equivalents(v03), v03).toContain(v1);
      expect(equivalents(v1), v1).toContain(v03);
    }
    // A method with no counterpart has no row.
    expect(equivalents('bindu/methods/tasks-feedback.html')).toEqual([]);
  });

  it('links renamed and same-named types both ways, and never a same-named type that means something else', () => {
    expect(equivalents('a2a/types/MutualTLSSecurityScheme.html')).toContain('a2a-v1/types/MutualTlsSecurityScheme.html');
    expect(equivalents('a2a-v1/types/MutualTlsSecurityScheme.html')).toContain('a2a/types/MutualTLSSecurityScheme.html');
    expect(equivalents('a2a/types/TextPart.html')).toContain('a2a-v1/types/Part.html');
    expect(equivalents('a2a-v1/types/Part.html')).toEqual(expect.arrayContaining(['a2a/types/TextPart.html', 'a2a/types/Part.html']));
    expect(equivalents('bindu/types/Task.html')).toEqual(['a2a-v1/types/Task.html', 'aion/types/Task.html']);
    // v0.3's SendMessageRequest is the JSON-RPC envelope; v1.0's is the params (MessageSendParams on v0.3).
    expect(equivalents('a2a/types/SendMessageRequest.html')).toContain('a2a-v1/types/SendMessageJSONRPCRequest.html');
    expect(equivalents('a2a/types/SendMessageRequest.html')).not.toContain('a2a-v1/types/SendMessageRequest.html');
    expect(equivalents('a2a-v1/types/SendMessageRequest.html')).toContain('a2a/types/MessageSendParams.html');
  });

  it('the variant switch of a method page leads to the equivalent where the name does not exist', () => {
    const html = read('a2a/methods/message-send.html');
    const switcher = /<nav class="variant-switch"[^>]*>(.*?)<\/nav>/.exec(html)![1]!;
    expect(switcher).toContain('href="../../a2a-v1/methods/SendMessage.html"');
    expect(switcher).toContain('href="../../aion/methods/SendMessage.html"');
  });

  it('links the OpenAPI document of each variant that has one from its card and its page', () => {
    const home = read('index.html');
    const variants = readdirSync(join(DOCS, 'openapi')).map((f) => f.replace(/\.json$/, ''));
    expect(variants.length).toBeGreaterThanOrEqual(4);
    for (const variant of variants) {
      const card = home.split(`<section class="card" id="variant-${variant}">`)[1]?.split('</section>')[0] ?? '';
      expect(card, variant).toContain(`href="openapi/${variant}.json"`);
      expect(read(`${variant}/index.html`), variant).toContain(`href="../openapi/${variant}.json"`);
    }
  });

  it('SPEC-NOTES on the site cites public sources, not files beside the checkout', () => {
    const html = read('spec-notes.html');
    expect(html).not.toMatch(/\.\.\/shared|shared\/(seeds|reference)|DESIGN\.md/);
    expect(html).toContain('https://github.com/a2aproject/A2A');
    expect(html).toContain('docs.getbindu.com');
  });

  it("an example's source names a seed by its public page, not by a path beside the checkout", () => {
    const sources = [...read('bindu/types/Task.html').matchAll(/<div class="example-spec">(.*?)<\/div>/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources[0]).toMatch(/<a href="https:\/\/docs\.getbindu\.com\/"[^>]*>seed 001<\/a>/);
    const aion = [...read('aion/methods/GetContext.html').matchAll(/<div class="example-spec">(.*?)<\/div>/g)].map((m) => m[1]!).join('\n');
    expect(aion).toContain('href="https://docs.aion.to/extensions/aion/context/get-context/1.0.0"');
    for (const file of ['bindu/types/Task.html', 'aion/methods/GetContext.html', 'bindu/methods/context-get.html']) {
      expect(read(file).match(/<div class="example-spec">[^\n]*seeds\/00/), file).toBeNull();
    }
  });

  it('type and method pages carry the sidebar; other pages do not', () => {
    for (const path of ['bindu/types/Task.html', 'a2a-v1/methods/SendMessage.html']) {
      expect(read(path), path).toMatch(new RegExp(`<nav class="sidebar" id="sidebar"[^>]*data-path="${path}"`));
    }
    for (const path of ['index.html', 'bindu/index.html', 'spec-notes.html']) expect(read(path), path).not.toContain('class="sidebar"');
  });
});

describe('reference site: the search index', () => {
  type Entry = [number, string, number, string, string, number, string];
  const script = existsSync(join(DOCS, 'assets', 'search-index.js')) ? read('assets/search-index.js') : '';
  const data = JSON.parse(script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1)) as {
    variants: string[];
    kinds: string[];
    texts: string[];
    entries: Entry[];
  };
  const find = (kind: string, name: string, variant: string) =>
    data.entries.filter((e) => data.kinds[e[0]] === kind && e[1] === name && data.variants[e[2]] === variant);

  it("gives each method the other wire's name", () => {
    expect(find('method', 'SendMessage', 'a2a-v1')[0]?.[6]).toBe('message/send');
    expect(find('method', 'message/send', 'bindu')[0]?.[6]).toBe('SendMessage');
    expect(find('method', 'GetContexts', 'aion')[0]?.[6]).toBe('contexts/get');
  });

  it('holds enum values with their other-wire spelling, linked to the value', () => {
    const completed = find('value', 'TASK_STATE_COMPLETED', 'a2a-v1');
    expect(completed.length).toBeGreaterThan(0);
    expect(completed[0]![6]).toBe('completed');
    expect(find('value', 'ROLE_USER', 'aion').length).toBeGreaterThan(0);
    const inputRequired = find('value', 'input-required', 'a2a');
    expect(inputRequired.map((e) => e[3])).toContain('a2a/types/TaskState.html#v-input-required');
    expect(inputRequired[0]![6]).toBe('TASK_STATE_INPUT_REQUIRED');
  });

  it('holds the descriptions, each once, and the words readers search for are in them', () => {
    expect(new Set(data.texts).size).toBe(data.texts.length);
    const withWebhook = data.entries.filter((e) => e[5] >= 0 && /webhook/i.test(data.texts[e[5]]!));
    expect(withWebhook.length).toBeGreaterThan(3);
    for (const e of data.entries) expect(e[5] < data.texts.length).toBe(true);
  });
});

describe('reference site: ready to host', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    homepage?: string;
    repository?: { url?: string };
    scripts: Record<string, string>;
  };

  it('package.json names the site where the $ids point, and the repository', () => {
    expect(pkg.homepage).toBe(SITE_ROOT);
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\/github\.com\/[^/]+\/[^/]+\.git$/);
  });

  it('the Pages workflow installs, rebuilds the site with a drift check, and publishes generated/docs', () => {
    const workflow = readFileSync(join(ROOT, '.github', 'workflows', 'pages.yml'), 'utf8');
    const runs = [...workflow.matchAll(/^\s*- run: (.+)$/gm)].map((m) => m[1]!.trim());
    expect(runs).toEqual(['npm ci', 'npm run docs -- --check']);
    // Each npm script it runs exists, and `docs` builds the site without the runtime.
    expect(pkg.scripts.docs).toBe('tsx scripts/build.ts --no-dist');
    expect(/upload-pages-artifact@v\d+\s+with:\s+path: (\S+)/.exec(workflow)?.[1]).toBe('generated/docs');
    expect(workflow).toMatch(/uses: actions\/deploy-pages@v\d+/);
    expect(workflow).toMatch(/pages: write/);
    expect(workflow).toMatch(/id-token: write/);
  });
});

describe('reference site: v1.0 fields with two spellings', () => {
  const schemas = JSON.parse(readFileSync(join(ROOT, 'generated', 'json-schema', 'a2a-v1.json'), 'utf8')) as {
    $defs: Record<string, { properties: Record<string, unknown>; required?: string[]; allOf?: { anyOf?: { required?: string[] }[] }[] }>;
  };
  /** The page's property rows: name → [required?, other spelling]. */
  const rows = (type: string) => {
    const html = read(`a2a-v1/types/${type}.html`);
    return new Map(
      [...html.matchAll(/<tr id="p-([^"]+)" class="depth-0">\s*<td class="prop">(.*?)<\/td>[\s\S]*?<td class="req">(.*?)<\/td>/g)].map(
        (m) => [m[1]!, { required: m[3]!.includes('required'), also: /also accepted as <code>([^<]+)<\/code>/.exec(m[2]!)?.[1] }],
      ),
    );
  };

  it.each(['Message', 'AgentCard'])('%s: one row per field, required when the schema requires it under either name', (type) => {
    const schema = schemas.$defs[type]!;
    // Read from the schema: the names required as such, and the names one anyOf of presences requires.
    const eitherName = (schema.allOf ?? []).flatMap((member) => (member.anyOf ?? []).map((branch) => branch.required?.[0] ?? ''));
    const requiredNames = new Set([...(schema.required ?? []), ...eitherName]);
    const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const page = rows(type);
    const protoCopies = Object.keys(schema.properties).filter((name) => name.includes('_'));
    expect(protoCopies.length).toBeGreaterThan(0);
    for (const name of protoCopies) expect(page.has(name), `${name} has no row of its own`).toBe(false);
    expect(page.size).toBe(Object.keys(schema.properties).length - protoCopies.length);
    for (const [name, row] of page) {
      expect(row.required, name).toBe(requiredNames.has(name) || requiredNames.has(snake(name)));
      expect(row.also, name).toBe(snake(name) !== name && snake(name) in schema.properties ? snake(name) : undefined);
    }
  });

  it('lists the v1.0 fields an agent must send as required, naming the proto spelling', () => {
    for (const [type, name, also] of [
      ['Message', 'messageId', 'message_id'],
      ['AgentCard', 'supportedInterfaces', 'supported_interfaces'],
      ['AgentCard', 'defaultInputModes', 'default_input_modes'],
    ] as const) {
      expect(rows(type).get(name), `${type}.${name}`).toEqual({ required: true, also });
    }
    expect(rows('Message').get('contextId')).toEqual({ required: false, also: 'context_id' });
  });
});

describe('reference site: specification revisions', () => {
  const [from, to] = ['1.0.0', '1.0.1'] as const;
  const path = `a2a-v${from}-to-v${to}.html`;

  it(`the page "A2A v${from} → v${to}" lists exactly the error mappings and rules that differ in the tables, each with its section`, () => {
    const html = read(path);
    const after = revisionRules(to);
    const differing = ERROR_STATUS_TABLE[to]
      .filter((row) => {
        const old = ERROR_STATUS_TABLE[from].find((entry) => entry.code === row.code);
        return old !== undefined && (old.httpStatus !== row.httpStatus || old.grpcStatus !== row.grpcStatus);
      })
      .map((row) => String(row.code));
    expect(differing.length).toBeGreaterThan(0);
    const listed = [...html.matchAll(/<tr data-code="([^"]+)">(.*?)<\/tr>/g)];
    expect(listed.map((m) => m[1])).toEqual(differing);
    for (const [, code, row] of listed) {
      const [a, b] = [errorStatus(Number(code), from)!, errorStatus(Number(code), to)!];
      if (a.httpStatus !== b.httpStatus) expect(row, code).toContain(`<code>${a.httpStatus}</code> → <code>${b.httpStatus}</code>`);
      if (a.grpcStatus !== b.grpcStatus) expect(row, code).toContain(`<code>${a.grpcStatus}</code> → <code>${b.grpcStatus}</code>`);
      expect(row, code).toContain(`§${after.sections.errorMappings}`);
    }
    const notRules = new Set(['revision', 'released', 'url', 'sections']);
    const before = revisionRules(from) as unknown as Record<string, unknown>;
    const now = after as unknown as Record<string, unknown>;
    const changedRules = [...new Set([...Object.keys(before), ...Object.keys(now)])].filter(
      (key) => !notRules.has(key) && JSON.stringify(before[key]) !== JSON.stringify(now[key]),
    );
    expect(changedRules.length).toBeGreaterThan(0);
    const rules = [...html.matchAll(/<tr data-rule="([^"]+)">(.*?)<\/tr>/g)];
    expect(rules.map((m) => m[1]).sort()).toEqual(changedRules.sort());
    const sections = new Set(Object.values(after.sections).map((s) => `§${s}`));
    for (const [, rule, row] of rules)
      expect(
        [...sections].some((s) => row!.includes(`<td>${s}</td>`)),
        rule,
      ).toBe(true);
  });

  it('is linked from the index, and each v1.0 variant names the revision it follows on its card and its page', () => {
    expect(read('index.html')).toContain(`href="${path}"`);
    for (const row of VARIANT_TABLE) {
      const card = read('index.html').split(`<section class="card" id="variant-${row.name}">`)[1]?.split('</section>')[0] ?? '';
      expect(card, row.name).toContain(`A2A v${row.specRevision}`);
      const page = read(`${row.name}/index.html`);
      expect(page, row.name).toContain(`A2A v${row.specRevision}`);
      if (row.specRevision === to) expect(page, row.name).toContain(`href="../${path}"`);
    }
  });
});
