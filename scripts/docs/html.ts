/**
 * HTML helpers for the reference site: escaping, the inline markup the schema descriptions use
 * (backticks for code), and the page shell every page shares (header with the variant switch, the
 * search box and the theme toggle; breadcrumbs; the sidebar of type and method pages; footer). Pages link with relative URLs only, so the site opens from
 * the file system and from any static host, at any path.
 */

/** Escapes text for HTML element content and attribute values. */
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A description as HTML: escaped, with `code` spans. `link` may turn a code span into a link (for
 * example a type name); it gets the raw text and returns an href or undefined.
 */
export function inline(text: string, link?: (code: string) => string | undefined): string {
  const out: string[] = [];
  const parts = text.split(/(`[^`]+`)/);
  for (const part of parts) {
    if (part.length > 2 && part.startsWith('`') && part.endsWith('`')) {
      const code = part.slice(1, -1);
      const href = link?.(code);
      out.push(href ? `<a href="${esc(href)}"><code>${esc(code)}</code></a>` : `<code>${esc(code)}</code>`);
    } else {
      out.push(esc(part));
    }
  }
  return out.join('');
}

/** The first sentence of a description (for lists), markup kept. */
export function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s+[A-Z(`]|$)/s.exec(text);
  return match ? match[1]! : text;
}

/** A stable element id from any text (property names, entry ids). */
export function anchor(text: string): string {
  return text.replace(/[^A-Za-z0-9_.-]+/g, '-');
}

/** The file name of a method's page: `tasks/pushNotificationConfig/set` → `tasks-pushNotificationConfig-set`. */
export function methodSlug(method: string): string {
  return method.replaceAll('/', '-');
}

/** Paths of pages, relative to the site root. */
export const paths = {
  home: 'index.html',
  specNotes: 'spec-notes.html',
  python: 'python.html',
  ci: 'check-your-agent-in-ci.html',
  conformance: 'conformance.html',
  diagrams: 'diagrams.html',
  /** What changed between two revisions of A2A v1.0. */
  revisions: (from: string, to: string) => `a2a-v${from}-to-v${to}.html`,
  variant: (variant: string) => `${variant}/index.html`,
  type: (variant: string, name: string) => `${variant}/types/${name}.html`,
  method: (variant: string, method: string) => `${variant}/methods/${methodSlug(method)}.html`,
  schemaFile: (variant: string, name: string) => `json-schema/${variant}/${name}.json`,
  bundle: (variant: string) => `json-schema/${variant}.json`,
  openrpc: (variant: string) => `openrpc/${variant}.json`,
  openapi: (variant: string) => `openapi/${variant}.json`,
  /** A page per operation of the HTTP+JSON binding, by operationId. */
  rest: (variant: string, operationId: string) => `${variant}/rest/${operationId}.html`,
};

/** From a page at `from` (a site-relative path), the prefix that reaches the site root. */
export function rootPrefix(from: string): string {
  const depth = from.split('/').length - 1;
  return depth === 0 ? '' : '../'.repeat(depth);
}

export interface VariantLink {
  readonly name: string;
  /** Site-relative target, or undefined when the thing does not exist in that variant. */
  readonly path?: string;
  readonly current: boolean;
  /** Tooltip, e.g. "Task is not defined in aion". */
  readonly title?: string;
}

export interface PageInput {
  /** Site-relative path of the page. */
  readonly path: string;
  readonly title: string;
  /** The variant the page belongs to (scopes the search by default). */
  readonly variant?: string;
  /** Breadcrumbs: [label, site-relative path] pairs, the last one without a path. */
  readonly crumbs: readonly (readonly [string, string?])[];
  /** The variant switch. */
  readonly variants: readonly VariantLink[];
  /** The page's main content. */
  readonly body: string;
  /** Show the variant's methods and types beside the content (type and method pages; needs `variant`). */
  readonly sidebar?: boolean;
}

export const SITE_TITLE = 'Bindu protocol reference';

/** Sets the theme the reader chose before the page is drawn (no flash); the toggle is in site.js. */
const THEME_SCRIPT =
  "<script>try{var t=localStorage.getItem('bindu-theme');if(t==='dark'||t==='light')document.documentElement.setAttribute('data-theme',t)}catch(e){}</script>";

/** The whole HTML page. */
export function page(input: PageInput): string {
  const root = rootPrefix(input.path);
  const href = (target: string) => esc(root + target);
  const crumbs = input.crumbs
    .map(([label, target]) => (target ? `<a href="${href(target)}">${esc(label)}</a>` : `<span aria-current="page">${esc(label)}</span>`))
    .join('<span class="sep">›</span>');
  const switcher = input.variants
    .map((v) => {
      if (v.current) return `<a class="current" aria-current="true" href="${href(v.path!)}">${esc(v.name)}</a>`;
      if (v.path) return `<a href="${href(v.path)}"${v.title ? ` title="${esc(v.title)}"` : ''}>${esc(v.name)}</a>`;
      return `<span class="absent" title="${esc(v.title ?? `not in ${v.name}`)}">${esc(v.name)}</span>`;
    })
    .join('');
  const main = `<main>
<nav class="crumbs" aria-label="Breadcrumbs">${crumbs}</nav>
${input.body}
</main>`;
  const sidebar =
    input.sidebar && input.variant
      ? `<nav class="sidebar" id="sidebar" aria-label="Methods and types of ${esc(input.variant)}" data-path="${esc(input.path)}">
<details id="sidebar-box" open><summary>Methods and types of ${esc(input.variant)}</summary>
<div class="sidebar-body"><p><a href="${href(paths.variant(input.variant))}">All methods and types of ${esc(input.variant)}</a></p></div>
</details>
</nav>`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${esc(input.title)} · ${SITE_TITLE}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${href('assets/style.css')}">
${THEME_SCRIPT}
</head>
<body data-root="${esc(root)}"${input.variant ? ` data-variant="${esc(input.variant)}"` : ''}>
<header class="top">
<a class="brand" href="${href(paths.home)}">bindu-protocol <span>reference</span></a>
<nav class="variant-switch" aria-label="Variant">${switcher}</nav>
<div class="search" role="search">
<input type="search" id="search" placeholder="Search names, values, codes, text…" aria-label="Search types, methods, properties, values, error codes and descriptions" autocomplete="off" spellcheck="false">
<select id="search-scope" aria-label="Variant to search">
<option value="">all variants</option>
</select>
<div id="search-results" class="search-results" hidden></div>
</div>
<button type="button" id="theme-toggle" class="theme-toggle" aria-label="Switch between light and dark" title="Switch between light and dark">◐</button>
</header>
${sidebar ? `<div class="layout">\n${sidebar}\n${main}\n</div>` : main}
<footer>Generated by <code>scripts/build.ts</code> from <code>schemas/</code>, the method registries and the conformance fixtures. Do not edit: change the sources and run <code>npm run docs</code>.</footer>
<script src="${href('assets/search-index.js')}"></script>
<script src="${href('assets/site.js')}"></script>
</body>
</html>
`;
}

/** A JSON value pretty-printed as an HTML code block. */
export function jsonBlock(value: unknown): string {
  return `<pre class="json"><code>${esc(JSON.stringify(value, null, 2))}</code></pre>`;
}

/** A small label. */
export function badge(text: string, kind = ''): string {
  return `<span class="badge${kind ? ` ${kind}` : ''}">${esc(text)}</span>`;
}
