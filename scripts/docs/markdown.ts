/**
 * The small Markdown subset SPEC-NOTES.md is written in, turned into HTML for the site: ATX
 * headings, paragraphs, bullet and numbered lists (with indented continuation lines), pipe
 * tables, fenced code, block quotes, and inline code, bold, emphasis with `*` and links.
 *
 * A heading of the form `### B-3: title` gets the id `b-3` (so pages can link to a decision
 * by its id); other headings get a slug of their text. Links to http(s) URLs and to fragments
 * are kept; links to files of the repository (which the site does not publish) become their
 * text, so the site has no broken link.
 */
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

/** Inline markup: code spans first (their content is literal), then links, bold, emphasis. */
export function inlineMarkdown(text: string): string {
  const pieces = text.split(/(`[^`]+`)/);
  return pieces
    .map((piece) => {
      if (piece.length > 2 && piece.startsWith('`') && piece.endsWith('`')) return `<code>${esc(piece.slice(1, -1))}</code>`;
      let out = esc(piece);
      out = out.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) =>
        /^https?:\/\//.test(href) || href.startsWith('#') ? `<a href="${href}">${label}</a>` : label,
      );
      out = out.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
      out = out.replace(/(^|[\s(])\*([^*\s][^*]*)\*(?=[\s).,;:]|$)/g, '$1<em>$2</em>');
      return out;
    })
    .join('');
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const ENTRY = /^([A-Z][A-Z0-9]*-\d+):\s*(.*)$/;

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
}

export function renderMarkdown(source: string): MarkdownResult {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  const headings: Heading[] = [];
  const entries = new Map<string, { title: string; text: string }>();
  const used = new Set<string>();
  let current: { id: string; title: string; text: string[] } | undefined;
  const flushEntry = () => {
    if (current) entries.set(current.id, { title: current.title, text: current.text.join('\n') });
    current = undefined;
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const textContent = heading[2]!.trim();
      const entry = ENTRY.exec(textContent);
      let id = entry ? entry[1]!.toLowerCase() : slug(textContent) || 'section';
      while (used.has(id)) id += '-x';
      used.add(id);
      headings.push({ level, id, text: textContent, ...(entry ? { entry: entry[1]! } : {}) });
      if (level <= 3) flushEntry();
      if (entry) {
        // The raw text of the decision, up to the next heading.
        let j = i + 1;
        while (j < lines.length && !/^#{1,6}\s/.test(lines[j]!)) j++;
        current = { id: entry[1]!, title: entry[2]!, text: lines.slice(i + 1, j) };
      }
      out.push(`<h${level} id="${id}">${inlineMarkdown(textContent)}${entry ? ` <a class="permalink" href="#${id}" aria-label="Link to ${esc(entry[1]!)}">#</a>` : ''}</h${level}>`);
      i++;
      continue;
    }
    if (/^```/.test(line)) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !/^```/.test(lines[i]!)) body.push(lines[i++]!);
      i++;
      out.push(`<pre><code>${esc(body.join('\n'))}</code></pre>`);
      continue;
    }
    if (line.trim().startsWith('|') && i + 1 < lines.length && /^\s*\|?\s*:?-{3,}/.test(lines[i + 1]!)) {
      const head = cells(line);
      const align = cells(lines[i + 1]!).map((c) => (c.endsWith(':') ? (c.startsWith(':') ? 'center' : 'right') : ''));
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.trim().startsWith('|')) rows.push(cells(lines[i++]!));
      const th = head.map((c, k) => `<th${align[k] ? ` style="text-align:${align[k]}"` : ''}>${inlineMarkdown(c)}</th>`).join('');
      const body = rows.map((row) => `<tr>${row.map((c, k) => `<td${align[k] ? ` style="text-align:${align[k]}"` : ''}>${inlineMarkdown(c)}</td>`).join('')}</tr>`).join('\n');
      out.push(`<div class="table-wrap"><table>\n<thead><tr>${th}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`);
      continue;
    }
    const bullet = /^(\s*)([-*]|\d+\.)\s+(.*)$/;
    if (bullet.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length) {
        const m = bullet.exec(lines[i]!);
        if (m && m[1]!.length === 0) {
          items.push(m[3]!);
          i++;
        } else if (items.length > 0 && lines[i]!.trim() !== '' && (/^\s+/.test(lines[i]!) || !bullet.test(lines[i]!)) && !/^#{1,6}\s/.test(lines[i]!) && !lines[i]!.trim().startsWith('|')) {
          items[items.length - 1] += ` ${lines[i]!.trim()}`;
          i++;
        } else break;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>\n${items.map((item) => `<li>${inlineMarkdown(item)}</li>`).join('\n')}\n</${tag}>`);
      continue;
    }
    if (line.startsWith('>')) {
      const body: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('>')) body.push(lines[i++]!.replace(/^>\s?/, ''));
      out.push(`<blockquote><p>${inlineMarkdown(body.join(' '))}</p></blockquote>`);
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() !== '' &&
      !/^#{1,6}\s/.test(lines[i]!) &&
      !/^```/.test(lines[i]!) &&
      !(paragraph.length > 0 && bullet.test(lines[i]!)) &&
      !lines[i]!.trim().startsWith('|')
    ) {
      paragraph.push(lines[i++]!.trim());
    }
    if (paragraph.length === 0) {
      out.push(`<p>${inlineMarkdown(lines[i++]!.trim())}</p>`);
      continue;
    }
    out.push(`<p>${inlineMarkdown(paragraph.join(' '))}</p>`);
  }
  flushEntry();
  return { html: out.join('\n'), headings, entries };
}
