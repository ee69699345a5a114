/**
 * The proxy under load (issue 40), `npm run bench -- --proxy` alone or in the full bench: requests per second
 * through `bindu-protocol proxy` (dist/bin.mjs, validating every request, answer and stream event) against a plain
 * Node reverse proxy (http.request piped both ways, a keep-alive agent), both child processes in front of the same
 * upstream agent (a child process answering `tasks/get` with the typical a2a Task and `message/stream` with three
 * SSE events). The load comes from this process: CONNECTIONS keep-alive connections each sending one request after
 * another for a fixed time; the contenders alternate, several rounds, and a ratio is the median of the rounds'
 * ratios. Beside the rate, each proxy's CPU time per exchange in the same rounds (user and system time of the
 * process, all its threads, from /proc): what a request costs the proxy itself, which the rate shows only in part (on a
 * 2-core machine the load and the upstream take their share of the processor too). The proxy's peak RSS is its VmHWM
 * at the end (Linux).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
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

/** Requests completed per second with CONNECTIONS connections, each sending `body` again and again for `ms`, and how many. */
async function load(url: string, body: string, ms: number): Promise<{ rate: number; done: number }> {
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
  return { rate: done / seconds, done };
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux when it cannot be asked). */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** The CPU time (user and system, all threads) a process has used, in seconds; NaN where /proc cannot tell. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return Number.NaN;
  }
}

/** One contender's round: its rate, and its CPU time per completed exchange in µs. */
async function round(child: ChildProcess, url: string, body: string, ms: number): Promise<{ rate: number; cpu: number }> {
  const before = cpuSeconds(child.pid);
  const { rate, done } = await load(url, body, ms);
  return { rate, cpu: ((cpuSeconds(child.pid) - before) * 1e6) / done };
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
  const rounds = quick ? 2 : 7;
  const ms = quick ? 1000 : 2500;
  // Each contender is run under the load this long before each call's rounds: a proxy is a long-running process, and
  // one just started needs seconds to reach its steady rate (its code compiled by the JIT; under this load ours, with
  // its validators, took 3–8 s, the plain proxy 2–3 s). At worst a round or two of ours still ramps; the median of the
  // rounds' ratios leaves them out.
  const warmUp = quick ? 300 : 3000;
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
    `Method: \`bindu-protocol proxy\` (dist/bin.mjs, --variant a2a) and a plain Node reverse proxy (http.request piped both ways), each a child process in front of the same upstream child; the load from the bench process, ${CONNECTIONS} keep-alive connections sending one request after another, ${warmUp} ms of it for each contender before each call's rounds (to their steady rate), then ${ms} ms per contender, ${rounds} rounds alternated; a ratio is the median of the rounds' ratios. The target is on the rate. Beside it, each proxy's CPU time an exchange in the same rounds (user and system time of the whole process, /proc), and plain ÷ ours of it: what a request costs the proxy itself, of which the rate shows only a part here (the load and the upstream share the machine's cores). Peak RSS is the proxy's VmHWM after all rounds.`,
  );
  say();
  say(
    '| call | plain proxy | bindu-protocol proxy | ours ÷ plain (spread) | proxy CPU µs an exchange, plain / ours | plain ÷ ours, CPU (spread) |',
  );
  say('|---|---:|---:|---:|---:|---:|');
  try {
    for (const [name, body] of scenarios) {
      await load(plain.url, body, warmUp);
      await load(ours.url, body, warmUp);
      const plainRounds: { rate: number; cpu: number }[] = [];
      const ourRounds: { rate: number; cpu: number }[] = [];
      for (let index = 0; index < rounds; index++) {
        if (index % 2) {
          ourRounds.push(await round(ours.child, ours.url, body, ms));
          plainRounds.push(await round(plain.child, plain.url, body, ms));
        } else {
          plainRounds.push(await round(plain.child, plain.url, body, ms));
          ourRounds.push(await round(ours.child, ours.url, body, ms));
        }
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
      const spread = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
      const ratios = ourRounds.map((ourRound, i) => ourRound.rate / plainRounds[i]!.rate);
      const cpuRatios = ourRounds.map((ourRound, i) => plainRounds[i]!.cpu / ourRound.cpu);
      const r = median(ratios);
      const rate = (list: { rate: number }[]) => Math.round(median(list.map((entry) => entry.rate))).toLocaleString('en-US');
      const cpu = (list: { cpu: number }[]) => Math.round(median(list.map((entry) => entry.cpu)));
      say(
        `| ${name} | ${rate(plainRounds)} | ${rate(ourRounds)} | **${r.toFixed(2)}×** (${spread(ratios)}) | ${cpu(plainRounds)} / ${cpu(ourRounds)} | ${median(cpuRatios).toFixed(2)}× (${spread(cpuRatios)}) |`,
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
