/**
 * `standardSchema(typeName, { variant, strict, lenient })` and `createValidator(…).standardSchema`: Standard Schema V1
 * objects, checked against the spec's own TypeScript interface and used by a real consumer (Hono's standard
 * validator middleware answering HTTP requests).
 */
import { sValidator } from '@hono/standard-validator';
import type { StandardSchemaV1 as SpecSchema } from '@standard-schema/spec';
import { Hono } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createValidator } from '../../src/library/guards.js';
import { standardSchema } from '../../src/library/standard-schema.js';

const message = { kind: 'message', messageId: 'm-1', role: 'user', parts: [{ kind: 'text', text: 'hi' }] };

describe('standardSchema: Standard Schema V1', () => {
  it('has ~standard with version 1, the vendor and validate; valid gives { value }, invalid { issues } with key paths', () => {
    const schema = standardSchema('Message', { variant: 'a2a' });
    expectTypeOf(schema).toExtend<SpecSchema>();
    expect(schema['~standard']).toMatchObject({ version: 1, vendor: 'bindu-protocol' });
    expect(schema['~standard'].validate(message)).toEqual({ value: message });
    const bad = { ...message, role: 'robot', parts: [{ kind: 'text' }] };
    const result = schema['~standard'].validate(bad);
    expect(result.issues?.map((issue) => issue.path)).toEqual([['role'], ['parts', 0, 'text']]);
    expect(result.issues?.every((issue) => typeof issue.message === 'string' && issue.message.length > 0)).toBe(true);
  });

  it('strict rejects an unknown key (its path ends at the key); lenient accepts an unknown enum value', () => {
    const extra = { ...message, priority: 1 };
    expect(standardSchema('Message', { variant: 'a2a' })['~standard'].validate(extra)).toEqual({ value: extra });
    expect(standardSchema('Message', { variant: 'a2a', strict: true })['~standard'].validate(extra)).toMatchObject({
      issues: [{ path: ['priority'] }],
    });
    const robot = { ...message, role: 'robot' };
    expect(standardSchema('Message', { variant: 'a2a', lenient: true })['~standard'].validate(robot)).toEqual({ value: robot });
  });

  it('an unknown type is a TypeError when the schema is made; createValidator binds variant, strictness and leniency', () => {
    expect(() => standardSchema('Mesage' as never, { variant: 'a2a' })).toThrow(TypeError);
    const v1 = createValidator({ variant: 'a2a-v1', strict: true });
    const schema = v1.standardSchema('Message');
    expect(schema['~standard'].validate({ messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] })).toHaveProperty('value');
    expect(schema['~standard'].validate({ message_id: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] })).toHaveProperty('issues');
  });
});

describe('standardSchema with a real consumer: Hono sValidator', () => {
  const app = new Hono().post('/message', sValidator('json', standardSchema('Message', { variant: 'a2a' })), (c) =>
    c.json({ got: c.req.valid('json').messageId }),
  );
  const post = (body: unknown) =>
    app.request('/message', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

  it('a valid message reaches the handler, typed; an invalid one is answered 400 with the issues', async () => {
    const ok = await post(message);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ got: 'm-1' });
    const bad = await post({ ...message, messageId: 7 });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { success: boolean; error: { path: unknown[] }[] };
    expect(body.success).toBe(false);
    expect(body.error.map((issue) => issue.path)).toEqual([['messageId']]);
  });
});
