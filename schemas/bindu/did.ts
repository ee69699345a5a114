/**
 * The DID document a Bindu agent serves at `/did/resolve` (Bindu's own OpenAPI names it `DidDocument` and its
 * keys `VerificationMethod`): W3C DID Core keys, one Ed25519 key in `authentication` as `publicKeyBase58`. The
 * agent signs the text of each text part it returns with that key (`metadata["did.message.signature"]`, checked by
 * `verifyBinduSignatures`, src/library/signatures/bindu.ts). Not part of A2A.
 */
import { Type } from '@sinclair/typebox';
import { DateTime } from '../lib.js';

/** The characters of base58 (the Bitcoin alphabet Bindu's `base58` library uses): no 0, O, I or l; `(?!\n)` so that Python's `$`, which also matches before a final newline, agrees with ECMA-262's. */
const BASE58 = '^[1-9A-HJ-NP-Za-km-z]+$(?!\\n)';

export const VerificationMethod = Type.Object(
  {
    id: Type.String({ description: 'The DID URL of the key: the DID and a fragment, `<did>#key-1` in Bindu.' }),
    type: Type.String({
      description: 'The kind of key; Bindu publishes `Ed25519VerificationKey2020`, an Ed25519 public key.',
    }),
    controller: Type.String({ description: 'The DID of whoever controls the key; in Bindu the agent itself.' }),
    publicKeyBase58: Type.String({
      pattern: BASE58,
      description: 'The raw 32-byte Ed25519 public key, base58-encoded (Bitcoin alphabet).',
    }),
  },
  { description: 'A public key published in a DID document, with the DID that controls it.' },
);

export const DidDocument = Type.Object(
  {
    '@context': Type.Optional(
      Type.Array(Type.String({ description: 'One context URI.' }), {
        description:
          'The JSON-LD contexts the document follows; Bindu sends `https://www.w3.org/ns/did/v1` and `https://getbindu.com/ns/v1`.',
      }),
    ),
    id: Type.String({
      pattern: '^did:[a-z0-9]+:',
      description:
        "The DID the document describes: `did:bindu:<author>:<agent_name>:<agent_id>` for a Bindu agent (or `did:key:z…` when it has no author), the same DID as the agent card's `did:bindu:` extension URI.",
    }),
    created: Type.Optional(DateTime({ description: 'When the DID was created.' })),
    authentication: Type.Array(
      Type.Union(
        [
          Type.Ref('VerificationMethod', { description: 'A key given in full.' }),
          Type.String({ description: 'The DID URL of a key listed in `verificationMethod` (DID Core §5.3.1).' }),
        ],
        { description: 'One key that authenticates the DID.' },
      ),
      {
        description: "The keys that authenticate the DID; the first Ed25519 key is the one the agent signs its parts' text with.",
      },
    ),
    verificationMethod: Type.Optional(
      Type.Array(Type.Ref('VerificationMethod'), { description: 'Further keys, which `authentication` may name by id.' }),
    ),
  },
  {
    description:
      "A Bindu agent's DID document, as `/did/resolve` returns it (W3C DID Core keys): the DID and the Ed25519 key that verifies the `did.message.signature` of the agent's text parts.",
  },
);
