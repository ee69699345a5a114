/**
 * The error the signature functions throw for input they cannot work with (a DID document without a usable key, a
 * JWKS that is not one, a key of the wrong type, a card that is not an object): a fact about the input, named in
 * words, which the CLI prints as an input error (exit 2). A signature that fails is never an error: it is a verdict.
 */
export class SignatureInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureInputError';
  }
}
