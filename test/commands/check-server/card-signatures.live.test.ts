/**
 * check-server's card signature step (A2A v1.0.1 §8.4) against SDK 1.x agents whose card is signed by
 * signAgentCard: the keys served on loopback as a JWK Set the signatures' jku names, or given with --jwks
 * (a file or a URL). An unsigned card is a SKIP; a tampered card, or a key of another kid, a FAIL naming the
 * signature, its kid and why.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServerCommand } from '../../../src/commands/check-server/command.js';
import { stepId } from '../../../src/commands/check-server/step-ids.js';
import { signAgentCard } from '../../../src/library/signatures/index.js';
import { startSdkV1Agent, type SdkAgent } from '../../fixtures/servers/sdk-agents.js';

const STEP = stepId('card', 'agent card signatures (v1.0)');

interface StepJson {
  readonly id: string;
  readonly status: string;
  readonly reason?: string;
  readonly clause?: string;
}

async function signatureStep(args: string[]): Promise<{ code: number; step?: StepJson; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await checkServerCommand(
    [...args, '--only', 'card', '--json', '--timeout', '5s'],
    (text) => (stdout += text),
    (text) => (stderr += text),
  );
  if (code === 2) return { code, stderr };
  const report = JSON.parse(stdout) as { steps: StepJson[] };
  return { code, step: report.steps.find((step) => step.id === STEP), stderr };
}

describe('check-server: agent card signatures (v1.0)', () => {
  let jwksServer: Server;
  let jwksUrl: string;
  let publicJwk: Record<string, unknown>;
  let otherJwk: Record<string, unknown>;
  let privateJwk: Record<string, unknown>;
  let signed: SdkAgent;
  let tampered: SdkAgent;
  let unsigned: SdkAgent;
  let dir: string;

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'card-key-1' };
    privateJwk = { ...(await exportJWK(pair.privateKey)), kid: 'card-key-1' };
    const other = await generateKeyPair('ES256', { extractable: true });
    otherJwk = { ...(await exportJWK(other.publicKey)), kid: 'card-key-1' };
    jwksServer = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [req.url === '/other.json' ? otherJwk : publicJwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const address = jwksServer.address() as { port: number };
    jwksUrl = `http://127.0.0.1:${address.port}/jwks.json`;
    const sign = (card: Record<string, unknown>) => signAgentCard(card, { privateKey: privateJwk, kid: 'card-key-1', jku: jwksUrl });
    const signatures = (card: Record<string, unknown>) =>
      sign(card).then((out) => out.signatures as { protected: string; signature: string }[]);
    [signed, tampered, unsigned] = await Promise.all([
      startSdkV1Agent({ sign: signatures }),
      // Signed, then changed: the description served is not the one signed.
      startSdkV1Agent({ sign: (card) => signatures({ ...card, description: 'another description' }) }),
      startSdkV1Agent(),
    ]);
    dir = mkdtempSync(join(tmpdir(), 'card-signatures-'));
  }, 60_000);
  afterAll(async () => {
    await Promise.all([signed?.close(), tampered?.close(), unsigned?.close()]);
    await new Promise((resolve) => jwksServer?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('a card signed by signAgentCard passes with the key from its jku', async () => {
    const { code, step } = await signatureStep([signed.url]);
    expect(step?.status, step?.reason).toBe('pass');
    expect(code).toBe(0);
  }, 60_000);

  it('a tampered card fails, naming the signature, its kid and why, with the clause', async () => {
    const { code, step } = await signatureStep([tampered.url]);
    expect(code).toBe(1);
    expect(step?.status).toBe('fail');
    expect(step?.reason).toContain('/signatures/0 (kid card-key-1): bad-signature');
    expect(step?.clause).toContain('§8.4.3');
  }, 60_000);

  it('--jwks FILE and --jwks URL give the keys: the right one passes, another key of that kid fails', async () => {
    const file = join(dir, 'jwks.json');
    writeFileSync(file, JSON.stringify({ keys: [publicJwk] }));
    expect((await signatureStep([signed.url, '--jwks', file])).step?.status).toBe('pass');
    const other = await signatureStep([signed.url, '--jwks', jwksUrl.replace('/jwks.json', '/other.json')]);
    expect(other.step?.status).toBe('fail');
    expect(other.step?.reason).toContain('/signatures/0 (kid card-key-1): bad-signature');
    expect((await signatureStep([tampered.url, '--jwks', file])).step?.status).toBe('fail');
  }, 60_000);

  it('an unsigned card is a SKIP (signing is a MAY)', async () => {
    const { step } = await signatureStep([unsigned.url]);
    expect(step?.status).toBe('skip');
    expect(step?.reason).toContain('MAY');
  }, 60_000);

  it('a --jwks that is not a JWK Set is a usage error (exit 2) naming it', async () => {
    const file = join(dir, 'single.json');
    writeFileSync(file, JSON.stringify(publicJwk));
    const single = await signatureStep([signed.url, '--jwks', file]);
    expect(single.code).toBe(2);
    expect(single.stderr).toContain('is not a JWK Set');
    const missing = await signatureStep([signed.url, '--jwks', join(dir, 'absent.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('absent.json');
  }, 60_000);
});
