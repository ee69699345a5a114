#!/usr/bin/env node
/** Entry point of the `bindu-protocol` executable (package.json `bin`). */
import { main } from './commands/cli.js';
import { holdYoungGeneration } from './shell/heap.js';

// V8's young generation keeps its starting size, except where a command lets it grow (heap.ts).
holdYoungGeneration();

// A reader that goes away (`bindu-protocol list types | head -1`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2));
