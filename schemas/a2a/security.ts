/**
 * A2A v0.3.0 security schemes, modelled on the OpenAPI 3.0 Security Scheme Object: a union
 * discriminated by `type` (`apiKey`, `http`, `oauth2`, `openIdConnect`, `mutualTLS`), and the
 * OAuth 2.0 flow objects.
 */
import { Type } from '@sinclair/typebox';
import { StringEnum } from '../lib.js';

const schemeDescription = () => Type.Optional(Type.String({ description: 'A human-readable note about the security scheme.' }));

const scopes = () =>
  Type.Record(Type.String(), Type.String(), {
    description: 'The scopes the flow offers, mapping each scope name to a short explanation of it.',
  });

export const SecurityScheme = Type.Union(
  [
    Type.Ref('APIKeySecurityScheme'),
    Type.Ref('HTTPAuthSecurityScheme'),
    Type.Ref('OAuth2SecurityScheme'),
    Type.Ref('OpenIdConnectSecurityScheme'),
    Type.Ref('MutualTLSSecurityScheme'),
  ],
  {
    description:
      'A way of authorizing calls to an agent, after the OpenAPI 3.0 Security Scheme Object; the kinds are told apart by `type`.',
  },
);

export const SecuritySchemeBase = Type.Object(
  {
    description: schemeDescription(),
  },
  { description: 'The property every security scheme shares. Not used on the wire by itself; each scheme repeats it.' },
);

export const APIKeySecurityScheme = Type.Object(
  {
    type: Type.Literal('apiKey', { description: 'Discriminator of the scheme union; always `apiKey`.' }),
    in: StringEnum(['cookie', 'header', 'query'], { description: 'Where the API key is sent.' }),
    name: Type.String({ description: 'What the header, query parameter or cookie carrying the key is called.' }),
    description: schemeDescription(),
  },
  { description: 'Authorization with an API key sent in a header, a query parameter or a cookie.' },
);

export const HTTPAuthSecurityScheme = Type.Object(
  {
    type: Type.Literal('http', { description: 'Discriminator of the scheme union; always `http`.' }),
    scheme: Type.String({
      description:
        'The HTTP authentication scheme used in the `Authorization` header (RFC 7235), for example `Bearer`; preferably one registered with IANA.',
    }),
    bearerFormat: Type.Optional(
      Type.String({ description: 'A hint about how the bearer token is built, for example `JWT`; informational only.' }),
    ),
    description: schemeDescription(),
  },
  { description: 'Authorization with a standard HTTP authentication scheme such as Basic or Bearer.' },
);

export const OAuth2SecurityScheme = Type.Object(
  {
    type: Type.Literal('oauth2', { description: 'Discriminator of the scheme union; always `oauth2`.' }),
    flows: Type.Ref('OAuthFlows', { description: 'The OAuth 2.0 flows the agent supports and how each is configured.' }),
    oauth2MetadataUrl: Type.Optional(
      Type.String({ description: 'Where the authorization server publishes its metadata (RFC 8414); must use TLS.' }),
    ),
    description: schemeDescription(),
  },
  { description: 'Authorization with OAuth 2.0.' },
);

export const OpenIdConnectSecurityScheme = Type.Object(
  {
    type: Type.Literal('openIdConnect', { description: 'Discriminator of the scheme union; always `openIdConnect`.' }),
    openIdConnectUrl: Type.String({
      description: 'The OpenID Connect discovery URL where the provider publishes its metadata.',
    }),
    description: schemeDescription(),
  },
  { description: 'Authorization with OpenID Connect.' },
);

export const MutualTLSSecurityScheme = Type.Object(
  {
    type: Type.Literal('mutualTLS', { description: 'Discriminator of the scheme union; always `mutualTLS`.' }),
    description: schemeDescription(),
  },
  { description: 'Authorization with mutual TLS: the client proves its identity with a certificate.' },
);

export const OAuthFlows = Type.Object(
  {
    authorizationCode: Type.Optional(
      Type.Ref('AuthorizationCodeOAuthFlow', {
        description: 'The authorization-code grant, if offered (OpenAPI 2.0 named it `accessCode`).',
      }),
    ),
    clientCredentials: Type.Optional(
      Type.Ref('ClientCredentialsOAuthFlow', {
        description: 'The client-credentials grant, if offered (OpenAPI 2.0 named it `application`).',
      }),
    ),
    implicit: Type.Optional(Type.Ref('ImplicitOAuthFlow', { description: 'The implicit grant, if offered.' })),
    password: Type.Optional(Type.Ref('PasswordOAuthFlow', { description: 'The resource-owner password grant, if offered.' })),
  },
  { description: 'The OAuth 2.0 flows an agent supports, each with its settings.' },
);

export const AuthorizationCodeOAuthFlow = Type.Object(
  {
    authorizationUrl: Type.String({ description: 'The authorization endpoint for this flow; must be a TLS URL.' }),
    tokenUrl: Type.String({ description: 'The token endpoint for this flow; must be a TLS URL.' }),
    refreshUrl: Type.Optional(Type.String({ description: 'The endpoint for refreshing tokens; must be a TLS URL.' })),
    scopes: scopes(),
  },
  { description: 'Endpoints and scopes of the OAuth 2.0 authorization-code grant.' },
);

export const ClientCredentialsOAuthFlow = Type.Object(
  {
    tokenUrl: Type.String({ description: 'The token endpoint for this flow; must be a URL.' }),
    refreshUrl: Type.Optional(Type.String({ description: 'The endpoint for refreshing tokens; must be a URL.' })),
    scopes: scopes(),
  },
  { description: 'Endpoints and scopes of the OAuth 2.0 client-credentials grant.' },
);

export const ImplicitOAuthFlow = Type.Object(
  {
    authorizationUrl: Type.String({ description: 'The authorization endpoint for this flow; must be a URL.' }),
    refreshUrl: Type.Optional(Type.String({ description: 'The endpoint for refreshing tokens; must be a URL.' })),
    scopes: scopes(),
  },
  { description: 'Endpoints and scopes of the OAuth 2.0 implicit grant.' },
);

export const PasswordOAuthFlow = Type.Object(
  {
    tokenUrl: Type.String({ description: 'The token endpoint for this flow; must be a URL.' }),
    refreshUrl: Type.Optional(Type.String({ description: 'The endpoint for refreshing tokens; must be a URL.' })),
    scopes: scopes(),
  },
  { description: 'Endpoints and scopes of the OAuth 2.0 resource-owner password grant.' },
);
