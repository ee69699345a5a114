/**
 * The revisions of the A2A v1.0 specification as plain facts: for each released revision, the rules
 * that changed between revisions and the section each rule is stated in. A later revision (v1.1) is
 * one more entry here and one more block of rows in `error-table.ts`, not code: the schemas'
 * descriptions, check-server, the proxy, the OpenAPI and OpenRPC documents and the docs site read
 * these entries. Which revision a variant follows is `specRevision` in `variant-table.ts`.
 * No TypeBox: the runtime reads this without building a schema.
 *
 * Stable API (other modules and branches import it): `SPEC_REVISIONS`, `SpecRevision`,
 * `isSpecRevision`, `SPEC_REVISION_RULES`, `revisionRules`, `LATEST_SPEC_REVISION`.
 */

/** The released revisions of A2A v1.0 whose rules the package holds, oldest first. */
import { specRevisionOf } from './variant-table.js';

export const SPEC_REVISIONS = ['1.0.0', '1.0.1'] as const;

/** A released revision of A2A v1.0. */
export type SpecRevision = (typeof SPEC_REVISIONS)[number];

/** The latest revision the package holds (the one the v1.0 variants follow). */
export const LATEST_SPEC_REVISION: SpecRevision = '1.0.1';

/** A requirement level of RFC 2119 as the specification writes it. */
export type RequirementLevel = 'MUST' | 'SHOULD' | 'MAY';

/** The rules of one revision that differ between revisions, each with the section that states it. */
export interface RevisionRules {
  readonly revision: SpecRevision;
  /** The release date of the revision (ISO 8601), where the reference notes record it. */
  readonly released?: string;
  /** Where the specification text is published. */
  readonly url: string;
  /** The sections the package cites, by topic (the number only, e.g. `5.4`). */
  readonly sections: {
    /** The error code mappings table (JSON-RPC code, gRPC status, HTTP status of each A2A error). */
    readonly errorMappings: string;
    /** JSON-RPC error handling (`error.data`). */
    readonly jsonRpcErrors: string;
    /** gRPC error handling (`status.details`). */
    readonly grpcErrors: string;
    /** HTTP+JSON protocol requirements (the media type). */
    readonly restRequirements: string;
    /** HTTP+JSON error handling (`error.details`). */
    readonly restErrors: string;
    /** Client protocol selection (which interface, and its `tenant`). */
    readonly clientSelection: string;
  };
  /** JSON-RPC: an A2A error carries a `google.rpc.ErrorInfo` in `error.data` (v1.0.0 MUST, v1.0.1 SHOULD). */
  readonly jsonRpcErrorInfo: RequirementLevel;
  /** Every object of `error.data` / `error.details` carries `@type` (ProtoJSON `Any`). */
  readonly errorDetailType: RequirementLevel;
  /** HTTP+JSON and gRPC: an A2A error carries a `google.rpc.ErrorInfo` (MUST in both revisions). */
  readonly bindingErrorInfo: RequirementLevel;
  /**
   * The media type of HTTP+JSON bodies and how strongly the revision's §11.1 asks for it (v1.0.0 lists
   * `application/json` without a keyword, read as MUST; its own examples send `application/a2a+json`).
   */
  readonly restMediaType: { readonly type: string; readonly level: RequirementLevel };
  /** Media types an HTTP+JSON body may carry under this revision (the first is the one to send). */
  readonly restMediaTypes: readonly string[];
  /** A client sets `tenant` to the selected interface's value (undefined: the revision states no such rule). */
  readonly tenantEcho?: RequirementLevel;
}

/** The rules of each revision, oldest first. */
export const SPEC_REVISION_RULES: readonly RevisionRules[] = [
  {
    revision: '1.0.0',
    url: 'https://a2a-protocol.org/v1.0.0/specification',
    sections: {
      errorMappings: '5.4',
      jsonRpcErrors: '9.5',
      grpcErrors: '10.6',
      restRequirements: '11.1',
      restErrors: '11.6',
      clientSelection: '8.3.2',
    },
    jsonRpcErrorInfo: 'MUST',
    errorDetailType: 'MUST',
    bindingErrorInfo: 'MUST',
    restMediaType: { type: 'application/json', level: 'MUST' },
    restMediaTypes: ['application/json', 'application/a2a+json'],
  },
  {
    revision: '1.0.1',
    released: '2026-05-28',
    url: 'https://a2a-protocol.org/v1.0.1/specification',
    sections: {
      errorMappings: '5.4',
      jsonRpcErrors: '9.5',
      grpcErrors: '10.6',
      restRequirements: '11.1',
      restErrors: '11.6',
      clientSelection: '8.3.2',
    },
    jsonRpcErrorInfo: 'SHOULD',
    errorDetailType: 'MUST',
    bindingErrorInfo: 'MUST',
    restMediaType: { type: 'application/a2a+json', level: 'SHOULD' },
    restMediaTypes: ['application/a2a+json', 'application/json'],
    tenantEcho: 'MUST',
  },
];

/** True when `value` names a revision of the table. */
export function isSpecRevision(value: unknown): value is SpecRevision {
  return typeof value === 'string' && (SPEC_REVISIONS as readonly string[]).includes(value);
}

/** The rules of a revision. */
export function revisionRules(revision: SpecRevision): RevisionRules {
  return SPEC_REVISION_RULES.find((rules) => rules.revision === revision)!;
}

/**
 * The v1.0 revision an agent of `variant` is held to: the one named (`--spec-revision`), else the variant's own
 * (schemas/variant-table.ts), else the latest. check-server's run, its gRPC transport and the proxy's gRPC side read it.
 */
export function heldRevision(variant: string, requested?: SpecRevision): SpecRevision {
  if (requested !== undefined) return requested;
  const own = specRevisionOf(variant);
  return isSpecRevision(own) ? own : LATEST_SPEC_REVISION;
}
