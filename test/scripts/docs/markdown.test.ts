/** The site's Markdown rules on top of markdown-it (scripts/docs/markdown.ts). */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../scripts/docs/markdown.js';

describe('renderMarkdown', () => {
  const source = [
    '# Notes',
    '',
    '## The `a2a` variant',
    '',
    '### A2A-1: a file is given by bytes or by URI',
    '',
    'See [the spec](https://a2a-protocol.org/), [below](#a2a-2), [a file](src/library/validate.ts) and <b>raw</b>.',
    '',
    '| a | b |',
    '| --- | ---: |',
    '| `x` | 1 |',
    '',
    '### A2A-2: second',
    '',
    'text of two',
    '',
    '## Notes',
  ].join('\n');
  const result = renderMarkdown(source);

  it('gives decision headings their id and a permalink, others a slug, repeated ones a suffix', () => {
    expect(result.headings).toEqual([
      { level: 1, id: 'notes', text: 'Notes' },
      { level: 2, id: 'the-a2a-variant', text: 'The `a2a` variant' },
      { level: 3, id: 'a2a-1', text: 'A2A-1: a file is given by bytes or by URI', entry: 'A2A-1' },
      { level: 3, id: 'a2a-2', text: 'A2A-2: second', entry: 'A2A-2' },
      { level: 2, id: 'notes-x', text: 'Notes' },
    ]);
    expect(result.html).toContain('<h2 id="the-a2a-variant">The <code>a2a</code> variant</h2>');
    expect(result.html).toContain(
      '<h3 id="a2a-1">A2A-1: a file is given by bytes or by URI <a class="permalink" href="#a2a-1" aria-label="Link to A2A-1">#</a></h3>',
    );
  });

  it('keeps web and fragment links, turns a link to a repository file into its text, escapes raw HTML', () => {
    expect(result.html).toContain('<a href="https://a2a-protocol.org/">the spec</a>');
    expect(result.html).toContain('<a href="#a2a-2">below</a>');
    expect(result.html).toContain(', a file and &lt;b&gt;raw&lt;/b&gt;.');
    expect(result.html).not.toContain('src/library/validate.ts');
  });

  it('wraps tables, keeps the alignment, and gives each decision its source text up to the next heading', () => {
    expect(result.html).toMatch(
      /<div class="table-wrap"><table>\n<thead>[\s\S]*<th style="text-align:right">b<\/th>[\s\S]*<td><code>x<\/code><\/td>[\s\S]*<\/table><\/div>/,
    );
    expect(result.entries.get('A2A-1')?.title).toBe('a file is given by bytes or by URI');
    expect(result.entries.get('A2A-1')?.text).toMatch(/^\nSee \[the spec\][\s\S]*\| `x` \| 1 \|\n$/);
    expect(result.entries.get('A2A-2')).toEqual({ title: 'second', text: '\ntext of two\n' });
  });
});
