/**
 * The agent card on the A2A v0.3.0 HTTP+JSON binding (`GET /v1/card`): the JSON mapping of the
 * v0.3 proto's AgentCard. The security schemes and scope lists are the same messages in the v0.3
 * and v1.0 protos and are imported from `../a2a-v1/security.ts`; the OAuth flows differ (v0.3 has
 * no device-code flow, no `pkceRequired`, and no REQUIRED scopes) and are defined here.
 */
import { Type } from '@sinclair/typebox';
import { OpenObject } from '../lib.js';
import { Field, OneOf, ProtoObject, Required } from '../a2a-v1/proto.js';

export {
  APIKeySecurityScheme,
  HTTPAuthSecurityScheme,
  MutualTlsSecurityScheme,
  OAuth2SecurityScheme,
  OpenIdConnectSecurityScheme,
  SecurityScheme,
  StringList,
} from '../a2a-v1/security.js';

const scopes = () =>
  Field(
    'scopes',
    Type.Record(Type.String(), Type.String(), {
      description: 'The scopes the flow offers: each scope name mapped to a short explanation of it.',
    }),
  );
const refreshUrl = () => Field('refreshUrl', Type.String({ description: 'The endpoint for refreshing tokens.' }));

export const OAuthFlows = ProtoObject(
  [
    OneOf(
      'flow',
      [
        Field('authorizationCode', Type.Ref('AuthorizationCodeOAuthFlow', { description: 'The authorization-code flow.' })),
        Field('clientCredentials', Type.Ref('ClientCredentialsOAuthFlow', { description: 'The client-credentials flow.' })),
        Field('implicit', Type.Ref('ImplicitOAuthFlow', { description: 'The implicit flow.' })),
        Field('password', Type.Ref('PasswordOAuthFlow', { description: 'The resource-owner password flow.' })),
      ],
      'The flow: exactly one of the four.',
    ),
  ],
  { description: 'The OAuth 2.0 flow a scheme supports, wrapped in a one-of (v0.3 JSON-RPC: an object with one key per flow).' },
);

export const AuthorizationCodeOAuthFlow = ProtoObject(
  [
    Required('authorizationUrl', Type.String({ description: 'The authorization endpoint of the flow.' })),
    Required('tokenUrl', Type.String({ description: 'The token endpoint of the flow.' })),
    refreshUrl(),
    scopes(),
  ],
  { description: 'Settings of the OAuth 2.0 authorization-code flow.' },
);

export const ClientCredentialsOAuthFlow = ProtoObject(
  [Required('tokenUrl', Type.String({ description: 'The token endpoint of the flow.' })), refreshUrl(), scopes()],
  { description: 'Settings of the OAuth 2.0 client-credentials flow.' },
);

export const ImplicitOAuthFlow = ProtoObject(
  [Required('authorizationUrl', Type.String({ description: 'The authorization endpoint of the flow.' })), refreshUrl(), scopes()],
  { description: 'Settings of the OAuth 2.0 implicit flow.' },
);

export const PasswordOAuthFlow = ProtoObject(
  [Required('tokenUrl', Type.String({ description: 'The token endpoint of the flow.' })), refreshUrl(), scopes()],
  { description: 'Settings of the OAuth 2.0 resource-owner password flow.' },
);

export const Security = ProtoObject(
  [
    Field(
      'schemes',
      Type.Record(Type.String(), Type.Ref('StringList'), {
        description: 'The schemes needed together, each scheme name (a key of `securitySchemes`) mapped to the scopes it needs.',
      }),
    ),
  ],
  { description: 'One acceptable combination of security schemes, all required together (v0.3 JSON-RPC: `{"<name>": [scopes]}`).' },
);

export const AgentInterface = ProtoObject(
  [
    Required('url', Type.String({ minLength: 1, description: 'Where the interface is served.' })),
    Required('transport', Type.String({ minLength: 1, description: 'The transport: `JSONRPC`, `GRPC` or `HTTP+JSON`.' })),
  ],
  { description: 'An additional interface of the agent: a URL and its transport.' },
);

export const AgentProvider = ProtoObject(
  [
    Required('url', Type.String({ description: "The provider's website." })),
    Required('organization', Type.String({ description: 'The name of the organization.' })),
  ],
  { description: 'Who provides the agent.' },
);

export const AgentExtension = ProtoObject(
  [
    Required('uri', Type.String({ minLength: 1, description: 'The URI that identifies the extension.' })),
    Field('description', Type.String({ description: 'How the agent uses the extension.' })),
    Field('required', Type.Boolean({ description: 'True when clients must support the extension.' })),
    Field('params', OpenObject({ description: 'Settings of the extension (a google.protobuf.Struct).' })),
  ],
  { description: 'A protocol extension the agent supports.' },
);

export const AgentCapabilities = ProtoObject(
  [
    Field('streaming', Type.Boolean({ description: 'True when the agent streams (`POST /v1/message:stream`, `:subscribe`).' })),
    Field('pushNotifications', Type.Boolean({ description: 'True when the agent sends push notifications.' })),
    Field('extensions', Type.Array(Type.Ref('AgentExtension'), { description: 'The extensions the agent supports.' })),
  ],
  { description: 'What the agent can do beyond request and answer.' },
);

export const AgentSkill = ProtoObject(
  [
    Required('id', Type.String({ minLength: 1, description: 'The identifier of the skill.' })),
    Required('name', Type.String({ minLength: 1, description: 'A name for people.' })),
    Required('description', Type.String({ description: 'What the skill does.' })),
    Required('tags', Type.Array(Type.String(), { description: 'Keywords for the skill.' })),
    Field('examples', Type.Array(Type.String(), { description: 'Example prompts.' })),
    Field('inputModes', Type.Array(Type.String(), { description: 'The media types the skill accepts, where they differ from the card.' })),
    Field(
      'outputModes',
      Type.Array(Type.String(), { description: 'The media types the skill produces, where they differ from the card.' }),
    ),
    Field('security', Type.Array(Type.Ref('Security'), { description: 'The security the skill needs, where it differs from the card.' })),
  ],
  { description: 'One thing the agent can do.' },
);

export const AgentCardSignature = ProtoObject(
  [
    Required('protected', Type.String({ minLength: 1, description: 'The JWS protected header, base64url-encoded.' })),
    Required('signature', Type.String({ minLength: 1, description: 'The JWS signature, base64url-encoded.' })),
    Field('header', OpenObject({ description: 'The JWS unprotected header (a google.protobuf.Struct).' })),
  ],
  { description: 'A JWS signature of the agent card (RFC 7515).' },
);

export const AgentCard = ProtoObject(
  [
    Field('protocolVersion', Type.String({ description: 'The version of A2A the agent speaks, `0.3.0`.' })),
    Required('name', Type.String({ minLength: 1, description: 'The name of the agent.' })),
    Required('description', Type.String({ description: 'What the agent does, for people.' })),
    Required('url', Type.String({ minLength: 1, description: 'The URL of the preferred interface.' })),
    Field('preferredTransport', Type.String({ description: 'The transport at `url`: `JSONRPC`, `GRPC` or `HTTP+JSON`.' })),
    Field('additionalInterfaces', Type.Array(Type.Ref('AgentInterface'), { description: 'Other interfaces of the agent.' })),
    Field('provider', Type.Ref('AgentProvider', { description: 'Who provides the agent.' })),
    Required('version', Type.String({ minLength: 1, description: 'The version of the agent.' })),
    Field('documentationUrl', Type.String({ description: 'Where the agent is documented.' })),
    Required('capabilities', Type.Ref('AgentCapabilities', { description: 'What the agent can do.' })),
    Field('securitySchemes', Type.Record(Type.String(), Type.Ref('SecurityScheme'), { description: 'The security schemes, by name.' })),
    Field('security', Type.Array(Type.Ref('Security'), { description: 'The acceptable combinations of security schemes.' })),
    Required('defaultInputModes', Type.Array(Type.String(), { description: 'The media types the agent accepts.' })),
    Required('defaultOutputModes', Type.Array(Type.String(), { description: 'The media types the agent produces.' })),
    Required('skills', Type.Array(Type.Ref('AgentSkill'), { description: 'What the agent can do, skill by skill.' })),
    Field(
      'supportsAuthenticatedExtendedCard',
      Type.Boolean({ description: 'True when `GET /v1/card` serves a fuller card to authenticated clients.' }),
    ),
    Field('signatures', Type.Array(Type.Ref('AgentCardSignature'), { description: 'JWS signatures of the card.' })),
  ],
  { description: "The agent card as `GET /v1/card` returns it: the JSON mapping of the v0.3 proto's AgentCard." },
);
