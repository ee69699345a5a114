/**
 * `check-server`: probes a live A2A / Bindu / aion JSON-RPC agent, on the v0.3 or the v1.0 wire
 * (the agent card decides), by behaviour group, and validates everything it answers.
 *
 *   const report = await checkServer('http://127.0.0.1:4000', { only: ['message', 'tasks'] });
 *   report.variant     // 'a2a-v1', and report.variantReason says why
 *   report.ok          // true when no step failed
 *   report.steps       // [{ group, id, name, status: 'pass' | 'fail' | 'warn' | 'skip', reason?, notes, durationMs }]
 */
export {
  checkServer,
  CheckServerError,
  DEFAULTS,
  type CheckOptions,
  type CheckReport,
  type StepResult,
  type StepStatus,
} from './scenario.js';
export { stepLines, summaryLine, checkServerJUnit, writeCheckServerJUnit } from './check-report.js';
export { SseParser, readEvents, type SseEvent } from '../../live/sse.js';
export { StreamSequence, lifecycleOf, canTransition, type Lifecycle } from '../../live/stream-lifecycle.js';
export { GROUPS, GROUP_TITLES, selectGroups, type GroupName } from './scenario.js';
