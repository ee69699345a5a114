/**
 * `bindu-protocol inspect [URL]`: argument parsing, the first line (the inspector's address) and the run until
 * SIGINT or SIGTERM, around `startInspector` (./server.ts). Exit 0 when stopped, 2 for a usage error, a
 * --listen that is no address, a port in use or a URL that is no http(s) URL. An agent whose card cannot be read
 * (yet) is said on stderr and on the page, which can connect again: the inspector runs on, as the proxy does.
 */
import { interrupted } from '../../shell/interrupted.js';
import { join } from 'node:path';
import { packageRoot } from '../../library/package-root.js';
import { WIRE_OF_VARIANT } from '../../live/agent-card.js';
import { parseArgs, UsageError } from '../../shell/args.js';
import { parseDuration } from '../../shell/duration.js';
import { takeHeaders } from '../check-server/command.js';
import { parseListen } from '../proxy/command.js';
import { InspectorError, startInspector } from './server.js';

const VARIANTS = Object.keys(WIRE_OF_VARIANT);

export const INSPECT_USAGE = `usage: bindu-protocol inspect [URL] [--listen HOST:PORT] [--variant V] [--timeout T]
                               [--header 'Name: value']... [--header-env NAME=ENVVAR]...

Serves a local web page for looking at an agent: its card with the card's verdict (each defect at its path,
with a hint) and the variant chosen and why; a message to compose (text, data, file) and send on a binding
the card offers (JSON-RPC, HTTP+JSON, gRPC), blocking or streaming; every exchange, live, with its verdict and its
defects at their paths (judged as the proxy judges traffic), and the task's states; get, cancel and subscribe
from a task; check-server run from the page (its report exportable as JSON or JUnit); the record of what was
seen (NDJSON that validate --ndjson reads), and a record opened to browse. Credentials the card's security
schemes ask for are entered on the page and kept by the open page only; they are never printed or recorded.
The first line printed is the page's address. Without URL, the page asks for one.

  --listen HOST:PORT  where the page is served (default 127.0.0.1 and a free port; PORT alone, or :PORT)
  --variant V         ${VARIANTS.join(' | ')} (default: the agent card's, as check-server chooses)
  --timeout T         how long the agent may take to answer a call (default 30s); streams have no limit
  --header 'N: v'     send this header with every request to the agent (repeatable)
  --header-env N=VAR  send header N with the value of the environment variable VAR (repeatable; never printed)

An agent that cannot be reached, or has no card, is said on stderr and on the page; the page can connect
again (or to another agent) once it answers.

exit 0 stopped (Ctrl-C) · 2 usage error, bad --listen, port in use, a URL that is not http(s)
`;

export async function inspectCommand(
  argv: readonly string[],
  out: (text: string) => void,
  err: (text: string) => void,
  stop: Promise<unknown> = interrupted(),
  appDir: string = join(packageRoot(), 'dist', 'inspect'),
): Promise<number> {
  let settings: Parameters<typeof startInspector>[0];
  try {
    const { rest, headers } = takeHeaders(argv, process.env);
    const { positionals, options } = parseArgs(rest, ['listen', 'variant', 'timeout'], ['help']);
    if (options.has('help')) {
      out(INSPECT_USAGE);
      return 0;
    }
    if (positionals.length > 1) throw new UsageError(`inspect takes at most one URL (got ${positionals.length} arguments)`);
    const variant = options.get('variant');
    if (variant !== undefined && !VARIANTS.includes(String(variant)))
      throw new UsageError(`unknown variant "${String(variant)}" (expected one of: ${VARIANTS.join(', ')})`);
    const listen =
      typeof options.get('listen') === 'string' ? parseListen(options.get('listen') as string) : { host: '127.0.0.1', port: 0 };
    const timeout = options.get('timeout') as string | undefined;
    settings = {
      appDir,
      ...listen,
      ...(positionals[0] !== undefined ? { target: positionals[0] } : {}),
      ...(variant !== undefined ? { variant: String(variant) } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(timeout !== undefined ? { timeoutMs: parseDuration('timeout', timeout) } : {}),
    };
  } catch (error) {
    if (error instanceof UsageError) {
      err(`bindu-protocol: ${error.message}\nRun 'bindu-protocol inspect --help' for usage.\n`);
      return 2;
    }
    throw error;
  }
  let running: Awaited<ReturnType<typeof startInspector>>;
  try {
    running = await startInspector({ ...settings, onNote: (text) => err(`bindu-protocol inspect: ${text}\n`) });
  } catch (error) {
    if (error instanceof InspectorError) {
      err(`bindu-protocol: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  out(`${running.url}/\n`);
  await stop;
  await running.close();
  return 0;
}
