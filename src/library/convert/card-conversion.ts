/**
 * The agent card and its parts between the wires. v0.3 `url` + `preferredTransport` (+ the card's
 * `protocolVersion`) and `additionalInterfaces` become v1.0 `supportedInterfaces`, the preferred
 * one first; `supportsAuthenticatedExtendedCard` is v1.0 `capabilities.extendedAgentCard`; security
 * schemes lose their `type` discriminator for a one-of wrapper (`apiKeySecurityScheme`, …, API-key
 * `in` is `location`); `security` is `securityRequirements` (`{schemes: {name: {list: scopes}}}`).
 */
import { PROTOCOL_VERSION, pairedTypeName } from '../../../schemas/wire-pairs.js';
import { loadVariant } from '../../engine/load-validators.js';
import {
  type Context,
  type Converter,
  type Fields,
  type Json,
  convertField,
  copy,
  drop,
  fieldsOf,
  isObject,
  mapArray,
  pointer,
  walk,
} from './walk.js';

interface SchemeKind {
  /** The v0.3 `type` discriminator, e.g. `apiKey`. */
  readonly type: string;
  /** The v1.0 one-of member, e.g. `apiKeySecurityScheme`. */
  readonly member: string;
  /** The type names on each wire, e.g. `MutualTLSSecurityScheme` / `MutualTlsSecurityScheme`. */
  readonly v03Name: string;
  readonly v1Name: string;
}

const refName = (schema: unknown) => (isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref.replace(/^.*\//, '') : undefined);

/**
 * The security scheme kinds, read from the published schemas: each lowerCamel member of the v1.0
 * `SecurityScheme` one-of, the type it holds, that type's v0.3 pair and its `type` constant.
 */
let schemeKinds: readonly SchemeKind[] | undefined;
function kinds(): readonly SchemeKind[] {
  if (schemeKinds) return schemeKinds;
  const v1 = loadVariant('a2a-v1').definitions as Record<string, Json>;
  const v03 = loadVariant('a2a').definitions as Record<string, Json>;
  const members = isObject(v1.SecurityScheme?.properties) ? v1.SecurityScheme.properties : {};
  schemeKinds = Object.entries(members).flatMap(([member, schema]) => {
    const v1Name = refName(schema);
    if (!v1Name || member.includes('_')) return [];
    const v03Name = pairedTypeName(v1Name, 'v0.3');
    const discriminator = (v03[v03Name]?.properties as Json | undefined)?.type;
    const type = isObject(discriminator) ? discriminator.const : undefined;
    return typeof type === 'string' ? [{ type, member, v03Name, v1Name }] : [];
  });
  return schemeKinds;
}

/** The OAuth flows (the lowerCamel members of v1.0 `OAuthFlows`) and the type of each. */
let flowTypes: Readonly<Record<string, string>> | undefined;
function flows(): Readonly<Record<string, string>> {
  if (flowTypes) return flowTypes;
  const members = (loadVariant('a2a-v1').definitions as Record<string, Json>).OAuthFlows?.properties;
  flowTypes = Object.fromEntries(
    Object.entries(isObject(members) ? members : {})
      .filter(([name]) => !name.includes('_'))
      .map(([name, schema]) => [name, refName(schema) ?? name]),
  );
  return flowTypes;
}

function flow(name: string): Converter {
  return (value, path, ctx) =>
    walk(value, path, ctx, flows()[name]!, (fields, out) => {
      for (const key of ['authorizationUrl', 'deviceAuthorizationUrl', 'tokenUrl', 'refreshUrl', 'scopes', 'pkceRequired'])
        copy(fields, out, key);
    });
}

function flowsToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'OAuthFlows', (fields, out) => {
    for (const name of Object.keys(flows())) {
      if (!fields.has(name)) continue;
      if (Object.keys(out).length > 0) drop(fields, name, ctx, 'is a second OAuth flow; a v1.0 scheme holds one (the first was kept)');
      else convertField(fields, out, name, ctx, flow(name));
    }
    if (Object.keys(out).length === 0) ctx.lose(path, 'no OAuth flow: a v1.0 scheme holds exactly one');
  });
}

function flowsToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'OAuthFlows', (fields, out) => {
    const v03Flows = fieldsOf('v0.3', 'OAuthFlows');
    for (const name of Object.keys(flows())) {
      if (!v03Flows.has(name)) drop(fields, name, ctx, 'is a v1.0 flow with no v0.3 counterpart');
      else
        convertField(fields, out, name, ctx, (flowValue, flowPath, c) =>
          walk(flowValue, flowPath, c, flows()[name]!, (flowFields, o) => {
            for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl', 'scopes']) copy(flowFields, o, key);
            drop(flowFields, 'pkceRequired', c, 'has no v0.3 counterpart');
          }),
        );
    }
  });
}

function schemeToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  const type = isObject(value) ? value.type : undefined;
  const kind = kinds().find((entry) => entry.type === type);
  if (!kind) {
    ctx.lose(path, `${JSON.stringify(type)} is not a v0.3 security scheme type; scheme left out`);
    return undefined;
  }
  const inner = walk(value, path, ctx, kind.v03Name, (fields, out) => {
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
  return inner && { [kind.member]: inner };
}

function schemeToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'SecurityScheme', (fields, out) => {
    for (const { type, member, v1Name } of kinds()) {
      const field = fields.get(member);
      if (field === undefined) continue;
      if (out.type !== undefined) {
        ctx.lose(field.path, 'a second scheme in the one-of; left out');
        continue;
      }
      const inner = walk(field.value, field.path, ctx, v1Name, (schemeFields, scheme) => {
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

const extension: Converter = (value, path, ctx) => walk(value, path, ctx, 'AgentExtension', (fields, out) => extensionFields(fields, out));

const signature: Converter = (value, path, ctx) =>
  walk(value, path, ctx, 'AgentCardSignature', (fields, out) => {
    for (const key of ['protected', 'signature', 'header']) copy(fields, out, key);
  });

const capabilitiesToV1: Converter = (value, path, ctx) =>
  walk(value, path, ctx, 'AgentCapabilities', (fields, out) => {
    capabilities(fields, out, ctx);
    drop(fields, 'stateTransitionHistory', ctx, 'was removed in v1.0 (no v1.0 counterpart)');
  });

const capabilitiesToV03: Converter = (value, path, ctx) =>
  walk(value, path, ctx, 'AgentCapabilities', (fields, out) => {
    capabilities(fields, out, ctx);
    drop(fields, 'extendedAgentCard', ctx, "is the card's `supportsAuthenticatedExtendedCard` in v0.3, not a capability");
  });

/** A v0.3 interface alone serves the v0.3 protocol; its exact version is its card's, not known here. */
const interfaceAloneToV1: Converter = (value, path, ctx) => {
  const out = interfaceToV1(PROTOCOL_VERSION['v0.3'])(value, path, ctx);
  if (out !== undefined)
    ctx.lose(
      pointer(path, 'protocolVersion'),
      `a v0.3 interface names no protocol version (its card does); written as ${JSON.stringify(PROTOCOL_VERSION['v0.3'])}`,
    );
  return out;
};

const interfaceToV03: Converter = (value, path, ctx) =>
  walk(value, path, ctx, 'AgentInterface', (fields, out) => {
    copy(fields, out, 'url');
    copy(fields, out, 'protocolBinding', 'transport');
    drop(fields, 'protocolVersion', ctx, 'is named once for the whole card in v0.3 (`protocolVersion`), not per interface');
    drop(fields, 'tenant', ctx, 'has no v0.3 counterpart (v0.3 has no tenants)');
  });

export const CARD_TO_V1: Readonly<Record<string, Converter>> = {
  AgentCard: cardToV1,
  AgentCapabilities: capabilitiesToV1,
  AgentInterface: interfaceAloneToV1,
  AgentProvider: provider,
  AgentExtension: extension,
  AgentSkill: skill(requirementToV1, 'security', 'securityRequirements'),
  AgentCardSignature: signature,
  SecurityScheme: schemeToV1,
  OAuthFlows: flowsToV1,
  SecurityRequirement: requirementToV1,
};
export const CARD_TO_V03: Readonly<Record<string, Converter>> = {
  AgentCard: cardToV03,
  AgentCapabilities: capabilitiesToV03,
  AgentInterface: interfaceToV03,
  AgentProvider: provider,
  AgentExtension: extension,
  AgentSkill: skill(requirementToV03, 'securityRequirements', 'security'),
  AgentCardSignature: signature,
  SecurityScheme: schemeToV03,
  OAuthFlows: flowsToV03,
  SecurityRequirement: requirementToV03,
};
