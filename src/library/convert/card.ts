/**
 * The agent card and its parts between the wires. v0.3 `url` + `preferredTransport` (+ the card's
 * `protocolVersion`) and `additionalInterfaces` become v1.0 `supportedInterfaces`, the preferred
 * one first; `supportsAuthenticatedExtendedCard` is v1.0 `capabilities.extendedAgentCard`; security
 * schemes lose their `type` discriminator for a one-of wrapper (`apiKeySecurityScheme`, …, API-key
 * `in` is `location`); `security` is `securityRequirements` (`{schemes: {name: {list: scopes}}}`).
 */
import {
  type Context,
  type Converter,
  type Fields,
  type Json,
  convertField,
  copy,
  drop,
  isObject,
  mapArray,
  pointer,
  walk,
} from './walk.js';

/** v0.3 scheme `type` → the v1.0 one-of member (v1.0 proto `SecurityScheme`). */
const SCHEME_MEMBER: Readonly<Record<string, string>> = {
  apiKey: 'apiKeySecurityScheme',
  http: 'httpAuthSecurityScheme',
  oauth2: 'oauth2SecurityScheme',
  openIdConnect: 'openIdConnectSecurityScheme',
  mutualTLS: 'mtlsSecurityScheme',
};
const SCHEME_TYPE_NAME: Readonly<Record<string, string>> = {
  apiKey: 'APIKeySecurityScheme',
  http: 'HTTPAuthSecurityScheme',
  oauth2: 'OAuth2SecurityScheme',
  openIdConnect: 'OpenIdConnectSecurityScheme',
  mutualTLS: 'MutualTLSSecurityScheme',
};
const FLOWS = ['authorizationCode', 'clientCredentials', 'implicit', 'password', 'deviceCode'] as const;
const FLOW_TYPE: Readonly<Record<string, string>> = {
  authorizationCode: 'AuthorizationCodeOAuthFlow',
  clientCredentials: 'ClientCredentialsOAuthFlow',
  implicit: 'ImplicitOAuthFlow',
  password: 'PasswordOAuthFlow',
  deviceCode: 'DeviceCodeOAuthFlow',
};

function flow(name: string): Converter {
  return (value, path, ctx) =>
    walk(value, path, ctx, FLOW_TYPE[name]!, (fields, out) => {
      for (const key of ['authorizationUrl', 'deviceAuthorizationUrl', 'tokenUrl', 'refreshUrl', 'scopes', 'pkceRequired'])
        copy(fields, out, key);
    });
}

function flowsToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'OAuthFlows', (fields, out) => {
    for (const name of FLOWS) {
      if (!fields.has(name)) continue;
      if (Object.keys(out).length > 0) drop(fields, name, ctx, 'is a second OAuth flow; a v1.0 scheme holds one (the first was kept)');
      else convertField(fields, out, name, ctx, flow(name));
    }
    if (Object.keys(out).length === 0) ctx.lose(path, 'no OAuth flow: a v1.0 scheme holds exactly one');
  });
}

function flowsToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'OAuthFlows', (fields, out) => {
    for (const name of FLOWS) {
      if (name === 'deviceCode') drop(fields, name, ctx, 'is a v1.0 flow (RFC 8628) with no v0.3 counterpart');
      else
        convertField(fields, out, name, ctx, (flowValue, flowPath, c) =>
          walk(flowValue, flowPath, c, FLOW_TYPE[name]!, (flowFields, o) => {
            for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl', 'scopes']) copy(flowFields, o, key);
            drop(flowFields, 'pkceRequired', c, 'has no v0.3 counterpart');
          }),
        );
    }
  });
}

function schemeToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  const type = isObject(value) ? value.type : undefined;
  const member = typeof type === 'string' ? SCHEME_MEMBER[type] : undefined;
  if (!member) {
    ctx.lose(path, `${JSON.stringify(type)} is not a v0.3 security scheme type; scheme left out`);
    return undefined;
  }
  const inner = walk(value, path, ctx, SCHEME_TYPE_NAME[type as string]!, (fields, out) => {
    fields.consume('type');
    copy(fields, out, 'description');
    copy(fields, out, 'in', 'location');
    copy(fields, out, 'name');
    copy(fields, out, 'scheme');
    copy(fields, out, 'bearerFormat');
    convertField(fields, out, 'flows', ctx, flowsToV1);
    copy(fields, out, 'oauth2MetadataUrl');
    copy(fields, out, 'openIdConnectUrl');
  });
  return inner && { [member]: inner };
}

function schemeToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'SecurityScheme', (fields, out) => {
    for (const [type, member] of Object.entries(SCHEME_MEMBER)) {
      const field = fields.get(member);
      if (field === undefined) continue;
      if (out.type !== undefined) {
        ctx.lose(field.path, 'a second scheme in the one-of; left out');
        continue;
      }
      const inner = walk(field.value, field.path, ctx, pairedV1(type), (schemeFields, scheme) => {
        scheme.type = type;
        copy(schemeFields, scheme, 'description');
        copy(schemeFields, scheme, 'location', 'in');
        copy(schemeFields, scheme, 'name');
        copy(schemeFields, scheme, 'scheme');
        copy(schemeFields, scheme, 'bearerFormat');
        convertField(schemeFields, scheme, 'flows', ctx, flowsToV03);
        copy(schemeFields, scheme, 'oauth2MetadataUrl');
        copy(schemeFields, scheme, 'openIdConnectUrl');
      });
      if (inner) Object.assign(out, inner);
    }
  });
}

const pairedV1 = (type: string) => (type === 'mutualTLS' ? 'MutualTlsSecurityScheme' : SCHEME_TYPE_NAME[type]!);

/** v0.3 `{name: [scopes]}` → v1.0 `{schemes: {name: {list: [scopes]}}}`. */
function requirementToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  if (!isObject(value)) {
    ctx.lose(path, 'a security requirement that is not an object; left out');
    return undefined;
  }
  return { schemes: Object.fromEntries(Object.entries(value).map(([name, scopes]) => [name, { list: scopes }])) };
}

function requirementToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'SecurityRequirement', (fields, out) => {
    const schemes = fields.get('schemes');
    if (!schemes || !isObject(schemes.value)) return;
    for (const [name, list] of Object.entries(schemes.value)) {
      out[name] = isObject(list) && Array.isArray(list.list) ? list.list : [];
      if (!isObject(list) || !Array.isArray(list.list)) ctx.lose(pointer(schemes.path, name), 'not a StringList; sent as no scopes');
    }
  });
}

const schemes = (convert: Converter) => (value: unknown, path: string, ctx: Context) =>
  isObject(value)
    ? Object.fromEntries(
        Object.entries(value)
          .map(([name, scheme]) => [name, convert(scheme, pointer(path, name), ctx)] as const)
          .filter(([, scheme]) => scheme !== undefined),
      )
    : undefined;

function skill(requirement: Converter, securityFrom: string, securityTo: string): Converter {
  return (value, path, ctx) =>
    walk(value, path, ctx, 'AgentSkill', (fields, out) => {
      for (const key of ['id', 'name', 'description', 'tags', 'examples', 'inputModes', 'outputModes']) copy(fields, out, key);
      mapArray(fields, out, securityFrom, ctx, requirement, securityTo);
    });
}

function extensionFields(fields: Fields, out: Json): void {
  for (const key of ['uri', 'description', 'required', 'params']) copy(fields, out, key);
}

function capabilities(fields: Fields, out: Json, ctx: Context): void {
  copy(fields, out, 'streaming');
  copy(fields, out, 'pushNotifications');
  mapArray(fields, out, 'extensions', ctx, (value, path, c) => walk(value, path, c, 'AgentExtension', (f, o) => extensionFields(f, o)));
}

/** The version a v1.0 interface declares for an endpoint of a v0.3 card: the card's `protocolVersion`. */
function interfaceToV1(version: unknown): Converter {
  return (value, path, ctx) =>
    walk(value, path, ctx, 'AgentInterface', (fields, out) => {
      copy(fields, out, 'url');
      copy(fields, out, 'transport', 'protocolBinding');
      if (version !== undefined) out.protocolVersion = version;
    });
}

const provider: Converter = (value, path, ctx) =>
  walk(value, path, ctx, 'AgentProvider', (fields, out) => {
    copy(fields, out, 'url');
    copy(fields, out, 'organization');
  });

export function cardToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'AgentCard', (fields, out) => {
    copy(fields, out, 'name');
    copy(fields, out, 'description');
    const version = fields.get('protocolVersion');
    const url = fields.get('url');
    const transport = fields.get('preferredTransport');
    const interfaces: unknown[] = [];
    if (url !== undefined) {
      interfaces.push({ url: url.value, protocolBinding: transport?.value ?? 'JSONRPC', protocolVersion: version?.value });
      if (transport === undefined)
        ctx.lose(pointer(path, 'preferredTransport'), 'no `preferredTransport`: v0.3 says `JSONRPC`, written out');
    }
    const more = fields.get('additionalInterfaces');
    if (Array.isArray(more?.value)) {
      more.value.forEach((item, index) => {
        const at = pointer(more.path, index);
        if (isObject(item) && item.url === url?.value && item.transport === (transport?.value ?? 'JSONRPC')) {
          ctx.lose(at, "repeats the card's `url` and `preferredTransport` (as v0.3 advises); listed once");
          return;
        }
        const converted = interfaceToV1(version?.value)(item, at, ctx);
        if (converted !== undefined) interfaces.push(converted);
      });
    }
    out.supportedInterfaces = interfaces;
    convertField(fields, out, 'provider', ctx, provider);
    copy(fields, out, 'version');
    copy(fields, out, 'documentationUrl');
    convertField(fields, out, 'capabilities', ctx, (v, p, c) =>
      walk(v, p, c, 'AgentCapabilities', (f, o) => {
        capabilities(f, o, c);
        drop(f, 'stateTransitionHistory', c, 'was removed in v1.0 (no v1.0 counterpart)');
      }),
    );
    const extended = fields.get('supportsAuthenticatedExtendedCard');
    if (extended !== undefined) {
      if (!isObject(out.capabilities)) out.capabilities = {};
      (out.capabilities as Json).extendedAgentCard = extended.value;
    }
    convertField(fields, out, 'securitySchemes', ctx, schemes(schemeToV1));
    mapArray(fields, out, 'security', ctx, requirementToV1, 'securityRequirements');
    copy(fields, out, 'defaultInputModes');
    copy(fields, out, 'defaultOutputModes');
    mapArray(fields, out, 'skills', ctx, skill(requirementToV1, 'security', 'securityRequirements'));
    copy(fields, out, 'signatures');
    if (fields.has('signatures'))
      ctx.lose(
        pointer(path, 'signatures'),
        'the signatures were computed over the v0.3 card and do not verify the v1.0 one; sign it again',
      );
    copy(fields, out, 'iconUrl');
  });
}

export function cardToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'AgentCard', (fields, out) => {
    copy(fields, out, 'name');
    copy(fields, out, 'description');
    const interfaces = fields.get('supportedInterfaces');
    const get = (object: Json, name: string, snake: string) => object[name] ?? object[snake];
    const all = Array.isArray(interfaces?.value) ? interfaces.value.filter(isObject) : [];
    // A v0.3 card's endpoints are those serving v0.3 (the card names one version for them all).
    const v03 = all.filter((entry) => /^0\.3(\.|$)/.test(String(get(entry, 'protocolVersion', 'protocol_version'))));
    const list = v03.length > 0 ? v03 : all;
    if (interfaces && v03.length === 0 && all.length > 0)
      ctx.lose(interfaces.path, 'no interface serves protocol version 0.3; the v0.3 card points at the first one all the same');
    if (interfaces && v03.length > 0)
      all.forEach((entry, index) => {
        if (!v03.includes(entry))
          ctx.lose(pointer(interfaces.path, index), 'serves another protocol version than 0.3; left out of the v0.3 card');
      });
    const [primary, ...others] = list;
    if (primary && interfaces) {
      out.protocolVersion = get(primary, 'protocolVersion', 'protocol_version');
      out.url = primary.url;
      out.preferredTransport = get(primary, 'protocolBinding', 'protocol_binding');
      if (primary.tenant !== undefined)
        ctx.lose(pointer(interfaces.path, all.indexOf(primary)), 'a v0.3 card has no tenant; `tenant` left out');
      if (others.length > 0) {
        out.additionalInterfaces = [
          { url: primary.url, transport: out.preferredTransport },
          ...others.map((other) => {
            const otherVersion = get(other, 'protocolVersion', 'protocol_version');
            if (otherVersion !== out.protocolVersion)
              ctx.lose(
                pointer(interfaces.path, all.indexOf(other)),
                `serves protocol version ${JSON.stringify(otherVersion)}; a v0.3 card names one version for all its interfaces`,
              );
            return { url: other.url, transport: get(other, 'protocolBinding', 'protocol_binding') };
          }),
        ];
      }
    }
    convertField(fields, out, 'provider', ctx, provider);
    copy(fields, out, 'version');
    copy(fields, out, 'documentationUrl');
    convertField(fields, out, 'capabilities', ctx, (v, p, c) =>
      walk(v, p, c, 'AgentCapabilities', (f, o) => {
        capabilities(f, o, c);
        const extended = f.get('extendedAgentCard');
        if (extended !== undefined) out.supportsAuthenticatedExtendedCard = extended.value;
      }),
    );
    convertField(fields, out, 'securitySchemes', ctx, schemes(schemeToV03));
    mapArray(fields, out, 'securityRequirements', ctx, requirementToV03, 'security');
    copy(fields, out, 'defaultInputModes');
    copy(fields, out, 'defaultOutputModes');
    mapArray(fields, out, 'skills', ctx, skill(requirementToV03, 'securityRequirements', 'security'));
    copy(fields, out, 'signatures');
    if (fields.has('signatures'))
      ctx.lose(
        pointer(path, 'signatures'),
        'the signatures were computed over the v1.0 card and do not verify the v0.3 one; sign it again',
      );
    copy(fields, out, 'iconUrl');
  });
}

export const CARD_TO_V1: Readonly<Record<string, Converter>> = {
  AgentCard: cardToV1,
  SecurityScheme: schemeToV1,
  OAuthFlows: flowsToV1,
  SecurityRequirement: requirementToV1,
};
export const CARD_TO_V03: Readonly<Record<string, Converter>> = {
  AgentCard: cardToV03,
  SecurityScheme: schemeToV03,
  OAuthFlows: flowsToV03,
  SecurityRequirement: requirementToV03,
};
