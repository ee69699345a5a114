/** @jsxImportSource preact */
/** The agent card: its name and what it offers, its verdict with each defect at its path, the variant and why. */
import type { State } from './api.js';
import { Badge, IssueList } from './issues.js';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function CardView(props: { state: State }) {
  const { card, cardReport, cardFault, variant, bindings, cardUrl } = props.state;
  if (!card) {
    return (
      <section class="panel" aria-labelledby="card-title">
        <h2 id="card-title">Agent card</h2>
        <p class={cardFault ? 'fault' : 'muted'}>{cardFault ?? 'Name an agent above to read its card.'}</p>
      </section>
    );
  }
  const name = typeof card.name === 'string' ? card.name : '(the card has no name)';
  const skills = Array.isArray(card.skills) ? card.skills.filter(isJson) : [];
  const capabilities = isJson(card.capabilities) ? card.capabilities : {};
  const issues = cardReport
    ? { errors: cardReport.errors.filter((item) => item.part === 'card'), warnings: cardReport.warnings }
    : undefined;
  return (
    <section class="panel" aria-labelledby="card-title">
      <div class="row spread">
        <h2 id="card-title" class="card-name">
          {name}
        </h2>
        {cardReport ? <Badge verdict={cardReport.verdict} /> : null}
      </div>
      {typeof card.description === 'string' ? <p>{card.description}</p> : null}
      <dl class="facts">
        <dt>card</dt>
        <dd>
          <code class="wrap">{cardUrl}</code>
        </dd>
        <dt>variant</dt>
        <dd>
          {variant ? (
            <>
              <strong class="variant">{variant.variant}</strong> <span class="muted">(A2A {variant.wire} wire)</span>
              <div class="muted reason">{variant.reason}</div>
            </>
          ) : (
            'none: the card shows neither wire (start the inspector with --variant)'
          )}
        </dd>
        <dt>bindings</dt>
        <dd>
          {bindings.length === 0
            ? 'none the inspector speaks (JSON-RPC, HTTP+JSON, gRPC)'
            : bindings.map((entry) => (
                <div key={entry.binding}>
                  {entry.binding} <code class="wrap">{entry.url}</code>
                </div>
              ))}
        </dd>
        <dt>streaming</dt>
        <dd>{capabilities.streaming === true ? 'yes' : 'not claimed'}</dd>
        {skills.length > 0 ? (
          <>
            <dt>skills</dt>
            <dd>{skills.map((skill) => String(skill.name ?? skill.id)).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      {issues ? <IssueList errors={issues.errors} warnings={issues.warnings} /> : null}
      {cardReport && cardReport.verdict === 'valid' && cardReport.warnings.length === 0 ? (
        <p class="muted">The card is valid {variant ? `under ${variant.validator}` : ''}.</p>
      ) : null}
      <details>
        <summary>The card as sent</summary>
        <pre class="json">{JSON.stringify(card, null, 2)}</pre>
      </details>
    </section>
  );
}
