/**
 * The pages of the reference site. Each function returns the HTML of one page; links are
 * site-relative paths turned relative to the page by `page()` (and `{root}` in diagram HTML).
 */
import type { MethodSpec } from '../../schemas/variant.js';
import { PARTS, type Part, type ResolvedCase } from '../../src/library/conformance/fixture.js';
import { ID_BASE, directRefs, type JsonSchema } from '../lib/json-schema.js';
import { placeDiagram, type Diagram } from './diagrams.js';
import { methodEquivalents, typeEquivalents, wireOf, type Equivalent } from './equivalents.js';
import { anchor, badge, esc, firstSentence, inline, jsonBlock, page, paths, rootPrefix, type VariantLink } from './html.js';
import { paramsSchema, partKey, resultSchema, typeKey, type SiteModel, type VariantDoc } from './model.js';
import { revisionChanges, revisionPairs } from './revisions.js';
import { revisionRules, isSpecRevision } from '../../schemas/spec-revisions.js';
import { specRevisionOf } from '../../schemas/variant-table.js';
import { methodRestLinks, operationsOfMethod, variantRestSection, type RestOperationDoc } from './rest.js';
import {
  constraintNotes,
  differences,
  enumValues,
  identical,
  objectConstraints,
  propertyRows,
  shapeOf,
  typeHtml,
  valuesHtml,
  type Linker,
} from './schema-render.js';

/** How many examples a page shows per target. */
const TYPE_EXAMPLES = 3;
const PART_EXAMPLES = 2;
/** The parts a method page shows examples of. */
const EXAMPLE_PARTS: readonly Part[] = ['request', 'result', 'error'];

export interface SiteContext {
  readonly model: SiteModel;
  /** Diagrams by variant. */
  readonly diagrams: ReadonlyMap<string, readonly Diagram[]>;
  /** The operations of each variant's HTTP+JSON binding (its OpenAPI document), if it has one. */
  readonly rest?: ReadonlyMap<string, readonly RestOperationDoc[]>;
  /** Whether the build published an OpenAPI document for the variant. */
  readonly hasOpenApi?: (variant: string) => boolean;
}

function linker(v: VariantDoc, root: string): Linker {
  return (name) => (v.definitions.has(name) ? root + paths.type(v.name, name) : undefined);
}

/** A description with `TypeName` code spans linked to the variant's type pages. */
function describe(text: string | undefined, link: Linker): string {
  return text ? inline(text, (code) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(code) ? link(code) : undefined)) : '';
}

function switcher(
  ctx: SiteContext,
  current: string | undefined,
  target: (v: VariantDoc) => string | undefined | { path?: string; title?: string },
  what: string,
): VariantLink[] {
  return ctx.model.variants.map((v) => {
    const found = target(v);
    const { path, title } = typeof found === 'object' ? found : { path: found, title: undefined };
    return {
      name: v.name,
      current: v.name === current,
      ...(path ? { path, ...(title ? { title } : {}) } : { title: `${what} is not defined in ${v.name}` }),
    };
  });
}

const variantIndexes = (ctx: SiteContext, current?: string) => switcher(ctx, current, (v) => paths.variant(v.name), '');

function kindBadge(v: VariantDoc, name: string, schema: JsonSchema): string {
  const error = v.errorByName.get(name);
  if (error) return badge(`error ${error.code}`, 'error');
  return badge(shapeOf(schema), shapeOf(schema));
}

function exampleBlock(ctx: SiteContext, c: ResolvedCase, v: VariantDoc): string {
  const extras = v.extras.get(c.fullId);
  const known = new Set(ctx.model.specNotes.headings.flatMap((h) => (h.entry ? [h.entry] : [])));
  const spec = extras?.spec ? `<div class="example-spec">source: ${specLinks(extras.spec, known)}</div>` : '';
  const note = extras?.note ? `<div class="example-note">${inline(extras.note)}</div>` : '';
  return `<div class="example" data-example-id="${esc(c.fullId)}">
<div class="example-head"><code class="case-id">${esc(c.fullId)}</code> <span>${inline(c.description)}</span></div>${spec}${note}
${jsonBlock(c.data)}
</div>`;
}

/**
 * Text with `SPEC-NOTES X-n` references linked to the decisions page (root-relative, patched by
 * the caller); an id SPEC-NOTES does not have stays plain text.
 */
/** The public source of each seed page the fixtures cite as `seeds/00n` (see the head of SPEC-NOTES.md). */
const SEEDS: Readonly<Record<string, readonly [string, string]>> = {
  '000': ['https://docs.getbindu.com/', 'the Bindu documentation, "Contexts"'],
  '001': ['https://docs.getbindu.com/', 'the Bindu documentation, the protocol types guide'],
  '002': ['https://docs.getbindu.com/', 'the Bindu documentation, parts, messages and artifacts'],
  '003': [
    'https://github.com/Terminal-Research/aion-python-sdk/blob/6c97e67/docs/a2a_extensions/json_rpc/context.md',
    'the aion SDK, docs/a2a_extensions/json_rpc/context.md at 6c97e67',
  ],
  '004': ['https://docs.aion.to/extensions/aion/context/get-context/1.0.0', 'the aion GetContext extension 1.0.0'],
};

function specLinks(text: string, known: ReadonlySet<string>): string {
  return esc(text)
    .replace(/seeds\/(00[0-4])\b/g, (_whole, n: string) => {
      const [href, title] = SEEDS[n]!;
      return `<a href="${href}" title="${esc(title)}">seed ${n}</a>`;
    })
    .replace(
      /SPEC-NOTES ((?:[A-Z][A-Z0-9]*-\d+)(?:(?:, | and | or )[A-Z][A-Z0-9]*-\d+)*)/g,
      (_whole, ids: string) =>
        `SPEC-NOTES ${ids.replace(/[A-Z][A-Z0-9]*-\d+/g, (id) => (known.has(id) ? `<a href="{root}${paths.specNotes}#${id.toLowerCase()}">${id}</a>` : id))}`,
    );
}

/** The facts row linking a type's or method's equivalents on the other A2A wire (empty when none). */
function equivalentsRow(v: VariantDoc, found: readonly Equivalent[], root: string): string {
  if (found.length === 0) return '';
  const other = wireOf(v) === 'v0.3' ? 'A2A v1.0' : 'A2A v0.3';
  const byName = new Map<string, Equivalent[]>();
  for (const e of found) byName.set(e.name, [...(byName.get(e.name) ?? []), e]);
  const items = [...byName].map(
    ([name, list]) =>
      `<code>${esc(name)}</code> in ${list.map((e) => `<a class="equivalent" href="${esc(root + e.path)}">${esc(e.variant)}</a>`).join(' · ')}`,
  );
  return `<dt>on ${other}</dt><dd>${items.join('; ')}</dd>\n`;
}

/** The variant switch of a page: the same name where the variant has it, else its equivalent on the other wire. */
function switchTo(found: readonly Equivalent[], same: (o: VariantDoc) => string | undefined) {
  return (o: VariantDoc): { path?: string; title?: string } => {
    const path = same(o);
    if (path) return { path };
    const e = found.find((x) => x.variant === o.name);
    return e ? { path: e.path, title: `${e.name} in ${o.name}` } : {};
  };
}

function withRoot(html: string, root: string): string {
  return html.replaceAll('{root}', root);
}

function list(items: readonly string[], empty = '—'): string {
  return items.length > 0 ? items.join(', ') : empty;
}

// ---------------------------------------------------------------------------------------------

/** The property table of an object; `idPrefix` keeps row ids unique when a page shows several tables. */
function propertyTable(schema: JsonSchema, link: Linker, idPrefix = ''): string {
  const rows = propertyRows(schema).map((row) => ({ ...row, id: `${idPrefix}${row.id}` }));
  if (rows.length === 0) return '<p class="muted">No properties are declared.</p>';
  const body = rows
    .map((row) => {
      const notes = constraintNotes(row.schema);
      const flags = [
        row.schema.deprecated === true ? badge('deprecated', 'deprecated') : '',
        notes.length > 0 ? `<span class="constraints">${esc(notes.join('; '))}</span>` : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `<tr id="${esc(row.id)}" class="depth-${row.depth}">
<td class="prop"><a class="self" href="#${esc(row.id)}"><code>${esc(row.name)}</code></a>${row.alsoAs ? `<div class="also">also accepted as <code>${esc(row.alsoAs)}</code></div>` : ''}</td>
<td class="type">${typeHtml(row.schema, link)}${flags ? `<div>${flags}</div>` : ''}</td>
<td class="req">${row.required ? '<span class="required">required</span>' : 'optional'}</td>
<td class="desc">${describe(row.schema.description as string | undefined, link)}${valuesHtml(row.schema) ? `<div class="values">values: ${valuesHtml(row.schema)}</div>` : ''}</td>
</tr>`;
    })
    .join('\n');
  return `<div class="table-wrap"><table class="props">
<thead><tr><th>property</th><th>type</th><th>required</th><th>description</th></tr></thead>
<tbody>
${body}
</tbody>
</table></div>`;
}

function unionTable(schema: JsonSchema, v: VariantDoc, link: Linker): string {
  const members = ((schema.anyOf ?? schema.oneOf) as JsonSchema[]) ?? [];
  const rows = members
    .map((member) => {
      const description =
        typeof member.$ref === 'string'
          ? (v.definitions.get(member.$ref)?.description as string | undefined)
          : (member.description as string | undefined);
      const values = valuesHtml(member);
      return `<tr><td class="type">${typeHtml(member, link)}</td><td class="desc">${describe(description ? firstSentence(description) : '', link)}${values ? `<div class="values">values: ${values}</div>` : ''}</td></tr>`;
    })
    .join('\n');
  const word = schema.oneOf ? 'exactly one of' : 'any of';
  return `<p>A value of this type matches ${word} these:</p>
<div class="table-wrap"><table class="members"><thead><tr><th>member</th><th>description</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
}

function shapeSection(name: string, schema: JsonSchema, v: VariantDoc, link: Linker): string {
  const shape = shapeOf(schema);
  const out: string[] = [];
  if (shape === 'object') {
    out.push(`<h2 id="properties">Properties</h2>`, propertyTable(schema, link));
    const constraints = objectConstraints(schema, link);
    if (constraints.length > 0)
      out.push(
        `<h3 id="constraints">Constraints</h3><ul class="constraints-list">${constraints.map((c) => `<li>${c}</li>`).join('')}</ul>`,
      );
  } else if (shape === 'union' || (shape === 'enum' && !Array.isArray(schema.enum))) {
    out.push(`<h2 id="members">Members</h2>`, unionTable(schema, v, link));
  } else if (shape === 'enum') {
    out.push(
      `<h2 id="values">Values</h2><ul class="enum-values">${enumValues(schema)
        .map((value) => `<li id="v-${esc(anchor(String(value)))}"><code>${esc(JSON.stringify(value))}</code></li>`)
        .join('')}</ul>`,
    );
  } else if (shape === 'constant') {
    out.push(
      `<h2 id="value">Value</h2><p>Always <code>${esc(JSON.stringify(schema.const))}</code>${typeof schema.type === 'string' ? ` (a ${esc(schema.type)})` : ''}.</p>`,
    );
  } else {
    out.push(
      `<h2 id="shape">Shape</h2><p>${typeHtml(schema, link)}${constraintNotes(schema).length ? ` (${esc(constraintNotes(schema).join('; '))})` : ''}</p>`,
    );
  }
  void name;
  return out.join('\n');
}

function variantsSection(ctx: SiteContext, v: VariantDoc, name: string, schema: JsonSchema, root: string): string {
  const rows = ctx.model.variants.map((other) => {
    const otherSchema = other.definitions.get(name);
    if (other === v) return `<tr class="current"><td><strong>${esc(other.name)}</strong></td><td>this page</td></tr>`;
    if (!otherSchema) return `<tr><td>${esc(other.name)}</td><td class="muted">not defined</td></tr>`;
    const diff = differences(v.name, schema, other.name, otherSchema);
    let text: string;
    if (diff.length === 0) {
      const differing = [...directRefs(schema)].filter((ref) => {
        const a = v.definitions.get(ref);
        const b = other.definitions.get(ref);
        return a && b && !identical(a, b);
      });
      text =
        differing.length > 0
          ? `Identical definition, but it refers to ${differing.map((ref) => `<a href="${esc(root + paths.type(other.name, ref))}"><code>${esc(ref)}</code></a>`).join(', ')}, which ${differing.length === 1 ? 'differs' : 'differ'} in ${esc(other.name)}.`
          : 'Identical.';
    } else {
      text = `<ul class="diff">${diff.map((d) => `<li>${d}</li>`).join('')}</ul>`;
    }
    return `<tr><td><a href="${esc(root + paths.type(other.name, name))}">${esc(other.name)}</a></td><td>${text}</td></tr>`;
  });
  return `<h2 id="variants">Variants</h2>
<div class="table-wrap"><table class="variants"><thead><tr><th>variant</th><th>compared with ${esc(v.name)}</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></div>`;
}

export function typePage(ctx: SiteContext, v: VariantDoc, name: string): string {
  const path = paths.type(v.name, name);
  const root = rootPrefix(path);
  const link = linker(v, root);
  const schema = v.definitions.get(name)!;
  const id = `${ID_BASE}${v.name}/${name}.json`;
  const error = v.errorByName.get(name);
  const counts = v.counts.get(typeKey(name)) ?? { valid: 0, invalid: 0 };
  const examples = (v.examples.get(typeKey(name)) ?? []).slice(0, TYPE_EXAMPLES);
  const totalValid = (v.examples.get(typeKey(name)) ?? []).length;
  const usedBy = v.usedBy.get(name) ?? [];
  const methods = v.methodsByType.get(name) ?? [];
  const mentions = ctx.model.mentions.get(name) ?? [];
  const diagrams = (ctx.diagrams.get(v.name) ?? []).filter((d) => d.types.includes(name));
  const equivalents = typeEquivalents(ctx.model, v, name);
  // Diagrams lead on the pages they explain (an enum such as TaskState); on an object's page they follow its properties.
  const diagramHtml = diagrams.map((d) => `<h2 id="${esc(d.id)}-heading">${esc(d.title)}</h2>\n${placeDiagram(d, root)}`).join('\n');
  const body = `<h1>${esc(name)} ${kindBadge(v, name, schema)} ${badge(v.name, 'variant')}</h1>
<div class="description">${describe(schema.description as string | undefined, link)}</div>
<dl class="facts">
<dt><code>$id</code></dt><dd><code class="id">${esc(id)}</code> · <a href="${esc(root + paths.schemaFile(v.name, name))}">raw JSON Schema</a></dd>
${error ? `<dt>error</dt><dd>code <code>${error.code}</code>, message “${esc(error.message)}”${methods.length ? '' : ''}</dd>` : ''}
<dt>used by</dt><dd>${list(usedBy.map((u) => `<a href="${esc(root + paths.type(v.name, u))}">${esc(u)}</a>`))}</dd>
<dt>methods</dt><dd>${list(methods.map((m) => `<a href="${esc(root + paths.method(v.name, m))}"><code>${esc(m)}</code></a>`))}</dd>
${equivalentsRow(v, equivalents, root)}${mentions.length ? `<dt>SPEC-NOTES</dt><dd>named in ${mentions.map((m) => `<a href="${esc(root + paths.specNotes)}#${m.toLowerCase()}">${esc(m)}</a>`).join(', ')}</dd>` : ''}
<dt>conformance</dt><dd><a href="${esc(root + paths.conformance)}#${esc(v.name)}">${counts.valid} valid and ${counts.invalid} invalid cases</a> in <code>conformance/${esc(v.name)}/types/${esc(name)}.json</code></dd>
</dl>
${shapeOf(schema) === 'object' ? `${shapeSection(name, schema, v, link)}\n${diagramHtml}` : `${diagramHtml}\n${shapeSection(name, schema, v, link)}`}
${variantsSection(ctx, v, name, schema, root)}
<h2 id="examples">Examples</h2>
${
  examples.length > 0
    ? `<p class="muted">Valid cases of the conformance suite, each validated against this schema when the site was built${totalValid > examples.length ? ` (${examples.length} of ${totalValid} shown)` : ''}.</p>\n${examples.map((c) => withRoot(exampleBlock(ctx, c, v), root)).join('\n')}`
    : '<p class="missing-example">No valid conformance case yet.</p>'
}`;
  return page({
    path,
    title: `${name} (${v.name})`,
    variant: v.name,
    crumbs: [['Home', paths.home], [v.name, paths.variant(v.name)], ['Types', `${paths.variant(v.name)}#types`], [name]],
    variants: switcher(
      ctx,
      v.name,
      switchTo(equivalents, (o) => (o.definitions.has(name) ? paths.type(o.name, name) : undefined)),
      name,
    ),
    body,
    sidebar: true,
  });
}

// ---------------------------------------------------------------------------------------------

function paramsSection(v: VariantDoc, method: MethodSpec, link: Linker): string {
  const params = paramsSchema(v.definitions, method);
  if (!params) return '<h2 id="params">Params</h2><p>The method takes no params.</p>';
  const request = v.definitions.get(method.request)!;
  const required = ((request.required as string[] | undefined) ?? []).includes('params');
  const out = [
    `<h2 id="params">Params</h2><p><code>params</code> (${required ? 'required' : 'optional'}): ${typeHtml(params, link)}. ${describe(params.description as string | undefined, link)}</p>`,
  ];
  const members =
    typeof params.$ref === 'string'
      ? [params.$ref]
      : ((params.anyOf as JsonSchema[] | undefined) ?? []).map((m) => m.$ref).filter((m): m is string => typeof m === 'string');
  for (const member of members) {
    const schema = v.definitions.get(member);
    if (schema && shapeOf(schema) === 'object')
      out.push(
        `<h3>${members.length > 1 ? 'One form: ' : ''}<a href="${esc(link(member) ?? '')}">${esc(member)}</a></h3>`,
        propertyTable(schema, link, `${anchor(member)}-`),
      );
  }
  return out.join('\n');
}

function methodVariants(ctx: SiteContext, v: VariantDoc, method: MethodSpec, root: string): string {
  const rows = ctx.model.variants.map((other) => {
    const theirs = other.spec.methods.find((m) => m.method === method.method);
    if (other === v) return `<tr class="current"><td><strong>${esc(other.name)}</strong></td><td>this page</td></tr>`;
    if (!theirs) {
      const e = methodEquivalents(ctx.model, v, method.method).find((x) => x.variant === other.name);
      return e
        ? `<tr><td><a href="${esc(root + e.path)}">${esc(other.name)}</a></td><td>Not under this name; on the other A2A wire it is <a href="${esc(root + e.path)}"><code>${esc(e.name)}</code></a>.</td></tr>`
        : `<tr><td>${esc(other.name)}</td><td class="muted">not defined</td></tr>`;
    }
    const notes: string[] = [];
    const onlyHere = method.errors.filter((e) => !theirs.errors.includes(e));
    const onlyThere = theirs.errors.filter((e) => !method.errors.includes(e));
    if (onlyHere.length) notes.push(`Errors only in ${esc(v.name)}: ${onlyHere.map((e) => `<code>${esc(e)}</code>`).join(', ')}.`);
    if (onlyThere.length) notes.push(`Errors only in ${esc(other.name)}: ${onlyThere.map((e) => `<code>${esc(e)}</code>`).join(', ')}.`);
    const same = (a: JsonSchema | undefined, b: JsonSchema | undefined) => JSON.stringify(a) === JSON.stringify(b);
    const closureSame = (a: JsonSchema | undefined, b: JsonSchema | undefined) =>
      same(a, b) && [...(a ? directRefs(a) : [])].every((ref) => same(v.definitions.get(ref), other.definitions.get(ref)));
    if (!closureSame(paramsSchema(v.definitions, method), paramsSchema(other.definitions, theirs)))
      notes.push('The params differ (see the params types in each variant).');
    if (!closureSame(resultSchema(v.definitions, method), resultSchema(other.definitions, theirs)))
      notes.push('The result differs (see the result types in each variant).');
    return `<tr><td><a href="${esc(root + paths.method(other.name, method.method))}">${esc(other.name)}</a></td><td>${notes.length ? `<ul class="diff">${notes.map((n) => `<li>${n}</li>`).join('')}</ul>` : 'The same params, result and errors.'}</td></tr>`;
  });
  return `<h2 id="variants">Variants</h2>
<div class="table-wrap"><table class="variants"><thead><tr><th>variant</th><th>compared with ${esc(v.name)}</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></div>`;
}

export function methodPage(ctx: SiteContext, v: VariantDoc, method: MethodSpec): string {
  const path = paths.method(v.name, method.method);
  const root = rootPrefix(path);
  const link = linker(v, root);
  const result = resultSchema(v.definitions, method);
  const equivalents = methodEquivalents(ctx.model, v, method.method);
  const errorRows = method.errors
    .map((name) => {
      const entry = v.errorByName.get(name)!;
      return `<tr id="e-${esc(name)}"><td><code>${entry.code}</code></td><td><a href="${esc(link(name) ?? '')}">${esc(name)}</a></td><td>${esc(entry.message)}</td><td>${describe(firstSentence(entry.description), link)}</td></tr>`;
    })
    .join('\n');
  const examples = EXAMPLE_PARTS.map((part) => {
    const cases = (v.examples.get(partKey(method.method, part)) ?? []).slice(0, PART_EXAMPLES);
    const counts = v.counts.get(partKey(method.method, part)) ?? { valid: 0, invalid: 0 };
    return `<h3 id="example-${part}">${part[0]!.toUpperCase()}${part.slice(1)}</h3>
${cases.length > 0 ? cases.map((c) => withRoot(exampleBlock(ctx, c, v), root)).join('\n') : `<p class="missing-example">No valid ${part} case yet.</p>`}
<p class="muted">${counts.valid} valid and ${counts.invalid} invalid ${part} cases in the suite.</p>`;
  }).join('\n');
  const body = `<h1><code>${esc(method.method)}</code> ${badge('method', 'method')} ${badge(`from ${method.origin}`, 'origin')}${method.streaming ? ` ${badge('streaming (SSE)', 'streaming')}` : ''} ${badge(v.name, 'variant')}</h1>
<p class="summary">${describe(method.summary, link)}</p>
<div class="description">${describe(method.description, link)}</div>
<dl class="facts">
<dt>request</dt><dd><a href="${esc(link(method.request) ?? '')}">${esc(method.request)}</a></dd>
<dt>success response</dt><dd><a href="${esc(link(method.successResponse) ?? '')}">${esc(method.successResponse)}</a></dd>
<dt>response</dt><dd><a href="${esc(link(method.response) ?? '')}">${esc(method.response)}</a> (success or error)</dd>
<dt>result</dt><dd>${result ? typeHtml(result, link) : '—'}${result?.description ? ` — ${describe(result.description as string, link)}` : ''}</dd>
<dt>OpenRPC</dt><dd><a href="${esc(root + paths.openrpc(v.name))}">openrpc/${esc(v.name)}.json</a>, method <code>${esc(method.method)}</code></dd>
${equivalentsRow(v, equivalents, root)}${methodRestLinks(operationsOfMethod(ctx.rest?.get(v.name) ?? [], method), v, root)}<dt>conformance</dt><dd><a href="${esc(root + paths.conformance)}#${esc(v.name)}">cases</a> in <code>conformance/${esc(v.name)}/methods/${esc(method.method.replaceAll('/', '-'))}.json</code></dd>
</dl>
${paramsSection(v, method, link)}
<h2 id="errors">Errors</h2>
<p>The errors this method declares. Any server error code from -32000 to -32099 may also be returned (SPEC-NOTES <a href="${esc(root + paths.specNotes)}#b-14">B-14</a>).</p>
<div class="table-wrap"><table class="errors"><thead><tr><th>code</th><th>error</th><th>message</th><th>meaning</th></tr></thead><tbody>
${errorRows}
</tbody></table></div>
${methodVariants(ctx, v, method, root)}
<h2 id="examples">Examples</h2>
<p class="muted">Valid cases of the conformance suite, each validated against this method's schemas when the site was built.</p>
${examples}`;
  return page({
    path,
    title: `${method.method} (${v.name})`,
    variant: v.name,
    crumbs: [['Home', paths.home], [v.name, paths.variant(v.name)], ['Methods', `${paths.variant(v.name)}#methods`], [method.method]],
    variants: switcher(
      ctx,
      v.name,
      switchTo(equivalents, (o) =>
        o.spec.methods.some((m) => m.method === method.method) ? paths.method(o.name, method.method) : undefined,
      ),
      method.method,
    ),
    body,
    sidebar: true,
  });
}

// ---------------------------------------------------------------------------------------------

function typeGroups(v: VariantDoc): { id: string; title: string; names: string[] }[] {
  const envelope = new Set<string>();
  for (const m of v.spec.methods) for (const n of [m.request, m.successResponse, m.response]) envelope.add(n);
  const names = [...v.definitions.keys()];
  const errors = names.filter((n) => v.errorByName.has(n));
  const jsonrpc = names.filter((n) => !v.errorByName.has(n) && (envelope.has(n) || /^JSONRPC/.test(n) || /(Request|Response)$/.test(n)));
  const rest = names.filter((n) => !errors.includes(n) && !jsonrpc.includes(n));
  return [
    { id: 'types-data', title: 'Data types', names: rest },
    { id: 'types-jsonrpc', title: 'JSON-RPC requests and responses', names: jsonrpc },
    { id: 'types-errors', title: 'Errors', names: errors },
  ];
}

export function variantPage(ctx: SiteContext, v: VariantDoc): string {
  const path = paths.variant(v.name);
  const root = rootPrefix(path);
  const link = linker(v, root);
  const methods = v.spec.methods
    .map(
      (m) =>
        `<tr><td><a href="${esc(root + paths.method(v.name, m.method))}"><code>${esc(m.method)}</code></a></td><td>${describe(m.summary, link)}</td><td>${esc(m.origin)}${m.streaming ? ' · streaming' : ''}</td></tr>`,
    )
    .join('\n');
  const groups = typeGroups(v)
    .map((g) => {
      const rows = g.names
        .map((n) => {
          const s = v.definitions.get(n)!;
          return `<tr><td><a href="${esc(root + paths.type(v.name, n))}">${esc(n)}</a></td><td>${kindBadge(v, n, s)}</td><td>${describe(firstSentence(String(s.description ?? '')), link)}</td></tr>`;
        })
        .join('\n');
      return `<h3 id="${g.id}">${esc(g.title)} (${g.names.length})</h3>
<div class="table-wrap"><table class="type-list"><thead><tr><th>type</th><th>kind</th><th>description</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
    })
    .join('\n');
  const diagrams = ctx.diagrams.get(v.name) ?? [];
  const report = v.run.report;
  const revision = specRevisionOf(v.name);
  const since = revisionPairs().find(([, to]) => to === revision);
  const body = `<h1>${esc(v.name)} ${badge(`version ${v.spec.version}`, 'variant')}${revision ? ` ${badge(`A2A v${revision}`, 'variant')}` : ''}</h1>
<p class="summary">${esc(v.spec.title)}</p>
<div class="description">${describe(v.spec.description, link)}</div>
<dl class="facts">
${revision ? `<dt>specification</dt><dd class="revision">follows ${revisionPhrase(v.name)}${since ? ` · <a href="${esc(root + paths.revisions(since[0], since[1]))}">what changed since v${esc(since[0])}</a>` : ''}</dd>` : ''}
<dt>types</dt><dd>${v.definitions.size} (${v.catalogue.length} errors)</dd>
<dt>methods</dt><dd>${v.spec.methods.length}</dd>
<dt>raw files</dt><dd><a href="${esc(root + paths.bundle(v.name))}">json-schema/${esc(v.name)}.json</a> (bundle) · <a href="${esc(root + paths.openrpc(v.name))}">openrpc/${esc(v.name)}.json</a>${
    ctx.hasOpenApi?.(v.name) ? ` · <a href="${esc(root + paths.openapi(v.name))}">openapi/${esc(v.name)}.json</a>` : ''
  } · one file per type under <code>json-schema/${esc(v.name)}/</code></dd>
<dt>conformance</dt><dd><a href="${esc(root + paths.conformance)}#${esc(v.name)}">${report.outcomes.length} cases, ${report.passed} passed, ${report.failed} failed</a></dd>
<dt>diagrams</dt><dd>${list(diagrams.map((d) => `<a href="${esc(root + paths.diagrams)}#${esc(d.id)}">${esc(d.title)}</a>`))}</dd>
</dl>
<h2 id="methods">Methods</h2>
<div class="table-wrap"><table class="method-list"><thead><tr><th>method</th><th>summary</th><th>origin</th></tr></thead><tbody>
${methods}
</tbody></table></div>
${variantRestSection(ctx.rest?.get(v.name) ?? [], v, root)}
<h2 id="types">Types</h2>
${groups}`;
  return page({
    path,
    title: v.name,
    variant: v.name,
    crumbs: [['Home', paths.home], [v.name]],
    variants: variantIndexes(ctx, v.name),
    body,
  });
}

/** The pages the home page points a new reader to: [variant, kind, name, why]. */
const START_HERE: readonly (readonly [string, 'type' | 'method', string, string])[] = [
  ['bindu', 'method', 'message/send', 'how a conversation starts'],
  ['bindu', 'type', 'Task', 'the unit of work, with the message → task → artifact flow'],
  ['bindu', 'type', 'TaskState', 'the task lifecycle and its transition graph'],
  ['bindu', 'type', 'Message', 'what client and agent exchange'],
  ['bindu', 'type', 'Context', "Bindu's conversation sessions and their lifecycle"],
  ['bindu', 'type', 'PaymentMandate', 'the AP2 mandate chain'],
  ['bindu', 'type', 'AgentCard', 'how an agent describes itself'],
  ['a2a-v1', 'method', 'SendMessage', 'A2A v1.0 on the JSON-RPC binding, as the v1.0 proto defines it'],
  ['aion', 'method', 'GetContext', 'the aion context extension on A2A v1.0'],
];

export function homePage(ctx: SiteContext): string {
  const root = '';
  const cards = ctx.model.variants
    .map((v) => {
      const report = v.run.report;
      return `<section class="card" id="variant-${esc(v.name)}">
<h2><a href="${esc(paths.variant(v.name))}">${esc(v.name)}</a></h2>
<p class="summary">${esc(v.spec.title)}</p>
${revisionPhrase(v.name) ? `<p class="revision">Follows ${revisionPhrase(v.name)}.</p>` : ''}
<p>${describe(firstSentence(v.spec.description), linker(v, root))}</p>
<p class="figures"><a href="${esc(paths.variant(v.name))}#types">${v.definitions.size} types</a> · <a href="${esc(paths.variant(v.name))}#methods">${v.spec.methods.length} methods</a> · ${v.catalogue.length} errors · <a href="${esc(paths.conformance)}#${esc(v.name)}">${report.outcomes.length} conformance cases, ${report.passed} passed</a></p>
<p class="raw"><a href="${esc(paths.bundle(v.name))}">JSON Schema bundle</a> · <a href="${esc(paths.openrpc(v.name))}">OpenRPC</a>${
        ctx.hasOpenApi?.(v.name) ? ` · <a href="${esc(paths.openapi(v.name))}">OpenAPI</a>` : ''
      }</p>
</section>`;
    })
    .join('\n');
  const diagrams = ctx.model.variants
    .flatMap((v) =>
      (ctx.diagrams.get(v.name) ?? []).map((d) => `<li><a href="${esc(paths.diagrams)}#${esc(d.id)}">${esc(d.title)}</a></li>`),
    )
    .join('\n');
  const body = `<h1>Bindu protocol reference</h1>
<p class="summary">The machine-readable specification of the Bindu agent protocol — A2A v0.3.0, Bindu's extensions and the context extension, and A2A v1.0 on its own and with the aion context extension — as a page per type and per method, generated from the TypeBox sources, the method registries and the validated conformance fixtures.</p>
<p>Search with the box at the top (in the variant you pick beside it): type, method, property and enum value names, error codes, descriptions, and the other A2A wire's names (<code>message/send</code> finds <code>SendMessage</code>, <code>input-required</code> finds <code>TASK_STATE_INPUT_REQUIRED</code>). Every example on the site is a valid conformance case that was validated against the schema it illustrates when the site was built.</p>
<div class="cards">
${cards}
</div>
<h2 id="start">Start here</h2>
<ul>
${START_HERE.filter(([variant, kind, name]) => {
  const v = ctx.model.byName.get(variant);
  return v && (kind === 'type' ? v.definitions.has(name) : v.spec.methods.some((m) => m.method === name));
})
  .map(
    ([variant, kind, name, why]) =>
      `<li><a href="${esc(kind === 'type' ? paths.type(variant, name) : paths.method(variant, name))}"><code>${esc(name)}</code></a> (${esc(variant)}): ${esc(why)}</li>`,
  )
  .join('\n')}
</ul>
<h2 id="revisions">Specification revisions</h2>
<ul>
${revisionPairs()
  .map(
    ([from, to]) =>
      `<li><a href="${esc(paths.revisions(from, to))}">A2A v${esc(from)} → v${esc(to)}</a>: every error mapping and rule that changed</li>`,
  )
  .join('\n')}
</ul>
<h2 id="diagrams">Diagrams</h2>
<ul>
${diagrams}
</ul>
<h2 id="more">More</h2>
<ul>
<li><a href="${esc(paths.specNotes)}">SPEC-NOTES</a>: where the sources disagree and the rule each variant takes.</li>
<li><a href="${esc(paths.conformance)}">Conformance</a>: the suite's figures per variant, type and method.</li>
<li><a href="${esc(paths.python)}">Python</a>: the Python package <code>bindu_protocol</code>: install, validate, the command line, type hints.</li>
<li><a href="${esc(paths.ci)}">Check your agent in CI</a>: <code>check-server</code> as a gate: GitHub Actions and GitLab CI, known failures, authentication, waiting.</li>
</ul>
<h2 id="raw">Raw files</h2>
<p>The published files sit beside the pages at stable paths: the <code>$id</code> <code>${esc(ID_BASE)}&lt;variant&gt;/&lt;Name&gt;.json</code> is the file <code>json-schema/&lt;variant&gt;/&lt;Name&gt;.json</code> of this site, the bundle <code>${esc(ID_BASE)}&lt;variant&gt;.json</code> is <code>json-schema/&lt;variant&gt;.json</code>, each variant's OpenRPC document is <code>openrpc/&lt;variant&gt;.json</code> and its OpenAPI document (the HTTP+JSON binding) <code>openapi/&lt;variant&gt;.json</code>.</p>`;
  return page({ path: paths.home, title: 'Home', crumbs: [['Home']], variants: variantIndexes(ctx), body });
}

export function specNotesPage(ctx: SiteContext): string {
  const sections: { title: string; id: string; items: string[] }[] = [];
  for (const h of ctx.model.specNotes.headings) {
    if (h.level === 2) sections.push({ title: h.text, id: h.id, items: [] });
    else if (h.entry && sections.length > 0)
      sections[sections.length - 1]!.items.push(`<li><a href="#${esc(h.id)}">${inline(h.text)}</a></li>`);
  }
  const toc = sections
    .map(
      (s) =>
        `<h3 class="toc-section"><a href="#${esc(s.id)}">${inline(s.title)}</a></h3>${s.items.length ? `<ul>${s.items.join('')}</ul>` : ''}`,
    )
    .join('\n');
  const body = `<div class="with-toc">
<article class="markdown">
${ctx.model.specNotes.html}
</article>
<nav class="toc" aria-label="Decisions"><p class="muted">Rendered from <code>SPEC-NOTES.md</code>. Each decision's id is its anchor, e.g. <code>spec-notes.html#b-3</code>.</p>${toc}</nav>
</div>`;
  return page({
    path: paths.specNotes,
    title: 'SPEC-NOTES',
    crumbs: [['Home', paths.home], ['SPEC-NOTES']],
    variants: variantIndexes(ctx),
    body,
  });
}

/** The Python package's guide, python/README.md, with a table of its sections. */
export function pythonPage(ctx: SiteContext): string {
  const toc = ctx.model.python.headings
    .filter((h) => h.level === 2)
    .map((h) => `<li><a href="#${esc(h.id)}">${inline(h.text)}</a></li>`)
    .join('');
  const body = `<div class="with-toc">
<article class="markdown">
${ctx.model.python.html}
</article>
<nav class="toc" aria-label="Sections"><p class="muted">Rendered from <code>python/README.md</code>.</p><ul>${toc}</ul></nav>
</div>`;
  return page({ path: paths.python, title: 'Python', crumbs: [['Home', paths.home], ['Python']], variants: variantIndexes(ctx), body });
}

/** check-server as a CI gate: README.md's "Check your agent in CI" section, rendered. */
export function ciPage(ctx: SiteContext): string {
  const body = `<article class="markdown">
${ctx.model.ci.html}
<p class="muted">Rendered from the section "Check your agent in CI" of <code>README.md</code>.</p>
</article>`;
  return page({
    path: paths.ci,
    title: 'Check your agent in CI',
    crumbs: [['Home', paths.home], ['Check your agent in CI']],
    variants: variantIndexes(ctx),
    body,
  });
}

export function conformancePage(ctx: SiteContext): string {
  const sections = ctx.model.variants
    .map((v) => {
      const report = v.run.report;
      const valid = report.outcomes.filter((o) => o.case.valid).length;
      const cov = report.coverage;
      const cell = (counts: { valid: number; invalid: number } | undefined, applicable: boolean, required: boolean) => {
        if (!applicable) return '<td class="na">–</td>';
        const c = counts ?? { valid: 0, invalid: 0 };
        const gap = required && (c.valid === 0 || c.invalid === 0);
        return `<td class="${gap ? 'gap' : ''}">${c.valid}/${c.invalid}${gap ? ' !' : ''}</td>`;
      };
      const methodRows = (cov?.methods ?? [])
        .map(
          (m) =>
            `<tr><td><a href="${esc(paths.method(v.name, m.method))}"><code>${esc(m.method)}</code></a></td>${PARTS.map((p) => cell(m.parts[p], m.parts[p].applicable, m.parts[p].required)).join('')}</tr>`,
        )
        .join('\n');
      const typeRows = (cov?.types ?? [])
        .map((t) => `<tr><td><a href="${esc(paths.type(v.name, t.type))}">${esc(t.type)}</a></td>${cell(t.counts, true, true)}</tr>`)
        .join('\n');
      const failures = report.outcomes
        .filter((o) => !o.passed)
        .map((o) => `<li><code>${esc(o.case.fullId)}</code>: ${esc(o.reason ?? '')}</li>`);
      const issues = report.issues.map((i) => `<li><code>${esc(i.file)}${i.id ? `#${esc(i.id)}` : ''}</code>: ${esc(i.message)}</li>`);
      const gaps = (cov?.gaps ?? []).map((g) => `<li>${esc(g)}</li>`);
      const problems = [...failures, ...issues, ...gaps];
      return `<section id="${esc(v.name)}">
<h2>${esc(v.name)}</h2>
<p class="figures"><strong>${report.outcomes.length}</strong> cases (${valid} valid, ${report.outcomes.length - valid} invalid) in ${report.files} files: <strong>${report.passed} passed</strong>, ${report.failed} failed. Coverage: ${cov ? `${cov.typesCovered}/${cov.types.length} types, ${cov.partsCovered}/${cov.partsRequired} required method parts` : 'none'}.</p>
${problems.length ? `<ul class="problems">${problems.join('\n')}</ul>` : ''}
<h3 id="${esc(v.name)}-methods">Methods (valid/invalid cases per part)</h3>
<div class="table-wrap"><table class="coverage"><thead><tr><th>method</th>${PARTS.map((p) => `<th>${esc(p)}</th>`).join('')}</tr></thead><tbody>
${methodRows}
</tbody></table></div>
<details><summary>Types (valid/invalid cases), ${cov?.types.length ?? 0} rows</summary>
<div class="table-wrap"><table class="coverage"><thead><tr><th>type</th><th>cases</th></tr></thead><tbody>
${typeRows}
</tbody></table></div></details>
</section>`;
    })
    .join('\n');
  const total = ctx.model.variants.reduce((sum, v) => sum + v.run.report.outcomes.length, 0);
  const passed = ctx.model.variants.reduce((sum, v) => sum + v.run.report.passed, 0);
  const failed = ctx.model.variants.reduce((sum, v) => sum + v.run.report.failed, 0);
  const body = `<h1>Conformance</h1>
<p class="summary">${total} cases over ${ctx.model.variants.length} variants: ${passed} passed, ${failed} failed.</p>
<p>The figures of the bundled suite (<code>conformance/&lt;variant&gt;/</code>), run when the site was built by the package's own conformance runner and validators, so they are what <code>npx bindu-protocol conformance</code> reports. A case passes when the validator's verdict is the fixture's and, for an invalid case, every expected <code>(path, keyword)</code> error is reported. Every type, and every method's request, params, result and error, needs a valid and an invalid case; a cell marked <code>!</code> lacks one. <code>response</code> is counted but not required. Run it yourself with <code>npx bindu-protocol conformance</code>; the fixture format is described in <code>conformance/README.md</code>.</p>
${sections}`;
  return page({
    path: paths.conformance,
    title: 'Conformance',
    crumbs: [['Home', paths.home], ['Conformance']],
    variants: variantIndexes(ctx),
    body,
  });
}

/** The revision of the specification a variant follows, as a phrase linking the revision's text when the package holds its rules. */
function revisionPhrase(variant: string): string {
  const revision = specRevisionOf(variant);
  if (revision === undefined) return '';
  const text = `A2A v${esc(revision)}`;
  return isSpecRevision(revision) ? `<a href="${esc(revisionRules(revision).url)}">${text}</a>` : text;
}

/** What changed between two revisions of A2A v1.0 (scripts/docs/revisions.ts), from the tables. */
export function revisionsPage(ctx: SiteContext, from: string, to: string): string {
  if (!isSpecRevision(from) || !isSpecRevision(to)) throw new Error(`revisionsPage: unknown revision ${from} or ${to}`);
  const changes = revisionChanges(from, to);
  const [a, b] = [revisionRules(from), revisionRules(to)];
  const followers = ctx.model.variants
    .filter((v) => specRevisionOf(v.name) === to)
    .map((v) => `<a href="${esc(paths.variant(v.name))}">${esc(v.name)}</a>`);
  const change = (pair: readonly [unknown, unknown] | undefined) =>
    pair ? `<code>${esc(String(pair[0]))}</code> → <code>${esc(String(pair[1]))}</code>` : '<span class="muted">unchanged</span>';
  const statuses = changes.statuses
    .map(
      (c) =>
        `<tr data-code="${c.code}"><td><code>${esc(c.name)}</code></td><td><code>${c.code}</code></td><td>${change(c.http)}</td><td>${change(c.grpc)}</td><td>§${esc(c.section)}</td></tr>`,
    )
    .join('\n');
  const rules = changes.rules
    .map(
      (r) =>
        `<tr data-rule="${esc(r.rule)}"><td>${esc(r.label)}</td><td><code>${esc(r.from)}</code></td><td><code>${esc(r.to)}</code></td><td>§${esc(r.section)}</td></tr>`,
    )
    .join('\n');
  const title = `A2A v${from} → v${to}`;
  const body = `<h1>${esc(title)}</h1>
<p class="summary">Every error mapping and rule that differs between <a href="${esc(a.url)}">A2A v${esc(from)}</a> and <a href="${esc(b.url)}">A2A v${esc(to)}</a>${b.released ? ` (released ${esc(b.released)})` : ''}, generated from the tables the validators, <code>check-server</code>, the proxy and the OpenAPI documents read (<code>schemas/error-table.ts</code> and <code>schemas/spec-revisions.ts</code>). Sections are those of v${esc(to)}.${followers.length > 0 ? ` Followed by ${followers.join(', ')}; <code>check-server --spec-revision ${esc(from)}</code> judges an agent by v${esc(from)}.` : ''}</p>
<h2 id="statuses">Error mappings</h2>
${statuses ? `<div class="table-wrap"><table class="revision-statuses"><thead><tr><th>error</th><th>JSON-RPC code</th><th>HTTP status</th><th>gRPC status</th><th>section</th></tr></thead><tbody>\n${statuses}\n</tbody></table></div>` : '<p class="muted">No error mapping changed.</p>'}
<h2 id="rules">Rules</h2>
${rules ? `<div class="table-wrap"><table class="revision-rules"><thead><tr><th>rule</th><th>v${esc(from)}</th><th>v${esc(to)}</th><th>section</th></tr></thead><tbody>\n${rules}\n</tbody></table></div>` : '<p class="muted">No rule changed.</p>'}`;
  return page({
    path: paths.revisions(from, to),
    title,
    crumbs: [['Home', paths.home], [title]],
    variants: variantIndexes(ctx),
    body,
  });
}

export function diagramsPage(ctx: SiteContext): string {
  const root = '';
  const sections = ctx.model.variants
    .map((v) => {
      const diagrams = ctx.diagrams.get(v.name) ?? [];
      return `<section id="diagrams-${esc(v.name)}"><h2><a href="${esc(paths.variant(v.name))}">${esc(v.name)}</a></h2>
${diagrams.map((d) => `<h3 id="${esc(d.id)}-heading">${esc(d.title)}</h3>\n${placeDiagram(d, root)}`).join('\n')}
</section>`;
    })
    .join('\n');
  const body = `<h1>Diagrams</h1>
<p class="summary">Drawn at build time from the data in the schema sources: the lifecycle tables, the Context lifecycle, the task flow and the mandate chain. The same tables drive <code>check-server</code>.</p>
${sections}`;
  return page({
    path: paths.diagrams,
    title: 'Diagrams',
    crumbs: [['Home', paths.home], ['Diagrams']],
    variants: variantIndexes(ctx),
    body,
  });
}
