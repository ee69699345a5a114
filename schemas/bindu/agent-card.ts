/**
 * The Bindu agent card and the discovery types it uses (seed 001 "Agent Discovery & Configuration").
 *
 * AgentExtension and AgentCapabilities are inherited from the a2a variant: the seed's shapes are
 * the same. AgentInterface gains an optional `description`; the card itself is Bindu's own shape
 * (it lists `Skill`, not A2A's `AgentSkill`, and adds identity, trust, cost and runtime settings).
 */
import { Type } from '@sinclair/typebox';
import { OpenObject, StringEnum, Uuid } from '../lib.js';

const mimeTypes = (description: string) =>
  Type.Array(Type.String({ description: 'One MIME type, for example `text/plain`.' }), { description });

export const AgentIdentity = Type.Object(
  {
    did: Type.String({ description: "The agent's decentralized identifier (DID)." }),
    didDocument: OpenObject({ description: "The agent's DID document, with its public keys and other identifiers." }),
    agentdnsUrl: Type.Optional(Type.String({ description: "The agent's AgentDNS URL, for decentralized identity resolution." })),
    endpoint: Type.Optional(Type.String({ description: 'The URL at which the agent can be reached.' })),
    publicKey: Type.String({ description: "The agent's public key, used to authenticate it." }),
    csr: Type.String({ description: "The agent's certificate signing request (CSR)." }),
  },
  { description: 'The decentralized identity of an agent: its DID, DID document, keys and endpoints.' },
);

export const AgentInterface = Type.Object(
  {
    transport: Type.String({ description: 'The transport protocol, for example `jsonrpc` or `websocket`.' }),
    url: Type.String({ description: 'The endpoint URL for this transport.' }),
    description: Type.Optional(Type.String({ description: 'A description of this interface.' })),
  },
  { description: 'A transport the agent supports and the URL it is offered at.' },
);

export const Skill = Type.Object(
  {
    id: Type.String({ description: 'The identifier of the skill.' }),
    name: Type.String({ description: 'A human-readable name for the skill.' }),
    description: Type.String({ description: 'A human-readable description of what the skill does.' }),
    tags: Type.Array(Type.String({ description: 'One tag word.' }), {
      description: 'Tag words describing the kinds of capability the skill offers.',
    }),
    examples: Type.Optional(
      Type.Array(Type.String({ description: 'One example request.' }), {
        description: 'Example requests the skill can handle.',
      }),
    ),
    inputModes: mimeTypes('The MIME types the skill accepts as input.'),
    outputModes: mimeTypes('The MIME types the skill can produce.'),
    documentationPath: Type.Optional(Type.String({ description: 'The path of the SKILL.md file with detailed instructions.' })),
    documentationContent: Type.Optional(Type.String({ description: 'The full text of the SKILL.md file.' })),
    capabilitiesDetail: Type.Optional(
      OpenObject({ description: 'Structured details of the capabilities, used by orchestrators to match tasks.' }),
    ),
    requirements: Type.Optional(OpenObject({ description: 'Dependencies and system requirements of the skill.' })),
    performance: Type.Optional(OpenObject({ description: 'Performance characteristics of the skill, used by orchestrators to plan.' })),
    version: Type.Optional(Type.String({ description: 'The version of the skill, for compatibility tracking.' })),
    allowedTools: Type.Optional(
      Type.Array(Type.String({ description: 'One tool name.' }), {
        description: 'The tools or capabilities the skill may use.',
      }),
    ),
  },
  {
    description: 'A unit of capability an agent offers, defined inline or backed by a SKILL.md documentation file.',
  },
);

export const AgentCard = Type.Object(
  {
    id: Uuid({ description: 'The identifier of the agent.' }),
    name: Type.String({ description: 'A human-readable name for the agent.' }),
    description: Type.String({ description: 'A human-readable description of the agent.' }),
    url: Type.String({ description: 'The URL of the agent.' }),
    version: Type.String({ description: 'The version of the agent.' }),
    protocolVersion: Type.String({ description: 'The version of the protocol the agent speaks, for example `0.3.0`.' }),
    documentationUrl: Type.Optional(Type.String({ description: "The URL of the agent's documentation." })),
    iconUrl: Type.Optional(Type.String({ description: 'The URL of an icon for the agent.' })),
    agentTrust: Type.Ref('AgentTrust', { description: 'The trust configuration of the agent.' }),
    capabilities: Type.Ref('AgentCapabilities', { description: 'The optional protocol features the agent supports.' }),
    skills: Type.Array(Type.Ref('Skill'), { description: 'The skills the agent offers.' }),
    kind: StringEnum(['agent', 'team', 'workflow'], {
      description: 'What the card describes: a single `agent`, a `team` of agents or a `workflow`.',
    }),
    executionCost: Type.Optional(Type.Ref('AgentExecutionCost', { description: 'What running the agent costs in credits.' })),
    numHistorySessions: Type.Integer({ description: 'How many history sessions the agent keeps.' }),
    preferredTransport: Type.Optional(Type.String({ description: 'The transport of the preferred endpoint.' })),
    extraData: OpenObject({ description: 'Further free-form data about the agent.' }),
    debugMode: Type.Boolean({ description: 'True when the agent runs in debug mode.' }),
    debugLevel: Type.Union([Type.Literal(1, { description: 'Level 1.' }), Type.Literal(2, { description: 'Level 2.' })], {
      description: 'How verbose debugging is: the number 1 or 2.',
    }),
    monitoring: Type.Boolean({ description: 'True when monitoring is enabled for the agent.' }),
    telemetry: Type.Boolean({ description: 'True when telemetry is enabled for the agent.' }),
    additionalInterfaces: Type.Optional(Type.Array(Type.Ref('AgentInterface'), { description: 'Further transports the agent supports.' })),
    security: Type.Optional(
      Type.Array(
        Type.Record(
          Type.String(),
          Type.Array(Type.String({ description: 'One scope.' }), {
            description: 'The scopes required under the named security scheme.',
          }),
          {
            description: 'One acceptable combination of security schemes, each name mapped to the scopes it needs.',
          },
        ),
        { description: 'The security requirements for contacting the agent; any one entry is enough.' },
      ),
    ),
    securitySchemes: Type.Optional(
      Type.Record(Type.String(), Type.Ref('SecurityScheme', { description: 'One security scheme.' }), {
        description: 'The security schemes the agent supports, keyed by the name the `security` entries use.',
      }),
    ),
    defaultInputModes: mimeTypes('The MIME types the agent accepts as input by default.'),
    defaultOutputModes: mimeTypes('The MIME types the agent produces by default.'),
  },
  {
    description:
      'The Bindu agent card: everything a client needs to discover an agent and decide how to call it, including identity, trust, skills, capabilities, cost and security.',
  },
);
