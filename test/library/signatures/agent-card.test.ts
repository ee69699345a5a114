/**
 * signAgentCard / verifyAgentCard (A2A v1.0 §8.4): against an independent signer and verifier (jose and canonicalize
 * used directly, as another implementation would), every failure reason, keys given, fetched from a JWK Set URL or
 * from each signature's jku (a loopback server), and the input errors.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import canonicalize from 'canonicalize';
import { base64url, exportJWK, exportPKCS8, FlattenedSign, flattenedVerify, generateKeyPair, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignatureInputError, signAgentCard, verifyAgentCard } from '../../../src/index.js';
import { ROOT } from '../../helpers.js';

type Json = Record<string, unknown>;
const CARD_TEXT = readFileSync(`${ROOT}/test/fixtures/cards/v1-signable-card.json`, 'utf8');
const card = (): Json => JSON.parse(CARD_TEXT) as Json;

async function keyPair(alg: string, options: { crv?: string } = {}) {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true, ...options });
  return { publicJwk: await exportJWK(publicKey), privateJwk: await exportJWK(privateKey), privateKey, pem: await exportPKCS8(privateKey) };
}

/** Signs as another implementation would: the RFC 8785 form of the card (which has no default values) without signatures. */
async function independentSignature(value: Json, privateKey: CryptoKey, header: Json): Promise<Json> {
  const { signatures: _excluded, ...content } = value;
  const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(content)))
    .setProtectedHeader(header as { alg: string })
    .sign(privateKey);
  return { protected: jws.protected, signature: jws.signature };
}

let es256: Awaited<ReturnType<typeof keyPair>>;
let server: Server;
let base = '';
const served = new Map<string, { status: number; body: string }>();

beforeAll(async () => {
  es256 = await keyPair('ES256');
  server = createServer((request, response) => {
    const answer = served.get(request.url ?? '') ?? { status: 404, body: '{}' };
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('verifyAgentCard', () => {
  it('verifies a card signed by an independent signer (ES256), and not a tampered copy', async () => {
    const signed = {
      ...card(),
      signatures: [await independentSignature(card(), es256.privateKey, { alg: 'ES256', typ: 'JOSE', kid: 'k1' })],
    };
    const report = await verifyAgentCard(signed, { keys: { keys: [{ ...es256.publicJwk, kid: 'k1' }] } });
    expect(report).toMatchObject({ verified: true, removed: [] });
    expect(report.signatures).toEqual([{ path: '/signatures/0', kid: 'k1', alg: 'ES256', keySource: 'the keys given', verified: true }]);

    const tampered = { ...signed, description: `${String((signed as Record<string, unknown>).description)} Now with wine.` };
    const failed = await verifyAgentCard(tampered, { keys: { keys: [{ ...es256.publicJwk, kid: 'k1' }] } });
    expect(failed.verified).toBe(false);
    expect(failed.signatures[0]).toMatchObject({ verified: false, reason: 'bad-signature', kid: 'k1' });
  });

  it('a card signed with defaults left in verifies when the signer removed them as §8.4.1 says', async () => {
    const withDefaults = {
      ...card(),
      iconUrl: '',
      capabilities: { streaming: true, pushNotifications: false, extensions: [] },
      securitySchemes: {},
    };
    // The signer removed extensions: [] and securitySchemes: {} (not REQUIRED, not optional) and kept iconUrl: "" (optional).
    const { securitySchemes: _s, ...content } = { ...withDefaults, capabilities: { streaming: true, pushNotifications: false } };
    const signature = await independentSignature(content, es256.privateKey, { alg: 'ES256', typ: 'JOSE', kid: 'k1' });
    const report = await verifyAgentCard({ ...withDefaults, signatures: [signature] }, { keys: [{ ...es256.publicJwk, kid: 'k1' }] });
    expect(report.verified).toBe(true);
    expect(report.removed).toEqual(['/capabilities/extensions', '/securitySchemes']);
  });

  it('judges every signature on its own, naming why each failure failed', async () => {
    const other = await keyPair('ES384');
    const good = await independentSignature(card(), es256.privateKey, { alg: 'ES256', typ: 'JOSE', kid: 'k1' });
    const hs256 = { protected: base64url.encode(JSON.stringify({ alg: 'HS256', kid: 'k1' })), signature: good.signature };
    const none = { protected: base64url.encode(JSON.stringify({ alg: 'none', kid: 'k1' })), signature: 'AA' };
    const noKid = await independentSignature(card(), es256.privateKey, { alg: 'ES256', typ: 'JOSE' });
    const unknown = await independentSignature(card(), es256.privateKey, { alg: 'ES256', typ: 'JOSE', kid: 'retired' });
    const wrongCurve = await independentSignature(card(), es256.privateKey, { alg: 'ES256', typ: 'JOSE', kid: 'k384' });
    const otherKey = await independentSignature(card(), other.privateKey, { alg: 'ES384', typ: 'JOSE', kid: 'k1' });
    const signatures = [
      good,
      hs256,
      none,
      { ...noKid, header: { kid: 'k1' } },
      unknown,
      wrongCurve,
      otherKey,
      { protected: 'not base64url!', signature: 'AA' },
      { protected: base64url.encode('[1]'), signature: 'AA' },
      'a string',
    ];
    const keys = {
      keys: [
        { ...es256.publicJwk, kid: 'k1' },
        { ...other.publicJwk, kid: 'k384' },
      ],
    };
    const report = await verifyAgentCard({ ...card(), signatures }, { keys });
    expect(report.verified).toBe(false);
    expect(report.signatures.map((verdict) => [verdict.path, verdict.verified, verdict.reason])).toEqual([
      ['/signatures/0', true, undefined],
      ['/signatures/1', false, 'algorithm-not-allowed'],
      ['/signatures/2', false, 'algorithm-not-allowed'],
      ['/signatures/3', false, 'missing-kid'],
      ['/signatures/4', false, 'unknown-key'],
      ['/signatures/5', false, 'unusable-key'],
      ['/signatures/6', false, 'unusable-key'],
      ['/signatures/7', false, 'malformed'],
      ['/signatures/8', false, 'malformed'],
      ['/signatures/9', false, 'malformed'],
    ]);
    const messages = report.signatures.map((verdict) => verdict.message ?? '');
    expect(messages[1]).toMatch(/HS256 is not allowed/);
    expect(messages[3]).toMatch(/no kid.*unprotected header is not signed/);
    expect(messages[4]).toMatch(/no key with kid "retired"/);
    expect(messages[5]).toMatch(/k384 \(kty EC, crv P-384\) cannot verify ES256/);
    // ES384 is allowed by default, so the P-256 key k1 is unusable for it; narrowed to ES256, ES384 is not allowed.
    const narrowed = await verifyAgentCard({ ...card(), signatures: [otherKey] }, { keys, algorithms: ['ES256'] });
    expect(narrowed.signatures[0]).toMatchObject({ reason: 'algorithm-not-allowed' });
  });

  it('fetches the keys from jwksUrl, or from each signature jku', async () => {
    served.set('/jwks.json', { status: 200, body: JSON.stringify({ keys: [{ ...es256.publicJwk, kid: 'k1' }] }) });
    served.set('/not-a-jwks.json', { status: 200, body: JSON.stringify({ ...es256.publicJwk, kid: 'k1' }) });
    const byJku = (path: string) =>
      independentSignature(card(), es256.privateKey, { alg: 'ES256', typ: 'JOSE', kid: 'k1', jku: `${base}${path}` });
    const signatures = [await byJku('/jwks.json'), await byJku('/missing.json'), await byJku('/not-a-jwks.json')];
    const report = await verifyAgentCard({ ...card(), signatures });
    expect(report.signatures.map((verdict) => [verdict.verified, verdict.reason, verdict.keySource])).toEqual([
      [true, undefined, `${base}/jwks.json`],
      [false, 'key-unavailable', `${base}/missing.json`],
      [false, 'key-unavailable', `${base}/not-a-jwks.json`],
    ]);
    expect(report.signatures[1]!.message).toMatch(/HTTP 404/);
    expect(report.signatures[2]!.message).toMatch(/not a JWK Set.*a single JWK/);

    const fromUrl = await verifyAgentCard({ ...card(), signatures: [signatures[1]] }, { jwksUrl: `${base}/jwks.json` });
    expect(fromUrl.signatures[0]).toMatchObject({ verified: true, keySource: `${base}/jwks.json` });
    await expect(verifyAgentCard({ ...card(), signatures }, { jwksUrl: `${base}/missing.json` })).rejects.toThrow(SignatureInputError);

    const noJku = await independentSignature(card(), es256.privateKey, { alg: 'ES256', typ: 'JOSE', kid: 'k1' });
    expect((await verifyAgentCard({ ...card(), signatures: [noJku] })).signatures[0]).toMatchObject({ reason: 'key-unavailable' });
  });

  it('a card without signatures is not verified; bad input is a SignatureInputError naming it', async () => {
    expect(await verifyAgentCard(card(), { keys: [] })).toMatchObject({ verified: false, signatures: [] });
    await expect(verifyAgentCard(card(), { keys: { ...es256.publicJwk } })).rejects.toThrow(/keys given is not a JWK Set.*a single JWK/);
    await expect(verifyAgentCard(card(), { keys: { keys: [{ x: 1 }] } })).rejects.toThrow(/keys\[0\] is not a JWK/);
    await expect(verifyAgentCard('card', { keys: [] })).rejects.toThrow(/not a JSON object/);
    await expect(
      verifyAgentCard({ name: 'Old', url: 'https://agent.example', protocolVersion: '0.3.0', signatures: [] }, { keys: [] }),
    ).rejects.toThrow(/v0.3 card/);
  });
});

describe('signAgentCard', () => {
  it('signs so that jose verifies over the RFC 8785 form of the card without signatures', async () => {
    const signed = await signAgentCard(card(), { privateKey: es256.privateJwk, kid: 'k1', jku: 'https://agent.example/jwks.json' });
    const [signature] = signed.signatures as Json[];
    const header = JSON.parse(new TextDecoder().decode(base64url.decode(String(signature?.protected))));
    expect(header).toEqual({ alg: 'ES256', typ: 'JOSE', kid: 'k1', jku: 'https://agent.example/jwks.json' });
    const { signatures: _excluded, ...content } = signed;
    expect(content).toEqual(card());
    const result = await flattenedVerify(
      {
        protected: signature!.protected as string,
        signature: signature!.signature as string,
        payload: base64url.encode(canonicalize(content) ?? ''),
      },
      await importJWK(es256.publicJwk, 'ES256'),
    );
    expect(new TextDecoder().decode(result.payload)).toBe(canonicalize(card()));
  });

  it('appends to the signatures already there; each key type signs with its algorithm, and verifies', async () => {
    const ed = await keyPair('EdDSA', { crv: 'Ed25519' });
    const rsa = await keyPair('PS256');
    const p384 = await keyPair('ES384');
    let signed = await signAgentCard(card(), { privateKey: es256.pem, kid: 'pem-es256' });
    signed = await signAgentCard(signed, { privateKey: ed.privateJwk, kid: 'ed' });
    signed = await signAgentCard(signed, { privateKey: rsa.pem, kid: 'ps', alg: 'PS256' });
    signed = await signAgentCard(signed, { privateKey: p384.pem, kid: 'p384' });
    const keys = [
      { ...es256.publicJwk, kid: 'pem-es256' },
      { ...ed.publicJwk, kid: 'ed' },
      { ...rsa.publicJwk, kid: 'ps' },
      { ...p384.publicJwk, kid: 'p384' },
    ];
    const report = await verifyAgentCard(signed, { keys });
    expect(report.signatures.map((verdict) => [verdict.kid, verdict.alg, verdict.verified])).toEqual([
      ['pem-es256', 'ES256', true],
      ['ed', 'EdDSA', true],
      ['ps', 'PS256', true],
      ['p384', 'ES384', true],
    ]);
  });

  it('signs the canonical form: a card with defaults verifies as the same card without them', async () => {
    const withDefaults = { ...card(), securitySchemes: {}, capabilities: { streaming: true, pushNotifications: false, extensions: [] } };
    const signed = await signAgentCard(withDefaults, { privateKey: es256.privateJwk, kid: 'k1' });
    const { securitySchemes: _s, ...trimmed }: Json = { ...signed, capabilities: { streaming: true, pushNotifications: false } };
    expect((await verifyAgentCard(trimmed, { keys: [{ ...es256.publicJwk, kid: 'k1' }] })).verified).toBe(true);
  });

  it('a key it cannot sign with is a SignatureInputError naming why', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [es256.publicJwk, /public key: signing needs the private key/],
      [{ kty: 'oct', k: 'c2VjcmV0' }, /symmetric key/],
      ['-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\n-----END EC PRIVATE KEY-----', /PEM "EC PRIVATE KEY", not a PKCS#8/],
      ['-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----', /not an EC .* private key/],
      ['not a key', /neither a PEM text nor a JWK/],
      [{ n: 1 }, /not a JWK/],
    ];
    for (const [privateKey, message] of cases)
      await expect(signAgentCard(card(), { privateKey: privateKey as JWK, kid: 'k1' })).rejects.toThrow(message);
    await expect(signAgentCard(card(), { privateKey: es256.privateJwk, kid: '' })).rejects.toThrow(/needs a kid/);
    await expect(signAgentCard(card(), { privateKey: es256.privateJwk, kid: 'k1', alg: 'HS256' })).rejects.toThrow(/HS256 is not one of/);
    await expect(signAgentCard(card(), { privateKey: es256.privateJwk, kid: 'k1', alg: 'ES384' })).rejects.toThrow(SignatureInputError);
  });
});
