/**
 * A static server for the reference site in tests: serves `generated/docs/` under a base path (as
 * GitHub Pages serves a project site, e.g. `/protocol/`) on 127.0.0.1, answers 404 for anything
 * else, and records what was asked for and missing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
};

export interface SiteServer {
  readonly server: Server;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** The URL of the site's root, ending in `/`. */
  readonly base: string;
  /** Paths asked for that are not files of the site. */
  readonly missing: string[];
  close(): Promise<void>;
}

export function serveSite(dir: string, basePath = '/'): Promise<SiteServer> {
  const missing: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const inside = path.startsWith(basePath) ? path.slice(basePath.length) : undefined;
    const file =
      inside === undefined ? undefined : normalize(join(dir, inside === '' || inside.endsWith('/') ? `${inside}index.html` : inside));
    if (!file || !(file === dir || file.startsWith(dir + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      missing.push(path);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      resolve({
        server,
        origin,
        base: `${origin}${basePath}`,
        missing,
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}
