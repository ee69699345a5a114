/**
 * The reference site in headless Chromium (Debian's `chromium`, driven by playwright-core), served
 * under `/protocol/` as it is hosted: screenshots at 1400 px and 390 px wide, light and dark, saved
 * under test-output/docs-site/ (gitignored) for a person to look at; no page-level horizontal
 * scroll at 390 px; the dark theme by the system preference and by the remembered toggle; a
 * compact header; the sidebar of type and method pages; search by other-wire names, enum values,
 * descriptions and error codes.
 */
/// <reference lib="dom" />
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { CHROMIUM, CHROMIUM_ARGS, INSTALL_TIMEOUT_MS, needSystemTools } from '../system-tools.js';
import { serveSite, type SiteServer } from './docs-server.js';

const DOCS = join(ROOT, 'generated', 'docs');
const OUT = join(ROOT, 'test-output', 'docs-site');

/** Pages with the widest content: long property tables, the coverage tables, diagrams, code. */
const WIDE_PAGES = [
  'index.html',
  'spec-notes.html',
  'conformance.html',
  'diagrams.html',
  'bindu/index.html',
  'a2a-v1/index.html',
  'bindu/types/Task.html',
  'bindu/types/AgentCard.html',
  'bindu/types/TaskState.html',
  'bindu/types/PaymentMandate.html',
  'a2a/types/SecurityScheme.html',
  'a2a-v1/types/Part.html',
  'aion/types/TaskState.html',
  'bindu/methods/message-send.html',
  'a2a/methods/tasks-pushNotificationConfig-set.html',
  'a2a-v1/methods/SendMessage.html',
  'aion/methods/GetContexts.html',
  'a2a-v1/rest/SendMessage.html',
];

const SHOTS: readonly [string, string][] = [
  ['index.html', 'index'],
  ['bindu/types/Task.html', 'type-Task'],
  ['a2a-v1/methods/SendMessage.html', 'method-SendMessage'],
  ['conformance.html', 'conformance'],
];

describe('reference site in Chromium: layout, themes, search', () => {
  let site: SiteServer;
  let browser: Browser;
  let profile: string;
  const errors: string[] = [];

  beforeAll(async () => {
    needSystemTools('chromium');
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is not installed: run scripts/install-test-tools.sh chromium`);
    site = await serveSite(DOCS, '/protocol/');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
    profile = mkdtempSync(join(tmpdir(), 'bindu-docs-'));
    mkdirSync(OUT, { recursive: true });
  }, INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  async function context(width: number, colorScheme: 'light' | 'dark'): Promise<BrowserContext> {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
    ctx.on('page', (page) => {
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
      });
    });
    return ctx;
  }

  async function open(ctx: BrowserContext, path: string): Promise<Page> {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const response = await page.goto(new URL(path, site.base).href);
    expect(response?.status(), path).toBe(200);
    return page;
  }

  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  it('saves screenshots at 1400 px and 390 px, light and dark', async () => {
    for (const width of [1400, 390]) {
      for (const scheme of ['light', 'dark'] as const) {
        const ctx = await context(width, scheme);
        for (const [path, name] of SHOTS) {
          const page = await open(ctx, path);
          const file = join(OUT, `${name}-${width}-${scheme}.png`);
          // A phone's page is too long to look at whole: its top, then its first table.
          await page.screenshot({ path: file, fullPage: width !== 390 });
          expect(statSync(file).size, file).toBeGreaterThan(10_000);
          if (width === 390) {
            await page.evaluate(() => document.querySelector('.scroll-cue:not([hidden]), .table-wrap')?.scrollIntoView());
            await page.screenshot({ path: join(OUT, `${name}-${width}-${scheme}-table.png`) });
          }
        }
        await ctx.close();
      }
    }
    expect(errors).toEqual([]);
  }, 180_000);

  it('has no page-level horizontal scroll at 390 px; a table too wide scrolls in its wrapper, with a cue', async () => {
    const ctx = await context(390, 'light');
    const overflowing: string[] = [];
    let cues = 0;
    for (const path of WIDE_PAGES) {
      const page = await open(ctx, path);
      const { scroll, client, wide } = await page.evaluate(() => {
        const el = document.scrollingElement!;
        // The widest element that sticks out of the viewport, for the message.
        let widest = '';
        for (const node of Array.from(document.querySelectorAll('body *'))) {
          const box = node.getBoundingClientRect();
          if (box.right > window.innerWidth + 1 && !node.closest('.table-wrap, .figure, pre, nav.sidebar .sidebar-body, .variant-switch')) {
            widest = `${node.tagName.toLowerCase()}.${(node as HTMLElement).className} (${Math.round(box.right)} px)`;
            break;
          }
        }
        return { scroll: el.scrollWidth, client: el.clientWidth, wide: widest };
      });
      if (scroll > client) overflowing.push(`${path}: ${scroll} > ${client}: ${wide}`);
      const shown = await page
        .locator('.scroll-cue:not([hidden]) + .table-wrap.overflowing, .scroll-cue:not([hidden]) + .figure.overflowing')
        .count();
      cues += shown;
    }
    expect(overflowing).toEqual([]);
    // The conformance tables and the diagrams are wider than a phone: they scroll, and say so.
    expect(cues).toBeGreaterThan(0);
    // The property table stacks: no header row shown, each cell labelled.
    const page = await open(ctx, 'bindu/types/Task.html');
    await expect(page.locator('table.props thead').isVisible()).resolves.toBe(false);
    await expect(page.locator('table.props.stack tr#p-status td.type').getAttribute('data-label')).resolves.toBe('type');
    await ctx.close();
    expect(errors).toEqual([]);
  }, 180_000);

  it('a wide screen keeps the header to one compact row and the table header visible', async () => {
    const ctx = await context(1400, 'light');
    const page = await open(ctx, 'bindu/types/Task.html');
    const height = await page.evaluate(() => document.querySelector('header.top')!.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(60);
    await expect(page.locator('table.props thead').isVisible()).resolves.toBe(true);
    const phone = await context(390, 'light');
    const small = await open(phone, 'bindu/types/Task.html');
    // On a phone the header is not sticky: scrolled down, it is out of view.
    await small.evaluate(() => window.scrollTo(0, 2000));
    const top = await small.evaluate(() => document.querySelector('header.top')!.getBoundingClientRect().bottom);
    expect(top).toBeLessThanOrEqual(0);
    await ctx.close();
    await phone.close();
  });

  it('follows the system dark preference, and the toggle switches and is remembered', async () => {
    const light = await context(1400, 'light');
    const dark = await context(1400, 'dark');
    const lightBg = await background(await open(light, 'bindu/types/Task.html'));
    const darkBg = await background(await open(dark, 'bindu/types/Task.html'));
    expect(lightBg).toBe('rgb(255, 255, 255)');
    expect(darkBg).not.toBe(lightBg);
    // The toggle, in a light system: dark now, and still dark on the next page.
    const page = light.pages()[0]!;
    await page.click('#theme-toggle');
    await expect(background(page)).resolves.toBe(darkBg);
    await open(light, 'index.html');
    await expect(background(page)).resolves.toBe(darkBg);
    await page.click('#theme-toggle');
    await expect(background(page)).resolves.toBe(lightBg);
    await open(light, 'a2a/index.html');
    await expect(background(page)).resolves.toBe(lightBg);
    await light.close();
    await dark.close();
    expect(errors).toEqual([]);
  });

  it('keeps the sidebar in view on type and method pages, the current page marked', async () => {
    const ctx = await context(1400, 'light');
    const page = await open(ctx, 'bindu/types/Task.html');
    const current = page.locator('nav.sidebar a[aria-current="page"]');
    await expect(current.textContent()).resolves.toBe('Task');
    await expect(page.locator('nav.sidebar a', { hasText: /^message\/send$/ }).count()).resolves.toBe(1);
    // Halfway down the page (at its very end the footer pushes it up, as a sticky element is).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    const box = await page.locator('nav.sidebar').boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(100);
    // Its filter narrows the lists.
    await page.fill('nav.sidebar .sidebar-filter', 'pushnotification');
    const visible = await page.locator('nav.sidebar li:not([hidden]) a').allTextContents();
    expect(visible.length).toBeGreaterThan(2);
    for (const name of visible) expect(name.toLowerCase()).toContain('pushnotification');
    await page.click('nav.sidebar li:not([hidden]) a >> nth=0');
    await page.waitForURL(/\/protocol\/bindu\/(methods|types)\//);
    await ctx.close();
    expect(errors).toEqual([]);
  });

  it("finds by the other wire's names, enum values, descriptions and error codes", async () => {
    const ctx = await context(1400, 'light');
    const page = await open(ctx, 'index.html');
    const first = page.locator('#search-results a.result').first();
    const search = async (query: string, scope: string) => {
      await page.selectOption('#search-scope', scope);
      await page.fill('#search', query);
      return page.locator('#search-results a.result').evaluateAll((links) =>
        links.map((a) => ({
          kind: a.getAttribute('data-kind'),
          name: a.querySelector('.r-name')!.textContent,
          variant: a.querySelector('.r-variant')!.textContent,
          href: a.getAttribute('href'),
        })),
      );
    };
    let hits = await search('message/send', 'a2a-v1');
    expect(hits[0]).toMatchObject({ kind: 'method', name: 'SendMessage', variant: 'a2a-v1' });
    hits = await search('SendMessage', 'a2a');
    expect(hits.find((h) => h.kind === 'method')).toMatchObject({ name: 'message/send', href: 'a2a/methods/message-send.html' });
    hits = await search('webhook', '');
    expect(hits.length).toBeGreaterThan(3);
    expect(hits.map((h) => h.name)).toEqual(expect.arrayContaining(['PushNotificationConfig']));
    hits = await search('TASK_STATE_COMPLETED', 'a2a-v1');
    expect(hits[0]).toMatchObject({ kind: 'value', name: 'TASK_STATE_COMPLETED' });
    hits = await search('TASK_STATE_COMPLETED', 'a2a');
    expect(hits[0]).toMatchObject({ kind: 'value', name: 'completed', href: 'a2a/types/TaskState.html#v-completed' });
    hits = await search('ROLE_USER', 'aion');
    expect(hits[0]).toMatchObject({ kind: 'value', name: 'ROLE_USER' });
    hits = await search('input-required', '');
    expect(hits[0]).toMatchObject({ kind: 'value', name: 'input-required' });
    expect(hits.map((h) => h.variant)).toEqual(expect.arrayContaining(['a2a', 'bindu', 'a2a-v1', 'aion']));
    await page.screenshot({ path: join(OUT, 'search-input-required.png') });
    hits = await search('-32001', 'a2a');
    expect(hits[0]).toMatchObject({ kind: 'error code', href: 'a2a/types/TaskNotFoundError.html' });
    await page.fill('#search', 'input-required');
    await first.click();
    await page.waitForURL(/TaskState\.html#v-input-required$/);
    await expect(page.locator('#v-input-required').isVisible()).resolves.toBe(true);
    await ctx.close();
    expect(errors).toEqual([]);
  });
});
