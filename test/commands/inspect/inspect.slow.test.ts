/**
 * `bindu-protocol inspect` in headless Chromium (Debian's `chromium`, driven by playwright-core), as a new user
 * meets it: the command prints the page's address first; the page shows the agent card by name; a message typed
 * in the text box and sent comes back echoed, its exchange listed by method and judged; text, data and file parts,
 * streaming, HTTP+JSON, gRPC, Continue, Get, Subscribe and Cancel work from the page; an agent that writes v0.3 state
 * names on the v1.0 wire gets its exchange shown invalid at the path; a bearer token, or an OAuth2 client-credentials
 * token, entered for the card's scheme is sent and never printed or recorded; check-server runs from the page and
 * its report exports as JSON and JUnit; the record is what `validate --ndjson` reads, and the page opens it. At
 * 390 px in dark mode nothing overflows sideways; Tab reaches Send; no page error, no console error, no request to
 * anywhere but the inspector. Screenshots go to test-output/inspect/ (gitignored).
 *
 * Agents: the real @a2a-js/sdk 1.x agent (correct, with its HTTP+JSON and gRPC bindings), the same with the fault
 * `v03-state-names` (test/fixtures/servers/sdk-agents.ts), and the 0.3.x agent behind a bearer gate.
 */
/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleInspectApp } from '../../../scripts/bundle-inspect-app.js';
import { inspectCommand } from '../../../src/commands/inspect/command.js';
import { validateCommand } from '../../../src/commands/validate/command.js';
import { startAuthGate } from '../../fixtures/servers/auth-gate.js';
import type { RunningServer } from '../../fixtures/servers/echo.js';
import { startSdkV03Agent, startSdkV1Agent } from '../../fixtures/servers/sdk-agents.js';
import { ROOT } from '../../helpers.js';
import { CHROMIUM, CHROMIUM_ARGS, INSTALL_TIMEOUT_MS, needSystemTools } from '../../system-tools.js';

const OUT = join(ROOT, 'test-output', 'inspect');
const TOKEN = 'inspect-secret-token-4711';

interface Running {
  readonly url: string;
  readonly out: string[];
  readonly err: string[];
  readonly exit: Promise<number>;
  readonly stop: () => void;
}

describe('inspect in Chromium', () => {
  let appDir: string;
  let browser: Browser;
  const agents: RunningServer[] = [];
  const inspectors: Running[] = [];
  const errors: string[] = [];

  /** Runs `inspect ARGS` in this process; resolves once the first line (the address) is out. */
  async function inspect(args: string[]): Promise<Running> {
    const out: string[] = [];
    const err: string[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const exit = inspectCommand(
      args,
      (text) => out.push(text),
      (text) => err.push(text),
      stopped,
      appDir,
    );
    while (out.length === 0) {
      const early = await Promise.race([exit, new Promise<undefined>((resolve) => setTimeout(resolve, 20))]);
      if (early !== undefined) throw new Error(`inspect exited ${early}: ${err.join('')}`);
    }
    const running = { url: out[0]!.trim(), out, err, exit, stop };
    inspectors.push(running);
    return running;
  }

  async function page(width: number, colorScheme: 'light' | 'dark', url: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, acceptDownloads: true });
    const opened = await context.newPage();
    opened.on('pageerror', (error) => errors.push(`${opened.url()}: ${error.message}`));
    opened.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${opened.url()}: ${message.text()}`);
    });
    // Works offline: the page asks nothing of anyone but the inspector (blob: is an export being saved).
    opened.on('request', (request) => {
      if (!request.url().startsWith(url) && !request.url().startsWith('blob:')) errors.push(`a request elsewhere: ${request.url()}`);
    });
    await opened.goto(url);
    return opened;
  }

  const overflow = (opened: Page) =>
    opened.evaluate(() => {
      const root = document.scrollingElement!;
      return { scroll: root.scrollWidth, client: root.clientWidth };
    });

  /** Types `text` into the first text part and presses Send. */
  async function send(opened: Page, text: string): Promise<void> {
    await opened.getByLabel('part 1 text').fill(text);
    await opened.getByRole('button', { name: 'Send' }).click();
  }

  beforeAll(async () => {
    needSystemTools('chromium');
    appDir = mkdtempSync(join(tmpdir(), 'bindu-inspect-app-'));
    await bundleInspectApp(ROOT, appDir);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
    mkdirSync(OUT, { recursive: true });
  }, INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    for (const running of inspectors) {
      running.stop();
      await running.exit;
    }
    await browser?.close();
    for (const agent of agents) await agent.close();
    if (appDir) rmSync(appDir, { recursive: true, force: true });
  });

  it('prints its address first; shows the card; sends a message whose echo comes back, listed by method and judged', async () => {
    const agent = await startSdkV1Agent({ rest: true, grpc: true });
    agents.push(agent);
    const running = await inspect([agent.url, '--listen', '127.0.0.1:0']);
    expect(running.out[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\n$/);

    const opened = await page(390, 'dark', running.url);
    await expect.poll(() => opened.locator('.card-name').textContent()).toBe('bindu-protocol SDK 1.x agent');
    expect(await opened.locator('.variant').textContent()).toBe('a2a-v1');
    await opened.screenshot({ path: join(OUT, 'card-390-dark.png') });

    await send(opened, 'hello inspector');
    const exchange = opened.locator('.exchange[data-method="SendMessage"]');
    await expect.poll(() => exchange.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('valid');
    expect(await exchange.locator('.said > div').allTextContents()).toContain('echo: hello inspector');
    expect(await opened.locator('.timeline').first().textContent()).toContain('completed');
    await opened.screenshot({ path: join(OUT, 'send-390-dark.png') });
    const { scroll, client } = await overflow(opened);
    expect(scroll, 'no sideways scroll at 390 px').toBeLessThanOrEqual(client);

    // Streaming: each event listed, the whole stream judged.
    await opened.getByLabel('mode', { exact: true }).selectOption('stream');
    await send(opened, 'stream it');
    const streamed = opened.locator('.exchange[data-method="SendStreamingMessage"]');
    await expect.poll(() => streamed.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('valid');
    expect(await streamed.locator('.payload[data-part^="event"]').count()).toBeGreaterThan(1);

    // HTTP+JSON, the other binding the card offers.
    await opened.getByLabel('mode', { exact: true }).selectOption('blocking');
    await opened.getByLabel('binding', { exact: true }).selectOption('HTTP+JSON');
    await send(opened, 'over rest');
    const rest = opened.locator('.exchange[data-method="SendMessage (HTTP+JSON)"]');
    await expect.poll(() => rest.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('valid');
    expect(await rest.locator('.said > div').allTextContents()).toContain('echo: over rest');
    // gRPC, the card's third binding: lf.a2a.v1.A2AService in ProtoJSON, judged as the proxy's gRPC side judges.
    await opened.getByLabel('binding', { exact: true }).selectOption('GRPC');
    await send(opened, 'over grpc');
    const overGrpc = opened.locator('.exchange[data-method="SendMessage (gRPC)"]');
    await expect.poll(() => overGrpc.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('valid');
    expect(await overGrpc.locator('.said > div').allTextContents()).toContain('echo: over grpc');

    // A task action from the task's timeline.
    await opened.getByLabel('binding', { exact: true }).selectOption('JSONRPC');
    await opened.locator('.task').first().getByRole('button', { name: 'Get' }).click();
    const got = opened.locator('.exchange[data-method="GetTask"]');
    await expect.poll(() => got.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('valid');
    // Text, data and a file in one message.
    await opened.getByRole('button', { name: '+ data' }).click();
    await opened.getByLabel('part 2 data (JSON object)').fill('{"city": "Lisbon"}');
    await opened.getByRole('button', { name: '+ file' }).click();
    const attachment = join(appDir, 'hello.txt');
    writeFileSync(attachment, 'hello from a file');
    await opened.getByLabel('file (sent as bytes)').setInputFiles(attachment);
    await send(opened, 'three parts');
    const mixed = opened.locator('.exchange[data-method="SendMessage"]').first();
    await expect.poll(() => mixed.locator('.said > div').allTextContents(), { timeout: 20_000 }).toContain('echo: three parts');
    expect(await mixed.getAttribute('data-verdict')).toBe('valid');
    expect(await mixed.locator('.said > div').allTextContents()).toContain('echo: a file named hello.txt');
    const request = JSON.parse((await mixed.locator('.payload[data-part="request"] pre').textContent())!) as {
      params: { message: { parts: Record<string, unknown>[] } };
    };
    expect(request.params.message.parts).toEqual([
      { text: 'three parts' },
      { data: { city: 'Lisbon' }, mediaType: 'application/json' },
      { raw: Buffer.from('hello from a file').toString('base64'), mediaType: 'text/plain', filename: 'hello.txt' },
    ]);
    for (const name of ['remove part 3', 'remove part 2']) await opened.getByRole('button', { name }).click();

    // Continue fills the composer with the task's ids.
    await opened.locator('.task').first().getByRole('button', { name: 'Continue' }).click();
    const continued = await opened.getByLabel('task id', { exact: true }).inputValue();
    expect(continued).toMatch(/^[0-9a-f-]{36}$/);
    await opened.getByLabel('task id', { exact: true }).fill('');
    await opened.getByLabel('context id', { exact: true }).fill('');

    // A task that keeps running: sent without waiting, subscribed to, then canceled; the subscription ends with it.
    await opened.getByLabel('mode', { exact: true }).selectOption('immediate');
    await send(opened, 'keep this task running');
    // By its text: until it is listed, first() is the message sent before it, already valid.
    const held = opened.locator('.exchange[data-method="SendMessage"]', { hasText: 'keep this task running' });
    await expect.poll(() => held.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('valid');
    const heldTask = opened.locator('.task').last();
    // A subscription stopped by the person: reported, not validated to its end.
    await heldTask.getByRole('button', { name: 'Subscribe' }).click();
    const stopped = opened.locator('.exchange[data-method="SubscribeToTask"]');
    await expect.poll(() => stopped.locator('.payload[data-part^="event"]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await stopped.getByRole('button', { name: 'stop' }).click();
    await expect.poll(() => stopped.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('not validated');
    expect(await stopped.locator('.fault').textContent()).toBe('stopped by the person inspecting (the connection was closed)');
    await heldTask.getByRole('button', { name: 'Subscribe' }).click();
    // The list is newest first: until the second subscription is listed, first() is the stopped one.
    await expect.poll(() => opened.locator('.exchange[data-method="SubscribeToTask"]').count(), { timeout: 20_000 }).toBe(2);
    const subscription = opened.locator('.exchange[data-method="SubscribeToTask"]').first();
    await expect.poll(() => subscription.locator('.payload[data-part^="event"]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await subscription.getAttribute('data-verdict')).toBe('under way');
    await heldTask.getByRole('button', { name: 'Cancel' }).click();
    const canceled = opened.locator('.exchange[data-method="CancelTask"]');
    await expect.poll(() => canceled.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('valid');
    await expect.poll(() => subscription.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('valid');
    expect(await heldTask.locator('.timeline').textContent()).toMatch(/canceled$/);

    // Keyboard: Tab reaches the Send button.
    await opened.locator('body').focus();
    let reached = false;
    for (let presses = 0; presses < 60 && !reached; presses++) {
      await opened.keyboard.press('Tab');
      reached = await opened.evaluate(() => document.activeElement?.textContent === 'Send');
    }
    expect(reached, 'Send is reachable with Tab').toBe(true);

    const after = await overflow(opened);
    expect(after.scroll, 'no sideways scroll at 390 px with exchanges listed').toBeLessThanOrEqual(after.client);
    await opened.locator('#exchanges-title').evaluate((element) => element.scrollIntoView());
    await opened.screenshot({ path: join(OUT, 'exchanges-390-dark.png') });

    // The record is what `validate --ndjson` reads, and it finds it valid.
    const record = await (await fetch(`${running.url}api/record`)).text();
    expect(record.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(6);
    const file = join(appDir, 'record.ndjson');
    writeFileSync(file, record);
    const said: string[] = [];
    expect(
      await validateCommand(
        ['--ndjson', '--variant', 'a2a-v1', file],
        (text) => said.push(text),
        (text) => said.push(text),
      ),
    ).toBe(0);

    // The page opens a record and shows each line's verdict.
    await opened.getByLabel('Open a record').setInputFiles(file);
    await expect.poll(() => opened.locator('.record-lines > li').count()).toBe(record.split('\n').filter(Boolean).length);
    await opened.context().close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows the exchange of an agent that writes v0.3 state names on the v1.0 wire invalid, at the path', async () => {
    const agent = await startSdkV1Agent({ faults: ['v03-state-names'] });
    agents.push(agent);
    const running = await inspect([agent.url]);
    const opened = await page(1400, 'light', running.url);
    await expect.poll(() => opened.locator('.card-name').textContent()).toBe('bindu-protocol SDK 1.x agent');
    await send(opened, 'old names');
    const exchange = opened.locator('.exchange[data-method="SendMessage"]');
    await expect.poll(() => exchange.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('invalid');
    const paths = await exchange.locator('.payload[data-part="answer"] .issue.error .path').allTextContents();
    expect(paths).toContain('/result/task/status/state');
    await opened.screenshot({ path: join(OUT, 'invalid-state-1400-light.png'), fullPage: true });

    // check-server from the page, its report by group.
    await opened.getByRole('checkbox', { name: 'message' }).check();
    await opened.getByRole('button', { name: 'Run check-server' }).click();
    await expect.poll(() => opened.locator('.report').count(), { timeout: 60_000 }).toBe(1);
    expect(await opened.locator('.step.fail').count()).toBeGreaterThan(0);
    expect(await opened.locator('.step.fail .muted').first().textContent()).toMatch(/clause: /);
    // The report exported as JSON and as JUnit.
    const [json] = await Promise.all([opened.waitForEvent('download'), opened.getByRole('button', { name: 'Export JSON' }).click()]);
    const exported = JSON.parse(readFileSync((await json.path())!, 'utf8')) as { failed: number; steps: unknown[] };
    expect(exported.failed).toBeGreaterThan(0);
    const [junit] = await Promise.all([opened.waitForEvent('download'), opened.getByRole('button', { name: 'Export JUnit' }).click()]);
    expect(readFileSync((await junit.path())!, 'utf8')).toMatch(/^<\?xml[\s\S]*<testcase [\s\S]*<failure /);
    await opened.locator('.report').scrollIntoViewIfNeeded();
    await opened.screenshot({ path: join(OUT, 'check-server-1400-light.png') });
    // The same page at 390 px in dark mode: the invalid exchange and the report fit.
    await opened.setViewportSize({ width: 390, height: 900 });
    await opened.emulateMedia({ colorScheme: 'dark' });
    const narrow = await overflow(opened);
    expect(narrow.scroll, 'no sideways scroll at 390 px with a report and an invalid exchange').toBeLessThanOrEqual(narrow.client);
    await exchange.locator('.payload[data-part="answer"] .issue').evaluate((element) => element.scrollIntoView());
    await opened.screenshot({ path: join(OUT, 'invalid-state-390-dark.png') });
    await opened.context().close();
    expect(errors).toEqual([]);
    expect(statSync(join(OUT, 'invalid-state-1400-light.png')).size).toBeGreaterThan(10_000);
  }, 120_000);

  it('asks for the bearer token the card names, sends it, and never prints or records it', async () => {
    const inner = await startSdkV03Agent();
    const gate = await startAuthGate(inner, TOKEN, 0, true);
    agents.push(inner, gate);
    const running = await inspect([gate.url]);
    const opened = await page(390, 'light', running.url);
    await expect.poll(() => opened.locator('.card-name').textContent()).toBe('bindu-protocol SDK 0.3 agent');
    await send(opened, 'no token');
    const refused = opened.locator('.exchange[data-method="message/send"]').first();
    await expect.poll(() => refused.getAttribute('data-verdict'), { timeout: 20_000 }).not.toBe('under way');
    expect(await refused.textContent()).toContain('→ 401');

    await opened.getByLabel('bearer token').fill(TOKEN);
    await send(opened, 'with token');
    const accepted = opened.locator('.exchange[data-method="message/send"]').first();
    await expect.poll(() => accepted.locator('.said > div').allTextContents(), { timeout: 20_000 }).toContain('echo: with token');
    expect(await accepted.getAttribute('data-verdict')).toBe('valid');
    await opened.screenshot({ path: join(OUT, 'credentials-390-light.png') });

    const record = await (await fetch(`${running.url}api/record`)).text();
    expect(record).not.toContain(TOKEN);
    expect(running.out.join('') + running.err.join('')).not.toContain(TOKEN);
    const stored = await opened.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    );
    expect(stored).not.toContain(TOKEN);
    await opened.context().close();
    expect(errors).toEqual([]);
    expect(readFileSync(join(OUT, 'credentials-390-light.png')).length).toBeGreaterThan(10_000);
  }, 120_000);
  it('gets an OAuth2 client-credentials token through the inspector for the scheme the card names, and sends it', async () => {
    const secret = 'client-secret-0815';
    const tokens = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        const basic = `Basic ${Buffer.from(`inspector:${secret}`).toString('base64')}`;
        const ok = req.headers.authorization === basic && new URLSearchParams(body).get('grant_type') === 'client_credentials';
        res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
        res.end(JSON.stringify(ok ? { access_token: TOKEN, token_type: 'Bearer', expires_in: 300 } : { error: 'invalid_client' }));
      });
    });
    await new Promise<void>((resolve) => tokens.listen(0, '127.0.0.1', resolve));
    const tokenUrl = `http://127.0.0.1:${(tokens.address() as AddressInfo).port}/token`;
    const inner = await startSdkV03Agent();
    const schemes = { oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl, scopes: { 'agent:use': 'use the agent' } } } } };
    const gate = await startAuthGate(inner, TOKEN, 0, schemes);
    agents.push(inner, gate, { url: tokenUrl, close: () => new Promise<void>((resolve) => tokens.close(() => resolve())) });
    const running = await inspect([gate.url]);
    const opened = await page(390, 'dark', running.url);
    await expect.poll(() => opened.locator('.card-name').textContent()).toBe('bindu-protocol SDK 0.3 agent');
    await opened.getByLabel('client id').fill('inspector');
    await opened.getByLabel('client secret').fill('wrong');
    await opened.getByRole('button', { name: 'Get token' }).click();
    await expect.poll(() => opened.locator('.scheme [role="status"]').textContent()).toContain('invalid_client');
    await opened.getByLabel('client secret').fill(secret);
    await opened.getByRole('button', { name: 'Get token' }).click();
    await expect.poll(() => opened.locator('.scheme [role="status"]').textContent()).toBe('token received, valid 300 s');
    await send(opened, 'with oauth');
    const accepted = opened.locator('.exchange[data-method="message/send"]').first();
    await expect.poll(() => accepted.locator('.said > div').allTextContents(), { timeout: 20_000 }).toContain('echo: with oauth');
    await opened.locator('#credentials-title').evaluate((element) => element.scrollIntoView());
    await opened.screenshot({ path: join(OUT, 'oauth2-390-dark.png') });
    const record = await (await fetch(`${running.url}api/record`)).text();
    const printed = running.out.join('') + running.err.join('');
    for (const value of [TOKEN, secret]) {
      expect(record).not.toContain(value);
      expect(printed).not.toContain(value);
    }
    await opened.context().close();
    expect(errors).toEqual([]);
  }, 120_000);
});
