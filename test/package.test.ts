/**
 * The package as a consumer sees it, through its own `exports` (self-reference from inside
 * the checkout): ESM import, CommonJS require, and the published JSON files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT, runNode } from './helpers.js';

describe('package exports', () => {
  it("import { a2a, bindu } from 'bindu-protocol/typebox' gives the schemas of every variant", () => {
    const script = `
      import { a2a, bindu, a2aV1, variants, defaultVariant } from 'bindu-protocol/typebox';
      import { Value } from '@sinclair/typebox/value';
      const task = { kind: 'task', id: 't-1', contextId: 'c-1', status: { state: 'completed' } };
      console.log(JSON.stringify({
        variants: Object.keys(variants), defaultVariant,
        a2aTypes: Object.keys(a2a.schemas).length,
        a2aTask: Value.Check(a2a.schemas.Task, task),
        binduTask: Value.Check(bindu.schemas.Task, task),
        binduMethods: bindu.methods.length,
        a2aV1Types: Object.keys(a2aV1.schemas).length,
        a2aV1Methods: a2aV1.methods.length,
        a2aV1Message: Value.Check(variants['a2a-v1'].schemas.Message, { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] }),
      }));`;
    const result = runNode(['--input-type=module', '-e', script]);
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout);
    expect(out).toMatchObject({
      variants: ['a2a', 'bindu', 'a2a-v1', 'aion'],
      defaultVariant: 'bindu',
      a2aTypes: 93,
      a2aTask: true,
      binduTask: false,
    });
    expect(out).toMatchObject({ a2aV1Types: 105, a2aV1Methods: 11, a2aV1Message: true });
    expect(out.binduMethods).toBeGreaterThan(10);
  });

  it("require('bindu-protocol/typebox') and require('bindu-protocol') work from CommonJS", () => {
    const result = runNode([
      '-e',
      `const t = require('bindu-protocol/typebox'); const p = require('bindu-protocol');
       console.log(Object.keys(t.a2a.schemas).length, t.bindu.methods.length > 10, p.validate('Task', {}).valid, 'a2a' in p)`,
    ]);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('93 true false false');
  });

  it('importing the package loads no TypeBox until a variant is read; validation never does', () => {
    // Every module a CommonJS require loads is in require.cache; TypeBox's files are named there.
    const script = `
      const p = { ...require('bindu-protocol'), ...require('bindu-protocol/typebox') };
      const typebox = () => Object.keys(require.cache).filter((file) => file.includes('@sinclair/typebox')).length;
      const afterImport = typebox();
      const valid = p.validate('Task', { kind: 'task', id: 't', contextId: 'c', status: { state: 'completed' } }, { variant: 'a2a' }).valid;
      const afterValidate = typebox();
      const types = Object.keys(p.aion.schemas).length;
      console.log(JSON.stringify({ afterImport, valid, afterValidate, types, afterRead: typebox() > 0 }));`;
    const result = runNode(['-e', script]);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ afterImport: 0, valid: true, afterValidate: 0, types: 122, afterRead: true });
  });

  it('the variants `bindu-protocol/typebox` exports are read-only stand-ins that behave like the built objects', () => {
    const script = `
      import { a2a, variants } from 'bindu-protocol/typebox';
      import { TypeCompiler } from '@sinclair/typebox/compiler';
      const message = { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text: 'hi' }] };
      let refused = false;
      try { 'use strict'; a2a.definitions = {}; } catch { refused = true; }
      console.log(JSON.stringify({
        keys: Object.keys(a2a).sort(),
        spread: Object.keys({ ...a2a }).length === Object.keys(a2a).length,
        hasSchemas: 'schemas' in a2a,
        compiled: TypeCompiler.Compile(a2a.schemas.Message).Check(message),
        sameObject: variants.a2a.schemas === a2a.schemas,
        refused, unchanged: Object.keys(a2a.definitions).length,
      }));`;
    const result = runNode(['--input-type=module', '-e', script]);
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout);
    expect(out.keys).toEqual(expect.arrayContaining(['definitions', 'methods', 'module', 'schemas']));
    expect(out).toMatchObject({ spread: true, hasSchemas: true, compiled: true, sameObject: true, refused: true, unchanged: 93 });
  });

  it('the JSON Schema files and OpenRPC documents are exported at stable paths', () => {
    const script = `
      import { createRequire } from 'node:module';
      const require = createRequire(import.meta.url);
      const task = require('bindu-protocol/json-schema/bindu/Task.json');
      const openrpc = require('bindu-protocol/openrpc.json');
      console.log(task.$id, openrpc.openrpc);`;
    const result = runNode(['--input-type=module', '-e', script]);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('https://getbindu.com/protocol/json-schema/bindu/Task.json 1.3.2');
  });
});

describe('package dependencies', () => {
  it('every run-time dependency runs on the oldest Node the package declares (its `engines.node`)', () => {
    const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
      dependencies: Record<string, string>;
    };
    const oldest = semver.minVersion(own.engines.node)!.version;
    const refused: string[] = [];
    for (const name of Object.keys(own.dependencies)) {
      const manifest = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
        engines?: { node?: string };
      };
      const range = manifest.engines?.node;
      if (range !== undefined && !semver.satisfies(oldest, range)) refused.push(`${name} (engines.node ${range})`);
    }
    expect(refused, `these need a Node newer than ${oldest}, the oldest package.json declares`).toEqual([]);
  });
});
