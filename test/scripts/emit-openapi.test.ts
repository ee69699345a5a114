/**
 * The OpenAPI 3.1 documents of the HTTP+JSON binding (`generated/openapi/<variant>.json`):
 *
 * - each passes @seriousme/openapi-schema-validator (OpenAPI 3.1 schema);
 * - the document is self-contained: every `$ref` is local and resolves, and each component is the
 *   definition of the published type file its `x-json-schema-id` names;
 * - every operation of the v1.0 proto's `google.api.http` options (read with protobufjs, each
 *   binding and each `additional_bindings`), of the v0.3 proto's, of the v0.3.0 specification's
 *   table (§3.5.6, parsed from its text) and of the v1.0 specification's §11.3 is in the document,
 *   and every operation the document says comes from one of them is there (SPEC-NOTES R-2, R-7
 *   list the differences); removing any operation makes the comparison fail;
 * - a real `@a2a-js/sdk` 0.3.14 `restHandler` (an echo agent of ours on 127.0.0.1): every body it
 *   answers, and every body its own REST client sends, validates against the operation (R-1),
 *   apart from the departure R-3 pins;
 * - `validate --operation` through the CLI.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientFactory, ClientFactoryOptions, RestTransportFactory } from '@a2a-js/sdk/client';
import { VARIANTS, SCHEMA_SETS } from '../../scripts/lib/variants.js';
import { validateOperationBody } from '../../src/library/validate-operation.js';
import { startEchoRestServer, type RestServer } from '../fixtures/servers/echo-rest.js';
import { ROOT, SHARED, cli } from '../helpers.js';

type Json = Record<string, unknown>;
const ID_BASE = 'https://getbindu.com/protocol/json-schema/';
const VERBS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const withRest = VARIANTS.filter((variant) => variant.rest);
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Json;
const documentOf = (variant: string) => read(`generated/openapi/${variant}.json`);

function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refs(item, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refs(value, out);
    }
  }
  return out;
}

function pointer(document: unknown, ref: string): unknown {
  let node = document;
  for (const token of ref
    .slice(2)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (typeof node !== 'object' || node === null || !(token in node)) return undefined;
    node = (node as Json)[token];
  }
  return node;
}

/** The key an operation is compared by: verb and path with each variable as `{}`. */
const key = (verb: string, path: string) => `${verb.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;

/** A google.api.http template as a path: `{name=tasks/*}` → `tasks/{}`, `{id=*}` and `{id}` → `{}`. */
function protoPath(template: string): string {
  return template.replace(/\{[^}=]+(?:=([^}]*))?\}/g, (_all, pattern?: string) =>
    pattern === undefined || pattern === '*' ? '{}' : pattern.replace(/\*/g, '{}'),
  );
}

interface Expected {
  readonly label: string;
  readonly key: string;
}

/** Every http binding of the proto's service: `Rpc: VERB /path` (additional bindings too). */
function protoOperations(file: string): Expected[] {
  const parsed = protobuf.parse(readFileSync(file, 'utf8'), { keepCase: true, alternateCommentMode: true });
  const namespace = parsed.root.lookup(parsed.package ?? '') as protobuf.Namespace;
  const out: Expected[] = [];
  for (const nested of namespace.nestedArray) {
    if (!(nested instanceof protobuf.Service)) continue;
    for (const method of nested.methodsArray) {
      for (const option of method.parsedOptions ?? []) {
        const http = (option as Json)['(google.api.http)'] as Json | undefined;
        if (!http) continue;
        const extra = http.additional_bindings;
        for (const binding of [http, ...(Array.isArray(extra) ? extra : extra ? [extra] : [])] as Json[]) {
          for (const verb of VERBS) {
            if (typeof binding[verb] === 'string') {
              const path = protoPath(binding[verb] as string);
              out.push({ label: `${method.name}: ${verb.toUpperCase()} ${path}`, key: key(verb, path) });
            }
          }
        }
      }
    }
  }
  return out;
}

/** The rows of the v0.3.0 specification's method mapping table (§3.5.6): `gRPC: VERB /path`. */
function v03SpecificationTable(): Expected[] {
  const text = readFileSync(join(SHARED, 'reference', 'a2a-v0.3.0-specification.md'), 'utf8');
  const section = text.slice(text.indexOf('#### 3.5.6.'), text.indexOf('\n## 4.'));
  const out: Expected[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim().replace(/`/g, ''));
    const endpoint = /^(GET|POST|PUT|PATCH|DELETE) (\/\S+)$/.exec(cells[3] ?? '');
    if (endpoint) out.push({ label: `${cells[2]}: ${endpoint[1]} ${endpoint[2]}`, key: key(endpoint[1]!, endpoint[2]!) });
  }
  return out;
}

/** The operations of §11.3 of the v1.0 specification: `- \`VERB /path\` - what`. */
function v1SpecificationList(): Expected[] {
  const text = readFileSync(join(SHARED, 'reference', 'a2a-v1.0.0-specification.md'), 'utf8');
  const section = text.slice(text.indexOf('### 11.3.'), text.indexOf('### 11.4.'));
  return [...section.matchAll(/^- `(GET|POST|PUT|PATCH|DELETE) (\/\S+)` - (.*)$/gm)].map((m) => ({
    label: `${m[3]}: ${m[1]} ${m[2]}`,
    key: key(m[1]!, m[2]!),
  }));
}

interface DocOperation {
  readonly operationId: string;
  readonly key: string;
  readonly source: string;
}

function documentOperations(document: Json): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const verb of VERBS) {
      const op = item[verb] as Json | undefined;
      if (op) out.push({ operationId: op.operationId as string, key: key(verb, path), source: op['x-a2a-source'] as string });
    }
  }
  return out;
}

/**
 * The comparison: each expected operation missing from the document, and each operation of the
 * document that says it comes from this source but is not in it. One line per difference.
 */
function compare(document: Json, expected: readonly Expected[], source: 'proto' | 'specification'): string[] {
  const operations = documentOperations(document);
  const have = new Set(operations.map((op) => op.key));
  const want = new Set(expected.map((e) => e.key));
  const out: string[] = [];
  for (const e of expected) if (!have.has(e.key)) out.push(`${e.label}: not in the document`);
  for (const op of operations)
    if (op.source.includes(source) && !want.has(op.key)) out.push(`${op.operationId} (${op.key}): not in the ${source}`);
  return out.sort();
}

const V1_PROTO = join(SHARED, 'reference', 'a2a-v1.0.0.proto');
const V03_PROTO = join(SHARED, 'reference', 'a2a-v0.3.0.proto');

describe('the OpenAPI documents', () => {
  it('exist for exactly the variants with an HTTP+JSON binding', () => {
    expect(withRest.map((variant) => variant.name)).toEqual(['a2a', 'bindu', 'a2a-v1', 'aion']);
    const pkg = read('package.json') as { exports: Record<string, unknown> };
    expect(pkg.exports['./openapi/*']).toBe('./generated/openapi/*');
  });

  describe.each(withRest.map((variant) => [variant.name]))('%s', (name) => {
    const document = documentOf(name);

    it('passes @seriousme/openapi-schema-validator (OpenAPI 3.1)', async () => {
      const validator = new Validator();
      // The validator resolves references in the object it is given: a copy.
      const result = await validator.validate(structuredClone(document));
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(validator.version).toBe('3.1');
    });

    it('the validator rejects a broken copy (it can fail)', async () => {
      const broken = structuredClone(document);
      const withParameter = Object.values(broken.paths as Record<string, Json>).find((item) =>
        Object.values(item).some((op) => (op as Json).parameters),
      )!;
      const op = Object.values(withParameter).find((o) => (o as Json).parameters) as Json;
      (op.parameters as Json[])[0]!.in = 'body';
      const validator = new Validator();
      expect((await validator.validate(broken)).valid).toBe(false);
    });

    it('is self-contained: every $ref is local and resolves within the document', () => {
      const all = refs(document);
      expect(all.length).toBeGreaterThan(20);
      expect(all.filter((ref) => !ref.startsWith('#/') || pointer(document, ref) === undefined)).toEqual([]);
      expect(JSON.stringify(document)).not.toContain('"$ref":"http');
    });

    it('each component is the definition of the published type file its x-json-schema-id names', () => {
      const schemas = (document.components as Json).schemas as Record<string, Json>;
      expect(Object.keys(schemas).length).toBeGreaterThan(20);
      // A reference, wherever it points, as the name of the type it means.
      const typeOf = (ref: string) =>
        ref.startsWith('#/components/schemas/')
          ? String(schemas[ref.slice(21)]!['x-json-schema-id']).replace(/^.*\/|\.json$/g, '')
          : ref.replace(/^#\/\$defs\//, '');
      const plain = (node: unknown): unknown => {
        if (Array.isArray(node)) return node.map(plain);
        if (typeof node !== 'object' || node === null) return node;
        return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' ? typeOf(v as string) : plain(v)]));
      };
      const differing: string[] = [];
      for (const [name, component] of Object.entries(schemas)) {
        const id = component['x-json-schema-id'] as string;
        expect(id, name).toMatch(new RegExp(`^${ID_BASE.replace(/\./g, '\\.')}[a-z0-9-]+/[A-Za-z0-9]+\\.json$`));
        const file = read(`generated/json-schema/${id.slice(ID_BASE.length)}`);
        expect(file.$id).toBe(id);
        const published: Json = { ...file };
        for (const key of ['$schema', '$id', 'title', '$defs']) delete published[key];
        const own: Json = { ...component };
        delete own['x-json-schema-id'];
        if (JSON.stringify(plain(own)) !== JSON.stringify(plain(published))) differing.push(name);
      }
      expect(differing).toEqual([]);
    });

    it('marks every streaming answer text/event-stream, with the event data schema', () => {
      for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
        for (const [verb, op] of Object.entries(item as Record<string, Json>)) {
          const ok = (op.responses as Record<string, Json>)['200']!;
          const content = ok.content as Record<string, Json>;
          const streaming = /:stream$|:subscribe$/.test(path);
          expect(Object.keys(content ?? {}), `${verb} ${path}`).toEqual(
            streaming
              ? ['text/event-stream']
              : content
                ? (document.info as Json)['x-a2a-spec-revision'] === '1.0.1'
                  ? ['application/a2a+json', 'application/json']
                  : ['application/json']
                : [],
          );
          if (streaming) expect((content['text/event-stream']!['x-sse-data'] as Json).$ref).toBe('#/components/schemas/StreamResponse');
        }
      }
    });
  });
});

describe('every REST operation of the sources is in the documents', () => {
  it("v1.0: the proto's google.api.http options (with additional_bindings), both ways", () => {
    const expected = protoOperations(V1_PROTO);
    expect(expected).toHaveLength(22);
    for (const name of ['a2a-v1', 'aion']) expect(compare(documentOf(name), expected, 'proto'), name).toEqual([]);
  });

  it('v1.0: §11.3 of the specification, both ways', () => {
    const expected = v1SpecificationList();
    expect(expected).toHaveLength(11);
    for (const name of ['a2a-v1', 'aion']) expect(compare(documentOf(name), expected, 'specification'), name).toEqual([]);
  });

  it("v0.3.0: the specification's method mapping table (§3.5.6), both ways", () => {
    const expected = v03SpecificationTable();
    expect(expected).toHaveLength(11);
    for (const name of ['a2a', 'bindu']) expect(compare(documentOf(name), expected, 'specification'), name).toEqual([]);
  });

  it("v0.3.0: the v0.3 proto's http options, but the one R-2 lists", () => {
    const expected = protoOperations(V03_PROTO);
    expect(expected).toHaveLength(10);
    for (const name of ['a2a', 'bindu']) {
      expect(compare(documentOf(name), expected, 'proto'), name).toEqual([
        'CreateTaskPushNotificationConfig (POST /v1/tasks/{}/pushNotificationConfigs): not in the proto',
        'CreateTaskPushNotificationConfig: POST /v1/task/{}/pushNotificationConfigs: not in the document',
      ]);
    }
  });

  it('the comparison fails when any operation is removed from a document', () => {
    const sources: [string, Expected[], 'proto' | 'specification'][] = [
      ['a2a-v1', protoOperations(V1_PROTO), 'proto'],
      ['a2a-v1', v1SpecificationList(), 'specification'],
      ['a2a', v03SpecificationTable(), 'specification'],
    ];
    let removed = 0;
    for (const [name, expected, source] of sources) {
      const document = documentOf(name);
      const baseline = compare(document, expected, source);
      for (const op of documentOperations(document).filter((o) => o.source.includes(source))) {
        const copy = structuredClone(document);
        for (const item of Object.values(copy.paths as Record<string, Json>)) {
          for (const verb of VERBS) if ((item[verb] as Json | undefined)?.operationId === op.operationId) delete item[verb];
        }
        const after = compare(copy, expected, source);
        expect(after.length, `${name} without ${op.operationId}`).toBeGreaterThan(baseline.length);
        expect(
          after.some((line) => line.endsWith(': not in the document')),
          op.operationId,
        ).toBe(true);
        removed++;
      }
    }
    expect(removed).toBe(22 + 11 + 11);
  });
});

describe('the a2a-rest schema set', () => {
  it('describes every type and every property', () => {
    const [set] = SCHEMA_SETS;
    const bundle = read(`generated/json-schema/${set!.name}.json`);
    const missing: string[] = [];
    for (const [name, schema] of Object.entries(bundle.$defs as Record<string, Json>)) {
      if (typeof schema.description !== 'string') missing.push(name);
      for (const [property, value] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
        if (typeof value.description !== 'string') missing.push(`${name}.${property}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// A real @a2a-js/sdk 0.3 REST server and client
// ---------------------------------------------------------------------------------------------

describe('a real @a2a-js/sdk 0.3 restHandler exchange validates (SPEC-NOTES R-1)', () => {
  let server: RestServer;
  beforeAll(async () => {
    server = await startEchoRestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, type: response.headers.get('content-type') ?? '', text };
  };
  const verdict = (variant: string, operationId: string, part: 'request' | 'response' | 'error', value: unknown) => {
    const result = validateOperationBody(variant, operationId, part, value, true);
    return result.errors.map((e) => `${e.path} ${e.message}`).concat(result.warnings.map((w) => `warning ${w.path} ${w.message}`));
  };
  const sse = (text: string) =>
    text
      .split('\n\n')
      .filter((event) => event.trim())
      .map((event) =>
        JSON.parse(
          event
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5))
            .join('\n'),
        ),
      );

  it('every answer of the server, for both variants of the v0.3 wire', async () => {
    const send = {
      message: { messageId: 'm-1', role: 'ROLE_USER', content: [{ text: 'hello' }, { data: { data: { n: 1 } } }] },
      configuration: { blocking: true },
    };
    const checks: [string, 'request' | 'response' | 'error', unknown][] = [['SendMessage', 'request', send]];

    const sent = await call('POST', '/v1/message:send', send);
    expect(sent.status).toBe(201);
    const task = (JSON.parse(sent.text) as { task: { id: string; status: { state: string } } }).task;
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    checks.push(['SendMessage', 'response', JSON.parse(sent.text)]);

    const stream = await call('POST', '/v1/message:stream', {
      message: { messageId: 'm-2', role: 'ROLE_USER', content: [{ text: 'stream' }] },
    });
    expect(stream.status).toBe(200);
    expect(stream.type).toMatch(/^text\/event-stream/);
    const events = sse(stream.text);
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const event of events) checks.push(['SendStreamingMessage', 'response', event]);
    expect(events.map((e) => Object.keys(e as Json)[0])).toEqual(expect.arrayContaining(['task', 'statusUpdate', 'artifactUpdate']));

    const got = await call('GET', `/v1/tasks/${task.id}?historyLength=1`);
    expect(got.status).toBe(200);
    checks.push(['GetTask', 'response', JSON.parse(got.text)]);

    for (const verb of ['GET', 'POST'] as const) {
      const sub = await call(verb, `/v1/tasks/${task.id}:subscribe`);
      expect(sub.status).toBe(200);
      for (const event of sse(sub.text)) checks.push([verb === 'GET' ? 'TaskSubscription' : 'TaskSubscriptionByPost', 'response', event]);
    }

    const missing = await call('GET', '/v1/tasks/no-such-task');
    expect(missing.status).toBe(404);
    checks.push(['GetTask', 'error', JSON.parse(missing.text)]);

    const cancel = await call('POST', `/v1/tasks/${task.id}:cancel`);
    expect(cancel.status).toBe(409);
    checks.push(['CancelTask', 'error', JSON.parse(cancel.text)]);

    // The server's own form of the create body (R-3); its answers validate.
    const created = await call('POST', `/v1/tasks/${task.id}/pushNotificationConfigs`, {
      parent: `tasks/${task.id}`,
      configId: 'c-1',
      config: {
        name: `tasks/${task.id}/pushNotificationConfigs/c-1`,
        pushNotificationConfig: { id: 'c-1', url: 'http://127.0.0.1:9/hook', token: 't' },
      },
    });
    expect(created.status).toBe(201);
    checks.push(['CreateTaskPushNotificationConfig', 'response', JSON.parse(created.text)]);
    const listed = await call('GET', `/v1/tasks/${task.id}/pushNotificationConfigs`);
    checks.push(['ListTaskPushNotificationConfig', 'response', JSON.parse(listed.text)]);
    const one = await call('GET', `/v1/tasks/${task.id}/pushNotificationConfigs/c-1`);
    checks.push(['GetTaskPushNotificationConfig', 'response', JSON.parse(one.text)]);
    const deleted = await call('DELETE', `/v1/tasks/${task.id}/pushNotificationConfigs/c-1`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');

    const card = await call('GET', '/v1/card');
    expect(card.status).toBe(200);
    checks.push(['GetAgentCard', 'response', JSON.parse(card.text)]);

    const oldShape = await call('POST', '/v1/message:send', {
      message: { kind: 'message', messageId: 'm-3', role: 'user', parts: [{ kind: 'text', text: 'x' }] },
    });
    expect(oldShape.status).toBe(400);
    checks.push(['SendMessage', 'error', JSON.parse(oldShape.text)]);

    expect(checks.length).toBeGreaterThan(15);
    for (const variant of ['a2a', 'bindu']) {
      for (const [operationId, part, value] of checks)
        expect(verdict(variant, operationId, part, value), `${variant} ${operationId} ${part}: ${JSON.stringify(value)}`).toEqual([]);
    }
  });

  it('the JSON-RPC shape of a body is invalid on the REST wire, with the fields named', () => {
    const errors = verdict('a2a', 'SendMessage', 'request', {
      message: { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text: 'x' }] },
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/message missing the required property "content"/),
        expect.stringMatching(/^\/message\/role /),
      ]),
    );
    const state = verdict('a2a', 'GetTask', 'response', { id: 't', contextId: 'c', status: { state: 'TASK_STATE_CANCELED' } });
    expect(state.join('\n')).toMatch(/\/status\/state/);
  });

  it("what the SDK's own REST client sends validates", async () => {
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports: [new RestTransportFactory()] }),
    );
    const client = await factory.createFromAgentCard(server.card);
    const from = server.received.length;
    const result = await client.sendMessage({
      message: { kind: 'message', messageId: 'c-1', role: 'user', parts: [{ kind: 'text', text: 'from the client' }] },
    });
    expect((result as { kind: string }).kind).toBe('task');
    const sent = server.received.slice(from).find((r) => r.path === '/v1/message:send');
    expect(sent).toBeDefined();
    expect(verdict('a2a', 'SendMessage', 'request', sent!.body)).toEqual([]);
  });

  it('DEVIATION: @a2a-js/sdk 0.3 restHandler reads a CreateTaskPushNotificationConfigRequest, so its own client is refused (R-3)', async () => {
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports: [new RestTransportFactory()] }),
    );
    const client = await factory.createFromAgentCard(server.card);
    const task = (await client.sendMessage({
      message: { kind: 'message', messageId: 'c-2', role: 'user', parts: [{ kind: 'text', text: 'x' }] },
    })) as { id: string };
    const from = server.received.length;
    await expect(
      client.setTaskPushNotificationConfig({ taskId: task.id, pushNotificationConfig: { id: 'p', url: 'http://127.0.0.1:9/hook' } }),
    ).rejects.toThrow(/config/);
    const sent = server.received.slice(from).find((r) => r.method === 'POST');
    // The client sends the proto's body (body: "config"): valid here, refused by the server.
    expect(verdict('a2a', 'CreateTaskPushNotificationConfig', 'request', sent!.body)).toEqual([]);
    // What the server reads is not the proto's body: invalid here.
    const serverForm = { parent: `tasks/${task.id}`, configId: 'p', config: sent!.body };
    expect(verdict('a2a', 'CreateTaskPushNotificationConfig', 'request', serverForm).length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// validate --operation (the CLI)
// ---------------------------------------------------------------------------------------------

describe('validate --operation', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bindu-openapi-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, value: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
    return path;
  };
  // `TASK_STATE_CANCELED` is v1.0's spelling; the v0.3 proto writes `TASK_STATE_CANCELLED`.
  const v1Task = { id: 't-1', contextId: 'c-1', status: { state: 'TASK_STATE_CANCELED' } };

  it('a valid body exits 0, an invalid one 1 with the path', () => {
    const ok = cli(['validate', '--variant', 'a2a-v1', '--operation', 'GetTask', '--part', 'response', file('task.json', v1Task)]);
    expect(ok.stdout).toMatch(/task\.json: valid/);
    expect(ok.status).toBe(0);
    const bad = cli(['validate', '--variant', 'a2a', '--operation', 'GetTask', '--part', 'response', file('task-v1.json', v1Task)]);
    expect(bad.stdout).toMatch(/\/status\/state/);
    expect(bad.status).toBe(1);
  });

  it('--part defaults to the request body, or the response when there is none; --json', () => {
    const request = cli([
      'validate',
      '--variant',
      'a2a-v1',
      '--operation',
      'SendMessage',
      '--json',
      file('send.json', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] } }),
    ]);
    expect(JSON.parse(request.stdout)).toMatchObject({ valid: true });
    expect(request.status).toBe(0);
    const response = cli(['validate', '--variant', 'a2a-v1', '--operation', 'GetTask', file('task2.json', v1Task)]);
    expect(response.status).toBe(0);
  });

  it('error bodies: the v0.3 error by code, the v1.0 AIP-193 body with a status check', () => {
    expect(
      cli([
        'validate',
        '--variant',
        'a2a',
        '--operation',
        'GetTask',
        '--part',
        'error',
        file('e1.json', { code: -32001, message: 'Task not found' }),
      ]).status,
    ).toBe(0);
    const wrongCode = cli([
      'validate',
      '--variant',
      'a2a',
      '--operation',
      'GetTask',
      '--part',
      'error',
      '--json',
      file('e2.json', { code: -32002, message: 'x' }),
    ]);
    expect(JSON.parse(wrongCode.stdout).warnings[0].message).toMatch(/not an error GetTask declares/);
    const v1 = {
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message: 'no',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }],
      },
    };
    expect(cli(['validate', '--variant', 'a2a-v1', '--operation', 'GetTask', '--part', 'error', file('e3.json', v1)]).status).toBe(0);
    expect(
      cli(['validate', '--variant', 'a2a-v1', '--operation', 'GetTask', '--part', 'error', file('e4.json', { code: -32001, message: 'x' })])
        .status,
    ).toBe(1);
  });

  it('usage errors exit 2 with a clear message', () => {
    const unknown = cli(['validate', '--variant', 'a2a-v1', '--operation', 'GetTsk', file('x.json', {})]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown operation "GetTsk".*did you mean GetTask/);
    const noBody = cli(['validate', '--variant', 'a2a-v1', '--operation', 'GetTask', '--part', 'request', file('y.json', {})]);
    expect(noBody.status).toBe(2);
    expect(noBody.stderr).toMatch(/GetTask \(GET \/tasks\/\{id\}\) has no request body/);
    expect(cli(['validate', '--operation', 'GetTask', '--part', 'body', file('z.json', {})]).stderr).toMatch(
      /--part is one of request, response, error/,
    );
    expect(cli(['validate', '--operation', 'GetTask', '--type', 'Task', file('w.json', {})]).status).toBe(2);
    expect(cli(['validate', '--part', 'request', file('v.json', {})]).stderr).toMatch(/--part needs --operation/);
    expect(cli(['validate', '--operation', 'GetTask', file('t.json', '{not json')]).status).toBe(2);
  });
});

describe('the v1.0 documents follow the revision their variant names (schemas/spec-revisions.ts, error-table.ts)', () => {
  it.each(['a2a-v1', 'aion'])(
    '%s: v1.0.1 statuses (no 409, 415, 502), A2A-Version on every operation, application/a2a+json beside application/json, an example per error',
    (variant) => {
      const document = documentOf(variant);
      expect((document.info as Json)['x-a2a-spec-revision']).toBe('1.0.1');
      let operations = 0;
      for (const item of Object.values(document.paths as Record<string, Json>)) {
        for (const verb of VERBS) {
          const op = item[verb] as Json | undefined;
          if (!op) continue;
          operations++;
          const parameters = (op.parameters ?? []) as Json[];
          expect(
            parameters.find((p) => p.name === 'A2A-Version'),
            op.operationId as string,
          ).toMatchObject({ in: 'header', required: true });
          const responses = op.responses as Record<string, Json>;
          for (const status of ['409', '415', '502']) expect(responses[status], `${op.operationId} ${status}`).toBeUndefined();
          for (const [status, response] of Object.entries(responses)) {
            const content = response.content as Record<string, Json> | undefined;
            if (!content || content['text/event-stream']) continue;
            expect(Object.keys(content), `${op.operationId} ${status}`).toEqual(['application/a2a+json', 'application/json']);
            if (Number(status) < 400) continue;
            // Every error of the status has an example, each a valid error body of the operation.
            const examples = content['application/a2a+json']!.examples as Record<string, Json>;
            for (const entry of response['x-a2a-errors'] as Json[])
              expect(examples[`table.${entry.error as string}`], `${op.operationId} ${status} ${entry.error}`).toBeDefined();
            for (const example of Object.values(examples)) {
              const verdict = validateOperationBody(variant, op.operationId as string, 'error', example.value);
              expect(verdict.errors, `${op.operationId} ${status}`).toEqual([]);
              expect(((example.value as Json).error as Json).code).toBe(Number(status));
            }
          }
          if (op.requestBody)
            expect(Object.keys((op.requestBody as Json).content as Json)).toEqual(['application/a2a+json', 'application/json']);
        }
      }
      expect(operations).toBeGreaterThan(10);
    },
  );

  it("the streaming example is one task's events in order, each a valid StreamResponse, ending in a terminal state", () => {
    const op = ((documentOf('a2a-v1').paths as Record<string, Json>)['/message:stream']!.post as Json).responses as Record<string, Json>;
    const text = ((((op['200']!.content as Json)['text/event-stream'] as Json).examples as Json).stream as Json).value as string;
    const events = text
      .split('\n\n')
      .filter(Boolean)
      .map((chunk) => JSON.parse(chunk.replace(/^data: /, '')) as Json);
    expect(events.map((event) => Object.keys(event)[0])).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'statusUpdate']);
    for (const event of events) expect(validateOperationBody('a2a-v1', 'SendStreamingMessage', 'response', event).errors).toEqual([]);
    const ids = events.map((event) => {
      const body = Object.values(event)[0] as Json;
      return [body.id ?? body.taskId, body.contextId];
    });
    expect(new Set(ids.map((pair) => pair.join(' '))).size).toBe(1);
    expect(((events.at(-1)!.statusUpdate as Json).status as Json).state).toBe('TASK_STATE_COMPLETED');
  });
});
