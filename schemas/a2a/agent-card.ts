/**
 * A2A v0.3.0 Agent Card: the self-description an agent publishes (usually at
 * `/.well-known/agent-card.json`), with its capabilities, skills, interfaces and security.
 */
import { Type } from '@sinclair/typebox';
import { OpenObject, StringEnum } from '../lib.js';

/** One OpenAPI-style security requirement: scheme name → scopes needed (all schemes together). */
const securityRequirement = () =>
  Type.Record(Type.String(), Type.Array(Type.String()), {
    description:
      'One acceptable combination of security schemes, all required together: each key names a scheme, each value lists the scopes it needs.',
  });

export const TransportProtocol = StringEnum(['JSONRPC', 'GRPC', 'HTTP+JSON'], {
  description: 'The transports A2A defines. Agent cards still accept any string where a transport is named, so this list is informative.',
});

export const AgentCard = Type.Object(
  {
    protocolVersion: Type.String({
      description: 'Which A2A protocol version the agent implements.',
      default: '0.3.0',
    }),
    name: Type.String({ description: 'The name of the agent, for humans.' }),
    description: Type.String({
      description: 'What the agent does, in words that help people and other agents decide whether to use it.',
    }),
    url: Type.String({
      description: 'The main endpoint of the agent; it must serve the transport named in `preferredTransport`.',
    }),
    preferredTransport: Type.Optional(
      Type.String({
        description:
          'The transport served at `url`, for example `JSONRPC`, `GRPC` or `HTTP+JSON`; `JSONRPC` when left out. Clients should use this pairing when they support it.',
        default: 'JSONRPC',
      }),
    ),
    additionalInterfaces: Type.Optional(
      Type.Array(Type.Ref('AgentInterface'), {
        description:
          'Further transport and URL pairs the agent serves, possibly at other URLs. It should list every supported transport, including the main one, and each entry must state truthfully what its URL serves; clients pick among them.',
      }),
    ),
    iconUrl: Type.Optional(Type.String({ description: 'Where an icon for the agent can be fetched.' })),
    provider: Type.Optional(Type.Ref('AgentProvider', { description: 'The organization that runs the agent.' })),
    version: Type.String({ description: "The agent's own version; its format is up to the provider." }),
    documentationUrl: Type.Optional(Type.String({ description: 'Where documentation for the agent can be read.' })),
    capabilities: Type.Ref('AgentCapabilities', { description: 'The optional protocol features the agent supports.' }),
    securitySchemes: Type.Optional(
      Type.Record(Type.String(), Type.Ref('SecurityScheme'), {
        description:
          'The security schemes that can authorize calls, keyed by a scheme name (as in the OpenAPI 3.0 Security Scheme Object).',
      }),
    ),
    security: Type.Optional(
      Type.Array(securityRequirement(), {
        description:
          'The security requirements for every call, as OpenAPI 3.0 Security Requirement Objects: a call must satisfy at least one entry, and all schemes within that entry.',
      }),
    ),
    defaultInputModes: Type.Array(Type.String(), {
      description: 'The media types the agent accepts as input, unless a skill says otherwise.',
    }),
    defaultOutputModes: Type.Array(Type.String(), {
      description: 'The media types the agent produces as output, unless a skill says otherwise.',
    }),
    skills: Type.Array(Type.Ref('AgentSkill'), { description: 'The distinct things the agent can do.' }),
    supportsAuthenticatedExtendedCard: Type.Optional(
      Type.Boolean({
        description:
          'True when an authenticated client can fetch a fuller card with `agent/getAuthenticatedExtendedCard`; false when left out.',
      }),
    ),
    signatures: Type.Optional(Type.Array(Type.Ref('AgentCardSignature'), { description: 'JSON Web Signatures over this card.' })),
  },
  {
    description: "An agent's self-description: who it is, where and how to reach it, what it can do and how callers must authenticate.",
  },
);

export const AgentCapabilities = Type.Object(
  {
    streaming: Type.Optional(Type.Boolean({ description: 'True when the agent can stream responses over Server-Sent Events.' })),
    pushNotifications: Type.Optional(Type.Boolean({ description: 'True when the agent can send task updates as push notifications.' })),
    stateTransitionHistory: Type.Optional(
      Type.Boolean({ description: 'True when the agent keeps a history of the state changes of a task.' }),
    ),
    extensions: Type.Optional(Type.Array(Type.Ref('AgentExtension'), { description: 'The protocol extensions the agent supports.' })),
  },
  { description: 'The optional protocol features an agent supports.' },
);

export const AgentExtension = Type.Object(
  {
    uri: Type.String({ description: 'The URI that identifies the extension.' }),
    description: Type.Optional(Type.String({ description: 'How this agent makes use of the extension.' })),
    required: Type.Optional(
      Type.Boolean({ description: 'True when clients must understand and follow the extension to talk to this agent.' }),
    ),
    params: Type.Optional(OpenObject({ description: 'Settings specific to the extension.' })),
  },
  { description: 'A protocol extension an agent supports, as declared in its card.' },
);

export const AgentInterface = Type.Object(
  {
    url: Type.String({ description: 'Where this interface is served; an absolute HTTPS URL in production.' }),
    transport: Type.String({
      description: 'The transport served at that URL, for example `JSONRPC`, `GRPC` or `HTTP+JSON`.',
    }),
  },
  { description: 'A URL together with the transport served there, so one agent can be reached over several transports.' },
);

export const AgentProvider = Type.Object(
  {
    organization: Type.String({ description: 'The name of the organization that provides the agent.' }),
    url: Type.String({ description: "A link to the provider's website or documentation." }),
  },
  { description: 'The organization that provides an agent.' },
);

export const AgentSkill = Type.Object(
  {
    id: Type.String({ description: 'An identifier for the skill, unique within the agent.' }),
    name: Type.String({ description: 'The name of the skill, for humans.' }),
    description: Type.String({ description: 'What the skill does, in enough detail for a client or user to judge its use.' }),
    tags: Type.Array(Type.String(), { description: 'Keywords that characterize the skill.' }),
    examples: Type.Optional(
      Type.Array(Type.String(), { description: 'Sample requests or scenarios the skill handles, as hints for clients.' }),
    ),
    inputModes: Type.Optional(
      Type.Array(Type.String(), { description: "The media types the skill accepts, replacing the agent's defaults." }),
    ),
    outputModes: Type.Optional(
      Type.Array(Type.String(), { description: "The media types the skill produces, replacing the agent's defaults." }),
    ),
    security: Type.Optional(
      Type.Array(securityRequirement(), {
        description:
          'The security requirements for using this skill, read as in the card-level `security`: any one entry, all schemes within it.',
      }),
    ),
  },
  { description: 'One distinct capability an agent offers.' },
);

export const AgentCardSignature = Type.Object(
  {
    protected: Type.String({ description: 'The protected JWS header, a JSON object encoded in base64url (RFC 7515).' }),
    signature: Type.String({ description: 'The signature value, encoded in base64url.' }),
    header: Type.Optional(OpenObject({ description: 'The unprotected JWS header parameters.' })),
  },
  { description: 'A signature over an Agent Card, in the JSON serialization of a JSON Web Signature (RFC 7515).' },
);
