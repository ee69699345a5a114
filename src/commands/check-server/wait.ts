/**
 * --wait DURATION: in CI the agent is often still starting when check-server runs. The card fetch
 * is retried (a refused connection, no answer in time, or HTTP 502/503/504) every quarter second
 * until the agent answers or the duration passes; then the run goes on, or ends with exit 2.
 */
import { cardCandidates } from './groups/card.js';

/** Resolves once the agent answers its card URL; returns why not when `waitMs` passes first. */
export async function waitForAgent(
  url: string,
  waitMs: number,
  headers: Readonly<Record<string, string>>,
  timeoutMs: number,
): Promise<string | undefined> {
  let target: string;
  try {
    target = cardCandidates(new URL(url))[0]!;
  } catch {
    return undefined; // a bad URL is the run's to report
  }
  const end = Date.now() + waitMs;
  let why = 'no answer';
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) return why;
    try {
      const response = await fetch(target, {
        headers: { accept: 'application/json', ...headers },
        redirect: 'manual',
        signal: AbortSignal.timeout(Math.max(1, Math.min(timeoutMs, left))),
      });
      await response.body?.cancel().catch(() => undefined);
      if (![502, 503, 504].includes(response.status)) return undefined;
      why = `HTTP ${response.status} from ${target}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      why = `${cause ?? (error instanceof Error ? error.name : String(error))} on ${target}`;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(250, Math.max(0, end - Date.now()))));
  }
}
