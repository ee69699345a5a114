/**
 * Hostile input to the API and to the built CLI (dist/src/bin.js): every case ends in a verdict
 * or a clear error with the documented exit code (0 valid, 1 invalid, 2 usage or input error),
 * never a stack trace, a signal or a hang; Object.prototype is never changed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validate, validateProperty } from '../../src/library/validate.js';
import { validateMessage } from '../../src/library/validate-message.js';
import { check } from '../../src/library/validate.js';
import { loadVariant } from '../../src/engine/load-validators.js';
import { LineSplitter } from '../../src/shell/ndjson-lines.js';
import { parseByteSize } from '../../src/shell/read-input.js';
import { syntaxError, textIssues } from '../../src/engine/json-text.js';
import { ROOT } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'bindu-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BIN = join(ROOT, 'dist', 'src', 'bin.js');
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** Runs the built CLI; stdin may be bytes. */
function run(args: string[], input?: string | Buffer) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, signal: result.signal, stdout: result.stdout.toString('utf8'), stderr: result.stderr.toString('utf8') };
}

/** The CLI ended by itself, with this exit code, and said nothing like a stack trace. */
function ended(result: ReturnType<typeof run>, status: number) {
  expect(result.signal, result.stderr).toBeNull();
  expect(result.status, result.stderr + result.stdout.slice(0, 2000)).toBe(status);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toMatch(/internal error|RangeError|TypeError/);
}

const uuid = (n: number) => `0c6f1e2d-3b4a-4c5d-9e8f-${String(n).padStart(12, '0')}`;
const message = {
  kind: 'message',
  messageId: uuid(1),
  contextId: uuid(2),
  taskId: uuid(3),
  role: 'agent',
  parts: [{ kind: 'text', text: 'Booked.' }],
};
const task = {
  kind: 'task',
  id: uuid(3),
  contextId: uuid(2),
  status: { state: 'completed', timestamp: '2025-05-06T20:00:00Z' },
  history: [message],
};
const send = (params: unknown) => ({ jsonrpc: '2.0', id: 7, method: 'message/send', params });
const DEPTH = 100_000;
const deepArrayText = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObjectText = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
const before = prototypeNames();

describe('API: 100,000 levels of nesting', () => {
  const deepArray = JSON.parse(deepArrayText) as unknown;
  const deepObject = JSON.parse(deepObjectText) as unknown;
  const places: [string, unknown][] = [
    ['the whole payload (array)', deepArray],
    ['the whole payload (object)', deepObject],
    ["a DataPart's free data", { ...message, parts: [{ kind: 'data', data: deepObject }] }],
    ["a part's kind", { ...message, parts: [{ kind: deepArray, text: 'x' }] }],
    ['an unknown key', { ...message, extra: deepArray }],
  ];
  it.each(places)('validate, validateMessage and validateProperty return a verdict: %s', (_, value) => {
    for (const verdict of [
      validate('Message', value, { variant: 'a2a' }),
      validate('Message', value, { variant: 'bindu', strict: true }),
      validateMessage(send({ message: value }), { variant: 'a2a' }),
      validateMessage(value),
      validateProperty('SendMessageRequest', 'params', { message: value }, { variant: 'a2a' }),
    ]) {
      expect(typeof verdict.valid).toBe('boolean');
      // Every message and hint can be worded and the whole result serialised.
      expect(() => JSON.stringify(verdict)).not.toThrow();
      for (const entry of [...verdict.errors, ...verdict.warnings]) expect(entry.message.length).toBeGreaterThan(0);
    }
  });

  it('a batch nested 100,000 deep is one error at /0, not a recursion', () => {
    const verdict = validateMessage(deepArray);
    expect(verdict.valid).toBe(false);
    expect(verdict.errors).toEqual([expect.objectContaining({ path: '/0', keyword: 'type' })]);
  });

  it('a validator that runs out of stack gives a root "depth" error, not a RangeError', () => {
    const variant = loadVariant('a2a');
    const recurse = (n: number): number => (n === 0 ? 0 : 1 + recurse(n - 1));
    const runaway = Object.assign(() => recurse(1e9) > 0, { errors: null });
    const verdict = check(variant, 'Message', runaway, {}, false);
    expect(verdict).toEqual({
      valid: false,
      errors: [
        expect.objectContaining({
          path: '',
          keyword: 'depth',
          message: expect.stringMatching(/nested deeper than the validator can follow/),
        }),
      ],
      warnings: [],
    });
    // Any other exception is not hidden.
    expect(() =>
      check(
        variant,
        'Message',
        Object.assign(
          () => {
            throw new TypeError('boom');
          },
          { errors: null },
        ),
        {},
        false,
      ),
    ).toThrow('boom');
  });
});

describe('API: __proto__, constructor and prototype keys', () => {
  it('anywhere in a payload, they are ordinary keys: verdicts and warnings are right and Object.prototype is unchanged', () => {
    const text = JSON.stringify({ ...message, parts: [{ kind: 'data', data: { x: 1 }, metadata: { m: 1 } }], metadata: { m: 1 } })
      .replace(
        '"kind":"message"',
        '"kind":"message","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":{"polluted":3}',
      )
      .replace('"x":1', '"__proto__":{"polluted":4},"constructor":5')
      .replace(/"m":1/g, '"__proto__":{"polluted":6},"prototype":null');
    const value = JSON.parse(text) as Record<string, unknown>;
    const lenient = validate('Message', value, { variant: 'a2a' });
    expect(lenient.valid).toBe(true);
    expect(lenient.warnings.map((entry) => [entry.path, entry.message])).toEqual([
      ['', 'unknown property "__proto__"'],
      ['', 'unknown property "constructor"'],
      ['', 'unknown property "prototype"'],
    ]);
    const strict = validate('Message', value, { variant: 'a2a', strict: true });
    expect(strict.valid).toBe(false);
    expect(strict.errors.map((entry) => entry.message)).toEqual([
      'unknown property "__proto__"',
      'unknown property "constructor"',
      'unknown property "prototype"',
    ]);
    expect(JSON.parse(JSON.stringify(strict)).errors).toHaveLength(3);
    // As a request, and as a whole payload of nothing but these keys.
    expect(validateMessage(send({ message: value }), { variant: 'a2a' }).valid).toBe(true);
    const onlyThose = validateMessage(JSON.parse('{"__proto__":{"method":"tasks/get"},"constructor":1,"prototype":2}'));
    expect(onlyThose.valid).toBe(false);
    expect(onlyThose.errors[0]).toMatchObject({ path: '', keyword: 'required' });
    expect(textIssues(text)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(prototypeNames()).toEqual(before);
  });
});

describe('API: Object.prototype names as keys at every object of a Task', () => {
  const full = {
    ...task,
    status: { ...task.status, message },
    artifacts: [{ artifactId: uuid(4), parts: [{ kind: 'data', data: { a: 1 } }] }],
    metadata: { m: 1 },
  };
  const objects = (value: unknown, path: string[] = [], out: string[][] = []): string[][] => {
    if (typeof value === 'object' && value !== null) {
      if (!Array.isArray(value)) out.push(path);
      for (const [key, child] of Object.entries(value)) objects(child, [...path, key], out);
    }
    return out;
  };
  it.each(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'])(
    '%s: reported as an unknown key where the schema is closed, accepted in free maps, never thrown on',
    (key) => {
      for (const path of objects(full)) {
        const text = JSON.stringify(full);
        const value = JSON.parse(text) as Record<string, unknown>;
        let target: Record<string, unknown> = value;
        for (const step of path) target = target[step] as Record<string, unknown>;
        // An own property named `key` (JSON.parse defines "__proto__" as an own key, not the prototype).
        Object.defineProperty(target, key, { value: { polluted: 1 }, enumerable: true, configurable: true, writable: true });
        const free = path.includes('data') || path.includes('metadata');
        for (const strict of [false, true]) {
          const verdict = validate('Task', value, { variant: 'a2a', strict });
          const named = [...verdict.errors, ...verdict.warnings].some((entry) => entry.message === `unknown property "${key}"`);
          expect(free ? verdict.valid : named, `${path.join('/')} strict=${strict}: ${JSON.stringify(verdict)}`).toBe(true);
          if (!free) expect(verdict.valid).toBe(!strict);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(prototypeNames()).toEqual(before);
    },
  );
});

describe('API: the text checks', () => {
  it('duplicate keys, lone surrogates and out-of-range numbers, each with its JSON Pointer', () => {
    const found = textIssues(
      '{"a":1,"a/b":[0,{"x~":"\\uD800","x~":"\\uDC00\\uD83D\\uDE00"}],"a/b":2,"n":[1e400,-1E999,1e308,1e-400],"\\u0061":3}',
    );
    expect(found.map((entry) => [entry.path, entry.keyword])).toEqual([
      ['/a~1b/1/x~0', 'unicode'],
      ['/a~1b/1/x~0', 'duplicateKey'],
      ['/a~1b/1/x~0', 'unicode'],
      ['/a~1b', 'duplicateKey'],
      ['/n/0', 'range'],
      ['/n/1', 'range'],
      ['/a', 'duplicateKey'],
    ]);
    expect(found[4]!.message).toMatch(/the number 1e400 is out of range/);
    expect(textIssues('"\\\\uD800"')).toEqual([]);
    expect(textIssues('{"k":"\\uD83D\\uDE00"}')).toEqual([]);
  });

  it('the shortcut that skips the scan (given the parsed value) finds exactly what the scan finds, on texts built to fool a count of keys', () => {
    const crafted = [
      '{"a":1,"b":2}',
      '{"a":1,"a":2}',
      // A repeated key hidden by white space before colons and a string holding `":`.
      '{"a" :1,"a" :2,"s":"\\":"}',
      '{"a"\t:1,"a"\n:2,"s":"x\\":y"}',
      '{"s":"\\":","a":1,"a":2}',
      '{"s":"\\":","t":"\\":"}',
      '{"__proto__":1,"__proto__":2}',
      '{"__proto__":{"a":1}}',
      '[{"a":1},{"a":1,"b":{"c":[1e400]}}]',
      '{"u":"\\ud800"}',
      '{"u":"\\\\ud800"}',
      '{"u":"\\ud83d\\ude00"}',
      '{"0":1,"1":2,"0":3}',
      '"a string":',
    ].filter((text) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    });
    // And random texts: keys from a small alphabet (repeats happen), values that quote JSON, white
    // space on either side of colons, numbers out of range, escapes.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(items: readonly T[]) => items[next(items.length)]!;
    const gap = () => pick(['', '', '', ' ', '\n', '\t']);
    const value = (depth: number): string => {
      const kind = next(depth > 3 ? 3 : 5);
      if (kind === 0) return pick(['1', '-2.5', '1e400', '-1E999', '0']);
      if (kind === 1) return pick(['"x"', '"\\":"', '"a\\u0022:b"', '"\\ud800"', '"\\udc00x"', '"\\ud83d\\ude00"', '"\\\\ud800"', '":"']);
      if (kind === 2) return pick(['true', 'null']);
      if (kind === 3) return `[${Array.from({ length: next(3) }, () => value(depth + 1)).join(',')}]`;
      return `{${Array.from({ length: next(4) }, () => `${gap()}"${pick(['a', 'b', 'c', '__proto__', ':'])}"${gap()}:${gap()}${value(depth + 1)}`).join(',')}}`;
    };
    const random = Array.from({ length: 3000 }, () => value(0));
    let found = 0;
    for (const text of [...crafted, ...random]) {
      const scanned = textIssues(text);
      expect(textIssues(text, JSON.parse(text)), text).toEqual(scanned);
      if (scanned.length > 0) found++;
    }
    // The corpus has texts of both kinds, so the comparison means something.
    expect(found).toBeGreaterThan(150);
    expect(found).toBeLessThan(crafted.length + random.length - 150);
    expect(textIssues('{"a" :1,"a" :2,"s":"\\":"}', { a: 2, s: '":' }).map((entry) => entry.keyword)).toEqual(['duplicateKey']);
  });

  it('a syntax error is placed by line and column', () => {
    expect(syntaxError('{\n  "a": [1,\n')).toMatchObject({ position: 13, problem: expect.stringMatching(/ends where a value should be/) });
    expect(syntaxError('[1, Infinity]').problem).toMatch(/Infinity is not a JSON number/);
    expect(syntaxError('')).toMatchObject({ position: 0, problem: expect.stringMatching(/empty/) });
  });

  it('sizes: --max-bytes values', () => {
    expect([parseByteSize('65536'), parseByteSize('64k'), parseByteSize('64M'), parseByteSize('1g'), parseByteSize('2MiB')]).toEqual([
      65536,
      65536,
      64 * 1024 ** 2,
      1024 ** 3,
      2 * 1024 ** 2,
    ]);
    expect([parseByteSize('0'), parseByteSize('-1'), parseByteSize('1.5M'), parseByteSize('12 parsecs'), parseByteSize('')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('the NDJSON splitter: lines across chunks, CRLF, a too-long line skipped without being kept, invalid UTF-8 on one line', () => {
    const got: string[] = [];
    const splitter = new LineSplitter(16, {
      line: (text, number) => got.push(`${number}:${text}`),
      lineError: (line, problem) => got.push(`${line}! ${problem.split(' (')[0]}`),
    });
    const bytes = Buffer.concat([
      Buffer.from('\uFEFF{"a":1}\r\n[2]\n'),
      Buffer.from('x'.repeat(40)),
      Buffer.from('\n{"é":3}\n'),
      Buffer.from([0x22, 0xff, 0x22, 0x0a]),
      Buffer.from('[4]'),
    ]);
    for (let at = 0; at < bytes.length; at += 5) splitter.push(bytes.subarray(at, at + 5));
    splitter.end();
    expect(got).toEqual([
      '1:{"a":1}',
      '2:[2]',
      '3! the line is longer than the limit of 16 bytes',
      '4:{"é":3}',
      '5! not UTF-8: byte 0xFF at byte 2 of the line',
      '6:[4]',
    ]);
  });
});

describe('CLI: hostile input', () => {
  const valid = JSON.stringify(send({ message }));

  it("nesting 100,000 deep: as the payload, in a DataPart's data, as a --type value, in --ndjson", () => {
    const arrays = file('deep-array.json', deepArrayText);
    const objects = file('deep-object.json', deepObjectText);
    const inData = file(
      'deep-data.json',
      JSON.stringify(send({ message: { ...message, parts: [{ kind: 'data', data: { x: 0 } }] } })).replace('{"x":0}', deepObjectText),
    );
    let result = run(['validate', '--json', arrays]);
    ended(result, 1);
    expect(JSON.parse(result.stdout).errors[0]).toMatchObject({ path: '/0', keyword: 'type' });
    result = run(['validate', '--type', 'Task', objects]);
    ended(result, 1);
    expect(result.stdout).toMatch(/invalid/);
    result = run(['validate', '--variant', 'a2a', inData]);
    ended(result, 0);
    result = run(['validate', '--ndjson', '--json', '--variant', 'a2a'], `${valid}\n${deepArrayText}\n${deepObjectText}\n${valid}\n`);
    ended(result, 1);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).valid),
    ).toEqual([true, false, false, true]);
  }, 60_000);

  it('a 100 MB file: refused by its size, before it is read (exit 2, naming the limit and the flag); --max-bytes raises the limit', () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, 100 * 1024 * 1024);
    const started = Date.now();
    let result = run(['validate', big]);
    ended(result, 2);
    expect(result.stderr).toBe(
      `bindu-protocol: ${big} (100 MiB) is larger than the limit of 64 MiB (raise it with --max-bytes, e.g. --max-bytes 128M)\n`,
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    // Raised: it is read, and its NUL bytes are not JSON.
    result = run(['validate', '--max-bytes', '128M', big]);
    ended(result, 2);
    expect(result.stderr).toMatch(
      /^bindu-protocol: .*big\.json: not JSON \(the control character U\+0000 where a value should be, at line 1, column 1\)\n$/,
    );
    result = run(['validate', '--max-bytes', 'lots', big]);
    ended(result, 2);
    expect(result.stderr).toMatch(/^bindu-protocol: --max-bytes takes a size in bytes, or with k, M or G/);
  }, 60_000);

  it('over the limit on stdin (a pipe): refused; with --ndjson only the long line is refused and the rest is checked', () => {
    let result = run(['validate', '--max-bytes', '1k'], `{"pad":"${'x'.repeat(4000)}"}`);
    ended(result, 2);
    expect(result.stderr).toBe(
      'bindu-protocol: <stdin> is larger than the limit of 1 KiB (raise it with --max-bytes, e.g. --max-bytes 1M)\n',
    );
    result = run(
      ['validate', '--ndjson', '--json', '--variant', 'a2a', '--max-bytes', '1k'],
      `${valid}\n{"pad":"${'x'.repeat(100_000)}"}\n${valid}\n`,
    );
    ended(result, 2);
    expect(result.stderr).toBe(
      'bindu-protocol: <stdin>:2: the line is longer than the limit of 1 KiB (raise it with --max-bytes); skipped\n',
    );
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).source),
    ).toEqual(['<stdin>:1', '<stdin>:3']);
  });

  it('__proto__, constructor and prototype keys: ordinary unknown keys (warnings), in the output too', () => {
    const text = valid.replace('"kind":"message"', '"kind":"message","__proto__":{"role":"x"},"constructor":{"prototype":1}');
    const result = run(['validate', '--json', '--variant', 'a2a', file('proto.json', text)]);
    ended(result, 0);
    expect(JSON.parse(result.stdout).warnings.map((entry: { path: string; message: string }) => `${entry.path} ${entry.message}`)).toEqual([
      '/params/message unknown property "__proto__"',
      '/params/message unknown property "constructor"',
    ]);
  });

  it('duplicate keys: the payload is invalid (exit 1), each duplicate named by its JSON Pointer', () => {
    const result = run([
      'validate',
      '--json',
      '--variant',
      'a2a',
      file('dup.json', valid.replace('"role":"agent"', '"role":"agent","role":"user"')),
    ]);
    ended(result, 1);
    expect(JSON.parse(result.stdout).errors).toEqual([
      expect.objectContaining({
        path: '/params/message/role',
        keyword: 'duplicateKey',
        message: 'the key "role" appears more than once in this object; JSON.parse keeps only the last',
      }),
    ]);
  });

  it('a byte order mark is ignored (exit 0); in --ndjson on the first line too', () => {
    ended(run(['validate', '--variant', 'a2a', file('bom.json', `\uFEFF${valid}`)]), 0);
    const result = run(['validate', '--ndjson', '--variant', 'a2a'], `\uFEFF${valid}\n${valid}\n`);
    ended(result, 0);
    expect(result.stdout).toMatch(/^<stdin>:1: valid\n<stdin>:2: valid\n/);
  });

  it('invalid UTF-8: exit 2 naming the byte offset (a file, stdin, one NDJSON line)', () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    let result = run(['validate', file('latin.json', bytes)]);
    ended(result, 2);
    expect(result.stderr).toMatch(/latin\.json: not UTF-8: byte 0xC3 at byte offset 6 does not belong to a UTF-8 sequence\n$/);
    result = run(['validate'], bytes);
    ended(result, 2);
    expect(result.stderr).toBe('bindu-protocol: <stdin>: not UTF-8: byte 0xC3 at byte offset 6 does not belong to a UTF-8 sequence\n');
    result = run(
      ['validate', '--ndjson', '--variant', 'a2a'],
      Buffer.concat([Buffer.from(`${valid}\n`), bytes, Buffer.from(`\n${valid}\n`)]),
    );
    ended(result, 2);
    expect(result.stderr).toMatch(/^bindu-protocol: <stdin>:2: not UTF-8: byte 0xC3 at byte 7 of the line/);
    expect(result.stdout).toMatch(/^<stdin>:1: valid\n<stdin>:3: valid\n/);
  });

  it('NUL and other control bytes: exit 2, saying which and where', () => {
    let result = run(['validate'], '{"a":\n"x\u0000y"}');
    ended(result, 2);
    expect(result.stderr).toBe(
      'bindu-protocol: <stdin>: not JSON (the control character U+0000 inside a string (write it as an escape, e.g. \\u0000), at line 2, column 3)\n',
    );
    result = run(['validate'], '{"a":1}\u0000');
    ended(result, 2);
    expect(result.stderr).toMatch(/the control character U\+0000 after the end of the JSON value, at line 1, column 8/);
  });

  it('a lone surrogate (\\uD800): the payload is invalid (exit 1) at its path', () => {
    const result = run(['validate', '--json', '--variant', 'a2a'], valid.replace('Booked.', 'Booked \\uD800'));
    ended(result, 1);
    expect(JSON.parse(result.stdout).errors).toEqual([
      expect.objectContaining({ path: '/params/message/parts/0/text', keyword: 'unicode' }),
    ]);
  });

  it('NaN and Infinity are not JSON (exit 2); 1e400 is out of range (exit 1, and no confusing type error)', () => {
    for (const word of ['NaN', 'Infinity', '-Infinity']) {
      const result = run(['validate'], `{"jsonrpc":"2.0","id":${word},"method":"tasks/get"}`);
      ended(result, 2);
      expect(result.stderr).toMatch(
        new RegExp(`not JSON \\(${word} is not a JSON number \\(JSON has no NaN or Infinity\\), at line 1, column 2[0-9]\\)\\n$`),
      );
    }
    const result = run(
      ['validate', '--json', '--variant', 'a2a'],
      '{"jsonrpc":"2.0","id":1e400,"method":"tasks/get","params":{"id":"t-1","historyLength":-1e999}}',
    );
    ended(result, 1);
    const { errors } = JSON.parse(result.stdout) as { errors: { path: string; keyword: string; message: string }[] };
    expect(errors.map((entry) => [entry.path, entry.keyword])).toEqual([
      ['/id', 'range'],
      ['/params/historyLength', 'range'],
    ]);
    expect(errors[0]!.message).toBe(
      'the number 1e400 is out of range: it is beyond the largest double (about 1.8e308) and reads as Infinity',
    );
  });

  it('truncated JSON and an empty file: exit 2 with the line and column where the text ends', () => {
    let result = run(['validate', file('truncated.json', '{\n  "jsonrpc": "2.0",\n  "params": {"id": "t')]);
    ended(result, 2);
    expect(result.stderr).toMatch(
      /truncated\.json: not JSON \(the text ends inside a string that starts at line 3, column 20 \(truncated\?\), at line 3, column 22\)\n$/,
    );
    result = run(['validate', file('cut.json', '[1, 2,')]);
    ended(result, 2);
    expect(result.stderr).toMatch(/cut\.json: not JSON \(the text ends where a value should be \(truncated\?\), at line 1, column 7\)\n$/);
    result = run(['validate', file('empty.json', '')]);
    ended(result, 2);
    expect(result.stderr).toMatch(/empty\.json: not JSON \(the input is empty \(no JSON value\), at line 1, column 1\)\n$/);
    result = run(['validate'], '  \n');
    ended(result, 2);
  });

  it('a directory or a missing file: exit 2, also with --ndjson; the other inputs are still checked', () => {
    const folder = join(dir, 'folder.json');
    mkdirSync(folder, { recursive: true });
    const good = file('good.json', valid);
    for (const flags of [[], ['--ndjson']]) {
      const result = run(['validate', '--variant', 'a2a', ...flags, folder, join(dir, 'absent.json'), good]);
      ended(result, 2);
      expect(result.stderr).toBe(
        `bindu-protocol: cannot read ${folder}: it is a directory\nbindu-protocol: cannot read ${join(dir, 'absent.json')}: no such file\n`,
      );
      expect(result.stdout).toMatch(/: valid\n/);
    }
  });

  it('convert reads its input the same way: empty, a directory, a BOM, duplicate keys, not UTF-8', () => {
    const args = ['convert', '--from', 'a2a', '--to', 'aion', '--type', 'Task'];
    let result = run([...args, file('convert-empty.json', '')]);
    ended(result, 2);
    expect(result.stderr).toMatch(/is not JSON \(the input is empty/);
    result = run([...args, dir]);
    ended(result, 2);
    expect(result.stderr).toMatch(/cannot read .*: it is a directory/);
    result = run([...args, file('convert-bom.json', `\uFEFF${JSON.stringify(task)}`)]);
    ended(result, 0);
    result = run([...args, file('convert-dup.json', JSON.stringify(task).replace('"kind":"task"', '"kind":"task","kind":"task"'))]);
    ended(result, 2);
    expect(result.stderr).toMatch(/: \(root\)\/kind: the key "kind" appears more than once|\/kind: the key "kind" appears more than once/);
    result = run([...args], Buffer.from([0x7b, 0xff, 0x7d]));
    ended(result, 2);
    expect(result.stderr).toMatch(/not UTF-8: byte 0xFF at byte offset 1/);
  });

  it('Object.prototype is unchanged in this process after everything above', () => {
    expect(prototypeNames()).toEqual(before);
  });
});
