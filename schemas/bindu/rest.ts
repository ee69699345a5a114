/**
 * The HTTP+JSON binding of the `bindu` variant: the A2A v0.3.0 table (`../a2a/rest.ts`; the seeds
 * define no REST form of Bindu's own methods), with an HTTP status for each error Bindu adds. The
 * seeds name no status; these follow the statuses §3.2.3 of A2A v0.3.0 lists (401, 403, 404) by
 * what each error means (SPEC-NOTES.md R-6).
 */
import type { RestBinding } from '../variant.js';
import { rest as a2aRest } from '../a2a/rest.js';

export const rest: RestBinding = {
  ...a2aRest,
  errorStatus: {
    ...a2aRest.errorStatus,
    TaskImmutableError: 409,
    AuthenticationRequiredError: 401,
    InvalidTokenError: 401,
    TokenExpiredError: 401,
    InvalidTokenSignatureError: 401,
    InsufficientPermissionsError: 403,
    ContextNotFoundError: 404,
    ContextNotCancelableError: 409,
    SkillNotFoundError: 404,
  },
};
