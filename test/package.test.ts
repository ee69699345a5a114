/**
 * The package as a consumer sees it, through its own `exports` (self-reference from inside
 * the checkout): ESM import, CommonJS require, and the published JSON files.
 */
import { describe, expect, it } from 'vitest';
import { runNode } from './helpers.js';

describe('package exports', () => {
  it("import { a2a, bindu } from 'bindu-protocol' gives the schemas of every variant", () => {
    const script = `
      import { a2a, bindu, variants, defaultVariant } from 'bindu-protocol';
      import { Value } from '@sinclair/typebox/value';
      const task = { kind: 'task', id: 't-1', contextId: 'c-1', status: { state: 'completed' } };
      console.log(JSON.stringify({
        variants: Object.keys(variants), defaultVariant,
        a2aTypes: Object.keys(a2a.schemas).length,
        a2aTask: Value.Check(a2a.schemas.Task, task),
        binduTask: Value.Check(bindu.schemas.Task, task),
        binduMethods: bindu.methods.length,
      }));`;
    const result = runNode(['--input-type=module', '-e', script]);
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout);
    expect(out).toMatchObject({ variants: ['a2a', 'bindu', 'aion'], defaultVariant: 'bindu', a2aTypes: 93, a2aTask: true, binduTask: false });
    expect(out.binduMethods).toBeGreaterThan(10);
  });

  it("require('bindu-protocol') works from CommonJS", () => {
    const result = runNode(['-e', "const p = require('bindu-protocol'); console.log(Object.keys(p.a2a.schemas).length, p.bindu.methods.length > 10)"]);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('93 true');
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
