/** @jsxImportSource preact */
/** The session's record (NDJSON, what `validate --ndjson` reads) to download, and a record opened to browse. */
import { useState } from 'preact/hooks';
import { api, ApiError, pretty, type OpenedRecord } from './api.js';
import { Badge, IssueList } from './issues.js';

export function RecordView(props: { lines: number }) {
  const [opened, setOpened] = useState<(OpenedRecord & { name: string }) | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const open = async (file: File) => {
    setProblem(undefined);
    try {
      setOpened({ ...(await api.openRecord(await file.text())), name: file.name });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    }
  };
  return (
    <section class="panel" aria-labelledby="record-title">
      <h2 id="record-title">Record</h2>
      <p>
        <a class="button secondary" href="/api/record" download="bindu-inspect-record.ndjson">
          Download the record
        </a>{' '}
        <span class="muted">
          {props.lines} line{props.lines === 1 ? '' : 's'}: every payload seen, one a line (bindu-protocol validate --ndjson reads it)
        </span>
      </p>
      <label>
        Open a record
        <input
          type="file"
          accept=".ndjson,.jsonl,.json,application/x-ndjson"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void open(file);
          }}
        />
      </label>
      {problem ? <p class="fault">{problem}</p> : null}
      {opened ? (
        <div class="opened">
          <p class="muted">
            {opened.name}: {opened.lines.length} lines, judged as {opened.variant} ·{' '}
            {opened.lines.filter((line) => line.verdict && !line.verdict.valid).length} invalid
          </p>
          <ol class="record-lines">
            {opened.lines.map((line) => (
              <li key={line.line} class="payload">
                <div class="row wrap-row">
                  <span class="part-name">line {line.line}</span>
                  {line.verdict ? <Badge verdict={line.verdict.valid ? 'valid' : 'invalid'} /> : <span class="muted">(blank)</span>}
                </div>
                {line.verdict?.inputError ? <p class="fault">{line.verdict.inputError}</p> : null}
                {line.verdict ? <IssueList errors={line.verdict.errors ?? []} warnings={line.verdict.warnings ?? []} /> : null}
                <details>
                  <summary>JSON</summary>
                  <pre class="json">{pretty(line.text)}</pre>
                </details>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
