/**
 * Checks on generated outputs, run by the build before anything is written:
 * - every JSON Schema file is valid against the 2020-12 meta-schema and compiles under ajv's
 *   strict mode (which rejects unknown keywords and formats), with no nested `$id` in bundles;
 * - every OpenRPC document is valid against the OpenRPC meta-schema and dereferences with no
 *   dangling `$ref` (the validator alone does not catch those).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parseOpenRPCDocument, validateOpenRPCDocument } from '@open-rpc/schema-utils-js';
import type { OpenrpcDocument } from '@open-rpc/meta-schema';
import { addFormats } from '../../src/engine/formats.js';
import { walkSchema, type JsonSchema } from './json-schema.js';

/** A fresh ajv for 2020-12 with the package's formats (src/engine/formats.ts, as the validators have them). */
export function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

export function checkJsonSchemaFiles(files: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [path, text] of files) {
    if (!path.startsWith('generated/json-schema/') || !path.endsWith('.json')) continue;
    const schema = JSON.parse(text) as JsonSchema;
    const ajv = strictAjv();
    if (!ajv.validateSchema(schema)) {
      problems.push(`${path}: not valid against the 2020-12 meta-schema: ${ajv.errorsText(ajv.errors)}`);
      continue;
    }
    walkSchema(schema, (node, pointer) => {
      if (pointer !== '' && node.$id !== undefined) problems.push(`${path}: nested $id at ${pointer}`);
    });
    try {
      ajv.compile(schema);
    } catch (error) {
      problems.push(`${path}: does not compile under ajv strict mode: ${(error as Error).message}`);
    }
  }
  return problems;
}

/** Every `$ref` in a document that does not point at something inside it. */
function danglingPointers(document: JsonSchema): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) return value.forEach(visit);
    const ref = (value as JsonSchema).$ref;
    if (typeof ref === 'string') {
      if (!ref.startsWith('#/')) out.push(ref);
      else {
        let target: unknown = document;
        for (const token of ref.slice(2).split('/')) {
          const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
          target = typeof target === 'object' && target !== null ? (target as JsonSchema)[key] : undefined;
        }
        if (target === undefined) out.push(ref);
      }
    }
    Object.values(value).forEach(visit);
  };
  visit(document);
  return out;
}

export async function checkOpenrpcFiles(files: Map<string, string>): Promise<string[]> {
  const problems: string[] = [];
  for (const [path, text] of files) {
    if (!(path.startsWith('generated/openrpc/') || path === 'openrpc.json')) continue;
    const document = JSON.parse(text) as OpenrpcDocument;
    const valid = validateOpenRPCDocument(document);
    if (valid !== true) problems.push(`${path}: not a valid OpenRPC document: ${(valid as Error).message}`);
    for (const ref of danglingPointers(document as unknown as JsonSchema)) problems.push(`${path}: dangling $ref ${ref}`);
    try {
      await parseOpenRPCDocument(JSON.parse(text), { dereference: true });
    } catch (error) {
      problems.push(`${path}: does not dereference: ${(error as Error).message}`);
    }
  }
  return problems;
}
