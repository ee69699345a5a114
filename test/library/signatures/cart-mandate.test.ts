/**
 * verifyCartMandate: a merchant authorization made with jose's SignJWT (an independent signer) verifies with the
 * merchant's key (JWK or SPKI PEM); another key, changed claims, a missing claim or kid, an expired token and an
 * unsigned mandate each give their reason; cart_hash is always said not verifiable.
 */
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_HASH_NOT_VERIFIABLE, SignatureInputError, verifyCartMandate } from '../../../src/index.js';

const NOW = 1_800_000_000;
const contents = {
  id: 'cart-1',
  userCartConfirmationRequired: true,
  paymentRequest: {
    methodData: [{ supportedMethods: 'CARD' }],
    details: { id: 'd1', displayItems: [], total: { label: 'Total', amount: { currency: 'USD', value: 12 } } },
  },
  cartExpiry: '2027-01-15T08:00:00Z',
  merchantName: 'Example Shop',
};

describe('verifyCartMandate', () => {
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  let other: Awaited<ReturnType<typeof generateKeyPair>>;
  const token = (
    claims: Record<string, unknown>,
    header: Record<string, unknown> = { alg: 'ES256', kid: 'merchant-1' },
    key = keys.privateKey,
  ) => new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(key);
  const full = { iss: 'merchant', sub: 'cart-1', aud: 'shopper', iat: NOW - 60, exp: NOW + 600, jti: 'j1', cart_hash: 'abc' };

  beforeAll(async () => {
    keys = await generateKeyPair('ES256', { extractable: true });
    other = await generateKeyPair('ES256', { extractable: true });
  });

  it('verifies with the merchant key as a JWK and as a PEM, and names cart_hash as not verifiable', async () => {
    const mandate = { contents, merchantAuthorization: await token(full) };
    const jwk = await verifyCartMandate(mandate, { key: await exportJWK(keys.publicKey), now: NOW });
    expect(jwk).toMatchObject({ verified: true, claims: { jti: 'j1', cart_hash: 'abc' }, header: { kid: 'merchant-1' } });
    expect(jwk.notVerifiable).toEqual([CART_HASH_NOT_VERIFIABLE]);
    const pem = await verifyCartMandate(
      { contents, merchant_authorization: mandate.merchantAuthorization },
      { key: await exportSPKI(keys.publicKey), now: NOW },
    );
    expect(pem.verified).toBe(true);
  });

  it('another key, a changed payload, missing claims, expiry and no signature are verdicts', async () => {
    const key = await exportJWK(keys.publicKey);
    const signed = await token(full);
    const wrong = await verifyCartMandate(
      { contents, merchantAuthorization: await token(full, undefined, other.privateKey) },
      { key, now: NOW },
    );
    expect(wrong).toMatchObject({ verified: false, reason: 'bad-signature' });
    const [head, , sig] = signed.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...full, cart_hash: 'other' })).toString('base64url')}.${sig}`;
    expect((await verifyCartMandate({ contents, merchantAuthorization: forged }, { key, now: NOW })).reason).toBe('bad-signature');
    const { cart_hash: _hash, jti: _jti, ...partial } = full;
    const missing = await verifyCartMandate({ contents, merchantAuthorization: await token(partial, { alg: 'ES256' }) }, { key, now: NOW });
    expect(missing).toMatchObject({ verified: false, reason: 'missing-claims', missing: ['kid', 'jti', 'cart_hash'] });
    expect((await verifyCartMandate({ contents, merchantAuthorization: signed }, { key, now: NOW + 601 })).reason).toBe('expired');
    expect((await verifyCartMandate({ contents }, { key, now: NOW })).reason).toBe('unsigned');
    expect((await verifyCartMandate({ contents, merchantAuthorization: 'eyJhbGciOiJSUzI1NiIsImtpZIwMjQwOTA...' }, { key })).reason).toBe(
      'malformed',
    );
  });

  it('input it cannot work with is a SignatureInputError naming it', async () => {
    const key = await exportJWK(keys.publicKey);
    await expect(verifyCartMandate({ merchantAuthorization: 'x' }, { key })).rejects.toThrow(SignatureInputError);
    await expect(verifyCartMandate({ contents, merchantAuthorization: await token(full) }, { key: 'not a key' })).rejects.toThrow(
      /not an SPKI PEM/,
    );
  });
});
