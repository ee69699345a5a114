/**
 * `bindu-protocol migrate-card [CARD.json|-] [--from a2a|bindu] [--json] [--best-effort] [--output FILE]`
 *
 * Reads an A2A v0.3 agent card, checks it in `--from` (default a2a), and prints the v1.0 card, what
 * changed field by field and what the agent must do besides (src/library/convert/migrate-card.ts):
 * as text, or as one JSON object with `--json`. `--output FILE` writes the v1.0 card alone to FILE
 * (atomically). When the v1.0 card would not be valid, the command says why and exits 1, and
 * prints the card only with `--best-effort`.
 *
 * exit 0 migrated · 1 the card is not a valid v0.3 card, or its v1.0 form is not valid · 2 usage or input error
 */
import { WIRE_OF_VARIANT, variantNames } from '../../../schemas/variant-table.js';
import { DEFAULT_MAX_BYTES, InputError, decodeUtf8, parseJson } from '../../engine/json-text.js';
import { migrateCard } from '../../library/convert/migrate-card.js';
import { wireHint } from '../../library/convert/detect-wire.js';
import { validate } from '../../library/validate.js';
import { parseArgs, UsageError, type Write } from '../../shell/args.js';
import { describeReadError, readFileLimited } from '../../shell/read-input.js';
import { whyNotWritable, WriteFileError, writeFileAtomic } from '../../shell/write-file-atomic.js';

export const MIGRATE_CARD_USAGE = `usage: bindu-protocol migrate-card [CARD.json|-] [--from a2a|bindu] [--json] [--best-effort] [--output FILE]

Migrates an A2A v0.3 agent card to A2A v1.0: prints the v1.0 card, what changed field by field,
and what the agent must do besides serving it (header, content type, method and enum names).
The card is read from CARD.json, or stdin when it is "-" or left out.

  --from V       the variant the card is checked in: a2a (default) or bindu
  --json         one JSON object: {"card", "valid", "errors", "changes", "todo"}
  --best-effort  print the v1.0 card even when it is not valid (exit 1 still)
  --output FILE  also write the v1.0 card alone to FILE (replaced atomically)

exit 0 migrated · 1 the card is not a valid v0.3 card, or its v1.0 form is not valid ·
2 usage or input error
`;

function readCard(source: string): unknown {
  const name = source === '-' ? 'stdin' : `"${source}"`;
  let text: string;
  try {
    text = decodeUtf8(
      readFileLimited(source === '-' ? 0 : source, DEFAULT_MAX_BYTES, 'migrate-card', source === '-' ? 'stdin' : undefined),
    );
  } catch (error) {
    if (error instanceof InputError)
      throw new UsageError(error.message.startsWith('cannot read') ? error.message : `${name}: ${error.message}`);
    throw new UsageError(`cannot read ${name}: ${describeReadError(error)}`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return parseJson(text);
  } catch (error) {
    throw new UsageError(`${name} is ${(error as Error).message}`);
  }
}

/** Runs `migrate-card`; returns the exit code. Throws a UsageError for a wrong command line or unreadable input. */
export function migrateCardCommand(argv: readonly string[], out: Write, err: Write): number {
  const { positionals, options } = parseArgs(argv, ['from', 'output'], ['help', 'json', 'best-effort']);
  if (options.has('help')) {
    out(MIGRATE_CARD_USAGE);
    return 0;
  }
  const from = options.get('from') ?? 'a2a';
  if (typeof from !== 'string' || WIRE_OF_VARIANT[from] !== 'v0.3') {
    throw new UsageError(
      `--from must be a v0.3 variant (${variantNames.filter((name) => WIRE_OF_VARIANT[name] === 'v0.3').join(' or ')}), not ${JSON.stringify(from)}`,
    );
  }
  if (positionals.length > 1) throw new UsageError('migrate-card takes one card (FILE or -)');
  const output = options.get('output');
  if (output === true || output === '') throw new UsageError('option --output needs a FILE');
  const unwritable = output === undefined ? undefined : whyNotWritable(output);
  if (unwritable !== undefined) throw new UsageError(`cannot write "${String(output)}": ${unwritable}`);
  const card = readCard(positionals[0] ?? '-');

  const checked = validate('AgentCard', card, { variant: from as 'a2a' | 'bindu' });
  if (!checked.valid) {
    err(`bindu-protocol: the card is not a valid ${from} AgentCard:\n`);
    for (const error of checked.errors) err(`  ${error.path === '' ? '(root)' : error.path} ${error.keyword}: ${error.message}\n`);
    const hint = wireHint(card, from);
    if (hint) err(`hint: ${hint}\n`);
    return 1;
  }
  const migration = migrateCard(card, { variant: from === 'bindu' ? 'aion' : 'a2a-v1' });
  const show = migration.valid || options.has('best-effort');
  if (options.has('json')) {
    out(`${JSON.stringify({ ...migration, card: show ? migration.card : null }, null, 2)}\n`);
  } else {
    if (show) out(`The v1.0 card (${migration.variant}):\n${JSON.stringify(migration.card, null, 2)}\n`);
    out('\nWhat changed:\n');
    for (const change of migration.changes) out(`  ${change.path === '' ? '(card)' : change.path}: ${change.change}\n`);
    out('\nWhat the agent must do besides:\n');
    for (const item of migration.todo) out(`  - ${item}\n`);
  }
  if (!migration.valid) {
    err(`bindu-protocol: the v1.0 card is not a valid ${migration.variant} AgentCard:\n`);
    for (const error of migration.errors) err(`  ${error.path === '' ? '(root)' : error.path} ${error.message}\n`);
    if (!show) err('(--best-effort prints it all the same)\n');
    return 1;
  }
  if (output !== undefined) {
    try {
      writeFileAtomic(output, `${JSON.stringify(migration.card, null, 2)}\n`);
    } catch (error) {
      if (!(error instanceof WriteFileError)) throw error;
      err(`bindu-protocol: cannot write "${output}": ${error.reason}\n`);
      return 2;
    }
  }
  return 0;
}
