/** The `bindu-protocol conformance` command: runs the bundled suite, prints it, writes JUnit. */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs, UsageError, variantOption, type Write } from '../../shell/args.js';
import { writeJUnit } from './junit-report.js';
import { packageRoot, variantDirectories } from '../../library/conformance/load-fixtures.js';
import { formatReport, runConformance } from '../../library/conformance/runner.js';

export const CONFORMANCE_USAGE = `usage: bindu-protocol conformance [--variant V] [--junit FILE]

Runs the bundled conformance fixtures (conformance/<variant>/) through the validator: lints the
fixture files, checks every case's verdict and expected errors, and measures coverage. Prints the
coverage table, each failure as "id path keyword" (a root path is shown as ""), counts per variant,
and last "N passed, N failed". Lint problems and coverage gaps count as failures.

  --variant V    run one variant only (default: every variant with fixtures)
  --junit FILE   also write a JUnit XML report to FILE (replaced atomically)

exit 0 every case passed · 1 some failed · 2 usage error or unwritable report
`;

/** Runs `conformance`; returns the exit code. Throws a UsageError for a wrong command line. */
export function conformanceCommand(argv: readonly string[], out: Write, err: Write): number {
  const { positionals, options } = parseArgs(argv, ['variant', 'junit'], ['help']);
  if (options.has('help')) {
    out(CONFORMANCE_USAGE);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`conformance takes no arguments (got "${positionals[0]}")`);
  const root = packageRoot();
  const present = variantDirectories(join(root, 'conformance'));
  let selected: string[] | undefined;
  if (options.has('variant')) {
    const variant = variantOption(options);
    if (!present.includes(variant))
      throw new UsageError(`no conformance fixtures for variant "${variant}" (conformance/${variant}/ does not exist)`);
    selected = [variant];
  } else if (present.length === 0) {
    throw new UsageError('no conformance fixtures found (conformance/<variant>/ directories)');
  }
  const junit = options.get('junit');
  if (typeof junit === 'string' && (!existsSync(dirname(resolve(junit))) || (existsSync(junit) && !statSync(junit).isFile()))) {
    throw new UsageError(`cannot write the JUnit report to "${junit}" (its directory does not exist or it is not a file)`);
  }
  const report = runConformance({ root, ...(selected ? { variants: selected } : {}) });
  out(formatReport(report));
  if (typeof junit === 'string') {
    try {
      writeJUnit(junit, report);
    } catch (error) {
      err(`bindu-protocol: cannot write the JUnit report to "${junit}": ${(error as Error).message}\n`);
      return 2;
    }
  }
  return report.failed > 0 ? 1 : 0;
}
