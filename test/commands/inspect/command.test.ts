/**
 * `bindu-protocol inspect`'s command line: what a person gets wrong is a clear message and exit 2, never a stack
 * trace or a hang (a --listen that is no address, a port in use, an unknown variant, a URL that is no URL, the
 * page not built); an agent that cannot be reached yet is said, and the inspector runs (the page can connect later); the first line is the address; Ctrl-C stops it with 0.
 * The page's files are stand-ins here (the Chromium test, inspect.slow.test.ts, serves the real bundle).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectCommand } from '../../../src/commands/inspect/command.js';
import { maskQuery } from '../../../src/commands/inspect/agent-session.js';
import { ROOT, runNode, TSX } from '../../helpers.js';

describe('inspect: the command line', () => {
  let appDir: string;
  beforeAll(() => {
    appDir = mkdtempSync(join(tmpdir(), 'bindu-inspect-cli-'));
    for (const file of ['index.html', 'app.js', 'app.css']) writeFileSync(join(appDir, file), `/* ${file} */`);
  });
  afterAll(() => rmSync(appDir, { recursive: true, force: true }));

  async function run(args: string[], dir = appDir, stop: Promise<unknown> = Promise.resolve()) {
    let out = '';
    let err = '';
    const code = await inspectCommand(
      args,
      (text) => (out += text),
      (text) => (err += text),
      stop,
      dir,
    );
    return { code, out, err };
  }

  it.each([
    [['--listen', 'localhost:99999'], /--listen takes HOST:PORT, :PORT or PORT with a port from 0 to 65535 \(got "localhost:99999"\)/],
    [['--listen', 'nonsense'], /--listen takes HOST:PORT/],
    [['--variant', 'a3a'], /unknown variant "a3a" \(expected one of: /],
    [['http://a/', 'http://b/'], /inspect takes at most one URL \(got 2 arguments\)/],
    [['--header', 'no colon'], /option --header needs 'Name: value'/],
    [['--timeout', '-1'], /option --timeout needs a positive duration/],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const { code, out, err } = await run(args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err).toContain("Run 'bindu-protocol inspect --help' for usage.");
  });

  it('a port in use: exit 2, naming it', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, out, err } = await run(['--listen', `127.0.0.1:${port}`]);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toBe(`bindu-protocol: cannot listen on 127.0.0.1:${port}: the port is in use\n`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('an address not on this machine: exit 2', async () => {
    const { code, err } = await run(['--listen', '192.0.2.1:0']);
    expect(code).toBe(2);
    expect(err).toMatch(/^bindu-protocol: cannot listen on 192\.0\.2\.1:0: /);
  });

  it('a URL that is no URL: exit 2; an agent that cannot be reached: the inspector runs and says why (as the proxy does)', async () => {
    const bad = await run(['not a url']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('"not a url" is not a URL');
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const gone = await run([`http://127.0.0.1:${port}/`]);
    expect(gone.code).toBe(0);
    expect(gone.out).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\n$/);
    expect(gone.err).toContain(`cannot read the agent card of http://127.0.0.1:${port}/: 127.0.0.1:${port} refused the connection`);
  });

  it('the page not built: exit 2 saying how to build it', async () => {
    const { code, err } = await run([], join(appDir, 'missing'));
    expect(code).toBe(2);
    expect(err).toMatch(/the inspector's page is not built \(.*index\.html is missing\): run npm run build/);
  });

  it('without URL: the address on the first line, the page served, exit 0 when stopped', async () => {
    let stop!: () => void;
    let first = '';
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const done = inspectCommand(
      ['--listen', '127.0.0.1:0'],
      (text) => (first ||= text),
      () => undefined,
      stopped,
      appDir,
    );
    while (first === '') await new Promise((resolve) => setTimeout(resolve, 10));
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\n$/);
    const base = first.trim();
    expect(await (await fetch(`${base}app.js`)).text()).toBe('/* app.js */');
    expect((await fetch(`${base}../etc/passwd`)).status).toBe(404);
    const state = (await (await fetch(`${base}api/state`)).json()) as { target?: string };
    expect(state.target).toBeUndefined();
    // A page elsewhere cannot drive the inspector.
    const foreign = await fetch(`${base}api/connect`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
      body: '{"url":"http://127.0.0.1:9/"}',
    });
    expect(foreign.status).toBe(403);
    // Nor a name made to resolve to this address.
    const port = new URL(base).port;
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/state', headers: { host: `attacker.example:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(rebound).toBe(421);
    const noAgent = await fetch(`${base}api/call`, { method: 'POST', body: '{"action":"send","binding":"JSONRPC"}' });
    expect(noAgent.status).toBe(200);
    expect(((await noAgent.json()) as { error: string }).error).toBe('no agent yet: name its URL first');
    stop();
    expect(await done).toBe(0);
  });

  it('masks the values of credential query parameters in what it shows', () => {
    expect(maskQuery('/a2a?key=s3cret&x=1&key=again', ['key'])).toBe('/a2a?key=***&x=1&key=***');
  });

  it('loads no gRPC library when it starts (a card that offers a GRPC interface loads them)', () => {
    // In a process of its own: the modules of the command, its server and its agent session, then what is loaded.
    const script = `
      import { createRequire } from 'node:module';
      const require = createRequire(import.meta.url);
      for (const file of ['command', 'server', 'agent-session']) await import(${JSON.stringify(`${ROOT}/src/commands/inspect/`)} + file + '.ts');
      console.log(Object.keys(require.cache).filter((path) => /@grpc|protobufjs/.test(path)).length);
    `;
    const run = runNode([TSX, '--input-type=module', '-e', script]);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('0');
  });
});
