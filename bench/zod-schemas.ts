/**
 * zod 4 schemas for the shapes the benchmark times, written by hand from the A2A v0.3.0 JSON
 * Schema (and, for `Conversation`, from this package's `aion` variant), the way a TypeScript
 * gateway would declare them. Objects are loose (unknown keys pass, as the published schemas
 * allow); unions over `kind` are discriminated unions, which accept the same payloads as the
 * schema's `anyOf` of objects with a constant `kind`. Used only by bench/run.ts.
 */
import { z } from 'zod';

const metadata = z.record(z.string(), z.unknown());

// ---- a2a (A2A v0.3.0) -------------------------------------------------------------------

const TextPart = z.looseObject({ kind: z.literal('text'), text: z.string(), metadata: metadata.optional() });
const FileWithBytes = z.looseObject({ bytes: z.string(), mimeType: z.string().optional(), name: z.string().optional() });
const FileWithUri = z.looseObject({ uri: z.string(), mimeType: z.string().optional(), name: z.string().optional() });
const FilePart = z.looseObject({ kind: z.literal('file'), file: z.union([FileWithBytes, FileWithUri]), metadata: metadata.optional() });
const DataPart = z.looseObject({ kind: z.literal('data'), data: z.record(z.string(), z.unknown()), metadata: metadata.optional() });
const Part = z.discriminatedUnion('kind', [TextPart, FilePart, DataPart]);

export const Message = z.looseObject({
  kind: z.literal('message'),
  messageId: z.string(),
  role: z.enum(['agent', 'user']),
  parts: z.array(Part),
  contextId: z.string().optional(),
  taskId: z.string().optional(),
  referenceTaskIds: z.array(z.string()).optional(),
  extensions: z.array(z.string()).optional(),
  metadata: metadata.optional(),
});

const TaskState = z.enum([
  'submitted',
  'working',
  'input-required',
  'completed',
  'canceled',
  'failed',
  'rejected',
  'auth-required',
  'unknown',
]);
const TaskStatus = z.looseObject({ state: TaskState, message: Message.optional(), timestamp: z.string().optional() });
const Artifact = z.looseObject({
  artifactId: z.string(),
  parts: z.array(Part),
  name: z.string().optional(),
  description: z.string().optional(),
  extensions: z.array(z.string()).optional(),
  metadata: metadata.optional(),
});

export const Task = z.looseObject({
  kind: z.literal('task'),
  id: z.string(),
  contextId: z.string(),
  status: TaskStatus,
  history: z.array(Message).optional(),
  artifacts: z.array(Artifact).optional(),
  metadata: metadata.optional(),
});

const scopes = z.record(z.string(), z.string());
const OAuthFlows = z.looseObject({
  authorizationCode: z
    .looseObject({ authorizationUrl: z.string(), tokenUrl: z.string(), scopes, refreshUrl: z.string().optional() })
    .optional(),
  clientCredentials: z.looseObject({ tokenUrl: z.string(), scopes, refreshUrl: z.string().optional() }).optional(),
  implicit: z.looseObject({ authorizationUrl: z.string(), scopes, refreshUrl: z.string().optional() }).optional(),
  password: z.looseObject({ tokenUrl: z.string(), scopes, refreshUrl: z.string().optional() }).optional(),
});
const SecurityScheme = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('apiKey'),
    name: z.string(),
    in: z.enum(['cookie', 'header', 'query']),
    description: z.string().optional(),
  }),
  z.looseObject({ type: z.literal('http'), scheme: z.string(), bearerFormat: z.string().optional(), description: z.string().optional() }),
  z.looseObject({
    type: z.literal('oauth2'),
    flows: OAuthFlows,
    oauth2MetadataUrl: z.string().optional(),
    description: z.string().optional(),
  }),
  z.looseObject({ type: z.literal('openIdConnect'), openIdConnectUrl: z.string(), description: z.string().optional() }),
  z.looseObject({ type: z.literal('mutualTLS'), description: z.string().optional() }),
]);
const security = z.array(z.record(z.string(), z.array(z.string())));
const AgentExtension = z.looseObject({
  uri: z.string(),
  description: z.string().optional(),
  required: z.boolean().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
const AgentSkill = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  examples: z.array(z.string()).optional(),
  inputModes: z.array(z.string()).optional(),
  outputModes: z.array(z.string()).optional(),
  security: security.optional(),
});

export const AgentCard = z.looseObject({
  protocolVersion: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  version: z.string(),
  capabilities: z.looseObject({
    streaming: z.boolean().optional(),
    pushNotifications: z.boolean().optional(),
    stateTransitionHistory: z.boolean().optional(),
    extensions: z.array(AgentExtension).optional(),
  }),
  defaultInputModes: z.array(z.string()),
  defaultOutputModes: z.array(z.string()),
  skills: z.array(AgentSkill),
  preferredTransport: z.string().optional(),
  additionalInterfaces: z.array(z.looseObject({ url: z.string(), transport: z.string() })).optional(),
  iconUrl: z.string().optional(),
  provider: z.looseObject({ organization: z.string(), url: z.string() }).optional(),
  documentationUrl: z.string().optional(),
  securitySchemes: z.record(z.string(), SecurityScheme).optional(),
  security: security.optional(),
  supportsAuthenticatedExtendedCard: z.boolean().optional(),
  signatures: z
    .array(z.looseObject({ protected: z.string(), signature: z.string(), header: z.record(z.string(), z.unknown()).optional() }))
    .optional(),
});

const PushNotificationConfig = z.looseObject({
  url: z.string(),
  id: z.string().optional(),
  token: z.string().optional(),
  authentication: z.looseObject({ schemes: z.array(z.string()), credentials: z.string().optional() }).optional(),
});

export const SendMessageRequest = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.int()]),
  method: z.literal('message/send'),
  params: z.looseObject({
    message: Message,
    configuration: z
      .looseObject({
        acceptedOutputModes: z.array(z.string()).optional(),
        historyLength: z.int().optional(),
        pushNotificationConfig: PushNotificationConfig.optional(),
        blocking: z.boolean().optional(),
      })
      .optional(),
    metadata: metadata.optional(),
  }),
});

// ---- aion (A2A v1.0 wire, canonical camelCase names only) -------------------------------

const aionPart = z
  .looseObject({
    text: z.string().optional(),
    raw: z
      .string()
      .regex(/^[A-Za-z0-9+/_-]*={0,2}$/)
      .optional(),
    url: z.string().optional(),
    data: z.unknown().optional(),
    metadata: metadata.optional(),
    filename: z.string().optional(),
    mediaType: z.string().optional(),
  })
  .refine(
    (part) => ['text', 'raw', 'url', 'data'].filter((key) => part[key as keyof typeof part] !== undefined).length === 1,
    'exactly one of text, raw, url, data',
  );
const aionMessage = z.looseObject({
  messageId: z.string(),
  contextId: z.string().optional(),
  taskId: z.string().optional(),
  role: z.union([z.enum(['ROLE_UNSPECIFIED', 'ROLE_USER', 'ROLE_AGENT']), z.literal([0, 1, 2])]),
  parts: z.array(aionPart).min(1),
  metadata: metadata.optional(),
  extensions: z.array(z.string()).optional(),
  referenceTaskIds: z.array(z.string()).optional(),
});
const aionArtifact = z.looseObject({
  artifactId: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  parts: z.array(aionPart).min(1),
  metadata: metadata.optional(),
  extensions: z.array(z.string()).optional(),
});
const aionTaskState = z.union([
  z.enum([
    'TASK_STATE_UNSPECIFIED',
    'TASK_STATE_SUBMITTED',
    'TASK_STATE_WORKING',
    'TASK_STATE_COMPLETED',
    'TASK_STATE_FAILED',
    'TASK_STATE_CANCELED',
    'TASK_STATE_INPUT_REQUIRED',
    'TASK_STATE_REJECTED',
    'TASK_STATE_AUTH_REQUIRED',
  ]),
  z.literal([0, 1, 2, 3, 4, 5, 6, 7, 8]),
]);

export const Conversation = z.looseObject({
  contextId: z.string(),
  history: z.array(aionMessage),
  artifacts: z.array(aionArtifact),
  status: z.looseObject({ state: aionTaskState }),
});
