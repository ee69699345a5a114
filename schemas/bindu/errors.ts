/**
 * Bindu errors (the error catalogue of Bindu's protocol types; codes -32008 to -32030), their union
 * `BinduError`, and the JSON-RPC error response of the bindu variant, whose `error` admits the
 * generic JSON-RPC error, every A2A error and every Bindu error.
 *
 * Each error has the same shape as the A2A ones: a constant integer `code`, a `message` whose
 * default is the table's (servers may word it their own way) and optional `data`. The codes and
 * messages are `BINDU_ERRORS` of ../error-table.ts, which also says which collide with A2A's.
 */
import { ErrorResponse, ErrorType, RefUnion, a2aErrorTypes } from '../jsonrpc.js';
import { binduError } from '../error-table.js';

export const TaskImmutableError = ErrorType({
  code: binduError('TaskImmutableError').code,
  codeDescription: 'The code of an immutable task: -32008.',
  defaultMessage: binduError('TaskImmutableError').message,
  description:
    'Bindu error: the task has reached a terminal state and can take no more messages; start a new task that lists it in `referenceTaskIds` instead.',
});

export const AuthenticationRequiredError = ErrorType({
  code: binduError('AuthenticationRequiredError').code,
  codeDescription: 'The code of a missing authentication: -32009.',
  defaultMessage: binduError('AuthenticationRequiredError').message,
  description: 'Bindu error: the call carries no credentials, but the agent requires a bearer token.',
});

export const InvalidTokenError = ErrorType({
  code: binduError('InvalidTokenError').code,
  codeDescription: 'The code of an invalid token: -32010.',
  defaultMessage: binduError('InvalidTokenError').message,
  description: 'Bindu error: the authentication token is malformed or otherwise invalid.',
});

export const TokenExpiredError = ErrorType({
  code: binduError('TokenExpiredError').code,
  codeDescription: 'The code of an expired token: -32011.',
  defaultMessage: binduError('TokenExpiredError').message,
  description: 'Bindu error: the authentication token has expired; the client must obtain a new one.',
});

export const InvalidTokenSignatureError = ErrorType({
  code: binduError('InvalidTokenSignatureError').code,
  codeDescription: 'The code of a token whose signature does not verify: -32012.',
  defaultMessage: binduError('InvalidTokenSignatureError').message,
  description: 'Bindu error: the signature of the authentication token could not be verified.',
});

export const InsufficientPermissionsError = ErrorType({
  code: binduError('InsufficientPermissionsError').code,
  codeDescription: 'The code of missing permissions: -32013.',
  defaultMessage: binduError('InsufficientPermissionsError').message,
  description: 'Bindu error: the caller is authenticated but lacks the permissions the operation needs.',
});

export const ContextNotFoundError = ErrorType({
  code: binduError('ContextNotFoundError').code,
  codeDescription: 'The code of an unknown context: -32020.',
  defaultMessage: binduError('ContextNotFoundError').message,
  description: 'Bindu error: no context with the given id exists, or it does not belong to the caller.',
});

export const ContextNotCancelableError = ErrorType({
  code: binduError('ContextNotCancelableError').code,
  codeDescription: 'The code of a context that cannot be canceled: -32021.',
  defaultMessage: binduError('ContextNotCancelableError').message,
  description: 'Bindu error: the context cannot be canceled or cleared in its current state.',
});

export const SkillNotFoundError = ErrorType({
  code: binduError('SkillNotFoundError').code,
  codeDescription: 'The code of an unknown skill: -32030.',
  defaultMessage: binduError('SkillNotFoundError').message,
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
