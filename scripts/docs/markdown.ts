/**
 * SPEC-NOTES.md turned into HTML for the site, by markdown-it (CommonMark with GitHub's tables;
 * raw HTML in the source is escaped, not passed through), with three rules of the site on top:
 *
 * - a heading of the form `### B-3: title` gets the id `b-3` and a permalink (so pages can link
 *   to a decision by its id); other headings get a slug of their text (`-x` appended while it
 *   repeats one);
 * - links to http(s) URLs and to fragments are kept; a link to a file of the repository (which
 *   the site does not publish) becomes its text, so the site has no broken link;
 * - a table is wrapped in `<div class="table-wrap">` (it scrolls on a narrow screen).
 *
 * Besides the HTML it returns the headings (for the table of contents) and, per decision, its
 * title and the source text up to the next heading (the site finds the types a decision names in
 * it).
 */
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { esc } from './html.js';

export interface Heading {
  readonly level: number;
  readonly id: string;
  readonly text: string;
  /** The decision id (`B-3`) when the heading names one. */
  readonly entry?: string;
}

export interface MarkdownResult {
  readonly html: string;
  readonly headings: readonly Heading[];
  /** The plain text under each decision heading, by decision id. */
  readonly entries: ReadonlyMap<string, { title: string; text: string }>;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const ENTRY = /^([A-Z][A-Z0-9]*-\d+):\s*(.*)$/;

/** A link the site keeps: to the web, or to a fragment of the same page. */
const keptLink = (href: string) => /^https?:\/\//.test(href) || href.startsWith('#');

function renderer(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  // Links to the repository's files: their text only (the link tokens are dropped, in pairs).
  md.core.ruler.push('site_links', (state) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      const kept: Token[] = [];
      let dropping = false;
      for (const token of block.children) {
        if (token.type === 'link_open' && !keptLink(token.attrGet('href') ?? '')) {
          dropping = true;
          continue;
        }
        if (token.type === 'link_close' && dropping) {
          dropping = false;
          continue;
        }
        kept.push(token);
      }
      block.children = kept;
    }
  });
  const rules = md.renderer.rules;
  rules.table_open = () => '<div class="table-wrap"><table>\n';
  rules.table_close = () => '</table></div>\n';
  // A decision's heading ends with its permalink.
  rules.heading_close = (tokens, idx, options, _env, self) => {
    const entry = tokens[idx]!.meta as { entry?: string; id: string } | null;
    const permalink = entry?.entry ? ` <a class="permalink" href="#${esc(entry.id)}" aria-label="Link to ${esc(entry.entry)}">#</a>` : '';
    return `${permalink}${self.renderToken(tokens, idx, options)}`;
  };
  return md;
}

export function renderMarkdown(source: string): MarkdownResult {
  const md = renderer();
  const text = source.replace(/\r\n/g, '\n');
  const lines = text.split('\n');
  const tokens = md.parse(text, {});
  const headings: Heading[] = [];
  const entries = new Map<string, { title: string; text: string }>();
  const used = new Set<string>();
  const headingLines = tokens.filter((token) => token.type === 'heading_open' && token.map).map((token) => token.map![0]);
  tokens.forEach((token, k) => {
    if (token.type !== 'heading_open') return;
    const level = Number(token.tag.slice(1));
    const content = tokens[k + 1]!.content.trim();
    const entry = ENTRY.exec(content);
    let id = entry ? entry[1]!.toLowerCase() : slug(content) || 'section';
    while (used.has(id)) id += '-x';
    used.add(id);
    token.attrSet('id', id);
    tokens[k + 2]!.meta = { id, ...(entry ? { entry: entry[1]! } : {}) };
    headings.push({ level, id, text: content, ...(entry ? { entry: entry[1]! } : {}) });
    if (entry && token.map) {
      // The source text of the decision, up to the next heading.
      const start = token.map[1];
      const end = headingLines.find((line) => line >= start) ?? lines.length;
      entries.set(entry[1]!, { title: entry[2]!, text: lines.slice(start, end).join('\n') });
    }
  });
  return { html: md.renderer.render(tokens, md.options, {}).trimEnd(), headings, entries };
}
