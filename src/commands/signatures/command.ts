/**
 * The signature commands (src/library/signatures/):
 *
 *   sign-card CARD --key PEM|JWK --kid ID [--jku URL] [--alg ALG]   prints the card with its new signature
 *   verify-card CARD_FILE|URL [--jwks FILE|URL] [--json]            every signature of a v1.0 card (§8.4)
 *   verify-task FILE --did-doc FILE|URL [--json]                    Bindu's DID signatures on the parts
 *
 * A URL is fetched (GET, 10 s, 64 MiB at most). Without `--jwks`, each card signature's `jku` is fetched.
 * exit 0 verified (or signed) · 1 a signature fails, or there is none where one is asked for · 2 usage or input error
 * (unreadable, not JSON, a key or key set that is not one, a DID document without the key)
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_MAX_BYTES, InputError, decodeUtf8, parseJson } from '../../engine/json-text.js';
import { isObject } from '../../engine/json-value.js';
import { signAgentCard, verifyAgentCard } from '../../library/signatures/agent-card.js';
import { verifyBinduSignatures } from '../../library/signatures/bindu.js';
import { SignatureInputError } from '../../library/signatures/input-error.js';
import { fetchText, HttpError } from '../../live/http-client.js';
import { parseArgs, UsageError, type Write } from '../../shell/args.js';
import { describeReadError, readFileLimited } from '../../shell/read-input.js';

export const SIGN_CARD_USAGE = `usage: bindu-protocol sign-card CARD --key PEM|JWK --kid ID [--jku URL] [--alg ALG]

Signs an A2A v1.0 agent card as §8.4 says (JWS over the RFC 8785 form of the card without its
signatures and default values) and prints the card with the signature added to "signatures".

  --key FILE   the private key: a PKCS#8 PEM file or a JWK (JSON) file
  --kid ID     the key id the verifier finds the public key by
  --jku URL    the URL of the JWK Set with the public key (put in the protected header)
  --alg ALG    the JWS algorithm (default: the key's: ES256/ES384/ES512, EdDSA, RS256)

exit 0 signed · 2 usage or input error
`;

export const VERIFY_CARD_USAGE = `usage: bindu-protocol verify-card CARD_FILE|URL [--jwks FILE|URL] [--json]

Verifies every signature of an A2A v1.0 agent card (§8.4.3). A URL is fetched. The keys are the
JWK Set of --jwks, or else the one each signature's jku names.

  --jwks FILE|URL  the JWK Set to verify with
  --json           the report as one JSON object

exit 0 every signature verified · 1 one fails, or the card has none · 2 usage or input error
`;

export const VERIFY_TASK_USAGE = `usage: bindu-protocol verify-task FILE --did-doc FILE|URL [--json]

Verifies the DID signatures a Bindu agent puts on the parts it sends (metadata
"did.message.signature": Ed25519 over the part's text, base58) in a task, a message, a stream event
or a JSON-RPC answer holding one, with the Ed25519 key of the agent's DID document
(for a running agent: <agent>/did/resolve?did=<its DID>).

  --did-doc FILE|URL  the agent's DID document
  --json              the report as one JSON object

exit 0 every signed part verified · 1 one fails, or no part is signed · 2 usage or input error
`;

const isUrl = (source: string): boolean => /^https?:\/\//i.test(source);

/** The text of a file or a URL; a UsageError says why it could not be read. */
async function readSource(source: string, what: string): Promise<string> {
  if (isUrl(source)) {
    let response: Awaited<ReturnType<typeof fetchText>>;
    try {
      response = await fetchText(
        source,
        { method: 'GET', headers: { accept: 'application/json' } },
        { timeoutMs: 10_000, maxBytes: DEFAULT_MAX_BYTES, deadline: new AbortController().signal },
      );
    } catch (error) {
      throw new UsageError(`cannot fetch ${what} ${source}: ${error instanceof HttpError ? error.message : String(error)}`);
    }
    if (response.status < 200 || response.status > 299) throw new UsageError(`cannot fetch ${what} ${source}: HTTP ${response.status}`);
    return response.text;
  }
  try {
    return decodeUtf8(readFileLimited(source, DEFAULT_MAX_BYTES, 'signatures', source));
  } catch (error) {
    if (error instanceof InputError) throw new UsageError(`${what} "${source}": ${error.message}`);
    throw new UsageError(`cannot read ${what} "${source}": ${describeReadError(error)}`);
  }
}

/** The JSON of a file or a URL (check-server's --jwks reads it too); a UsageError says why it could not be read. */
export async function readJson(source: string, what: string): Promise<unknown> {
  const text = await readSource(source, what);
  try {
    return parseJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new UsageError(`${what} ${isUrl(source) ? source : `"${source}"`} is ${(error as Error).message}`);
  }
}

/** A fetch for the library's JWK Set reads, bounded like every other read of the CLI. */
const boundedFetch = (async (input: string | URL | Request) => {
  const url = String(input instanceof Request ? input.url : input);
  const response = await fetchText(
    url,
    { method: 'GET', headers: { accept: 'application/json' } },
    { timeoutMs: 10_000, maxBytes: 1024 * 1024, deadline: new AbortController().signal },
  );
  return new Response(response.text, { status: response.status });
}) as typeof globalThis.fetch;

/** Runs a command body, turning a SignatureInputError into an input error (exit 2). */
async function guarded(err: Write, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof UsageError) {
      err(`bindu-protocol: ${error.message}\nRun 'bindu-protocol --help' for usage.\n`);
      return 2;
    }
    if (error instanceof SignatureInputError) {
      err(`bindu-protocol: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

/** `sign-card`. */
export function signCardCommand(argv: readonly string[], out: Write, err: Write): Promise<number> {
  return guarded(err, async () => {
    const { positionals, options } = parseArgs(argv, ['key', 'kid', 'jku', 'alg'], ['help']);
    if (options.has('help')) {
      out(SIGN_CARD_USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('sign-card takes one card (a file)');
    const keyFile = options.get('key');
    const kid = options.get('kid');
    if (typeof keyFile !== 'string') throw new UsageError('sign-card needs --key FILE (a PKCS#8 PEM or a JWK)');
    if (typeof kid !== 'string') throw new UsageError('sign-card needs --kid ID');
    const card = await readJson(positionals[0]!, 'the card');
    let keyText: string;
    try {
      keyText = readFileSync(keyFile, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read the key "${keyFile}": ${describeReadError(error)}`);
    }
    let privateKey: string | Record<string, unknown> = keyText;
    if (keyText.trimStart().startsWith('{')) {
      try {
        const parsed = JSON.parse(keyText) as unknown;
        if (!isObject(parsed)) throw new Error('not an object');
        privateKey = parsed;
      } catch {
        throw new UsageError(`the key "${keyFile}" is neither a PEM text nor a JWK (JSON object)`);
      }
    }
    const jku = options.get('jku');
    const alg = options.get('alg');
    const signed = await signAgentCard(card, {
      privateKey,
      kid,
      ...(typeof jku === 'string' && { jku }),
      ...(typeof alg === 'string' && { alg }),
    });
    out(`${JSON.stringify(signed, null, 2)}\n`);
    return 0;
  });
}

/** `verify-card`. */
export function verifyCardCommand(argv: readonly string[], out: Write, err: Write): Promise<number> {
  return guarded(err, async () => {
    const { positionals, options } = parseArgs(argv, ['jwks'], ['help', 'json']);
    if (options.has('help')) {
      out(VERIFY_CARD_USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('verify-card takes one card (a file or a URL)');
    const card = await readJson(positionals[0]!, 'the card');
    const jwks = options.get('jwks');
    const keys = typeof jwks === 'string' ? await readJson(jwks, 'the JWK Set') : undefined;
    const report = await verifyAgentCard(card, { ...(keys !== undefined && { keys }), fetch: boundedFetch });
    if (options.has('json')) {
      out(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      for (const verdict of report.signatures) {
        const names = [verdict.kid && `kid ${verdict.kid}`, verdict.alg].filter(Boolean).join(', ');
        out(
          verdict.verified
            ? `PASS ${verdict.path} (${names}; key from ${verdict.keySource})\n`
            : `FAIL ${verdict.path}${names ? ` (${names})` : ''} ${verdict.reason}: ${verdict.message}\n`,
        );
      }
      if (report.signatures.length === 0) out('FAIL the card carries no signature (§8.4: signing is a MAY, but one was asked for)\n');
      const passed = report.signatures.filter((verdict) => verdict.verified).length;
      out(`${passed} of ${report.signatures.length} signatures verified\n`);
    }
    return report.verified ? 0 : 1;
  });
}

/** `verify-task`. */
export function verifyTaskCommand(argv: readonly string[], out: Write, err: Write): Promise<number> {
  return guarded(err, async () => {
    const { positionals, options } = parseArgs(argv, ['did-doc'], ['help', 'json']);
    if (options.has('help')) {
      out(VERIFY_TASK_USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('verify-task takes one task or message (a file)');
    const didDoc = options.get('did-doc');
    if (typeof didDoc !== 'string') throw new UsageError('verify-task needs --did-doc FILE|URL');
    const value = await readJson(positionals[0]!, 'the task');
    const document = await readJson(didDoc, 'the DID document');
    const report = verifyBinduSignatures(value, document);
    if (options.has('json')) {
      out(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      for (const verdict of report.parts)
        out(
          verdict.verified
            ? `PASS ${verdict.path} (key ${verdict.keyId})\n`
            : `FAIL ${verdict.path} ${verdict.reason}: ${verdict.message}\n`,
        );
      if (report.signed === 0) out(`FAIL no part carries a did.message.signature (${report.unsigned.length} text parts unsigned)\n`);
      const passed = report.parts.filter((verdict) => verdict.verified).length;
      out(`${passed} of ${report.signed} signed parts verified (DID ${report.did}); ${report.unsigned.length} text parts unsigned\n`);
    }
    return report.verified ? 0 : 1;
  });
}
