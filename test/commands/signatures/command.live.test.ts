/**
 * sign-card, verify-card and verify-task through the published bin: a card signed by an independent signer (jose and
 * canonicalize used directly, ES256) verifies with --jwks and a tampered copy exits 1; sign-card's output verifies with
 * jose over the RFC 8785 form of the card without signatures; a card and its JWK Set served on loopback (the jku);
 * Bindu task signatures; the input errors (exit 2, one line, no stack trace).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import canonicalize from 'canonicalize';
import { base64url, exportJWK, exportPKCS8, FlattenedSign, flattenedVerify, generateKeyPair, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binduSigner } from '../../fixtures/signers/bindu-signer.js';
import { ROOT } from '../../helpers.js';

type Json = Record<string, unknown>;
const CARD_FILE = join(ROOT, 'test/fixtures/cards/v1-signable-card.json');
const card = (): Json => JSON.parse(readFileSync(CARD_FILE, 'utf8')) as Json;
const dir = mkdtempSync(join(tmpdir(), 'bindu-signatures-'));
const file = (name: string, value: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};

/** The published bin, run without blocking this process (the loopback server must answer it). */
function cli(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(ROOT, 'dist', 'bin.mjs'), ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ status: error ? Number((error as { code?: number }).code ?? 2) : 0, stdout, stderr });
    });
  });
}

let keys: { publicJwk: Json; privateKey: CryptoKey; pem: string };
let server: Server;
let base = '';
const served = new Map<string, string>();

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  keys = {
    publicJwk: { ...(await exportJWK(pair.publicKey)), kid: 'k1' },
    privateKey: pair.privateKey,
    pem: await exportPKCS8(pair.privateKey),
  };
  server = createServer((request, response) => {
    const body = served.get(request.url ?? '');
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Another implementation's signature: ES256 over canonicalize(card) (the card has no default values). */
async function independentlySigned(header: Json): Promise<Json> {
  const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(card())))
    .setProtectedHeader(header as { alg: string })
    .sign(keys.privateKey);
  return { ...card(), signatures: [{ protected: jws.protected, signature: jws.signature }] };
}

describe('verify-card', () => {
  it('verifies an independently signed card with --jwks; a tampered copy exits 1', async () => {
    const signed = await independentlySigned({ alg: 'ES256', typ: 'JOSE', kid: 'k1' });
    const jwks = file('jwks.json', { keys: [keys.publicJwk] });
    const good = await cli(['verify-card', file('signed.json', signed), '--jwks', jwks]);
    expect(good).toMatchObject({ status: 0, stderr: '' });
    expect(good.stdout).toContain('PASS /signatures/0 (kid k1, ES256');
    expect(good.stdout).toContain('1 of 1 signatures verified');

    const tampered = { ...signed, skills: [{ ...(signed.skills as Json[])[0], tags: ['cooking', 'wine'] }] };
    const bad = await cli(['verify-card', file('tampered.json', tampered), '--jwks', jwks]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/FAIL \/signatures\/0 \(kid k1, ES256\) bad-signature/);
  });

  it("fetches a card by URL and each signature's jku", async () => {
    served.set('/.well-known/jwks.json', JSON.stringify({ keys: [keys.publicJwk] }));
    served.set(
      '/card.json',
      JSON.stringify(await independentlySigned({ alg: 'ES256', typ: 'JOSE', kid: 'k1', jku: `${base}/.well-known/jwks.json` })),
    );
    const result = await cli(['verify-card', `${base}/card.json`]);
    expect(result.stdout).toContain(`key from ${base}/.well-known/jwks.json`);
    expect(result.status).toBe(0);
    const json = await cli(['verify-card', `${base}/card.json`, '--jwks', `${base}/.well-known/jwks.json`, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ verified: true, signatures: [{ kid: 'k1', verified: true }] });
  });

  it('a card without signatures exits 1; bad input exits 2 with one clear line', async () => {
    const none = await cli(['verify-card', CARD_FILE, '--jwks', file('jwks.json', { keys: [keys.publicJwk] })]);
    expect(none.status).toBe(1);
    expect(none.stdout).toMatch(/carries no signature/);
    const cases: Array<[string[], RegExp]> = [
      [['verify-card', CARD_FILE, '--jwks', file('one-jwk.json', keys.publicJwk)], /is not a JWK Set.*a single JWK/],
      [['verify-card', CARD_FILE, '--jwks', file('pem.txt', keys.pem)], /the JWK Set .* is not JSON/],
      [['verify-card', join(dir, 'missing.json')], /cannot read/],
      [['verify-card', `${base}/missing.json`], /HTTP 404/],
      [['verify-card'], /takes one card/],
      [['verify-card', file('v03.json', { name: 'Old', url: 'https://a.example', protocolVersion: '0.3.0' })], /v0.3 card/],
    ];
    for (const [args, message] of cases) {
      const result = await cli(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('sign-card', () => {
  it('prints the card signed so that jose verifies it over the RFC 8785 form of the card without signatures', async () => {
    const result = await cli([
      'sign-card',
      CARD_FILE,
      '--key',
      file('key.pem', keys.pem),
      '--kid',
      'k1',
      '--jku',
      'https://agent.example/jwks.json',
    ]);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    const { signatures, ...content } = JSON.parse(result.stdout) as Json;
    expect(content).toEqual(card());
    const [signature] = signatures as Array<{ protected: string; signature: string }>;
    expect(JSON.parse(new TextDecoder().decode(base64url.decode(signature!.protected)))).toEqual({
      alg: 'ES256',
      typ: 'JOSE',
      kid: 'k1',
      jku: 'https://agent.example/jwks.json',
    });
    await flattenedVerify(
      { ...signature!, payload: base64url.encode(canonicalize(content) ?? '') },
      await importJWK(keys.publicJwk, 'ES256'),
    );
    const again = await cli([
      'verify-card',
      file('cli-signed.json', result.stdout),
      '--jwks',
      file('jwks.json', { keys: [keys.publicJwk] }),
    ]);
    expect(again.status).toBe(0);
  });

  it('a key it cannot use, or a missing option, exits 2 with one clear line', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['sign-card', CARD_FILE, '--key', file('public.json', keys.publicJwk), '--kid', 'k1'], /public key: signing needs the private key/],
      [
        [
          'sign-card',
          CARD_FILE,
          '--key',
          file('sec1.pem', '-----BEGIN EC PRIVATE KEY-----\nAA\n-----END EC PRIVATE KEY-----\n'),
          '--kid',
          'k',
        ],
        /not a PKCS#8/,
      ],
      [['sign-card', CARD_FILE, '--kid', 'k1'], /needs --key/],
      [['sign-card', CARD_FILE, '--key', join(dir, 'key.pem')], /needs --kid/],
      [['sign-card', CARD_FILE, '--key', join(dir, 'nokey.pem'), '--kid', 'k1'], /cannot read the key/],
    ];
    for (const [args, message] of cases) {
      const result = await cli(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('verify-task', () => {
  it('verifies a task signed as Bindu signs; a changed text exits 1 and names the part', async () => {
    const signer = binduSigner();
    const task = {
      jsonrpc: '2.0',
      id: '3f1e',
      result: {
        id: 't',
        context_id: 'c',
        kind: 'task',
        status: { state: 'completed' },
        artifacts: [{ artifact_id: 'a', parts: [signer.signedTextPart('Grüße')] }],
      },
    };
    const didDoc = file('did.json', signer.didDocument);
    const good = await cli(['verify-task', file('task.json', task), '--did-doc', didDoc]);
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('PASS /result/artifacts/0/parts/0');
    served.set('/did/resolve?did=x', JSON.stringify(signer.didDocument));
    expect((await cli(['verify-task', join(dir, 'task.json'), '--did-doc', `${base}/did/resolve?did=x`])).status).toBe(0);

    const changed = structuredClone(task);
    (changed.result.artifacts[0]!.parts[0] as Json).text = 'Grüße!';
    const bad = await cli(['verify-task', file('changed.json', changed), '--did-doc', didDoc]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/FAIL \/result\/artifacts\/0\/parts\/0 bad-signature/);

    const unsigned = await cli(['verify-task', file('unsigned.json', { parts: [{ kind: 'text', text: 'hi' }] }), '--did-doc', didDoc]);
    expect(unsigned.status).toBe(1);
    expect(unsigned.stdout).toMatch(/no part carries a did.message.signature/);

    const noKey = await cli([
      'verify-task',
      join(dir, 'task.json'),
      '--did-doc',
      file('nokey.json', { id: signer.did, authentication: [] }),
    ]);
    expect(noKey.status).toBe(2);
    expect(noKey.stderr).toMatch(/no Ed25519 key with a publicKeyBase58/);
    expect((await cli(['verify-task', join(dir, 'task.json')])).stderr).toMatch(/needs --did-doc/);
  });
});
