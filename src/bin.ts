#!/usr/bin/env node
/**
 * Entry point of the `bindu-protocol` executable (package.json `bin`). The command line is loaded after the worker
 * threads `validate --ndjson --jobs N` will use are started (src/commands/validate/prestart.ts), so their start-up
 * overlaps its loading; the bundle (scripts/bundle-runtime.ts) keeps the command line and each command in chunks of
 * their own, so this file is small and a command loads only its own code.
 */
import { prestartWorkers } from './commands/validate/prestart.js';
import { holdYoungGeneration } from './shell/heap.js';

const argv = process.argv.slice(2);
prestartWorkers(argv);

// V8's young generation keeps its starting size, except where a command lets it grow (heap.ts).
holdYoungGeneration();

// A reader that goes away (`bindu-protocol list types | head -1`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const { main } = await import('./commands/cli.js');
process.exitCode = await main(argv);
