/** How the proxy prints an exchange (a line, then each defect) and the session's summary. */
import type { ExchangeIssue, ExchangeReport } from './exchange.js';

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

export interface Summary {
  readonly exchanges: number;
  readonly invalid: number;
  readonly notValidated: number;
}

/** `message/send  valid  12 ms  POST / → 200`, then one line per issue and its hint. */
export function exchangeLines(report: ExchangeReport, colour = false): string {
  const verdict =
    report.verdict === 'valid'
      ? paint(colour, '32', 'valid')
      : report.verdict === 'invalid'
        ? paint(colour, '31', 'invalid')
        : paint(colour, '33', 'not validated');
  const http = `${report.http.method} ${report.http.path} → ${report.http.status ?? 'no answer'}${report.events !== undefined ? `, ${report.events} event${report.events === 1 ? '' : 's'}` : ''}`;
  const lines = [`${paint(colour, '1', report.method)}  ${verdict}  ${report.durationMs} ms  ${paint(colour, '2', http)}`];
  for (const note of report.notes) lines.push(`  note: ${note}`);
  const item = (label: string, code: string, entry: ExchangeIssue) => {
    lines.push(
      `  ${entry.part} ${paint(colour, code, label)} ${paint(colour, '1', entry.path === '' ? '(root)' : entry.path)}: ${entry.message} ${paint(colour, '2', `[${entry.keyword}]`)}`,
    );
    if (entry.hint) lines.push(`    ${paint(colour, '36', 'hint:')} ${entry.hint}`);
  };
  for (const entry of report.errors) item('error', '31', entry);
  for (const entry of report.warnings) item('warning', '33', entry);
  if (report.omitted) lines.push(`  … ${report.omitted} more issue${report.omitted === 1 ? '' : 's'} not shown`);
  return `${lines.join('\n')}\n`;
}

/** One JSON object a line. */
export function exchangeJson(report: ExchangeReport): string {
  return `${JSON.stringify(report)}\n`;
}

export function summaryLine(summary: Summary): string {
  return `${summary.exchanges} exchange${summary.exchanges === 1 ? '' : 's'}, ${summary.invalid} invalid, ${summary.notValidated} not validated\n`;
}
