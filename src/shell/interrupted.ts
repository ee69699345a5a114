/**
 * The end of a long-running command (the proxy, the inspector): a promise that resolves when SIGINT
 * or SIGTERM arrives, so the command can close its servers and write what it holds before it exits.
 */

/** Resolves with the signal when SIGINT or SIGTERM arrives (the listeners are removed then). */
export function interrupted(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}
