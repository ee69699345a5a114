/**
 * The pages of the HTTP+JSON (REST) binding: one per operation of the variant's OpenAPI document
 * (`generated/openapi/<variant>.json`, read from this build's outputs, so a page shows what the
 * document says), linked from the JSON-RPC method that does the same, and linking back. A page
 * shows the body schemas inline (the document's components: the property table of each body, and
 * of every definition it reaches when that schema set has no pages of its own), the document's
 * first example of each body (a conformance case), a `curl` line built from the examples, and
 * the variant switch to the same operation in the other variants.
 */
import type { MethodSpec } from '../../schemas/variant.js';
import { ID_BASE, directRefs, rewriteRefs, type JsonSchema } from '../lib/json-schema.js';
import { badge, esc, inline, jsonBlock, page, paths, rootPrefix, type VariantLink } from './html.js';
import type { VariantDoc } from './model.js';
import { constraintNotes, objectConstraints, propertyRows, shapeOf, typeHtml, valuesHtml, type Linker } from './schema-render.js';

type Json = Record<string, unknown>;

/** Where an OpenAPI document keeps its schemas. */
const COMPONENTS = '#/components/schemas/';

export interface RestOperationDoc {
  readonly operationId: string;
  readonly verb: string;
  readonly path: string;
  readonly operation: Json;
  /** The document's `components.schemas` (each marked `x-json-schema-id`). */
  readonly schemas: Readonly<Record<string, JsonSchema>>;
  /** The default base URL of the document's server. */
  readonly base: string;
}

/** The operations of an OpenAPI document, in document order. */
export function restOperations(document: Json | undefined): RestOperationDoc[] {
  if (!document) return [];
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, JsonSchema>;
  const server = ((document.servers as Json[] | undefined) ?? [])[0];
  const variables = (server?.variables ?? {}) as Record<string, { default?: string }>;
  const base = String(server?.url ?? '').replace(/\{([^}]+)\}/g, (_all, name: string) => variables[name]?.default ?? '');
  const out: RestOperationDoc[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [verb, operation] of Object.entries(item as Record<string, Json>)) {
      out.push({
        operationId: (operation as Json).operationId as string,
        verb: verb.toUpperCase(),
        path,
        operation: operation as Json,
        schemas,
        base,
      });
    }
  }
  return out;
}

/** The operations that do what a JSON-RPC method does. */
export function operationsOfMethod(operations: readonly RestOperationDoc[], method: MethodSpec): RestOperationDoc[] {
  return operations.filter((op) => op.operation['x-a2a-method'] === method.method);
}

/** A component: the published set and type its `x-json-schema-id` names, and its schema with bare-name refs. */
interface Component {
  readonly name: string;
  readonly set: string;
  readonly type: string;
  readonly schema: JsonSchema;
}

function component(op: RestOperationDoc, name: string): Component | undefined {
  const schema = op.schemas[name];
  const id = schema?.['x-json-schema-id'];
  if (!schema || typeof id !== 'string' || !id.startsWith(ID_BASE)) return undefined;
  const [set, type] = id
    .slice(ID_BASE.length)
    .replace(/\.json$/, '')
    .split('/') as [string, string];
  const bare = rewriteRefs(schema, (ref) => (ref.startsWith(COMPONENTS) ? ref.slice(COMPONENTS.length) : ref));
  delete bare['x-json-schema-id'];
  return { name, set, type, schema: bare };
}

/** Everything a page needs to link a component: to its type page, or to its table on this page. */
interface Links {
  readonly root: string;
  /** The variants with pages of their own. */
  readonly sites: ReadonlySet<string>;
  readonly op: RestOperationDoc;
}

function href(links: Links, c: Component): string {
  return links.sites.has(c.set) ? links.root + paths.type(c.set, c.type) : `#def-${c.name}`;
}

const linkerOf =
  (links: Links): Linker =>
  (name) => {
    const c = component(links.op, name);
    return c ? href(links, c) : undefined;
  };

/** A schema as a short label, components linked. */
function schemaHtml(v: VariantDoc, links: Links, schema: JsonSchema | undefined): string {
  if (!schema) return '—';
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith(COMPONENTS)) {
    const c = component(links.op, schema.$ref.slice(COMPONENTS.length));
    if (!c) return esc(schema.$ref);
    const where = c.set === v.name ? '' : ` <span class="muted">(${esc(c.set)})</span>`;
    return `<a href="${esc(href(links, c))}"><code>${esc(c.type)}</code></a>${where}`;
  }
  if (schema.type === 'array' && schema.items) return `array of ${schemaHtml(v, links, schema.items as JsonSchema)}`;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map((member) => schemaHtml(v, links, member)).join(' or ');
  const parts = [typeof schema.type === 'string' ? schema.type : 'value'];
  for (const k of ['minLength', 'minimum', 'maxProperties'] as const) if (schema[k] !== undefined) parts.push(`${k} ${String(schema[k])}`);
  return `<code>${esc(parts.join(', '))}</code>`;
}

/** The component a body schema names (an array's items for a list), if any. */
function bodyComponent(op: RestOperationDoc, schema: JsonSchema | undefined): Component | undefined {
  const target = schema?.type === 'array' ? (schema.items as JsonSchema | undefined) : schema;
  const ref = target?.$ref;
  return typeof ref === 'string' && ref.startsWith(COMPONENTS) ? component(op, ref.slice(COMPONENTS.length)) : undefined;
}

/** The definition of a component, as a table: its properties, its members, or its type. */
function definitionHtml(c: Component, links: Links, idPrefix: string): string {
  const link = linkerOf(links);
  const describe = (text: unknown) =>
    typeof text === 'string' ? inline(text, (code) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(code) ? link(code) : undefined)) : '';
  const schema = c.schema;
  const shape = shapeOf(schema);
  const out: string[] = [];
  if (typeof schema.description === 'string') out.push(`<p>${describe(schema.description)}</p>`);
  if (shape === 'object') {
    const rows = propertyRows(schema)
      .map((row) => {
        const notes = constraintNotes(row.schema);
        const values = valuesHtml(row.schema);
        const flags = [
          row.schema.deprecated === true ? badge('deprecated', 'deprecated') : '',
          notes.length > 0 ? `<span class="constraints">${esc(notes.join('; '))}</span>` : '',
        ]
          .filter(Boolean)
          .join(' ');
        return [
          `<tr id="${esc(`${idPrefix}${row.id}`)}" class="depth-${row.depth}">`,
          `<td class="prop"><code>${esc(row.name)}</code>${row.alsoAs ? `<div class="also">also accepted as <code>${esc(row.alsoAs)}</code></div>` : ''}</td>`,
          `<td class="type">${typeHtml(row.schema, link)}${flags ? `<div>${flags}</div>` : ''}</td>`,
          `<td class="req">${row.required ? '<span class="required">required</span>' : 'optional'}</td>`,
          `<td class="desc">${describe(row.schema.description)}${values ? `<div class="values">values: ${values}</div>` : ''}</td></tr>`,
        ].join('');
      })
      .join('\n');
    out.push(
      rows
        ? `<div class="table-wrap"><table class="props">
<thead><tr><th>property</th><th>type</th><th>required</th><th>description</th></tr></thead>
<tbody>\n${rows}\n</tbody></table></div>`
        : '<p class="muted">No properties are declared.</p>',
    );
    const constraints = objectConstraints(schema, link);
    if (constraints.length > 0) out.push(`<ul class="constraints-list">${constraints.map((text) => `<li>${text}</li>`).join('')}</ul>`);
  } else if (shape === 'union' || shape === 'enum') {
    const member = (m: JsonSchema) =>
      `<li>${typeHtml(m, link)}${valuesHtml(m) ? `: ${valuesHtml(m)}` : ''}${m.description ? ` — ${describe(m.description)}` : ''}</li>`;
    const members = ((schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined) ?? [];
    const values = valuesHtml(schema);
    out.push(members.length > 0 ? `<ul>${members.map(member).join('')}</ul>` : `<p>values: ${values}</p>`);
  } else {
    out.push(`<p>${typeHtml(schema, link)}</p>`);
  }
  return out.join('\n');
}

/**
 * The definitions the bodies reach, when their schema set has no pages of its own (v0.3's
 * `a2a-rest`): each once, in a closed section at the end of the page, the target of the links.
 */
function definitionsHtml(bodies: readonly Component[], links: Links): string {
  const shown = new Set(bodies.map((c) => c.name));
  const reached: Component[] = [];
  const seen = new Set<string>();
  const stack = bodies.filter((c) => !links.sites.has(c.set)).flatMap((c) => [...directRefs(c.schema)]);
  while (stack.length > 0) {
    const name = stack.shift()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const next = component(links.op, name);
    if (!next || links.sites.has(next.set)) continue;
    if (!shown.has(name)) reached.push(next);
    stack.push(...directRefs(next.schema));
  }
  if (reached.length === 0) return '';
  const sections = reached
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(
      (r) =>
        `<section id="def-${esc(r.name)}" class="definition"><h3><code>${esc(r.type)}</code> <span class="muted">(${esc(r.set)})</span></h3>
${definitionHtml(r, links, `def-${r.name}-`)}</section>`,
    )
    .join('\n');
  return `<h2 id="definitions">Definitions</h2>
<details class="definitions"><summary>The ${reached.length} definitions the bodies use
(schema set <code>${esc(reached[0]!.set)}</code>, no pages of its own)</summary>
${sections}
</details>`;
}

/** A body inline, under the id its links use (once per page). */
function bodyHtml(c: Component, links: Links, id: string, placed: Set<string>): string {
  const own = definitionHtml(c, links, `${id}-`);
  if (links.sites.has(c.set) || placed.has(c.name)) return own;
  placed.add(c.name);
  return `<div id="def-${esc(c.name)}">\n${own}\n</div>`;
}

/** The shortest example of a media type (the easiest to read and to paste): its value and the case it comes from. */
function firstExample(media: Json | undefined): { value: unknown; description: string } | undefined {
  const all = Object.values((media?.examples ?? {}) as Record<string, Json>);
  const size = (example: Json) => JSON.stringify(example.value).length;
  const shortest = all.reduce<Json | undefined>(
    (best, example) => (best === undefined || size(example) < size(best) ? example : best),
    undefined,
  );
  return shortest ? { value: shortest.value, description: String(shortest.description ?? '') } : undefined;
}

function exampleHtml(example: { value: unknown; description: string } | undefined, sse = false): string {
  if (!example) return '';
  const block = sse ? `<pre class="json sse"><code>${esc(String(example.value))}</code></pre>` : jsonBlock(example.value);
  return `<div class="example"><div class="example-head">Example. ${inline(example.description)}</div>\n${block}\n</div>`;
}

/** A shell word in single quotes. */
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The `curl` command of the operation, its parameters and body taken from the document's examples. */
export function curlCommand(op: RestOperationDoc): string {
  const parameters = (op.operation.parameters as Json[] | undefined) ?? [];
  const value = (p: Json) => (p.example !== undefined ? String(p.example) : String(p.name).toUpperCase());
  let path = op.path;
  for (const p of parameters.filter((p) => p.in === 'path')) path = path.replace(`{${String(p.name)}}`, encodeURIComponent(value(p)));
  const query = parameters
    .filter((p) => p.in === 'query' && p.example !== undefined)
    .map((p) => `${encodeURIComponent(String(p.name))}=${encodeURIComponent(value(p))}`);
  const url = `${op.base}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const streaming = op.operation['x-streaming'] === true;
  const lines = [`curl${streaming ? ' -N' : ''} -X ${op.verb} ${quote(url)}`];
  if (streaming) lines.push(`-H ${quote('Accept: text/event-stream')}`);
  const body = firstExample(
    ((op.operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json'],
  );
  if (body) lines.push(`-H ${quote('Content-Type: application/json')}`, `-d ${quote(JSON.stringify(body.value))}`);
  return lines.join(' \\\n  ');
}

export function restPage(v: VariantDoc, op: RestOperationDoc, all: ReadonlyMap<string, readonly RestOperationDoc[]> = new Map()): string {
  const path = paths.rest(v.name, op.operationId);
  const root = rootPrefix(path);
  const links: Links = { root, sites: new Set([v.name, ...all.keys()]), op };
  const o = op.operation;
  const method = typeof o['x-a2a-method'] === 'string' ? (o['x-a2a-method'] as string) : undefined;
  const streaming = o['x-streaming'] === true;
  const parameters = ((o.parameters as Json[] | undefined) ?? [])
    .map((p) =>
      [
        `<tr><td><code>${esc(p.name as string)}</code></td><td>${esc(p.in as string)}</td><td>${p.required ? 'yes' : 'no'}</td>`,
        `<td>${schemaHtml(v, links, p.schema as JsonSchema)}</td><td>${inline((p.description as string) ?? '')}`,
        `${p.example !== undefined ? `<div class="values">example: <code>${esc(JSON.stringify(p.example))}</code></div>` : ''}</td></tr>`,
      ].join(''),
    )
    .join('\n');
  const requestMedia = ((o.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json'];
  const requestSchema = requestMedia?.schema as JsonSchema | undefined;
  const request = bodyComponent(op, requestSchema);
  const requestRequired = (o.requestBody as Json | undefined)?.required === true;
  const answers = Object.entries(o.responses as Record<string, Json>);
  const responses = answers
    .map(([status, answer]) => {
      const content = answer.content as Record<string, Json> | undefined;
      const media = content ? Object.keys(content)[0]! : undefined;
      const schema =
        media === 'text/event-stream'
          ? (content![media]!['x-sse-data'] as JsonSchema)
          : media
            ? (content![media]!.schema as JsonSchema)
            : undefined;
      const errors = (answer['x-a2a-errors'] as { error: string; code?: number }[] | undefined) ?? [];
      const what =
        errors.length > 0
          ? errors
              .map(
                (e) =>
                  `${v.definitions.has(e.error) ? `<a href="${esc(root + paths.type(v.name, e.error))}">${esc(e.error)}</a>` : esc(e.error)}${e.code !== undefined ? ` (<code>${e.code}</code>)` : ''}`,
              )
              .join(', ')
          : inline(answer.description as string);
      const shape = media === 'text/event-stream' ? `a stream of ${schemaHtml(v, links, schema)} events` : schemaHtml(v, links, schema);
      return `<tr id="status-${esc(status)}"><td><code>${esc(status)}</code></td><td>${media ? `<code>${esc(media)}</code>` : '—'}</td><td>${shape}</td><td>${what}</td></tr>`;
    })
    .join('\n');
  // The success body: the first 2xx answer with content.
  const success = answers.find(([status, answer]) => status.startsWith('2') && answer.content)?.[1];
  const successContent = success?.content as Record<string, Json> | undefined;
  const successMedia = successContent ? Object.keys(successContent)[0] : undefined;
  const successSchema =
    successMedia === 'text/event-stream'
      ? (successContent![successMedia]!['x-sse-data'] as JsonSchema)
      : (successContent?.[successMedia ?? '']?.schema as JsonSchema | undefined);
  const response = bodyComponent(op, successSchema);
  const placed = new Set<string>();
  const switcher: VariantLink[] = [...all].map(([name, operations]) => ({
    name,
    current: name === v.name,
    ...(operations.some((other) => other.operationId === op.operationId)
      ? { path: paths.rest(name, op.operationId) }
      : { title: `${op.operationId} is not an operation of ${name}` }),
  }));
  const html = `<h1><code>${esc(op.verb)} ${esc(op.path)}</code> ${badge('HTTP+JSON', 'method')}${streaming ? ` ${badge('streaming (SSE)', 'streaming')}` : ''} ${badge(v.name, 'variant')}</h1>
<p class="summary">${inline((o.summary as string) ?? '')}</p>
<dl class="facts">
<dt>operationId</dt><dd><code>${esc(op.operationId)}</code> (<code>validate --variant ${esc(v.name)} --operation ${esc(op.operationId)}</code>)</dd>
<dt>rpc</dt><dd><code>${esc(((o.tags as string[] | undefined) ?? [])[0] ?? '')}</code></dd>
<dt>JSON-RPC method</dt><dd>${method ? `<a href="${esc(root + paths.method(v.name, method))}"><code>${esc(method)}</code></a>` : 'none: the binding has no JSON-RPC counterpart'}</dd>
<dt>source</dt><dd>${esc(String(o['x-a2a-source']))}</dd>
<dt>OpenAPI</dt><dd><a href="${esc(root + paths.openapi(v.name))}">openapi/${esc(v.name)}.json</a>, operation <code>${esc(op.operationId)}</code></dd>
</dl>
<h2 id="curl">curl</h2>
<p>With the parameters and the request body of the examples on this page; the base URL is the agent's HTTP+JSON
interface, from its card.</p>
<div class="example curl"><pre class="json curl"><code>${esc(curlCommand(op))}</code></pre></div>
<h2 id="parameters">Parameters</h2>
${parameters ? `<div class="table-wrap"><table><thead><tr><th>name</th><th>in</th><th>required</th><th>schema</th><th>meaning</th></tr></thead><tbody>\n${parameters}\n</tbody></table></div>` : '<p>None.</p>'}
<h2 id="request-body">Request body</h2>
${
  requestMedia
    ? `<p>${schemaHtml(v, links, requestSchema)} (<code>application/json</code>, ${requestRequired ? 'required' : 'optional'})</p>
${request ? bodyHtml(request, links, 'request', placed) : ''}
${exampleHtml(firstExample(requestMedia))}`
    : '<p>None.</p>'
}
<h2 id="responses">Responses</h2>
<div class="table-wrap"><table><thead><tr><th>status</th><th>content</th><th>body</th><th>when</th></tr></thead><tbody>
${responses}
</tbody></table></div>
${
  successMedia
    ? `<h3 id="response-body">Response body${successMedia === 'text/event-stream' ? ': each event' : ''}</h3>
<p>${
        successMedia === 'text/event-stream'
          ? `A Server-Sent Events stream; the <code>data</code> of each event is a ${schemaHtml(v, links, successSchema)}.`
          : `${schemaHtml(v, links, successSchema)} (<code>${esc(successMedia)}</code>)`
      }</p>
${response ? bodyHtml(response, links, 'response', placed) : ''}
${exampleHtml(firstExample(successContent![successMedia]), successMedia === 'text/event-stream')}`
    : ''
}
${definitionsHtml(
  [request, response].filter((c): c is Component => c !== undefined),
  links,
)}`;
  return page({
    path,
    title: `${op.operationId} (${v.name}, HTTP+JSON)`,
    variant: v.name,
    crumbs: [['Home', paths.home], [v.name, paths.variant(v.name)], ['HTTP+JSON', `${paths.variant(v.name)}#rest`], [op.operationId]],
    variants: switcher,
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
