/**
 * `check-server --suggest-v1`: when the agent's card is an A2A v0.3 card, the v1.0 card it would
 * serve after migrating, what changes and what the agent must do besides (migrate-card's report,
 * src/library/convert/migrate-card.ts), fetched again from the card URL the run found.
 */
import { type CardMigration, migrateCard } from '../../library/convert/migrate-card.js';
import { fetchText } from '../../live/http-client.js';

/** The migration of the card at `cardUrl` (fetched with the run's --header headers), or why there is none. */
export async function suggestV1(
  cardUrl: string,
  timeoutMs: number,
  headers: Readonly<Record<string, string>> = {},
): Promise<CardMigration | { readonly error: string }> {
  try {
    const response = await fetchText(
      cardUrl,
      { method: 'GET', headers: { ...headers } },
      { timeoutMs, maxBytes: 1 << 20, deadline: new AbortController().signal },
    );
    if (response.status !== 200) return { error: `the card answered HTTP ${response.status}` };
    return migrateCard(JSON.parse(response.text));
  } catch (error) {
    return { error: `the card could not be read again: ${(error as Error).message}` };
  }
}

/** The suggestion as the text report's closing section. */
export function suggestionLines(suggestion: CardMigration | { readonly error: string }): string {
  if ('error' in suggestion) return `-- suggested v1.0 card: none (${suggestion.error})\n`;
  const lines = [`-- suggested v1.0 card (${suggestion.valid ? `valid ${suggestion.variant}` : 'not valid; see below'}):`];
  lines.push(JSON.stringify(suggestion.card, null, 2));
  for (const error of suggestion.errors) lines.push(`  invalid: ${error.path === '' ? '(root)' : error.path} ${error.message}`);
  lines.push('-- what changes:');
  for (const change of suggestion.changes) lines.push(`  ${change.path === '' ? '(card)' : change.path}: ${change.change}`);
  lines.push('-- what the agent must do besides:');
  for (const item of suggestion.todo) lines.push(`  - ${item}`);
  return `${lines.join('\n')}\n`;
}
