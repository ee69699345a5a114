/**
 * `check-server`: probes a live A2A / Bindu JSON-RPC agent and validates everything it answers.
 *
 *   const report = await checkServer('http://127.0.0.1:4000', { variant: 'a2a' });
 *   report.ok          // true when no step failed
 *   report.steps       // [{ name, status: 'pass' | 'fail' | 'skip', reason?, notes, durationMs }]
 */
export { checkServer, CheckServerError, DEFAULTS, type CheckOptions, type CheckReport, type StepResult, type StepStatus } from './scenario.js';
export { stepLines, summaryLine, checkServerJUnit, writeCheckServerJUnit } from './report.js';
export { SseParser, readEvents, type SseEvent } from './sse.js';
export { StreamSequence, lifecycleOf, canTransition, type Lifecycle } from './lifecycle.js';
export { GROUPS, GROUP_TITLES, selectGroups, type GroupName } from './scenario.js';
export { validatorVariant } from './variant.js';
