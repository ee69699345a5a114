#!/usr/bin/env node
/** Entry point of the `bindu-protocol` executable (package.json `bin`). */
import { setFlagsFromString } from 'node:v8';
import { main } from './cli.js';

// Keep V8's young generation at its starting size. `validate --ndjson` parses and drops a payload
// a line; at that allocation rate V8 would grow the young generation step by step and the
// process would end up holding ~150 MB whatever it keeps alive. Measured on a 350 MB log: peak
// RSS ~100 MB instead of ~150 MB, run time within a few percent. (Set before anything large is
// allocated; it applies to this process only, never to a program that imports the package.)
setFlagsFromString('--semi-space-growth-factor=1');

// A reader that goes away (`bindu-protocol list types | head -1`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2));
