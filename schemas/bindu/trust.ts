/**
 * Bindu trust and identity (seed 001 "Type Aliases & Enums", "Trust & Identity"). Not part of A2A.
 */
import { Type } from '@sinclair/typebox';
import { StringEnum, Uuid } from '../lib.js';

export const TrustLevel = StringEnum(
  ['super_admin', 'admin', 'manager', 'operator', 'editor', 'analyst', 'auditor', 'support', 'viewer', 'guest'],
  {
    description:
      'A role-based trust level used to authorise operations, listed from most to least permission: `super_admin` (everything), `admin`, `manager`, `operator`, `editor`, `analyst`, `auditor` (read-only on sensitive data), `support`, `viewer` and `guest` (limited, read-only).',
  },
);

export const IdentityProvider = StringEnum(['keycloak', 'azure_ad', 'okta', 'auth0', 'custom'], {
  description: 'The identity provider that authenticates an agent: Keycloak, Azure AD, Okta, Auth0 or a custom one.',
});

export const KeycloakRole = Type.Object(
  {
    roleId: Uuid({ description: 'The identifier of the role.' }),
    roleName: Type.String({ description: 'The name of the role.' }),
    permissions: Type.Array(Type.String({ description: 'One permission, for example `agent.create`.' }), {
      description: 'The permissions the role grants.',
    }),
    trustLevel: Type.Ref('TrustLevel', { description: 'The trust level the role carries.' }),
    realmName: Type.String({ description: 'The Keycloak realm the role lives in.' }),
    externalMappings: Type.Optional(
      Type.Record(Type.String(), Type.String({ description: 'The name of the matching group or role there.' }), {
        description: 'The matching roles or groups in other identity providers, keyed by provider name.',
      }),
    ),
    operationPermissions: Type.Optional(
      Type.Record(Type.String(), Type.Ref('TrustLevel', { description: 'The minimum trust level for the operation.' }), {
        description: 'The minimum trust level each operation needs, keyed by operation name.',
      }),
    ),
  },
  { description: 'A Keycloak role: a named set of permissions with a trust level, mapped to other identity providers.' },
);

export const AgentTrust = Type.Object(
  {
    identityProvider: Type.Ref('IdentityProvider', { description: 'The identity provider that vouches for the agent.' }),
    inheritedRoles: Type.Array(Type.Ref('KeycloakRole'), { description: 'The roles the agent inherits.' }),
    certificate: Type.Optional(Type.String({ description: "The agent's certificate, PEM-encoded." })),
    certificateFingerprint: Type.Optional(Type.String({ description: 'The fingerprint of that certificate.' })),
    creatorId: Type.Union(
      [
        Type.String({ format: 'uuid', description: 'A UUID.' }),
        Type.Integer({ description: 'A numeric identifier.' }),
        Type.String({ description: 'Any other string identifier, for example a DID.' }),
      ],
      { description: 'Who created the agent: a UUID, a number or another string such as a DID.' },
    ),
    creationTimestamp: Type.Integer({ description: 'When the agent was created, in seconds since the Unix epoch.' }),
    trustVerificationRequired: Type.Boolean({
      description: "True when the agent's identity must be verified before it may run.",
    }),
    allowedOperations: Type.Record(Type.String(), Type.Ref('TrustLevel', { description: 'The minimum trust level for the operation.' }), {
      description: 'The operations the agent may perform and the trust level each needs, keyed by operation name.',
    }),
  },
  {
    description:
      'The trust configuration of an agent: its identity provider, inherited roles, certificate and the trust level each operation needs.',
  },
);
