/**
 * A2A v1.0 enums on the ProtoJSON wire: the sender of a message and the lifecycle state of a task.
 * Values travel by name (`ROLE_USER`, `TASK_STATE_COMPLETED`); ProtoJSON parsers also accept the
 * number, which `strict` rejects.
 */
import { ProtoEnum } from './proto.js';
import { ROLES, TASK_STATES } from './states.js';

export const Role = ProtoEnum(ROLES, {
  description:
    'Who sent a message: `ROLE_USER` for the client, `ROLE_AGENT` for the agent. `ROLE_UNSPECIFIED` (0) is the proto default, which an emitter leaves out rather than sends.',
  numbers: 'The value by number (0 unspecified, 1 user, 2 agent), which ProtoJSON parsers accept; not the canonical form.',
});

export const TaskState = ProtoEnum(TASK_STATES, {
  description:
    'Where a task is in its lifecycle. `TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`, `TASK_STATE_CANCELED` (one L) and `TASK_STATE_REJECTED` are terminal; `TASK_STATE_INPUT_REQUIRED` and `TASK_STATE_AUTH_REQUIRED` wait on the client; `TASK_STATE_UNSPECIFIED` means the state is unknown.',
  numbers:
    'The value by number (0 unspecified, 1 submitted, 2 working, 3 completed, 4 failed, 5 canceled, 6 input required, 7 rejected, 8 auth required), which ProtoJSON parsers accept; not the canonical form.',
});
