/**
 * A2A v1.0 security on the ProtoJSON wire: the security scheme wrapper (a one-of keyed by the kind
 * of scheme, where v0.3 used a `type` discriminator), the schemes, the OAuth 2.0 flows (a one-of
 * too) and the security requirement (`{"schemes": {"<name>": {"list": [scopes]}}}`).
 */
import { Type } from '@sinclair/typebox';
import { StringEnum } from '../lib.js';
import { Field, OneOf, ProtoObject, Required } from './proto.js';

const schemeDescription = () => Field('description', Type.String({ description: 'A note about the security scheme, for people.' }));

const scopesSchema = () =>
  Type.Record(Type.String(), Type.String(), {
    description: 'The scopes the flow offers: each scope name mapped to a short explanation of it.',
  });

const requiredScopes = () => Required('scopes', scopesSchema());
const optionalScopes = () => Field('scopes', scopesSchema());

export const SecurityScheme = ProtoObject(
  [
    OneOf(
      'scheme',
      [
        Field('apiKeySecurityScheme', Type.Ref('APIKeySecurityScheme', { description: 'Authorization with an API key.' })),
        Field(
          'httpAuthSecurityScheme',
          Type.Ref('HTTPAuthSecurityScheme', { description: 'Authorization with an HTTP authentication scheme.' }),
        ),
        Field('oauth2SecurityScheme', Type.Ref('OAuth2SecurityScheme', { description: 'Authorization with OAuth 2.0.' })),
        Field(
          'openIdConnectSecurityScheme',
          Type.Ref('OpenIdConnectSecurityScheme', { description: 'Authorization with OpenID Connect.' }),
        ),
        Field('mtlsSecurityScheme', Type.Ref('MutualTlsSecurityScheme', { description: 'Authorization with mutual TLS.' })),
      ],
      'The scheme: exactly one of the five kinds, keyed by its kind.',
    ),
  ],
  { description: 'A way of authorizing calls to an agent, after the OpenAPI Security Scheme Object, wrapped in a one-of.' },
);

export const APIKeySecurityScheme = ProtoObject(
  [
    schemeDescription(),
    Required('location', StringEnum(['query', 'header', 'cookie'], { description: 'Where the API key is sent (v0.3 called this `in`).' })),
    Required('name', Type.String({ description: 'The name of the header, query parameter or cookie that carries the key.' })),
  ],
  { description: 'Authorization with an API key sent in a header, a query parameter or a cookie.' },
);

export const HTTPAuthSecurityScheme = ProtoObject(
  [
    schemeDescription(),
    Required(
      'scheme',
      Type.String({ description: 'The HTTP authentication scheme for the `Authorization` header (RFC 7235), for example `Bearer`.' }),
    ),
    Field('bearerFormat', Type.String({ description: 'A hint about how bearer tokens are formatted, for example `JWT`.' })),
  ],
  { description: 'Authorization with a standard HTTP authentication scheme such as Basic or Bearer.' },
);

export const OAuth2SecurityScheme = ProtoObject(
  [
    schemeDescription(),
    Required('flows', Type.Ref('OAuthFlows', { description: 'The OAuth 2.0 flow the agent supports and its settings.' })),
    Field(
      'oauth2MetadataUrl',
      Type.String({ description: 'Where the authorization server publishes its metadata (RFC 8414); TLS is required.' }),
    ),
  ],
  { description: 'Authorization with OAuth 2.0.' },
);

export const OpenIdConnectSecurityScheme = ProtoObject(
  [
    schemeDescription(),
    Required('openIdConnectUrl', Type.String({ description: "The OpenID Connect discovery URL of the provider's metadata." })),
  ],
  { description: 'Authorization with OpenID Connect.' },
);

export const MutualTlsSecurityScheme = ProtoObject([schemeDescription()], {
  description: 'Authorization with mutual TLS: the client presents a certificate.',
});

export const OAuthFlows = ProtoObject(
  [
    OneOf(
      'flow',
      [
        Field('authorizationCode', Type.Ref('AuthorizationCodeOAuthFlow', { description: 'The authorization-code flow.' })),
        Field('clientCredentials', Type.Ref('ClientCredentialsOAuthFlow', { description: 'The client-credentials flow.' })),
        Field(
          'implicit',
          Type.Ref('ImplicitOAuthFlow', { description: 'The implicit flow (deprecated: use authorization code with PKCE).' }),
        ),
        Field('password', Type.Ref('PasswordOAuthFlow', { description: 'The resource-owner password flow (deprecated).' })),
        Field('deviceCode', Type.Ref('DeviceCodeOAuthFlow', { description: 'The device-code flow (RFC 8628).' })),
      ],
      'The flow: exactly one of the five.',
    ),
  ],
  { description: 'The OAuth 2.0 flow a scheme supports, wrapped in a one-of.' },
);

export const AuthorizationCodeOAuthFlow = ProtoObject(
  [
    Required('authorizationUrl', Type.String({ description: 'The authorization endpoint of the flow.' })),
    Required('tokenUrl', Type.String({ description: 'The token endpoint of the flow.' })),
    Field('refreshUrl', Type.String({ description: 'The endpoint for refreshing tokens.' })),
    requiredScopes(),
    Field('pkceRequired', Type.Boolean({ description: 'True when PKCE (RFC 7636) is required.' })),
  ],
  { description: 'Settings of the OAuth 2.0 authorization-code flow.' },
);

export const ClientCredentialsOAuthFlow = ProtoObject(
  [
    Required('tokenUrl', Type.String({ description: 'The token endpoint of the flow.' })),
    Field('refreshUrl', Type.String({ description: 'The endpoint for refreshing tokens.' })),
    requiredScopes(),
  ],
  { description: 'Settings of the OAuth 2.0 client-credentials flow.' },
);

export const ImplicitOAuthFlow = ProtoObject(
  [
    Field('authorizationUrl', Type.String({ description: 'The authorization endpoint of the flow.' })),
    Field('refreshUrl', Type.String({ description: 'The endpoint for refreshing tokens.' })),
    optionalScopes(),
  ],
  { description: 'Settings of the OAuth 2.0 implicit flow (deprecated).' },
);

export const PasswordOAuthFlow = ProtoObject(
  [
    Field('tokenUrl', Type.String({ description: 'The token endpoint of the flow.' })),
    Field('refreshUrl', Type.String({ description: 'The endpoint for refreshing tokens.' })),
    optionalScopes(),
  ],
  { description: 'Settings of the OAuth 2.0 resource-owner password flow (deprecated).' },
);

export const DeviceCodeOAuthFlow = ProtoObject(
  [
    Required('deviceAuthorizationUrl', Type.String({ description: 'The device authorization endpoint of the flow.' })),
    Required('tokenUrl', Type.String({ description: 'The token endpoint of the flow.' })),
    Field('refreshUrl', Type.String({ description: 'The endpoint for refreshing tokens.' })),
    requiredScopes(),
  ],
  { description: 'Settings of the OAuth 2.0 device-code flow (RFC 8628), for devices with limited input.' },
);

export const StringList = ProtoObject([Field('list', Type.Array(Type.String(), { description: 'The strings.' }))], {
  description: 'A list of strings (a proto message wrapping a repeated string).',
});

export const SecurityRequirement = ProtoObject(
  [
    Field(
      'schemes',
      Type.Record(Type.String(), Type.Ref('StringList'), {
        description: 'The schemes needed together, each scheme name (a key of `securitySchemes`) mapped to the scopes it needs.',
      }),
    ),
  ],
  { description: 'One acceptable combination of security schemes, all required together; a list of them means any one will do.' },
);
