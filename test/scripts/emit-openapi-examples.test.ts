/**
 * The OpenAPI documents scripts/emit-openapi.ts writes (generated/openapi/<variant>.json), as a tool
 * user opens them: @readme/openapi-parser validates each offline (external references off, so a
 * remote `$ref` could not be fetched); the default JSON Schema dialect; every body has examples,
 * each naming a valid conformance case and each accepted by the package's own
 * validateOperationBody for that operation (strict), every event of a stream example too; the
 * parameters' examples fill the path; two schema sets defining one name differently get two
 * components. Redocly and Swagger UI: emit-openapi.slow.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate as parserValidate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '../../scripts/emit-openapi.js';
import { ConformanceCases } from '../../scripts/lib/examples.js';
import { variantDefinitions, type JsonSchema } from '../../scripts/lib/json-schema.js';
import { SCHEMA_SETS, VARIANTS } from '../../scripts/lib/variants.js';
import { validateOperationBody, type OperationPart } from '../../src/library/validate-operation.js';
import { ROOT } from '../helpers.js';

type Json = Record<string, unknown>;
const VERBS = ['get', 'post', 'put', 'patch', 'delete'];
const names = VARIANTS.filter((variant) => variant.rest).map((variant) => variant.name);
const documentOf = (variant: string) => JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi', `${variant}.json`), 'utf8')) as Json;

interface Shown {
  readonly operationId: string;
  readonly part: OperationPart;
  readonly status: string;
  readonly media: string;
  readonly key: string;
  readonly example: Json;
}

/** Every example of every body of a document. */
function examples(document: Json): Shown[] {
  const out: Shown[] = [];
  for (const item of Object.values(document.paths as Record<string, Json>)) {
    for (const [verb, op] of Object.entries(item as Record<string, Json>)) {
      if (!VERBS.includes(verb)) continue;
      const operationId = op.operationId as string;
      const media = (content: unknown, part: OperationPart, status: string) => {
        for (const [type, body] of Object.entries((content ?? {}) as Record<string, Json>)) {
          for (const [key, example] of Object.entries((body.examples ?? {}) as Record<string, Json>))
            out.push({ operationId, part, status, media: type, key, example });
        }
      };
      media((op.requestBody as Json | undefined)?.content, 'request', '');
      for (const [status, answer] of Object.entries(op.responses as Record<string, Json>))
        media(answer.content, status.startsWith('2') ? 'response' : 'error', status);
    }
  }
  return out;
}

/** The `data` of each event of a Server-Sent Events text. */
const events = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => JSON.parse(block.replace(/^data: /, '')) as unknown);

describe.each(names.map((name) => [name]))('generated/openapi/%s.json', (name) => {
  const document = documentOf(name);

  it('@readme/openapi-parser validates it offline, and rejects a copy with a dangling reference', async () => {
    const result = await parserValidate(structuredClone(document) as never, { resolve: { external: false } });
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    const broken = structuredClone(document);
    const schemas = (broken.components as Json).schemas as Json;
    delete schemas.Task;
    expect((await parserValidate(broken as never, { resolve: { external: false } })).valid).toBe(false);
  });

  it("uses OpenAPI 3.1's default JSON Schema dialect and has no remote reference", () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.jsonSchemaDialect).toBeUndefined();
    const text = JSON.stringify(document);
    expect(text.match(/"\$ref":"[^"#][^"]*"/g) ?? []).toEqual([]);
    expect(text).not.toContain('"$schema"');
  });

  it('gives every request body and every success body with content at least one example', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      for (const [verb, op] of Object.entries(item as Record<string, Json>)) {
        const request = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json'];
        if (request && Object.keys((request.examples ?? {}) as Json).length === 0) missing.push(`${verb} ${path} request`);
        for (const [status, answer] of Object.entries(op.responses as Record<string, Json>)) {
          if (!status.startsWith('2') || !answer.content) continue;
          for (const [media, body] of Object.entries(answer.content as Record<string, Json>)) {
            if (Object.keys((body.examples ?? {}) as Json).length === 0 && body.example === undefined)
              missing.push(`${verb} ${path} ${status} ${media}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("every example is a valid conformance case the package's validator accepts for that operation (strict)", () => {
    const cases = new ConformanceCases(ROOT);
    const all = examples(document);
    expect(all.length).toBeGreaterThan(40);
    const problems: string[] = [];
    let checked = 0;
    for (const shown of all) {
      const label = `${shown.operationId} ${shown.part} ${shown.status} ${shown.key}`;
      const ids = [...String(shown.example.description).matchAll(/`([a-z0-9-]+\/[^#`]+#[^`]+)`/g)].map((m) => m[1]!);
      // v1.0 documents add examples of their own: one per error, made from the error table, and one task's stream in
      // order (scripts/emit-openapi.ts); they name no case, and are validated like the others.
      const own =
        /^Made from the error table: /.test(String(shown.example.description)) ||
        /^The Task, then /.test(String(shown.example.description));
      if (ids.length === 0 && !own) problems.push(`${label}: names no conformance case`);
      for (const id of ids) if (!cases.find(id)) problems.push(`${label}: ${id} is not a valid conformance case`);
      const values = shown.media === 'text/event-stream' ? events(shown.example.value as string) : [shown.example.value];
      for (const value of values) {
        const verdict = validateOperationBody(name, shown.operationId, shown.part, value, true);
        checked++;
        if (!verdict.valid || verdict.warnings.length > 0)
          problems.push(`${label}: ${JSON.stringify([...verdict.errors, ...verdict.warnings].slice(0, 3))}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(all.length);
    expect(cases.find(`${name}/no-such-file#no-such-case`)).toBeUndefined();
  });

  it('the validator the examples pass rejects a broken one (the check can fail)', () => {
    const shown = examples(document).find((e) => e.part === 'response' && e.media === 'application/json' && e.operationId === 'GetTask')!;
    const task = structuredClone(shown.example.value) as Json;
    (task.status as Json).state = 'finished';
    expect(validateOperationBody(name, 'GetTask', 'response', task, true).valid).toBe(false);
  });

  it('fills every path parameter but `tenant` with an example, from the same cases', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      for (const [verb, op] of Object.entries(item as Record<string, Json>)) {
        for (const p of (op.parameters ?? []) as Json[]) {
          if (p.in === 'path' && p.name !== 'tenant' && typeof p.example !== 'string') missing.push(`${verb} ${path} ${String(p.name)}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('components from two schema sets', () => {
  const a2a = VARIANTS.find((variant) => variant.name === 'a2a')!;
  const sets = () =>
    new Map<string, Map<string, JsonSchema>>([
      [a2a.name, variantDefinitions(a2a)],
      ...SCHEMA_SETS.map((set) => [set.name, variantDefinitions(set)] as const),
    ]);

  it('a name both define differently is two components; one defined alike is shared', () => {
    const plain = openapiDocument(a2a, sets());
    const schemas = (plain.components as Json).schemas as Record<string, Json>;
    expect(schemas.Task!['x-json-schema-id']).toBe('https://getbindu.com/protocol/json-schema/a2a-rest/Task.json');
    expect(Object.keys(schemas).filter((key) => key.includes('.'))).toEqual([]);
    // An error type of the variant that refers to the variant's own Task (JSON-RPC form, not the REST one).
    const changed = sets();
    const error = changed.get('a2a')!.get('TaskNotFoundError')!;
    changed.get('a2a')!.set('TaskNotFoundError', {
      ...error,
      properties: { ...(error.properties as Json), data: { $ref: 'Task' }, role: { $ref: 'Role' } },
    });
    // …and to a Role defined as the REST set defines it.
    changed.get('a2a')!.set('Role', changed.get('a2a-rest')!.get('Role')!);
    const document = openapiDocument(a2a, changed);
    const both = (document.components as Json).schemas as Record<string, Json>;
    expect(both.Task!['x-json-schema-id']).toBe('https://getbindu.com/protocol/json-schema/a2a-rest/Task.json');
    expect(both['a2a.Task']!['x-json-schema-id']).toBe('https://getbindu.com/protocol/json-schema/a2a/Task.json');
    expect(((both.TaskNotFoundError!.properties as Json).data as Json).$ref).toBe('#/components/schemas/a2a.Task');
    expect(JSON.stringify(both['a2a.Task'])).toContain('"#/components/schemas/a2a.TaskStatus"');
    // Defined alike in both sets: one component.
    expect(Object.keys(both).filter((key) => key.endsWith('Role'))).toEqual(['Role']);
    expect(((both.TaskNotFoundError!.properties as Json).role as Json).$ref).toBe('#/components/schemas/Role');
  });
});
