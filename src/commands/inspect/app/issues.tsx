/** @jsxImportSource preact */
/** Defects and warnings shown at their paths, with their hints; verdict badges. */
import type { ExchangeIssue } from './api.js';

export function Badge(props: { verdict: string }) {
  const { verdict } = props;
  const tone = verdict === 'valid' || verdict === 'pass' ? 'ok' : verdict === 'invalid' || verdict === 'fail' ? 'bad' : 'warn';
  return <span class={`badge ${tone}`}>{verdict}</span>;
}

export function IssueList(props: {
  errors: readonly Omit<ExchangeIssue, 'part' | 'params'>[];
  warnings: readonly Omit<ExchangeIssue, 'part' | 'params'>[];
}) {
  const { errors, warnings } = props;
  if (errors.length === 0 && warnings.length === 0) return null;
  return (
    <ul class="issues">
      {errors.map((item, index) => (
        <IssueItem key={`e${index}`} level="error" item={item} />
      ))}
      {warnings.map((item, index) => (
        <IssueItem key={`w${index}`} level="warning" item={item} />
      ))}
    </ul>
  );
}

function IssueItem(props: { level: 'error' | 'warning'; item: Omit<ExchangeIssue, 'part' | 'params'> }) {
  const { level, item } = props;
  return (
    <li class={`issue ${level}`}>
      <span class="level">{level}</span> <code class="path">{item.path === '' ? '(root)' : item.path}</code> {item.message}{' '}
      <span class="muted">[{item.keyword}]</span>
      {item.hint ? <div class="hint">hint: {item.hint}</div> : null}
    </li>
  );
}
