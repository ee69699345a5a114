/**
 * A2A v1.0 Agent Card on the ProtoJSON wire. Compared with v0.3 it lists its endpoints in
 * `supportedInterfaces` (each with its protocol binding and version) instead of `url`,
 * `preferredTransport` and `additionalInterfaces`, and names `securityRequirements`.
 */
import { Type } from '@sinclair/typebox';
import { OpenObject } from '../lib.js';
import { Field, ProtoObject, Required } from './proto.js';

const modes = (what: string) =>
  Type.Array(Type.String(), { minItems: 1, description: `The media types the agent ${what} unless a skill says otherwise; at least one.` });

export const AgentCard = ProtoObject(
  [
    Required('name', Type.String({ description: 'The name of the agent, for people.' })),
    Required('description', Type.String({ description: 'What the agent does, for people and for other agents choosing whom to call.' })),
    Required(
      'supportedInterfaces',
      Type.Array(Type.Ref('AgentInterface'), {
        minItems: 1,
        description: 'Where and how the agent can be reached, the preferred interface first; at least one.',
      }),
    ),
    Field('provider', Type.Ref('AgentProvider', { description: 'The organization that provides the agent.' })),
    Required('version', Type.String({ description: 'The version of the agent, for example `1.0.0`.' })),
    Field('documentationUrl', Type.String({ description: 'Where documentation about the agent can be read.' })),
    Required('capabilities', Type.Ref('AgentCapabilities', { description: 'The optional protocol features the agent supports.' })),
    Field(
      'securitySchemes',
      Type.Record(Type.String(), Type.Ref('SecurityScheme'), {
        description: 'The security schemes that can authorize calls, keyed by a name.',
      }),
    ),
    Field(
      'securityRequirements',
      Type.Array(Type.Ref('SecurityRequirement'), {
        description: 'The security requirements for calling the agent: any one entry, with all the schemes it names.',
      }),
    ),
    Required('defaultInputModes', modes('accepts as input')),
    Required('defaultOutputModes', modes('produces')),
    Required(
      'skills',
      Type.Array(Type.Ref('AgentSkill'), { minItems: 1, description: 'The distinct things the agent can do; at least one.' }),
    ),
    Field('signatures', Type.Array(Type.Ref('AgentCardSignature'), { description: 'JSON Web Signatures computed over this card.' })),
    Field('iconUrl', Type.String({ description: 'Where an icon for the agent can be fetched.' })),
  ],
  {
    description: "An agent's self-description: who it is, the interfaces it serves, what it can do and how callers authenticate.",
  },
);

export const AgentInterface = ProtoObject(
  [
    Required('url', Type.String({ description: 'Where the interface is served; an absolute HTTPS URL in production.' })),
    Required(
      'protocolBinding',
      Type.String({ description: 'The protocol binding served there: `JSONRPC`, `GRPC`, `HTTP+JSON` or another, open-ended value.' }),
    ),
    Field('tenant', Type.String({ description: 'The tenant to name in requests to this interface.' })),
    Required('protocolVersion', Type.String({ description: 'The A2A protocol version the interface speaks, for example `1.0` or `0.3`.' })),
  ],
  { description: 'One way of reaching an agent: a URL, the protocol binding and the A2A version served there.' },
);

export const AgentProvider = ProtoObject(
  [
    Required('url', Type.String({ description: "A link to the provider's website or documentation." })),
    Required('organization', Type.String({ description: 'The name of the organization providing the agent.' })),
  ],
  { description: 'The organization that provides an agent.' },
);

export const AgentCapabilities = ProtoObject(
  [
    Field('streaming', Type.Boolean({ description: 'True when the agent can stream responses.' })),
    Field('pushNotifications', Type.Boolean({ description: 'True when the agent can send push notifications about tasks.' })),
    Field('extensions', Type.Array(Type.Ref('AgentExtension'), { description: 'The protocol extensions the agent supports.' })),
    Field(
      'extendedAgentCard',
      Type.Boolean({ description: 'True when an authenticated client can fetch a fuller card with `GetExtendedAgentCard`.' }),
    ),
  ],
  { description: 'The optional protocol features an agent supports.' },
);

export const AgentExtension = ProtoObject(
  [
    Field('uri', Type.String({ description: 'The URI that identifies the extension.' })),
    Field('description', Type.String({ description: 'How this agent uses the extension.' })),
    Field('required', Type.Boolean({ description: "True when clients must understand and follow the extension's requirements." })),
    Field('params', OpenObject({ description: 'Settings specific to the extension.' })),
  ],
  { description: 'A protocol extension an agent supports, as declared in its card.' },
);

export const AgentSkill = ProtoObject(
  [
    Required('id', Type.String({ description: 'The identifier of the skill, unique within the agent.' })),
    Required('name', Type.String({ description: 'The name of the skill, for people.' })),
    Required('description', Type.String({ description: 'What the skill does.' })),
    Required('tags', Type.Array(Type.String(), { minItems: 1, description: 'Keywords describing the skill; at least one.' })),
    Field('examples', Type.Array(Type.String(), { description: 'Example prompts or scenarios the skill handles.' })),
    Field('inputModes', Type.Array(Type.String(), { description: "The media types the skill accepts, replacing the agent's defaults." })),
    Field('outputModes', Type.Array(Type.String(), { description: "The media types the skill produces, replacing the agent's defaults." })),
    Field(
      'securityRequirements',
      Type.Array(Type.Ref('SecurityRequirement'), { description: 'The security requirements for using this skill.' }),
    ),
  ],
  { description: 'One distinct capability an agent offers.' },
);

export const AgentCardSignature = ProtoObject(
  [
    Required('protected', Type.String({ description: 'The protected JWS header: a JSON object, base64url-encoded.' })),
    Required('signature', Type.String({ description: 'The signature, base64url-encoded.' })),
    Field('header', OpenObject({ description: 'The unprotected JWS header values.' })),
  ],
  { description: 'A JSON Web Signature (RFC 7515, JSON serialization) over an Agent Card.' },
);
