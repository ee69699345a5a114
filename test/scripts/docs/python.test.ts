/**
 * The reference site's Python page (scripts/docs/pages.ts `pythonPage`, generated/docs/python.html):
 * rendered from python/README.md, linked from the home page, showing the guide's install and
 * validate commands as the guide writes them, every in-page link landing on one of its headings, and
 * nothing of the source's HTML comments.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks } from '../../readme-examples.js';
import { ROOT } from '../../helpers.js';

const DOCS = join(ROOT, 'generated', 'docs');
const GUIDE = readFileSync(join(ROOT, 'python', 'README.md'), 'utf8');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const page = () => readFileSync(join(DOCS, 'python.html'), 'utf8');

/** The code of the block that follows the guide's heading `heading`. */
function blockUnder(heading: string): string {
  const at = GUIDE.indexOf(`\n## ${heading}\n`);
  expect(at, `python/README.md has "## ${heading}"`).toBeGreaterThan(0);
  return codeBlocks(GUIDE.slice(at))[0]!.code;
}

describe('reference site: the Python page', () => {
  it('exists and the home page links to it', () => {
    expect(existsSync(join(DOCS, 'python.html'))).toBe(true);
    const home = readFileSync(join(DOCS, 'index.html'), 'utf8');
    expect(home).toMatch(/<a href="python\.html">Python<\/a>/);
    expect(page()).toContain('<title>Python · ');
  });

  it('shows the install commands and the validate examples of python/README.md as written', () => {
    const html = page();
    const commands = [
      ...blockUnder('Install').split('\n'),
      ...blockUnder('Command line').split('\n'),
      ...blockUnder('Validate a payload').split('\n'),
      ...blockUnder('Validate a JSON-RPC message').split('\n'),
    ].filter((line) => line.trim() !== '');
    expect(commands.some((line) => line.startsWith('python3 -m build --no-isolation --wheel python/'))).toBe(true);
    expect(commands.some((line) => line.includes('pip install') && line.includes('.whl'))).toBe(true);
    expect(commands.some((line) => line.startsWith('python -m bindu_protocol validate '))).toBe(true);
    expect(commands.some((line) => line.startsWith('validate_message('))).toBe(true);
    for (const line of commands) expect(html, line).toContain(escapeHtml(line));
  });

  it('has every heading of the guide, its table of sections lands on them, and no HTML comment shows', () => {
    const html = page();
    const headings = [...GUIDE.matchAll(/^##+ (.+)$/gm)].map((m) => m[1]!);
    expect(headings).toContain('Install');
    for (const heading of headings) expect(html).toContain(`>${escapeHtml(heading)}</h`);
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
    const fragments = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]!);
    expect(fragments.length).toBeGreaterThanOrEqual(GUIDE.match(/^## /gm)!.length);
    for (const fragment of fragments) expect(ids, `#${fragment}`).toContain(fragment);
    expect(html).not.toContain('&lt;!--');
  });
});
