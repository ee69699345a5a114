/**
 * verifyBinduSignatures: Bindu's DID signatures on the parts an agent sends (SPEC-NOTES SIG-1). A vector recorded from
 * a real Bindu echo agent, and tasks signed by test/fixtures/signers/bindu-signer.ts (which signs as Bindu does).
 */
import { describe, expect, it } from 'vitest';
import { SignatureInputError, validate, verifyBinduSignatures } from '../../../src/index.js';
import { base58Encode, binduSigner } from '../../fixtures/signers/bindu-signer.js';

const TASK_ID = 'ef6cb76c-65ff-4e36-833c-345e9d7c75df';
const CONTEXT_ID = '365cbee3-f502-41da-afb4-32d75009ac38';

/**
 * The values of a real Bindu echo agent's dry run (GetBindu/Bindu `scripts/dryrun-fixtures/echo-agent/final-task.json`
 * and `did-doc.json`): its artifact's text, the signature Bindu put on it and the key of its DID document.
 */
const REAL = {
  did: 'did:bindu:gaurikasethi88_at_gmail_com:echo_agent:438b4815-7ebe-d853-b95d-48b32b68fa3a',
  publicKeyBase58: '7dNzT2ZzYKsibUFirPVWZheh2TGKZuy3fGdCkcq2f2RM',
  text: 'hello from dry-run',
  signature: '5kyvg2qwU2xCSSGYrkEYQLF3N48mPVfRJQhSGvmomFXs3GzEZuzu9TWuiH8XEa1p3HTqorK1oMTPAN3dSpa4KtXs',
};

const realDoc = {
  '@context': ['https://www.w3.org/ns/did/v1', 'https://getbindu.com/ns/v1'],
  id: REAL.did,
  authentication: [
    { id: `${REAL.did}#key-1`, type: 'Ed25519VerificationKey2020', controller: REAL.did, publicKeyBase58: REAL.publicKeyBase58 },
  ],
};

/** A completed task as a Bindu agent returns it (snake_case result): the user's message, the agent's, one artifact. */
function task(parts: unknown[]): Record<string, unknown> {
  return {
    id: TASK_ID,
    context_id: CONTEXT_ID,
    kind: 'task',
    status: { state: 'completed', timestamp: '2026-11-28T19:41:00+00:00' },
    history: [{ message_id: '1f0a6b5c-e8f7-4be3-811a-c096b8f8960b', kind: 'message', role: 'user', parts: [{ kind: 'text', text: 'hi' }] }],
    artifacts: [{ artifact_id: 'd2253c92-a11f-48a5-bb8b-c45ddb467a98', name: 'result', parts }],
  };
}

describe('verifyBinduSignatures', () => {
  it("verifies a real Bindu agent's signature, and reports the part when its text changed", () => {
    const signed = task([{ kind: 'text', text: REAL.text, metadata: { 'did.message.signature': REAL.signature } }]);
    const report = verifyBinduSignatures(signed, realDoc);
    expect(report).toMatchObject({ verified: true, signed: 1, did: REAL.did, unsigned: ['/history/0/parts/0'] });
    expect(report.parts).toEqual([{ path: '/artifacts/0/parts/0', verified: true, keyId: `${REAL.did}#key-1` }]);

    const changed = task([{ kind: 'text', text: `${REAL.text}.`, metadata: { 'did.message.signature': REAL.signature } }]);
    const failed = verifyBinduSignatures(changed, realDoc);
    expect(failed.verified).toBe(false);
    expect(failed.parts).toEqual([expect.objectContaining({ path: '/artifacts/0/parts/0', verified: false, reason: 'bad-signature' })]);
    expect(failed.parts[0]!.message).toMatch(/changed after it was signed/);
  });

  it('signs the UTF-8 bytes of the text: non-ASCII text verifies', () => {
    const signer = binduSigner();
    const report = verifyBinduSignatures(task([signer.signedTextPart('Grüße, 世界 🌍')]), signer.didDocument);
    expect(report.verified).toBe(true);
  });

  it('reads parts wherever they are: a JSON-RPC envelope, a message, a stream event, a status message', () => {
    const signer = binduSigner();
    const part = signer.signedTextPart('done');
    const envelope = { jsonrpc: '2.0', id: '7b0c', result: task([part, signer.signedTextPart('second')]) };
    expect(verifyBinduSignatures(envelope, signer.didDocument).parts.map((verdict) => verdict.path)).toEqual([
      '/result/artifacts/0/parts/0',
      '/result/artifacts/0/parts/1',
    ]);
    const message = { kind: 'message', role: 'agent', parts: [part] };
    expect(verifyBinduSignatures(message, signer.didDocument).parts).toEqual([
      { path: '/parts/0', verified: true, keyId: `${signer.did}#key-1` },
    ]);
    const event = { kind: 'artifact-update', task_id: TASK_ID, artifact: { artifact_id: 'a', parts: [part] } };
    expect(verifyBinduSignatures(event, signer.didDocument).parts[0]?.path).toBe('/artifact/parts/0');
    const status = { status: { state: 'input-required', message: { role: 'agent', parts: [part] } } };
    expect(verifyBinduSignatures(status, signer.didDocument).parts[0]?.path).toBe('/status/message/parts/0');
  });

  it('names each failing part and why; the other parts keep their verdict', () => {
    const signer = binduSigner();
    const other = binduSigner();
    const tampered = { ...signer.signedTextPart('pay 10'), text: 'pay 1000' };
    const report = verifyBinduSignatures(
      task([
        signer.signedTextPart('fine'),
        tampered,
        other.signedTextPart('signed by someone else'),
        { kind: 'text', text: 'x', metadata: { 'did.message.signature': 'not base58 0OIl' } },
        { kind: 'text', text: 'x', metadata: { 'did.message.signature': base58Encode(new Uint8Array(63).fill(7)) } },
        { kind: 'text', text: 'x', metadata: { 'did.message.signature': 42 } },
        { kind: 'data', data: { a: 1 }, metadata: { 'did.message.signature': signer.signText('{"a":1}') } },
        { kind: 'text', text: 'unsigned' },
      ]),
      signer.didDocument,
    );
    expect(report.verified).toBe(false);
    expect(report.signed).toBe(7);
    expect(report.parts.map(({ path, verified, reason }) => [path, verified, reason])).toEqual([
      ['/artifacts/0/parts/0', true, undefined],
      ['/artifacts/0/parts/1', false, 'bad-signature'],
      ['/artifacts/0/parts/2', false, 'bad-signature'],
      ['/artifacts/0/parts/3', false, 'malformed-signature'],
      ['/artifacts/0/parts/4', false, 'malformed-signature'],
      ['/artifacts/0/parts/5', false, 'malformed-signature'],
      ['/artifacts/0/parts/6', false, 'no-text'],
    ]);
    expect(report.parts[3]!.message).toMatch(/not base58/);
    expect(report.parts[4]!.message).toMatch(/63 bytes/);
    expect(report.parts[5]!.message).toMatch(/number/);
    expect(report.unsigned).toEqual(['/history/0/parts/0', '/artifacts/0/parts/7']);
  });

  it('a text with a lone surrogate fails: UTF-8 cannot encode it, so no signer signed it', () => {
    const signer = binduSigner();
    const part = { kind: 'text', text: 'a\uD800b', metadata: { 'did.message.signature': signer.signText('a\uFFFDb') } };
    expect(verifyBinduSignatures({ parts: [part] }, signer.didDocument).parts[0]).toMatchObject({
      verified: false,
      reason: 'bad-signature',
    });
  });

  it('nothing signed: not verified, and no part judged', () => {
    const signer = binduSigner();
    const report = verifyBinduSignatures(task([{ kind: 'text', text: 'plain' }]), signer.didDocument);
    expect(report).toMatchObject({ verified: false, signed: 0, parts: [], unsigned: ['/history/0/parts/0', '/artifacts/0/parts/0'] });
  });

  it('uses a key that authentication names by id in verificationMethod, and tries each Ed25519 key', () => {
    const first = binduSigner();
    const second = binduSigner(first.did);
    const doc = {
      id: first.did,
      authentication: [
        (first.didDocument.authentication as unknown[])[0],
        `${first.did}#key-2`,
        { id: `${first.did}#x25519`, type: 'X25519KeyAgreementKey2019', controller: first.did, publicKeyBase58: first.publicKeyBase58 },
      ],
      verificationMethod: [
        { id: `${first.did}#key-2`, type: 'Ed25519VerificationKey2020', controller: first.did, publicKeyBase58: second.publicKeyBase58 },
      ],
    };
    const report = verifyBinduSignatures({ parts: [first.signedTextPart('one'), second.signedTextPart('two')] }, doc);
    expect(report.keys).toEqual([`${first.did}#key-1`, `${first.did}#key-2`]);
    expect(report.parts.map((verdict) => verdict.keyId)).toEqual([`${first.did}#key-1`, `${first.did}#key-2`]);
  });

  it("the signer's DID document is a valid bindu DidDocument", () => {
    expect(validate('DidDocument', binduSigner().didDocument, { variant: 'bindu', strict: true }).errors).toEqual([]);
    expect(validate('DidDocument', realDoc, { variant: 'bindu', strict: true }).errors).toEqual([]);
  });

  it('a DID document it cannot use is a SignatureInputError naming what is wrong', () => {
    const signer = binduSigner();
    const method = (signer.didDocument.authentication as Array<Record<string, unknown>>)[0]!;
    const cases: Array<[unknown, RegExp]> = [
      ['did:bindu:x', /not a JSON object/],
      [{ id: signer.did }, /no "authentication" list/],
      [{ id: signer.did, authentication: [] }, /no Ed25519 key with a publicKeyBase58/],
      [
        { id: signer.did, authentication: [{ ...method, publicKeyBase58: undefined, publicKeyMultibase: 'z6Mk' }] },
        /no Ed25519 key.*key-1 \(no publicKeyBase58\)/,
      ],
      [{ id: signer.did, authentication: [`${signer.did}#key-9`] }, /key-9 \(not found in verificationMethod\)/],
      [{ id: signer.did, authentication: [{ ...method, type: 'RsaVerificationKey2018' }] }, /not an Ed25519 key type/],
      [{ id: signer.did, authentication: [{ ...method, publicKeyBase58: '0OIl' }] }, /publicKeyBase58 is not base58/],
      [
        { id: signer.did, authentication: [{ ...method, publicKeyBase58: base58Encode(new Uint8Array(31).fill(9)) }] },
        /31 bytes, not the 32 of an Ed25519 key/,
      ],
      [
        {
          id: signer.did,
          authentication: [{ ...method, publicKeyBase58: base58Encode(Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 2 : 0))) }],
        },
        /not a point of Ed25519/,
      ],
    ];
    for (const [doc, message] of cases) {
      expect(() => verifyBinduSignatures({ parts: [] }, doc)).toThrow(SignatureInputError);
      expect(() => verifyBinduSignatures({ parts: [] }, doc)).toThrow(message);
    }
  });
});
