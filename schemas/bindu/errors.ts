/**
 * Bindu errors (the error catalogue of Bindu's protocol types; codes -32008 to -32030), their union
 * `BinduError`, and the JSON-RPC error response of the bindu variant, whose `error` admits the
 * generic JSON-RPC error, every A2A error and every Bindu error.
 *
 * Each error has the same shape as the A2A ones: a constant integer `code`, a `message` whose
 * default is given here (servers may word it their own way) and optional `data`.
 */
import { ErrorResponse, ErrorType, RefUnion, a2aErrorTypes } from '../jsonrpc.js';

export const TaskImmutableError = ErrorType({
  code: -32008,
  codeDescription: 'The code of an immutable task: -32008.',
  defaultMessage: 'Task is in a terminal state and cannot be modified',
  description:
    'Bindu error: the task has reached a terminal state and can take no more messages; start a new task that lists it in `referenceTaskIds` instead.',
});

export const AuthenticationRequiredError = ErrorType({
  code: -32009,
  codeDescription: 'The code of a missing authentication: -32009.',
  defaultMessage: 'Authentication required',
  description: 'Bindu error: the call carries no credentials, but the agent requires a bearer token.',
});

export const InvalidTokenError = ErrorType({
  code: -32010,
  codeDescription: 'The code of an invalid token: -32010.',
  defaultMessage: 'Invalid authentication token',
  description: 'Bindu error: the authentication token is malformed or otherwise invalid.',
});

export const TokenExpiredError = ErrorType({
  code: -32011,
  codeDescription: 'The code of an expired token: -32011.',
  defaultMessage: 'Authentication token expired',
  description: 'Bindu error: the authentication token has expired; the client must obtain a new one.',
});

export const InvalidTokenSignatureError = ErrorType({
  code: -32012,
  codeDescription: 'The code of a token whose signature does not verify: -32012.',
  defaultMessage: 'Invalid token signature',
  description: 'Bindu error: the signature of the authentication token could not be verified.',
});

export const InsufficientPermissionsError = ErrorType({
  code: -32013,
  codeDescription: 'The code of missing permissions: -32013.',
  defaultMessage: 'Insufficient permissions',
  description: 'Bindu error: the caller is authenticated but lacks the permissions the operation needs.',
});

export const ContextNotFoundError = ErrorType({
  code: -32020,
  codeDescription: 'The code of an unknown context: -32020.',
  defaultMessage: 'Context not found',
  description: 'Bindu error: no context with the given id exists, or it does not belong to the caller.',
});

export const ContextNotCancelableError = ErrorType({
  code: -32021,
  codeDescription: 'The code of a context that cannot be canceled: -32021.',
  defaultMessage: 'Context cannot be canceled',
  description: 'Bindu error: the context cannot be canceled or cleared in its current state.',
});

export const SkillNotFoundError = ErrorType({
  code: -32030,
  codeDescription: 'The code of an unknown skill: -32030.',
  defaultMessage: 'Skill not found',
  description: 'Bindu error: no skill with the given id exists on this agent.',
});

/** The error types Bindu adds to A2A, by code. */
const binduErrorTypes = [
  'TaskImmutableError',
  'AuthenticationRequiredError',
  'InvalidTokenError',
  'TokenExpiredError',
  'InvalidTokenSignatureError',
  'InsufficientPermissionsError',
  'ContextNotFoundError',
  'ContextNotCancelableError',
  'SkillNotFoundError',
] as const;

export const BinduError = RefUnion(binduErrorTypes, 'Any of the errors Bindu adds to A2A, told apart by `code`.');

export const JSONRPCErrorResponse = ErrorResponse(
  ['JSONRPCError', ...a2aErrorTypes, ...binduErrorTypes],
  'What went wrong: a generic JSON-RPC error, one of the errors A2A names or one Bindu adds.',
);
