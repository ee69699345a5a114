/**
 * The page's reading of a card's security schemes (src/commands/inspect/app/credentials.tsx), on both wires: what
 * it asks for, and the headers and query parameters the values entered become.
 */
import { describe, expect, it } from 'vitest';
import { authOf, schemesOf } from '../../../../src/commands/inspect/app/credentials.js';

describe('inspect page: credentials from the card', () => {
  it('reads the v0.3 schemes (type, in) and says why it cannot use the others', () => {
    const schemes = schemesOf({
      securitySchemes: {
        key: { type: 'apiKey', in: 'header', name: 'X-Agent-Key' },
        queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
        cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        basic: { type: 'http', scheme: 'basic' },
        machine: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'r' } } } },
        person: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://a', tokenUrl: 'https://t', scopes: {} } } },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' },
        mtls: { type: 'mutualTLS' },
      },
    });
    expect(schemes.map((scheme) => [scheme.name, scheme.kind])).toEqual([
      ['key', 'apiKey'],
      ['queryKey', 'apiKey'],
      ['cookieKey', 'apiKey'],
      ['bearer', 'bearer'],
      ['basic', 'unsupported'],
      ['machine', 'clientCredentials'],
      ['person', 'unsupported'],
      ['oidc', 'unsupported'],
      ['mtls', 'unsupported'],
    ]);
    expect(schemes[5]).toEqual({ kind: 'clientCredentials', name: 'machine', tokenUrl: 'https://auth.example/token', scopes: ['read'] });
    const auth = authOf(schemes, { key: 'k1', queryKey: 'k2', cookieKey: 'k3', bearer: 'tok', basic: 'ignored' });
    expect(auth).toEqual({ headers: { 'X-Agent-Key': 'k1', Authorization: 'Bearer tok', Cookie: 'session=k3' }, query: { api_key: 'k2' } });
  });

  it('reads the v1.0 ProtoJSON schemes (apiKeySecurityScheme with location, …)', () => {
    const schemes = schemesOf({
      securitySchemes: {
        key: { apiKeySecurityScheme: { location: 'query', name: 'key' } },
        bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } },
        machine: { oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: {} } } } },
      },
    });
    expect(schemes.map((scheme) => scheme.kind)).toEqual(['apiKey', 'bearer', 'clientCredentials']);
    expect(authOf(schemes, { key: 'k', machine: 'access' })).toEqual({ headers: { Authorization: 'Bearer access' }, query: { key: 'k' } });
  });

  it('a card without schemes asks for nothing; nothing entered sends nothing', () => {
    expect(schemesOf({ name: 'x' })).toEqual([]);
    expect(schemesOf(null)).toEqual([]);
    expect(authOf(schemesOf({ securitySchemes: { b: { type: 'http', scheme: 'bearer' } } }), {})).toEqual({ headers: {}, query: {} });
  });
});
