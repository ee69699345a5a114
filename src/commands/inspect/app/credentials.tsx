/** @jsxImportSource preact */
/**
 * The card's security schemes as the page asks for credentials: an API key (header, query or cookie), an HTTP
 * bearer token, an OAuth2 client-credentials flow (its token fetched through the inspector). Both wires' forms:
 * v0.3 (`type: apiKey | http | oauth2`, `in`) and v1.0 ProtoJSON (`apiKeySecurityScheme` with `location`, …).
 * What is entered lives in this page's memory only: no storage, no cookie, no URL; inputs are password fields.
 */
import { useState } from 'preact/hooks';
import { api, ApiError, type Auth } from './api.js';

export type Scheme =
  | { readonly kind: 'apiKey'; readonly name: string; readonly key: string; readonly location: string; readonly description?: string }
  | { readonly kind: 'bearer'; readonly name: string; readonly scheme: string; readonly description?: string }
  | { readonly kind: 'clientCredentials'; readonly name: string; readonly tokenUrl: string; readonly scopes: readonly string[] }
  | { readonly kind: 'unsupported'; readonly name: string; readonly why: string };

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The schemes a card declares, each read as the page can use it (or why it cannot). */
export function schemesOf(card: unknown): Scheme[] {
  if (!isJson(card) || !isJson(card.securitySchemes)) return [];
  return Object.entries(card.securitySchemes).map(([name, raw]): Scheme => {
    if (!isJson(raw)) return { kind: 'unsupported', name, why: 'not an object' };
    const apiKey = isJson(raw.apiKeySecurityScheme) ? raw.apiKeySecurityScheme : raw.type === 'apiKey' ? raw : undefined;
    if (apiKey) {
      const location = text(apiKey.location) ?? text(apiKey.in) ?? 'header';
      return { kind: 'apiKey', name, key: text(apiKey.name) ?? 'X-API-Key', location, ...descriptionOf(apiKey) };
    }
    const http = isJson(raw.httpAuthSecurityScheme) ? raw.httpAuthSecurityScheme : raw.type === 'http' ? raw : undefined;
    if (http) {
      const scheme = text(http.scheme) ?? 'bearer';
      return scheme.toLowerCase() === 'bearer'
        ? { kind: 'bearer', name, scheme, ...descriptionOf(http) }
        : { kind: 'unsupported', name, why: `HTTP ${scheme} authentication is not asked for here (bearer is)` };
    }
    const oauth = isJson(raw.oauth2SecurityScheme) ? raw.oauth2SecurityScheme : raw.type === 'oauth2' ? raw : undefined;
    if (oauth) {
      const flows = isJson(oauth.flows) ? oauth.flows : {};
      const flow = isJson(flows.clientCredentials) ? flows.clientCredentials : undefined;
      if (flow && text(flow.tokenUrl))
        return {
          kind: 'clientCredentials',
          name,
          tokenUrl: text(flow.tokenUrl)!,
          scopes: isJson(flow.scopes) ? Object.keys(flow.scopes) : [],
        };
      return {
        kind: 'unsupported',
        name,
        why: 'an OAuth2 flow other than client credentials (authorization code and device code need a browser sign-in)',
      };
    }
    if (raw.type === 'openIdConnect' || 'openIdConnectSecurityScheme' in raw)
      return { kind: 'unsupported', name, why: 'OpenID Connect sign-in is not done here' };
    if (raw.type === 'mutualTLS' || 'mtlsSecurityScheme' in raw)
      return { kind: 'unsupported', name, why: 'mutual TLS needs a client certificate, which the page cannot hold' };
    return { kind: 'unsupported', name, why: 'a scheme the inspector does not know' };
  });
}

function descriptionOf(value: Json): { description?: string } {
  return typeof value.description === 'string' && value.description !== '' ? { description: value.description } : {};
}

/** The headers and query parameters of the values entered, by scheme. */
export function authOf(schemes: readonly Scheme[], values: Readonly<Record<string, string>>): Auth {
  const auth: Auth = { headers: {}, query: {} };
  const cookies: string[] = [];
  for (const scheme of schemes) {
    const value = values[scheme.name];
    if (!value) continue;
    if (scheme.kind === 'apiKey') {
      if (scheme.location === 'query') auth.query[scheme.key] = value;
      else if (scheme.location === 'cookie') cookies.push(`${scheme.key}=${value}`);
      else auth.headers[scheme.key] = value;
    } else if (scheme.kind === 'bearer' || scheme.kind === 'clientCredentials') auth.headers.Authorization = `Bearer ${value}`;
  }
  if (cookies.length > 0) auth.headers.Cookie = cookies.join('; ');
  return auth;
}

export function CredentialsPanel(props: {
  schemes: readonly Scheme[];
  values: Readonly<Record<string, string>>;
  onChange: (name: string, value: string) => void;
}) {
  const { schemes, values, onChange } = props;
  const [client, setClient] = useState<Record<string, { id: string; secret: string; scope: string }>>({});
  const [status, setStatus] = useState<Record<string, string>>({});
  if (schemes.length === 0) return null;
  const fetchToken = async (scheme: Scheme & { kind: 'clientCredentials' }) => {
    const entry = client[scheme.name] ?? { id: '', secret: '', scope: '' };
    setStatus({ ...status, [scheme.name]: 'asking the token endpoint…' });
    try {
      const token = await api.token({ tokenUrl: scheme.tokenUrl, clientId: entry.id, clientSecret: entry.secret, scope: entry.scope });
      onChange(scheme.name, token.accessToken);
      setStatus({ ...status, [scheme.name]: `token received${token.expiresIn ? `, valid ${token.expiresIn} s` : ''}` });
    } catch (error) {
      setStatus({ ...status, [scheme.name]: error instanceof ApiError ? error.message : String(error) });
    }
  };
  return (
    <section class="panel" aria-labelledby="credentials-title">
      <h2 id="credentials-title">Credentials</h2>
      <p class="muted">The card's security schemes. What you enter stays in this page (not stored, not printed, not recorded).</p>
      {schemes.map((scheme) => (
        <fieldset key={scheme.name} class="scheme">
          <legend>
            {scheme.name} <span class="muted">{label(scheme)}</span>
          </legend>
          {scheme.kind === 'unsupported' ? (
            <p class="muted">{scheme.why}</p>
          ) : scheme.kind === 'clientCredentials' ? (
            <div class="grid">
              <label>
                client id
                <input
                  autocomplete="off"
                  value={client[scheme.name]?.id ?? ''}
                  onInput={(event) =>
                    setClient({ ...client, [scheme.name]: { ...emptyClient(client[scheme.name]), id: event.currentTarget.value } })
                  }
                />
              </label>
              <label>
                client secret
                <input
                  type="password"
                  autocomplete="off"
                  value={client[scheme.name]?.secret ?? ''}
                  onInput={(event) =>
                    setClient({ ...client, [scheme.name]: { ...emptyClient(client[scheme.name]), secret: event.currentTarget.value } })
                  }
                />
              </label>
              <label>
                scope
                <input
                  autocomplete="off"
                  placeholder={scheme.scopes.join(' ')}
                  value={client[scheme.name]?.scope ?? ''}
                  onInput={(event) =>
                    setClient({ ...client, [scheme.name]: { ...emptyClient(client[scheme.name]), scope: event.currentTarget.value } })
                  }
                />
              </label>
              <button type="button" onClick={() => void fetchToken(scheme)}>
                Get token
              </button>
              <p class="muted" role="status">
                {status[scheme.name] ?? (values[scheme.name] ? 'token held by this page' : `token endpoint ${scheme.tokenUrl}`)}
              </p>
            </div>
          ) : (
            <label>
              {scheme.kind === 'apiKey' ? `API key (${scheme.location} ${scheme.key})` : 'bearer token'}
              <input
                type="password"
                autocomplete="off"
                value={values[scheme.name] ?? ''}
                onInput={(event) => onChange(scheme.name, event.currentTarget.value)}
              />
            </label>
          )}
        </fieldset>
      ))}
    </section>
  );
}

const emptyClient = (entry: { id: string; secret: string; scope: string } | undefined) => entry ?? { id: '', secret: '', scope: '' };

function label(scheme: Scheme): string {
  switch (scheme.kind) {
    case 'apiKey':
      return 'API key';
    case 'bearer':
      return 'HTTP bearer';
    case 'clientCredentials':
      return 'OAuth2 client credentials';
    default:
      return 'not supported here';
  }
}
