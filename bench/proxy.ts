/**
 * The proxy under load (issue 40), `npm run bench -- --proxy` alone or in the full bench: requests per second
 * through `bindu-protocol proxy` (dist/bin.mjs, validating every request, answer and stream event) against a plain
 * Node reverse proxy (http.request piped both ways, a keep-alive agent), both child processes in front of the same
 * upstream agent (a child process answering `tasks/get` with the typical a2a Task and `message/stream` with three
 * SSE events). The load comes from this process: CONNECTIONS keep-alive connections each sending one request after
 * another for a fixed time; the contenders alternate, several rounds, and a ratio is the median of the rounds'
 * ratios. The proxy's peak RSS is its VmHWM at the end (Linux).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { fixture } from './fixtures.js';

const CONNECTIONS = 20;
/** Requests that failed at the connection (counted in the table; none in a healthy run). */
let failures = 0;

const UPSTREAM = `
const http = require('node:http');
const [task, message] = JSON.parse(process.argv[1]);
const events = [
  { kind: 'status-update', taskId: task.id, contextId: task.contextId, status: { state: 'working', timestamp: '2025-01-01T00:00:00Z' }, final: false },
  { kind: 'artifact-update', taskId: task.id, contextId: task.contextId, artifact: task.artifacts[0] },
  { kind: 'status-update', taskId: task.id, contextId: task.contextId, status: { state: 'completed', timestamp: '2025-01-01T00:00:01Z' }, final: true },
];
http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const rpc = JSON.parse(body);
    if (rpc.method === 'message/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const result of events) res.write('data: ' + JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result }) + '\\n\\n');
      res.end();
      return;
    }
    const text = JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result: task });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
}).listen(0, '127.0.0.1', function () { console.log('http://127.0.0.1:' + this.address().port); });
`;

const PLAIN = `
const http = require('node:http');
const target = new URL(process.argv[1]);
const agent = new http.Agent({ keepAlive: true });
http.createServer((req, res) => {
  const up = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode, answer.headers);
    answer.pipe(res);
  });
  up.on('error', () => res.destroy());
  req.pipe(up);
}).listen(0, '127.0.0.1', function () { console.log('plain http://127.0.0.1:' + this.address().port); });
`;

/** Starts a child and resolves with its first stdout line's URL; the rest of its output is read and dropped. */
function start(args: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (err.length < 4000) err += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match && out.includes('\n')) {
        child.stdout!.off('data', onData);
        child.stdout!.on('data', () => {});
        resolve({ child, url: match[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`a bench server exited (${code}) before it listened: ${err}`)));
  });
}

/** Requests completed per second with CONNECTIONS connections, each sending `body` again and again for `ms`. */
async function load(url: string, body: string, ms: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL(url);
  const end = performance.now() + ms;
  let done = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: '/',
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (res.statusCode === 200) done++;
            resolve();
          });
        },
      );
      // A connection the far side closed (a keep-alive race under load) is counted, not fatal.
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return done / seconds;
}

const peakRss = (pid: number | undefined): number => {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
};

/** Runs the proxy section; `say` gets the table's lines, `target` each "≥ 0.8× the plain proxy" verdict. */
export async function proxySection(
  root: string,
  quick: boolean,
  say: (text?: string) => void,
  target: (name: string, met: boolean, detail: string) => void,
): Promise<void> {
  const task = fixture(root, 'a2a', 'types', 'Task', 'completed-with-artifacts');
  const message = fixture(root, 'a2a', 'types', 'Message', 'agent-reply');
  const upstream = await start(['-e', UPSTREAM, JSON.stringify([task, message])]);
  const plain = await start(['-e', PLAIN, upstream.url]);
  const ours = await start([join(root, 'dist', 'bin.mjs'), 'proxy', upstream.url, '--variant', 'a2a']);
  const rounds = quick ? 2 : 5;
  const ms = quick ? 1000 : 2500;
  const scenarios: [string, string][] = [
    [
      'GetTask (`tasks/get`, the typical a2a Task)',
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: (task as { id: string }).id } }),
    ],
    [
      'streaming (`message/stream`, three SSE events)',
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'message/stream', params: { message } }),
    ],
  ];
  say(`## The proxy under load (requests/s, higher is better)`);
  say();
  say(
    `Method: \`bindu-protocol proxy\` (dist/bin.mjs, --variant a2a) and a plain Node reverse proxy (http.request piped both ways), each a child process in front of the same upstream child; the load from the bench process, ${CONNECTIONS} keep-alive connections sending one request after another, ${ms} ms per contender, ${rounds} rounds alternated; a ratio is the median of the rounds' ratios. Peak RSS is the proxy's VmHWM after all rounds.`,
  );
  say();
  say('| call | plain proxy | bindu-protocol proxy | ours ÷ plain (spread) |');
  say('|---|---:|---:|---:|');
  try {
    for (const [name, body] of scenarios) {
      await load(plain.url, body, 300);
      await load(ours.url, body, 300);
      const plainRates: number[] = [];
      const ourRates: number[] = [];
      for (let round = 0; round < rounds; round++) {
        if (round % 2) {
          ourRates.push(await load(ours.url, body, ms));
          plainRates.push(await load(plain.url, body, ms));
        } else {
          plainRates.push(await load(plain.url, body, ms));
          ourRates.push(await load(ours.url, body, ms));
        }
      }
      const ratios = ourRates.map((rate, i) => rate / plainRates[i]!).sort((a, b) => a - b);
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
      const r = median(ratios);
      say(
        `| ${name} | ${Math.round(median(plainRates)).toLocaleString('en-US')} | ${Math.round(median(ourRates)).toLocaleString('en-US')} | **${r.toFixed(2)}×** (${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}) |`,
      );
      target(`proxy, ${name.split(' (')[0]}: ≥ 0.8× a plain Node reverse proxy`, r >= 0.8, `${r.toFixed(2)}×`);
    }
    if (failures > 0) say(`\n${failures} requests failed at the connection (not counted as completed).`);
    const rss = peakRss(ours.child.pid);
    say();
    say(
      `Peak RSS of the bindu-protocol proxy after all rounds: ${rss.toFixed(0)} MB (the plain proxy: ${peakRss(plain.child.pid).toFixed(0)} MB).`,
    );
    say();
  } finally {
    for (const child of [ours.child, plain.child, upstream.child]) child.kill();
  }
}
