/**
 * verifyBinduSignatures on what a real Bindu agent sent (test/fixtures/bindu-agent/recorded/, made by
 * record.ts from pip `bindu`): the final task's signed artifact verifies against the DID document
 * the same agent served, and fails once a signed text is changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyBinduSignatures } from '../../../src/library/signatures/index.js';
import { ROOT } from '../../helpers.js';

const recorded = (file: string): unknown =>
  JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'bindu-agent', 'recorded', file), 'utf8')) as unknown;

type Task = { artifacts: { parts: { text: string }[] }[] };

describe("Bindu's DID signatures on a real agent's recorded task", () => {
  const task = recorded('final-task.json') as Task;
  const didDocument = recorded('did-document.json');

  it('the final task verifies against the DID document the agent served', () => {
    const report = verifyBinduSignatures(task, didDocument);
    expect(report.signed).toBeGreaterThan(0);
    expect(report.verified).toBe(true);
    expect(report.parts.every((part) => part.verified)).toBe(true);
    expect(report.did).toBe((didDocument as { id: string }).id);
  });

  it('fails, at the part, when a signed text is changed', () => {
    const changed = structuredClone(task);
    changed.artifacts[0]!.parts[0]!.text += '!';
    const report = verifyBinduSignatures(changed, didDocument);
    expect(report.verified).toBe(false);
    expect(report.parts[0]).toMatchObject({ path: '/artifacts/0/parts/0', verified: false, reason: 'bad-signature' });
  });
});
