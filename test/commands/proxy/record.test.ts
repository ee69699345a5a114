/**
 * `--record` (src/commands/proxy/record.ts) for a payload that is not JSON: the line written is never a JSON
 * text, so `validate --ndjson` names it as not JSON, and it shows what came (as it came when it can).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Recorder } from '../../../src/commands/proxy/record.js';

describe('Recorder.unparsable', () => {
  it('writes what came when that is still no JSON text, else marks it; every line is one line and none parses', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bindu-record-'));
    try {
      const file = join(dir, 'r.ndjson');
      const recorder = new Recorder(file, () => undefined);
      recorder.unparsable('{"jsonrpc":"2.0",');
      recorder.unparsable(Buffer.from('{"a":\n1'));
      recorder.unparsable('{"a":"line\nend"}');
      recorder.unparsable(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]));
      recorder.unparsable('');
      recorder.close();
      const lines = readFileSync(file, 'utf8').split('\n');
      expect(lines.pop()).toBe('');
      expect(lines).toEqual(['{"jsonrpc":"2.0",', '{"a": 1', '(not JSON) {"a":"line end"}', '(not JSON) {"a":"\uFFFD"}', '(not JSON) ']);
      for (const line of lines) expect(() => JSON.parse(line), line).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
