/** The examples of README.md, taken from its text, and a scratch project to run them in (test/readme*.test.ts). */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers.js';

export const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The fenced code blocks of a text, with their language and the line (1-based) each starts on. */
export function codeBlocks(text: string): { lang: string; code: string; start: number; end: number }[] {
  const lines = text.split('\n');
  const blocks: { lang: string; code: string; start: number; end: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const close = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    blocks.push({ lang: open[1]!, code: lines.slice(i + 1, close).join('\n'), start: i + 1, end: close + 1 });
    i = close;
  }
  return blocks;
}

/** A scratch directory under test-output/ where `bindu-protocol` resolves to this checkout, as an install would. */
export function scratchProject(name: string): string {
  const dir = join(ROOT, 'test-output', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'bindu-protocol'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{"type":"module","private":true}\n');
  return dir;
}

/** The quick start's first example: the `task.json` payload, the code, and the output it states. */
export function quickStart(): { payload: string; code: string; output: string[] } {
  const section = README.slice(README.indexOf('## Quick start'));
  const blocks = codeBlocks(section);
  const payload = blocks.find((b) => b.lang === 'json')!.code;
  const code = blocks.find((b) => b.lang === 'ts')!.code;
  const stated = /prints `([^`]+)`, then\s+```\n([\s\S]*?)\n```/.exec(section);
  return { payload, code, output: [stated![1]!, ...stated![2]!.split('\n')] };
}
