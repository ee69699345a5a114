/**
 * Emits the reference site, `generated/docs/`: a static site that opens from the file system and
 * from any static host, with no request outside itself.
 *
 *   index.html                        home: the variants, the diagrams, search
 *   <variant>/index.html              a variant: its methods and types
 *   <variant>/types/<Name>.html       a page per type
 *   <variant>/methods/<slug>.html     a page per method (`tasks/get` → `tasks-get`)
 *   <variant>/rest/<operationId>.html a page per operation of the HTTP+JSON binding (from the
 *                                     variant's OpenAPI document), linked with its JSON-RPC method
 *   spec-notes.html                   SPEC-NOTES.md rendered, each decision anchored by its id
 *   python.html                       python/README.md rendered: the Python package's guide
 *   check-your-agent-in-ci.html       README.md's "Check your agent in CI" section rendered
 *   conformance.html                  the conformance figures, from a run inside the build
 *   diagrams.html                     every diagram (also shown on the pages of their types)
 *   a2a-v<from>-to-v<to>.html          what changed between two revisions of A2A v1.0, from the
 *                                     error table and the revisions' rules (docs/revisions.ts)
 *   assets/style.css, assets/site.js  hand-written, copied from scripts/docs/assets/
 *   assets/search-index.js            the search index, as a script (works from file://)
 *   json-schema/<variant>.json, json-schema/<variant>/<Name>.json, openrpc/<variant>.json,
 *   openapi/<variant>.json
 *                                     the published files, byte for byte, at the paths their
 *                                     `$id`s name (`https://getbindu.com/protocol/json-schema/…`)
 *
 * Inputs: the variants' normalised definitions and the files the other emitters produced in this
 * build, plus SPEC-NOTES.md, python/README.md and conformance/, so the site changes when any of them does and
 * `npm run build -- --check` reports it stale. The conformance run (figures and examples) is the
 * package's own runner with the validators of this build, read from `files` (see
 * docs/conformance.ts). Deterministic: no timestamps,
 * every list in a fixed order. Throws with every problem found (a diagram's data naming something
 * the schemas do not have).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VariantSpec } from '../schemas/variant.js';
import type { JsonSchema } from './lib/json-schema.js';
import { variantDiagrams, type Diagram } from './docs/diagrams.js';
import { paths } from './docs/html.js';
import { buildModel } from './docs/model.js';
import {
  ciPage,
  conformancePage,
  diagramsPage,
  homePage,
  methodPage,
  pythonPage,
  revisionsPage,
  specNotesPage,
  typePage,
  variantPage,
  type SiteContext,
} from './docs/pages.js';
import { revisionPairs } from './docs/revisions.js';
import { searchIndexScript } from './docs/search.js';
import { restOperations, restPage } from './docs/rest.js';

/** Where the site is written. */
export const DOCS_DIR = 'generated/docs';

const ASSETS = join(dirname(fileURLToPath(import.meta.url)), 'docs', 'assets');

export interface DocsInput {
  /** The repository root (SPEC-NOTES.md and conformance/ are read from it). */
  readonly root: string;
  readonly variants: readonly { spec: VariantSpec; definitions: Map<string, JsonSchema> }[];
  /** The other outputs of this build, path → content. */
  readonly files: ReadonlyMap<string, string>;
}

export class DocsError extends Error {
  constructor(readonly problems: string[]) {
    super(`docs: ${problems.join('; ')}`);
  }
}

export function emitDocs(input: DocsInput): Map<string, string> {
  const model = buildModel({ root: input.root, variants: input.variants, files: input.files });
  const problems: string[] = [];
  const diagrams = new Map<string, Diagram[]>(model.variants.map((v) => [v.name, variantDiagrams(v, problems)]));
  if (problems.length > 0) throw new DocsError(problems);
  const rest = new Map(
    model.variants.map((v) => {
      const text = input.files.get(`generated/openapi/${v.name}.json`);
      return [v.name, restOperations(text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>))] as const;
    }),
  );
  const ctx: SiteContext = { model, diagrams, rest, hasOpenApi: (variant) => input.files.has(`generated/openapi/${variant}.json`) };

  const out = new Map<string, string>();
  const put = (path: string, text: string) => out.set(`${DOCS_DIR}/${path}`, text);
  put(paths.home, homePage(ctx));
  put(paths.specNotes, specNotesPage(ctx));
  put(paths.python, pythonPage(ctx));
  put(paths.ci, ciPage(ctx));
  put(paths.conformance, conformancePage(ctx));
  put(paths.diagrams, diagramsPage(ctx));
  for (const [from, to] of revisionPairs()) put(paths.revisions(from, to), revisionsPage(ctx, from, to));
  for (const v of model.variants) {
    put(paths.variant(v.name), variantPage(ctx, v));
    for (const name of v.definitions.keys()) put(paths.type(v.name, name), typePage(ctx, v, name));
    for (const method of v.spec.methods) put(paths.method(v.name, method.method), methodPage(ctx, v, method));
    for (const op of rest.get(v.name) ?? []) put(paths.rest(v.name, op.operationId), restPage(v, op, rest));
  }
  put('assets/style.css', readFileSync(join(ASSETS, 'style.css'), 'utf8'));
  put('assets/site.js', readFileSync(join(ASSETS, 'site.js'), 'utf8'));
  put('assets/search-index.js', searchIndexScript(model));
  for (const [path, text] of input.files) {
    if (path.startsWith('generated/json-schema/') || path.startsWith('generated/openrpc/') || path.startsWith('generated/openapi/'))
      put(path.slice('generated/'.length), text);
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}
