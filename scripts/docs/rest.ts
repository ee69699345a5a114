/**
 * The pages of the HTTP+JSON (REST) binding: one per operation of the variant's OpenAPI document
 * (`generated/openapi/<variant>.json`, read from this build's outputs, so a page shows what the
 * document says), linked from the JSON-RPC method that does the same, and linking back.
 */
import type { MethodSpec } from '../../schemas/variant.js';
import { ID_BASE, type JsonSchema } from '../lib/json-schema.js';
import { badge, esc, inline, page, paths, rootPrefix } from './html.js';
import type { VariantDoc } from './model.js';

type Json = Record<string, unknown>;

export interface RestOperationDoc {
  readonly operationId: string;
  readonly verb: string;
  readonly path: string;
  readonly operation: Json;
}

/** The operations of an OpenAPI document, in document order. */
export function restOperations(document: Json | undefined): RestOperationDoc[] {
  if (!document) return [];
  const out: RestOperationDoc[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [verb, operation] of Object.entries(item as Record<string, Json>)) {
      out.push({ operationId: (operation as Json).operationId as string, verb: verb.toUpperCase(), path, operation: operation as Json });
    }
  }
  return out;
}

/** The operations that do what a JSON-RPC method does. */
export function operationsOfMethod(operations: readonly RestOperationDoc[], method: MethodSpec): RestOperationDoc[] {
  return operations.filter((op) => op.operation['x-a2a-method'] === method.method);
}

/** A link (site-relative, from the root) to what a `$ref` names: the type's page in this variant, else its published file. */
function refLink(v: VariantDoc, ref: string, root: string): string {
  if (!ref.startsWith(ID_BASE)) return esc(ref);
  const [set, type] = ref.slice(ID_BASE.length).replace(/\.json$/, '').split('/') as [string, string];
  const href = set === v.name && v.definitions.has(type) ? root + paths.type(v.name, type) : root + paths.schemaFile(set, type);
  return `<a href="${esc(href)}"><code>${esc(type)}</code></a>${set === v.name ? '' : ` <span class="muted">(${esc(set)})</span>`}`;
}

function schemaHtml(v: VariantDoc, schema: JsonSchema | undefined, root: string): string {
  if (!schema) return '—';
  if (typeof schema.$ref === 'string') return refLink(v, schema.$ref, root);
  if (schema.type === 'array' && schema.items) return `array of ${schemaHtml(v, schema.items as JsonSchema, root)}`;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map((member) => schemaHtml(v, member, root)).join(' or ');
  const parts = [typeof schema.type === 'string' ? schema.type : 'value'];
  for (const k of ['minLength', 'minimum', 'maxProperties'] as const) if (schema[k] !== undefined) parts.push(`${k} ${String(schema[k])}`);
  return `<code>${esc(parts.join(', '))}</code>`;
}

const code = (text: string) => inline(text, () => undefined);

export function restPage(v: VariantDoc, op: RestOperationDoc): string {
  const path = paths.rest(v.name, op.operationId);
  const root = rootPrefix(path);
  const o = op.operation;
  const method = typeof o['x-a2a-method'] === 'string' ? (o['x-a2a-method'] as string) : undefined;
  const streaming = o['x-streaming'] === true;
  const parameters = ((o.parameters as Json[] | undefined) ?? [])
    .map((p) => `<tr><td><code>${esc(p.name as string)}</code></td><td>${esc(p.in as string)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${schemaHtml(v, p.schema as JsonSchema, root)}</td><td>${code((p.description as string) ?? '')}</td></tr>`)
    .join('\n');
  const body = (o.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const responses = Object.entries(o.responses as Record<string, Json>)
    .map(([status, answer]) => {
      const content = answer.content as Record<string, Json> | undefined;
      const media = content ? Object.keys(content)[0]! : undefined;
      const schema = media === 'text/event-stream' ? (content![media]!['x-sse-data'] as JsonSchema) : media ? (content![media]!.schema as JsonSchema) : undefined;
      const errors = (answer['x-a2a-errors'] as { error: string; code?: number }[] | undefined) ?? [];
      const what = errors.length > 0
        ? errors.map((e) => `${v.definitions.has(e.error) ? `<a href="${esc(root + paths.type(v.name, e.error))}">${esc(e.error)}</a>` : esc(e.error)}${e.code !== undefined ? ` (<code>${e.code}</code>)` : ''}`).join(', ')
        : code(answer.description as string);
      const shape = media === 'text/event-stream' ? `a stream of ${schemaHtml(v, schema, root)} events` : schemaHtml(v, schema, root);
      return `<tr id="status-${esc(status)}"><td><code>${esc(status)}</code></td><td>${media ? `<code>${esc(media)}</code>` : '—'}</td><td>${shape}</td><td>${what}</td></tr>`;
    })
    .join('\n');
  const html = `<h1><code>${esc(op.verb)} ${esc(op.path)}</code> ${badge('HTTP+JSON', 'method')}${streaming ? ` ${badge('streaming (SSE)', 'streaming')}` : ''} ${badge(v.name, 'variant')}</h1>
<p class="summary">${code((o.summary as string) ?? '')}</p>
<dl class="facts">
<dt>operationId</dt><dd><code>${esc(op.operationId)}</code> (<code>validate --variant ${esc(v.name)} --operation ${esc(op.operationId)}</code>)</dd>
<dt>rpc</dt><dd><code>${esc(((o.tags as string[] | undefined) ?? [])[0] ?? '')}</code></dd>
<dt>JSON-RPC method</dt><dd>${method ? `<a href="${esc(root + paths.method(v.name, method))}"><code>${esc(method)}</code></a>` : 'none: the binding has no JSON-RPC counterpart'}</dd>
<dt>source</dt><dd>${esc(String(o['x-a2a-source']))}</dd>
<dt>OpenAPI</dt><dd><a href="${esc(root + paths.openapi(v.name))}">openapi/${esc(v.name)}.json</a>, operation <code>${esc(op.operationId)}</code></dd>
</dl>
<h2 id="parameters">Parameters</h2>
${parameters ? `<div class="table-wrap"><table><thead><tr><th>name</th><th>in</th><th>required</th><th>schema</th><th>meaning</th></tr></thead><tbody>\n${parameters}\n</tbody></table></div>` : '<p>None.</p>'}
<h2 id="request-body">Request body</h2>
${body ? `<p>${schemaHtml(v, body['application/json']!.schema as JsonSchema, root)} (<code>application/json</code>, ${(o.requestBody as Json).required ? 'required' : 'optional'})</p>` : '<p>None.</p>'}
<h2 id="responses">Responses</h2>
<div class="table-wrap"><table><thead><tr><th>status</th><th>content</th><th>body</th><th>when</th></tr></thead><tbody>
${responses}
</tbody></table></div>`;
  return page({
    path,
    title: `${op.operationId} (${v.name}, HTTP+JSON)`,
    variant: v.name,
    crumbs: [['Home', paths.home], [v.name, paths.variant(v.name)], ['HTTP+JSON', `${paths.variant(v.name)}#rest`], [op.operationId]],
    variants: [],
    body: html,
  });
}

/** The facts row of a method page: its REST operations. */
export function methodRestLinks(operations: readonly RestOperationDoc[], v: VariantDoc, root: string): string {
  if (operations.length === 0) return '';
  return `<dt>HTTP+JSON</dt><dd>${operations.map((op) => `<a href="${esc(root + paths.rest(v.name, op.operationId))}"><code>${esc(op.verb)} ${esc(op.path)}</code></a>`).join(', ')}</dd>\n`;
}

/** The variant page's section listing the operations. */
export function variantRestSection(operations: readonly RestOperationDoc[], v: VariantDoc, root: string): string {
  if (operations.length === 0) return '';
  const rows = operations
    .map((op) => {
      const method = op.operation['x-a2a-method'] as string | undefined;
      return `<tr><td><a href="${esc(root + paths.rest(v.name, op.operationId))}"><code>${esc(op.verb)} ${esc(op.path)}</code></a></td><td><code>${esc(op.operationId)}</code></td><td>${method ? `<a href="${esc(root + paths.method(v.name, method))}"><code>${esc(method)}</code></a>` : '—'}</td></tr>`;
    })
    .join('\n');
  return `<h2 id="rest">HTTP+JSON operations</h2>
<p>The REST binding (<a href="${esc(root + paths.openapi(v.name))}">openapi/${esc(v.name)}.json</a>).</p>
<div class="table-wrap"><table><thead><tr><th>operation</th><th>operationId</th><th>JSON-RPC method</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
}
