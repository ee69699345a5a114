/**
 * The error answer of the A2A v1.0 HTTP+JSON binding (§11.6): the AIP-193 HTTP/JSON representation
 * of a `google.rpc.Status`, `{"error": {"code", "status", "message", "details"}}`. Not a message of
 * the v1.0 proto (SPEC-NOTES P-1 lists it among the binding types).
 */
import { Type } from '@sinclair/typebox';
import { StringEnum } from '../lib.js';

export const HTTPErrorResponse = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.Integer({
          minimum: 100,
          maximum: 599,
          description: 'The HTTP status code of the answer (§5.4 maps each A2A error to one).',
        }),
        status: Type.Optional(
          StringEnum(
            [
              'OK',
              'CANCELLED',
              'UNKNOWN',
              'INVALID_ARGUMENT',
              'DEADLINE_EXCEEDED',
              'NOT_FOUND',
              'ALREADY_EXISTS',
              'PERMISSION_DENIED',
              'RESOURCE_EXHAUSTED',
              'FAILED_PRECONDITION',
              'ABORTED',
              'OUT_OF_RANGE',
              'UNIMPLEMENTED',
              'INTERNAL',
              'UNAVAILABLE',
              'DATA_LOSS',
              'UNAUTHENTICATED',
            ],
            {
              description:
                'The `google.rpc.Code` name matching the status, for example `NOT_FOUND` (§5.4 gives the gRPC status of each A2A error).',
            },
          ),
        ),
        message: Type.String({ description: 'What went wrong, for people.' }),
        details: Type.Optional(
          Type.Array(Type.Ref('ErrorDetail'), {
            description:
              'Error details; for an A2A error, a `google.rpc.ErrorInfo` whose `reason` names it (`TASK_NOT_FOUND`) in the domain `a2a-protocol.org`.',
          }),
        ),
      },
      { description: 'The status: HTTP code, gRPC status name, message and details.' },
    ),
  },
  { description: 'The body of an HTTP+JSON error answer of A2A v1.0 (§11.6, AIP-193): a `google.rpc.Status` under `error`.' },
);
