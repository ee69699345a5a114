"""A2A v0.3.0: TypedDicts of the a2a variant, generated from the schemas by scripts/emit-python.ts; do not edit.

Keys are as on the wire, in the canonical form a program writes: lowerCamel names only (the accepted
snake_case spellings of the v1.0 wire are left out), required keys required. `validate` checks the rest.
"""
# Definitions refer to each other by name, in any order.
import typing as _t

if _t.TYPE_CHECKING:
    from typing import TypedDict as _TypedDict
else:
    try:  # pydantic 2 takes only typing_extensions' TypedDict before Python 3.12 (pydantic depends on it)
        from typing_extensions import TypedDict as _TypedDict
    except ImportError:
        from typing import TypedDict as _TypedDict

__all__ = ["A2AError", "A2ARequest", "APIKeySecurityScheme", "AgentCapabilities", "AgentCard", "AgentCardSignature", "AgentExtension", "AgentInterface", "AgentProvider", "AgentSkill", "Artifact", "AuthenticatedExtendedCardNotConfiguredError", "AuthorizationCodeOAuthFlow", "CancelTaskRequest", "CancelTaskResponse", "CancelTaskSuccessResponse", "ClientCredentialsOAuthFlow", "ContentTypeNotSupportedError", "DataPart", "DeleteTaskPushNotificationConfigParams", "DeleteTaskPushNotificationConfigRequest", "DeleteTaskPushNotificationConfigResponse", "DeleteTaskPushNotificationConfigSuccessResponse", "FileBase", "FilePart", "FileWithBytes", "FileWithUri", "GetAuthenticatedExtendedCardRequest", "GetAuthenticatedExtendedCardResponse", "GetAuthenticatedExtendedCardSuccessResponse", "GetTaskPushNotificationConfigParams", "GetTaskPushNotificationConfigRequest", "GetTaskPushNotificationConfigResponse", "GetTaskPushNotificationConfigSuccessResponse", "GetTaskRequest", "GetTaskResponse", "GetTaskSuccessResponse", "HTTPAuthSecurityScheme", "ImplicitOAuthFlow", "InternalError", "InvalidAgentResponseError", "InvalidParamsError", "InvalidRequestError", "JSONParseError", "JSONRPCError", "JSONRPCErrorResponse", "JSONRPCMessage", "JSONRPCRequest", "JSONRPCResponse", "JSONRPCSuccessResponse", "ListTaskPushNotificationConfigParams", "ListTaskPushNotificationConfigRequest", "ListTaskPushNotificationConfigResponse", "ListTaskPushNotificationConfigSuccessResponse", "Message", "MessageSendConfiguration", "MessageSendParams", "MethodNotFoundError", "MutualTLSSecurityScheme", "OAuth2SecurityScheme", "OAuthFlows", "OpenIdConnectSecurityScheme", "Part", "PartBase", "PasswordOAuthFlow", "PushNotificationAuthenticationInfo", "PushNotificationConfig", "PushNotificationNotSupportedError", "SecurityScheme", "SecuritySchemeBase", "SendMessageRequest", "SendMessageResponse", "SendMessageSuccessResponse", "SendStreamingMessageRequest", "SendStreamingMessageResponse", "SendStreamingMessageSuccessResponse", "SetTaskPushNotificationConfigRequest", "SetTaskPushNotificationConfigResponse", "SetTaskPushNotificationConfigSuccessResponse", "Task", "TaskArtifactUpdateEvent", "TaskIdParams", "TaskNotCancelableError", "TaskNotFoundError", "TaskPushNotificationConfig", "TaskQueryParams", "TaskResubscriptionRequest", "TaskState", "TaskStatus", "TaskStatusUpdateEvent", "TextPart", "TransportProtocol", "UnsupportedOperationError"]

#: type: Discriminator of the scheme union; always `apiKey`.
#: in: Where the API key is sent.
#: name: What the header, query parameter or cookie carrying the key is called.
#: description: A human-readable note about the security scheme.
_APIKeySecuritySchemeRequired = _TypedDict("_APIKeySecuritySchemeRequired", {"type": _t.Literal["apiKey"], "in": _t.Literal["cookie", "header", "query"], "name": str})
_APIKeySecuritySchemeOptional = _TypedDict("_APIKeySecuritySchemeOptional", {"description": str}, total=False)


class APIKeySecurityScheme(_APIKeySecuritySchemeRequired, _APIKeySecuritySchemeOptional):
    """Authorization with an API key sent in a header, a query parameter or a cookie."""


class AgentCapabilities(_TypedDict, total=False):
    """The optional protocol features an agent supports."""
    #: True when the agent can stream responses over Server-Sent Events.
    streaming: bool
    #: True when the agent can send task updates as push notifications.
    pushNotifications: bool
    #: True when the agent keeps a history of the state changes of a task.
    stateTransitionHistory: bool
    #: The protocol extensions the agent supports.
    extensions: _t.List["AgentExtension"]


class _AgentCardRequired(_TypedDict):
    """The keys AgentCard requires."""
    #: Which A2A protocol version the agent implements.
    protocolVersion: str
    #: The name of the agent, for humans.
    name: str
    #: What the agent does, in words that help people and other agents decide whether to use it.
    description: str
    #: The main endpoint of the agent; it must serve the transport named in `preferredTransport`.
    url: str
    #: The agent's own version; its format is up to the provider.
    version: str
    #: The optional protocol features the agent supports.
    capabilities: "AgentCapabilities"
    #: The media types the agent accepts as input, unless a skill says otherwise.
    defaultInputModes: _t.List[str]
    #: The media types the agent produces as output, unless a skill says otherwise.
    defaultOutputModes: _t.List[str]
    #: The distinct things the agent can do.
    skills: _t.List["AgentSkill"]


class AgentCard(_AgentCardRequired, total=False):
    """An agent's self-description: who it is, where and how to reach it, what it can do and how
    callers must authenticate.
    """
    #: The transport served at `url`, for example `JSONRPC`, `GRPC` or `HTTP+JSON`; `JSONRPC` when left out.
    #: Clients should use this pairing when they support it.
    preferredTransport: str
    #: Further transport and URL pairs the agent serves, possibly at other URLs. It should list every
    #: supported transport, including the main one, and each entry must state truthfully what its URL serves;
    #: clients pick among them.
    additionalInterfaces: _t.List["AgentInterface"]
    #: Where an icon for the agent can be fetched.
    iconUrl: str
    #: The organization that runs the agent.
    provider: "AgentProvider"
    #: Where documentation for the agent can be read.
    documentationUrl: str
    #: The security schemes that can authorize calls, keyed by a scheme name (as in the OpenAPI 3.0 Security
    #: Scheme Object).
    securitySchemes: _t.Dict[str, "SecurityScheme"]
    #: The security requirements for every call, as OpenAPI 3.0 Security Requirement Objects: a call must
    #: satisfy at least one entry, and all schemes within that entry.
    security: _t.List[_t.Dict[str, _t.List[str]]]
    #: True when an authenticated client can fetch a fuller card with `agent/getAuthenticatedExtendedCard`;
    #: false when left out.
    supportsAuthenticatedExtendedCard: bool
    #: JSON Web Signatures over this card.
    signatures: _t.List["AgentCardSignature"]


class _AgentCardSignatureRequired(_TypedDict):
    """The keys AgentCardSignature requires."""
    #: The protected JWS header, a JSON object encoded in base64url (RFC 7515).
    protected: str
    #: The signature value, encoded in base64url.
    signature: str


class AgentCardSignature(_AgentCardSignatureRequired, total=False):
    """A signature over an Agent Card, in the JSON serialization of a JSON Web Signature (RFC 7515)."""
    #: The unprotected JWS header parameters.
    header: _t.Dict[str, _t.Any]


class _AgentExtensionRequired(_TypedDict):
    """The keys AgentExtension requires."""
    #: The URI that identifies the extension.
    uri: str


class AgentExtension(_AgentExtensionRequired, total=False):
    """A protocol extension an agent supports, as declared in its card."""
    #: How this agent makes use of the extension.
    description: str
    #: True when clients must understand and follow the extension to talk to this agent.
    required: bool
    #: Settings specific to the extension.
    params: _t.Dict[str, _t.Any]


class _AgentInterfaceRequired(_TypedDict):
    """The keys AgentInterface requires."""
    #: Where this interface is served; an absolute HTTPS URL in production.
    url: str
    #: The transport served at that URL, for example `JSONRPC`, `GRPC` or `HTTP+JSON`.
    transport: str


class AgentInterface(_AgentInterfaceRequired, total=False):
    """A URL together with the transport served there, so one agent can be reached over several
    transports.
    """


class _AgentProviderRequired(_TypedDict):
    """The keys AgentProvider requires."""
    #: The name of the organization that provides the agent.
    organization: str
    #: A link to the provider's website or documentation.
    url: str


class AgentProvider(_AgentProviderRequired, total=False):
    """The organization that provides an agent."""


class _AgentSkillRequired(_TypedDict):
    """The keys AgentSkill requires."""
    #: An identifier for the skill, unique within the agent.
    id: str
    #: The name of the skill, for humans.
    name: str
    #: What the skill does, in enough detail for a client or user to judge its use.
    description: str
    #: Keywords that characterize the skill.
    tags: _t.List[str]


class AgentSkill(_AgentSkillRequired, total=False):
    """One distinct capability an agent offers."""
    #: Sample requests or scenarios the skill handles, as hints for clients.
    examples: _t.List[str]
    #: The media types the skill accepts, replacing the agent's defaults.
    inputModes: _t.List[str]
    #: The media types the skill produces, replacing the agent's defaults.
    outputModes: _t.List[str]
    #: The security requirements for using this skill, read as in the card-level `security`: any one entry,
    #: all schemes within it.
    security: _t.List[_t.Dict[str, _t.List[str]]]


class _ArtifactRequired(_TypedDict):
    """The keys Artifact requires."""
    #: The identifier of the artifact, unique within its task.
    artifactId: str
    #: The content of the artifact, as a list of parts.
    parts: _t.List["Part"]


class Artifact(_ArtifactRequired, total=False):
    """An output of a task, such as a document, an image or a data structure, made of parts."""
    #: A name for the artifact, meant for people.
    name: str
    #: A human-readable explanation of what the artifact is.
    description: str
    #: URIs of the extensions that apply to this artifact.
    extensions: _t.List[str]
    #: Extension data attached to the artifact, keyed by an extension-specific name.
    metadata: _t.Dict[str, _t.Any]


class _AuthenticatedExtendedCardNotConfiguredErrorRequired(_TypedDict):
    """The keys AuthenticatedExtendedCardNotConfiguredError requires."""
    #: The code of a missing authenticated extended card: -32007.
    code: _t.Literal[-32007]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class AuthenticatedExtendedCardNotConfiguredError(_AuthenticatedExtendedCardNotConfiguredErrorRequired, total=False):
    """A2A error: the agent has no authenticated extended Agent Card to return."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _AuthorizationCodeOAuthFlowRequired(_TypedDict):
    """The keys AuthorizationCodeOAuthFlow requires."""
    #: The authorization endpoint for this flow; must be a TLS URL.
    authorizationUrl: str
    #: The token endpoint for this flow; must be a TLS URL.
    tokenUrl: str
    #: The scopes the flow offers, mapping each scope name to a short explanation of it.
    scopes: _t.Dict[str, str]


class AuthorizationCodeOAuthFlow(_AuthorizationCodeOAuthFlowRequired, total=False):
    """Endpoints and scopes of the OAuth 2.0 authorization-code grant."""
    #: The endpoint for refreshing tokens; must be a TLS URL.
    refreshUrl: str


class _CancelTaskRequestRequired(_TypedDict):
    """The keys CancelTaskRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `tasks/cancel`.
    method: _t.Literal["tasks/cancel"]
    #: The task to cancel.
    params: "TaskIdParams"


class CancelTaskRequest(_CancelTaskRequestRequired, total=False):
    """A `tasks/cancel` call: asks the agent to stop working on a task."""


class _CancelTaskSuccessResponseRequired(_TypedDict):
    """The keys CancelTaskSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The task after the cancellation request was handled.
    result: "Task"


class CancelTaskSuccessResponse(_CancelTaskSuccessResponseRequired, total=False):
    """The successful answer to `tasks/cancel`."""


class _ClientCredentialsOAuthFlowRequired(_TypedDict):
    """The keys ClientCredentialsOAuthFlow requires."""
    #: The token endpoint for this flow; must be a URL.
    tokenUrl: str
    #: The scopes the flow offers, mapping each scope name to a short explanation of it.
    scopes: _t.Dict[str, str]


class ClientCredentialsOAuthFlow(_ClientCredentialsOAuthFlowRequired, total=False):
    """Endpoints and scopes of the OAuth 2.0 client-credentials grant."""
    #: The endpoint for refreshing tokens; must be a URL.
    refreshUrl: str


class _ContentTypeNotSupportedErrorRequired(_TypedDict):
    """The keys ContentTypeNotSupportedError requires."""
    #: The code of unsupported content types: -32005.
    code: _t.Literal[-32005]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class ContentTypeNotSupportedError(_ContentTypeNotSupportedErrorRequired, total=False):
    """A2A error: the media types involved in the request do not match what the agent can handle."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _DataPartRequired(_TypedDict):
    """The keys DataPart requires."""
    #: Discriminator of the part union; always `data` for a data part.
    kind: _t.Literal["data"]
    #: The structured content: a JSON object (arrays and scalars are not allowed in v0.3.0).
    data: _t.Dict[str, _t.Any]


class DataPart(_DataPartRequired, total=False):
    """A part that carries structured JSON data."""
    #: Free-form metadata attached to this part.
    metadata: _t.Dict[str, _t.Any]


class _DeleteTaskPushNotificationConfigParamsRequired(_TypedDict):
    """The keys DeleteTaskPushNotificationConfigParams requires."""
    #: The identifier of the task.
    id: str
    #: Which of the task's push notification configurations to remove.
    pushNotificationConfigId: str


class DeleteTaskPushNotificationConfigParams(_DeleteTaskPushNotificationConfigParamsRequired, total=False):
    """Parameters for removing one push notification configuration of a task."""
    #: Extension data attached to the request.
    metadata: _t.Dict[str, _t.Any]


class _DeleteTaskPushNotificationConfigRequestRequired(_TypedDict):
    """The keys DeleteTaskPushNotificationConfigRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `tasks/pushNotificationConfig/delete`.
    method: _t.Literal["tasks/pushNotificationConfig/delete"]
    #: The task and the configuration to remove from it.
    params: "DeleteTaskPushNotificationConfigParams"


class DeleteTaskPushNotificationConfigRequest(_DeleteTaskPushNotificationConfigRequestRequired, total=False):
    """A `tasks/pushNotificationConfig/delete` call: removes a push notification configuration from a
    task.
    """


class _DeleteTaskPushNotificationConfigSuccessResponseRequired(_TypedDict):
    """The keys DeleteTaskPushNotificationConfigSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: Always null: the deletion returns no data.
    result: None


class DeleteTaskPushNotificationConfigSuccessResponse(_DeleteTaskPushNotificationConfigSuccessResponseRequired, total=False):
    """The successful answer to `tasks/pushNotificationConfig/delete`."""


class FileBase(_TypedDict, total=False):
    """The properties both file representations share. Not used on the wire by itself."""
    #: A file name, for example `report.pdf`.
    name: str
    #: The media type of the file content, for example `application/pdf`.
    mimeType: str


class _FilePartRequired(_TypedDict):
    """The keys FilePart requires."""
    #: Discriminator of the part union; always `file` for a file part.
    kind: _t.Literal["file"]
    #: The file, either inline (`bytes`) or by reference (`uri`).
    file: _t.Union["FileWithBytes", "FileWithUri"]


class FilePart(_FilePartRequired, total=False):
    """A part that carries a file, inline or by URI."""
    #: Free-form metadata attached to this part.
    metadata: _t.Dict[str, _t.Any]


class _FileWithBytesRequired(_TypedDict):
    """The keys FileWithBytes requires."""
    #: The file content, base64-encoded.
    bytes: str


class FileWithBytes(_FileWithBytesRequired, total=False):
    """A file whose content travels inline, base64-encoded."""
    #: A file name, for example `report.pdf`.
    name: str
    #: The media type of the file content, for example `application/pdf`.
    mimeType: str


class _FileWithUriRequired(_TypedDict):
    """The keys FileWithUri requires."""
    #: Where the file content can be fetched.
    uri: str


class FileWithUri(_FileWithUriRequired, total=False):
    """A file whose content is referenced by URI instead of being sent inline."""
    #: A file name, for example `report.pdf`.
    name: str
    #: The media type of the file content, for example `application/pdf`.
    mimeType: str


class _GetAuthenticatedExtendedCardRequestRequired(_TypedDict):
    """The keys GetAuthenticatedExtendedCardRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `agent/getAuthenticatedExtendedCard`.
    method: _t.Literal["agent/getAuthenticatedExtendedCard"]


class GetAuthenticatedExtendedCardRequest(_GetAuthenticatedExtendedCardRequestRequired, total=False):
    """An `agent/getAuthenticatedExtendedCard` call: asks, with authentication, for the fuller Agent
    Card. It takes no parameters.
    """


class _GetAuthenticatedExtendedCardSuccessResponseRequired(_TypedDict):
    """The keys GetAuthenticatedExtendedCardSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The full Agent Card, which may list details and skills the public card leaves out.
    result: "AgentCard"


class GetAuthenticatedExtendedCardSuccessResponse(_GetAuthenticatedExtendedCardSuccessResponseRequired, total=False):
    """The successful answer to `agent/getAuthenticatedExtendedCard`."""


class _GetTaskPushNotificationConfigParamsRequired(_TypedDict):
    """The keys GetTaskPushNotificationConfigParams requires."""
    #: The identifier of the task.
    id: str


class GetTaskPushNotificationConfigParams(_GetTaskPushNotificationConfigParamsRequired, total=False):
    """Parameters for reading one push notification configuration of a task."""
    #: Which of the task's push notification configurations to return.
    pushNotificationConfigId: str
    #: Extension data attached to the request.
    metadata: _t.Dict[str, _t.Any]


class _GetTaskPushNotificationConfigRequestRequired(_TypedDict):
    """The keys GetTaskPushNotificationConfigRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `tasks/pushNotificationConfig/get`.
    method: _t.Literal["tasks/pushNotificationConfig/get"]
    #: The task, and optionally which of its configurations to read. The bare task-id form is still accepted
    #: for compatibility.
    params: _t.Union["TaskIdParams", "GetTaskPushNotificationConfigParams"]


class GetTaskPushNotificationConfigRequest(_GetTaskPushNotificationConfigRequestRequired, total=False):
    """A `tasks/pushNotificationConfig/get` call: reads a push notification configuration of a task."""


class _GetTaskPushNotificationConfigSuccessResponseRequired(_TypedDict):
    """The keys GetTaskPushNotificationConfigSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The requested configuration.
    result: "TaskPushNotificationConfig"


class GetTaskPushNotificationConfigSuccessResponse(_GetTaskPushNotificationConfigSuccessResponseRequired, total=False):
    """The successful answer to `tasks/pushNotificationConfig/get`."""


class _GetTaskRequestRequired(_TypedDict):
    """The keys GetTaskRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `tasks/get`.
    method: _t.Literal["tasks/get"]
    #: Which task to read and how much history to include.
    params: "TaskQueryParams"


class GetTaskRequest(_GetTaskRequestRequired, total=False):
    """A `tasks/get` call: reads the current state of a task."""


class _GetTaskSuccessResponseRequired(_TypedDict):
    """The keys GetTaskSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The task as it stands now.
    result: "Task"


class GetTaskSuccessResponse(_GetTaskSuccessResponseRequired, total=False):
    """The successful answer to `tasks/get`."""


class _HTTPAuthSecuritySchemeRequired(_TypedDict):
    """The keys HTTPAuthSecurityScheme requires."""
    #: Discriminator of the scheme union; always `http`.
    type: _t.Literal["http"]
    #: The HTTP authentication scheme used in the `Authorization` header (RFC 7235), for example `Bearer`;
    #: preferably one registered with IANA.
    scheme: str


class HTTPAuthSecurityScheme(_HTTPAuthSecuritySchemeRequired, total=False):
    """Authorization with a standard HTTP authentication scheme such as Basic or Bearer."""
    #: A hint about how the bearer token is built, for example `JWT`; informational only.
    bearerFormat: str
    #: A human-readable note about the security scheme.
    description: str


class _ImplicitOAuthFlowRequired(_TypedDict):
    """The keys ImplicitOAuthFlow requires."""
    #: The authorization endpoint for this flow; must be a URL.
    authorizationUrl: str
    #: The scopes the flow offers, mapping each scope name to a short explanation of it.
    scopes: _t.Dict[str, str]


class ImplicitOAuthFlow(_ImplicitOAuthFlowRequired, total=False):
    """Endpoints and scopes of the OAuth 2.0 implicit grant."""
    #: The endpoint for refreshing tokens; must be a URL.
    refreshUrl: str


class _InternalErrorRequired(_TypedDict):
    """The keys InternalError requires."""
    #: The code of an internal server error: -32603.
    code: _t.Literal[-32603]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class InternalError(_InternalErrorRequired, total=False):
    """The server failed while handling the call."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _InvalidAgentResponseErrorRequired(_TypedDict):
    """The keys InvalidAgentResponseError requires."""
    #: The code of an invalid agent response: -32006.
    code: _t.Literal[-32006]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class InvalidAgentResponseError(_InvalidAgentResponseErrorRequired, total=False):
    """A2A error: the agent produced a response that does not fit what the method must return."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _InvalidParamsErrorRequired(_TypedDict):
    """The keys InvalidParamsError requires."""
    #: The code of invalid parameters: -32602.
    code: _t.Literal[-32602]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class InvalidParamsError(_InvalidParamsErrorRequired, total=False):
    """The parameters of the call are not valid for the method."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _InvalidRequestErrorRequired(_TypedDict):
    """The keys InvalidRequestError requires."""
    #: The code of an invalid request: -32600.
    code: _t.Literal[-32600]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class InvalidRequestError(_InvalidRequestErrorRequired, total=False):
    """The body was JSON but not a valid JSON-RPC request object."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _JSONParseErrorRequired(_TypedDict):
    """The keys JSONParseError requires."""
    #: The code of a parse error: -32700.
    code: _t.Literal[-32700]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class JSONParseError(_JSONParseErrorRequired, total=False):
    """The server could not parse the request body as JSON."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _JSONRPCErrorRequired(_TypedDict):
    """The keys JSONRPCError requires."""
    #: A number identifying the kind of error.
    code: int
    #: A short, human-readable summary of the error.
    message: str


class JSONRPCError(_JSONRPCErrorRequired, total=False):
    """The error object of JSON-RPC 2.0, carried in the `error` member of a failed response."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _JSONRPCErrorResponseRequired(_TypedDict):
    """The keys JSONRPCErrorResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers; null when it could not be read.
    id: _t.Union[str, int, None]
    #: What went wrong: a generic JSON-RPC error or one of the errors A2A names.
    error: _t.Union["JSONRPCError", "JSONParseError", "InvalidRequestError", "MethodNotFoundError", "InvalidParamsError", "InternalError", "TaskNotFoundError", "TaskNotCancelableError", "PushNotificationNotSupportedError", "UnsupportedOperationError", "ContentTypeNotSupportedError", "InvalidAgentResponseError", "AuthenticatedExtendedCardNotConfiguredError"]


class JSONRPCErrorResponse(_JSONRPCErrorResponseRequired, total=False):
    """A JSON-RPC 2.0 response reporting that the call failed."""


class _JSONRPCMessageRequired(_TypedDict):
    """The keys JSONRPCMessage requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]


class JSONRPCMessage(_JSONRPCMessageRequired, total=False):
    """The fields every JSON-RPC 2.0 message carries, whether request, response or notification. Not
    used on the wire by itself.
    """
    #: The identifier the client picked for the call (string, integer or null), which the server copies into
    #: its response. Absent on notifications.
    id: _t.Union[str, int, None]


class _JSONRPCRequestRequired(_TypedDict):
    """The keys JSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: Which method the server should run.
    method: str


class JSONRPCRequest(_JSONRPCRequestRequired, total=False):
    """A generic JSON-RPC 2.0 call, with any method name and any parameters."""
    #: The identifier the client picked for the call (string, integer or null), which the server copies into
    #: its response. Absent on notifications.
    id: _t.Union[str, int, None]
    #: The arguments of the call, as a JSON object.
    params: _t.Dict[str, _t.Any]


class _JSONRPCSuccessResponseRequired(_TypedDict):
    """The keys JSONRPCSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The outcome of the call; its shape depends on the method that was called.
    result: _t.Any


class JSONRPCSuccessResponse(_JSONRPCSuccessResponseRequired, total=False):
    """A JSON-RPC 2.0 response reporting that the call succeeded."""


class _ListTaskPushNotificationConfigParamsRequired(_TypedDict):
    """The keys ListTaskPushNotificationConfigParams requires."""
    #: The identifier of the task.
    id: str


class ListTaskPushNotificationConfigParams(_ListTaskPushNotificationConfigParamsRequired, total=False):
    """Parameters for listing every push notification configuration of a task."""
    #: Extension data attached to the request.
    metadata: _t.Dict[str, _t.Any]


class _ListTaskPushNotificationConfigRequestRequired(_TypedDict):
    """The keys ListTaskPushNotificationConfigRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `tasks/pushNotificationConfig/list`.
    method: _t.Literal["tasks/pushNotificationConfig/list"]
    #: The task whose configurations to list.
    params: "ListTaskPushNotificationConfigParams"


class ListTaskPushNotificationConfigRequest(_ListTaskPushNotificationConfigRequestRequired, total=False):
    """A `tasks/pushNotificationConfig/list` call: lists every push notification configuration of a
    task.
    """


class _ListTaskPushNotificationConfigSuccessResponseRequired(_TypedDict):
    """The keys ListTaskPushNotificationConfigSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: Every push notification configuration of the task.
    result: _t.List["TaskPushNotificationConfig"]


class ListTaskPushNotificationConfigSuccessResponse(_ListTaskPushNotificationConfigSuccessResponseRequired, total=False):
    """The successful answer to `tasks/pushNotificationConfig/list`."""


class _MessageRequired(_TypedDict):
    """The keys Message requires."""
    #: Discriminator of the object; always `message` for a message.
    kind: _t.Literal["message"]
    #: An identifier for this message chosen by its sender, usually a UUID.
    messageId: str
    #: The sender: `user` when the client wrote it, `agent` when the agent did.
    role: _t.Literal["agent", "user"]
    #: The content of the message, as a list of parts that may mix text, files and data.
    parts: _t.List["Part"]


class Message(_MessageRequired, total=False):
    """One turn of the conversation, sent either by the client or by the agent."""
    #: The context this message belongs to; groups related tasks and messages.
    contextId: str
    #: The task this message belongs to. Left out on the first message, before a task exists.
    taskId: str
    #: Identifiers of other tasks this message points to as background.
    referenceTaskIds: _t.List[str]
    #: URIs of the extensions that apply to this message.
    extensions: _t.List[str]
    #: Extension data attached to the message, keyed by an extension-specific name.
    metadata: _t.Dict[str, _t.Any]


class MessageSendConfiguration(_TypedDict, total=False):
    """Settings that adjust how a `message/send` or `message/stream` call is handled."""
    #: The media types the client can take in the response.
    acceptedOutputModes: _t.List[str]
    #: How many of the most recent history messages of the task to include in the response.
    historyLength: int
    #: Where the agent should push updates that happen after the first response.
    pushNotificationConfig: "PushNotificationConfig"
    #: True when the client wants the call to return only once the task is done; the server may decline for
    #: long tasks.
    blocking: bool


class _MessageSendParamsRequired(_TypedDict):
    """The keys MessageSendParams requires."""
    #: The message sent to the agent.
    message: "Message"


class MessageSendParams(_MessageSendParamsRequired, total=False):
    """The parameters of `message/send` and `message/stream`: a message that starts a new task,
    continues one, or restarts one.
    """
    #: Optional settings for how the send is handled.
    configuration: "MessageSendConfiguration"
    #: Extension data attached to the request.
    metadata: _t.Dict[str, _t.Any]


class _MethodNotFoundErrorRequired(_TypedDict):
    """The keys MethodNotFoundError requires."""
    #: The code of an unknown method: -32601.
    code: _t.Literal[-32601]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class MethodNotFoundError(_MethodNotFoundErrorRequired, total=False):
    """No method by that name exists on this server, or it is not available."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _MutualTLSSecuritySchemeRequired(_TypedDict):
    """The keys MutualTLSSecurityScheme requires."""
    #: Discriminator of the scheme union; always `mutualTLS`.
    type: _t.Literal["mutualTLS"]


class MutualTLSSecurityScheme(_MutualTLSSecuritySchemeRequired, total=False):
    """Authorization with mutual TLS: the client proves its identity with a certificate."""
    #: A human-readable note about the security scheme.
    description: str


class _OAuth2SecuritySchemeRequired(_TypedDict):
    """The keys OAuth2SecurityScheme requires."""
    #: Discriminator of the scheme union; always `oauth2`.
    type: _t.Literal["oauth2"]
    #: The OAuth 2.0 flows the agent supports and how each is configured.
    flows: "OAuthFlows"


class OAuth2SecurityScheme(_OAuth2SecuritySchemeRequired, total=False):
    """Authorization with OAuth 2.0."""
    #: Where the authorization server publishes its metadata (RFC 8414); must use TLS.
    oauth2MetadataUrl: str
    #: A human-readable note about the security scheme.
    description: str


class OAuthFlows(_TypedDict, total=False):
    """The OAuth 2.0 flows an agent supports, each with its settings."""
    #: The authorization-code grant, if offered (OpenAPI 2.0 named it `accessCode`).
    authorizationCode: "AuthorizationCodeOAuthFlow"
    #: The client-credentials grant, if offered (OpenAPI 2.0 named it `application`).
    clientCredentials: "ClientCredentialsOAuthFlow"
    #: The implicit grant, if offered.
    implicit: "ImplicitOAuthFlow"
    #: The resource-owner password grant, if offered.
    password: "PasswordOAuthFlow"


class _OpenIdConnectSecuritySchemeRequired(_TypedDict):
    """The keys OpenIdConnectSecurityScheme requires."""
    #: Discriminator of the scheme union; always `openIdConnect`.
    type: _t.Literal["openIdConnect"]
    #: The OpenID Connect discovery URL where the provider publishes its metadata.
    openIdConnectUrl: str


class OpenIdConnectSecurityScheme(_OpenIdConnectSecuritySchemeRequired, total=False):
    """Authorization with OpenID Connect."""
    #: A human-readable note about the security scheme.
    description: str


class PartBase(_TypedDict, total=False):
    """The properties every part shares. Not used on the wire by itself; each concrete part repeats
    them.
    """
    #: Free-form metadata attached to this part.
    metadata: _t.Dict[str, _t.Any]


class _PasswordOAuthFlowRequired(_TypedDict):
    """The keys PasswordOAuthFlow requires."""
    #: The token endpoint for this flow; must be a URL.
    tokenUrl: str
    #: The scopes the flow offers, mapping each scope name to a short explanation of it.
    scopes: _t.Dict[str, str]


class PasswordOAuthFlow(_PasswordOAuthFlowRequired, total=False):
    """Endpoints and scopes of the OAuth 2.0 resource-owner password grant."""
    #: The endpoint for refreshing tokens; must be a URL.
    refreshUrl: str


class _PushNotificationAuthenticationInfoRequired(_TypedDict):
    """The keys PushNotificationAuthenticationInfo requires."""
    #: The authentication schemes the webhook accepts, for example `Basic` or `Bearer`.
    schemes: _t.List[str]


class PushNotificationAuthenticationInfo(_PushNotificationAuthenticationInfoRequired, total=False):
    """The authentication an agent must use when it calls a push notification webhook."""
    #: Credentials the webhook expects, when it needs any.
    credentials: str


class _PushNotificationConfigRequired(_TypedDict):
    """The keys PushNotificationConfig requires."""
    #: The webhook URL the agent posts notifications to.
    url: str


class PushNotificationConfig(_PushNotificationConfigRequired, total=False):
    """How an agent should deliver push notifications about a task: the webhook and its credentials."""
    #: An identifier the client gives this configuration, so that one task can have several callbacks.
    id: str
    #: A token tied to the task or session, which the receiver uses to check that a notification is genuine.
    token: str
    #: How the agent must authenticate when it calls the webhook.
    authentication: "PushNotificationAuthenticationInfo"


class _PushNotificationNotSupportedErrorRequired(_TypedDict):
    """The keys PushNotificationNotSupportedError requires."""
    #: The code of unsupported push notifications: -32003.
    code: _t.Literal[-32003]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class PushNotificationNotSupportedError(_PushNotificationNotSupportedErrorRequired, total=False):
    """A2A error: the client used push notification features that this agent does not offer."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class SecuritySchemeBase(_TypedDict, total=False):
    """The property every security scheme shares. Not used on the wire by itself; each scheme repeats
    it.
    """
    #: A human-readable note about the security scheme.
    description: str


class _SendMessageRequestRequired(_TypedDict):
    """The keys SendMessageRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `message/send`.
    method: _t.Literal["message/send"]
    #: The message to send and how to handle it.
    params: "MessageSendParams"


class SendMessageRequest(_SendMessageRequestRequired, total=False):
    """A `message/send` call: sends a message to the agent and waits for a single answer."""


class _SendMessageSuccessResponseRequired(_TypedDict):
    """The keys SendMessageSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: What the agent returned: the task that tracks the work, or a message that answers directly.
    result: _t.Union["Task", "Message"]


class SendMessageSuccessResponse(_SendMessageSuccessResponseRequired, total=False):
    """The successful answer to `message/send`."""


class _SendStreamingMessageRequestRequired(_TypedDict):
    """The keys SendStreamingMessageRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `message/stream`.
    method: _t.Literal["message/stream"]
    #: The message to send and how to handle it.
    params: "MessageSendParams"


class SendStreamingMessageRequest(_SendStreamingMessageRequestRequired, total=False):
    """A `message/stream` call: sends a message to the agent and subscribes to a stream of updates."""


class _SendStreamingMessageSuccessResponseRequired(_TypedDict):
    """The keys SendStreamingMessageSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: One item of the stream: a task, a message, or an update to the status or an artifact of a task.
    result: _t.Union["Task", "Message", "TaskStatusUpdateEvent", "TaskArtifactUpdateEvent"]


class SendStreamingMessageSuccessResponse(_SendStreamingMessageSuccessResponseRequired, total=False):
    """One successful event of a `message/stream` or `tasks/resubscribe` stream; a single call can
    produce many of them.
    """


class _SetTaskPushNotificationConfigRequestRequired(_TypedDict):
    """The keys SetTaskPushNotificationConfigRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `tasks/pushNotificationConfig/set`.
    method: _t.Literal["tasks/pushNotificationConfig/set"]
    #: The task and the push notification configuration to store for it.
    params: "TaskPushNotificationConfig"


class SetTaskPushNotificationConfigRequest(_SetTaskPushNotificationConfigRequestRequired, total=False):
    """A `tasks/pushNotificationConfig/set` call: creates or replaces a push notification configuration
    of a task.
    """


class _SetTaskPushNotificationConfigSuccessResponseRequired(_TypedDict):
    """The keys SetTaskPushNotificationConfigSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The configuration as the agent stored it.
    result: "TaskPushNotificationConfig"


class SetTaskPushNotificationConfigSuccessResponse(_SetTaskPushNotificationConfigSuccessResponseRequired, total=False):
    """The successful answer to `tasks/pushNotificationConfig/set`."""


class _TaskRequired(_TypedDict):
    """The keys Task requires."""
    #: Discriminator of the object; always `task` for a task.
    kind: _t.Literal["task"]
    #: The identifier of the task, assigned by the server when it creates the task.
    id: str
    #: The server-assigned context identifier that ties this task to related tasks and messages.
    contextId: str
    #: Where the task stands now: its state, an optional message and a time.
    status: "TaskStatus"


class Task(_TaskRequired, total=False):
    """A unit of work an agent performs for a client, with its own identity and lifecycle."""
    #: The messages exchanged in the course of the task, oldest first.
    history: _t.List["Message"]
    #: The outputs the agent has produced for the task so far.
    artifacts: _t.List["Artifact"]
    #: Extension data attached to the task, keyed by an extension-specific name.
    metadata: _t.Dict[str, _t.Any]


class _TaskArtifactUpdateEventRequired(_TypedDict):
    """The keys TaskArtifactUpdateEvent requires."""
    #: Discriminator of the event; always `artifact-update` for an artifact change.
    kind: _t.Literal["artifact-update"]
    #: The task the artifact belongs to.
    taskId: str
    #: The context of that task.
    contextId: str
    #: The artifact, or the chunk of it, that was produced or changed.
    artifact: "Artifact"


class TaskArtifactUpdateEvent(_TaskArtifactUpdateEventRequired, total=False):
    """An event telling the client that an artifact was created or updated; sent in streams and
    subscriptions.
    """
    #: True when these parts extend an artifact with the same id sent earlier, instead of replacing it.
    append: bool
    #: True when this chunk completes the artifact.
    lastChunk: bool
    #: Extension data attached to the event.
    metadata: _t.Dict[str, _t.Any]


class _TaskIdParamsRequired(_TypedDict):
    """The keys TaskIdParams requires."""
    #: The identifier of the task.
    id: str


class TaskIdParams(_TaskIdParamsRequired, total=False):
    """Parameters that name a task by its id, for simple task operations."""
    #: Extension data attached to the request.
    metadata: _t.Dict[str, _t.Any]


class _TaskNotCancelableErrorRequired(_TypedDict):
    """The keys TaskNotCancelableError requires."""
    #: The code for a non-cancelable task: -32002.
    code: _t.Literal[-32002]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class TaskNotCancelableError(_TaskNotCancelableErrorRequired, total=False):
    """A2A error: the task can no longer be canceled, typically because it already reached a terminal
    state.
    """
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _TaskNotFoundErrorRequired(_TypedDict):
    """The keys TaskNotFoundError requires."""
    #: The code of an unknown task: -32001.
    code: _t.Literal[-32001]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class TaskNotFoundError(_TaskNotFoundErrorRequired, total=False):
    """A2A error: no task with the given id exists, or it is no longer available."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _TaskPushNotificationConfigRequired(_TypedDict):
    """The keys TaskPushNotificationConfig requires."""
    #: The task the configuration applies to.
    taskId: str
    #: The push notification configuration for that task.
    pushNotificationConfig: "PushNotificationConfig"


class TaskPushNotificationConfig(_TaskPushNotificationConfigRequired, total=False):
    """A push notification configuration together with the task it belongs to."""


class _TaskQueryParamsRequired(_TypedDict):
    """The keys TaskQueryParams requires."""
    #: The identifier of the task.
    id: str


class TaskQueryParams(_TaskQueryParamsRequired, total=False):
    """Parameters for reading a task, optionally limiting how much history comes back."""
    #: How many of the most recent history messages of the task to return.
    historyLength: int
    #: Extension data attached to the request.
    metadata: _t.Dict[str, _t.Any]


class _TaskResubscriptionRequestRequired(_TypedDict):
    """The keys TaskResubscriptionRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `tasks/resubscribe`.
    method: _t.Literal["tasks/resubscribe"]
    #: The task whose updates the client wants to receive again.
    params: "TaskIdParams"


class TaskResubscriptionRequest(_TaskResubscriptionRequestRequired, total=False):
    """A `tasks/resubscribe` call: reopens the stream of updates for a running task, for example after
    the connection dropped.
    """


class _TaskStatusRequired(_TypedDict):
    """The keys TaskStatus requires."""
    #: The lifecycle state the task is in.
    state: "TaskState"


class TaskStatus(_TaskStatusRequired, total=False):
    """A snapshot of how a task is doing: its state, an optional explanation and when it was recorded."""
    #: An optional message from the agent that explains the status to a human.
    message: "Message"
    #: When this status was recorded, as an ISO 8601 date-time string.
    timestamp: str


class _TaskStatusUpdateEventRequired(_TypedDict):
    """The keys TaskStatusUpdateEvent requires."""
    #: Discriminator of the event; always `status-update` for a status change.
    kind: _t.Literal["status-update"]
    #: The task whose status changed.
    taskId: str
    #: The context of that task.
    contextId: str
    #: The status the task has now.
    status: "TaskStatus"
    #: True when this is the last event the stream will carry for this interaction.
    final: bool


class TaskStatusUpdateEvent(_TaskStatusUpdateEventRequired, total=False):
    """An event telling the client that a task moved to a new status; sent in streams and
    subscriptions.
    """
    #: Extension data attached to the event.
    metadata: _t.Dict[str, _t.Any]


class _TextPartRequired(_TypedDict):
    """The keys TextPart requires."""
    #: Discriminator of the part union; always `text` for a text part.
    kind: _t.Literal["text"]
    #: The text content.
    text: str


class TextPart(_TextPartRequired, total=False):
    """A part that carries plain text."""
    #: Free-form metadata attached to this part.
    metadata: _t.Dict[str, _t.Any]


class _UnsupportedOperationErrorRequired(_TypedDict):
    """The keys UnsupportedOperationError requires."""
    #: The code of an unsupported operation: -32004.
    code: _t.Literal[-32004]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class UnsupportedOperationError(_UnsupportedOperationErrorRequired, total=False):
    """A2A error: the agent does not support the requested operation, or some aspect of it."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


A2AError: _t.TypeAlias = _t.Union[JSONParseError, InvalidRequestError, MethodNotFoundError, InvalidParamsError, InternalError, TaskNotFoundError, TaskNotCancelableError, PushNotificationNotSupportedError, UnsupportedOperationError, ContentTypeNotSupportedError, InvalidAgentResponseError, AuthenticatedExtendedCardNotConfiguredError]
"""Any of the errors A2A names: the standard JSON-RPC ones and the A2A-specific ones, told apart by
`code`.
"""


A2ARequest: _t.TypeAlias = _t.Union[SendMessageRequest, SendStreamingMessageRequest, GetTaskRequest, CancelTaskRequest, SetTaskPushNotificationConfigRequest, GetTaskPushNotificationConfigRequest, TaskResubscriptionRequest, ListTaskPushNotificationConfigRequest, DeleteTaskPushNotificationConfigRequest, GetAuthenticatedExtendedCardRequest]
"""Any request an A2A client can send, told apart by `method`."""


CancelTaskResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, CancelTaskSuccessResponse]
"""Any answer to `tasks/cancel`: an error or the success response."""


DeleteTaskPushNotificationConfigResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, DeleteTaskPushNotificationConfigSuccessResponse]
"""Any answer to `tasks/pushNotificationConfig/delete`: an error or the success response."""


GetAuthenticatedExtendedCardResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetAuthenticatedExtendedCardSuccessResponse]
"""Any answer to `agent/getAuthenticatedExtendedCard`: an error or the success response."""


GetTaskPushNotificationConfigResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetTaskPushNotificationConfigSuccessResponse]
"""Any answer to `tasks/pushNotificationConfig/get`: an error or the success response."""


GetTaskResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetTaskSuccessResponse]
"""Any answer to `tasks/get`: an error or the success response."""


JSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, SendMessageSuccessResponse, SendStreamingMessageSuccessResponse, GetTaskSuccessResponse, CancelTaskSuccessResponse, SetTaskPushNotificationConfigSuccessResponse, GetTaskPushNotificationConfigSuccessResponse, ListTaskPushNotificationConfigSuccessResponse, DeleteTaskPushNotificationConfigSuccessResponse, GetAuthenticatedExtendedCardSuccessResponse]
"""Any response an A2A server can send: an error response or the success response of one of its
methods.
"""


ListTaskPushNotificationConfigResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, ListTaskPushNotificationConfigSuccessResponse]
"""Any answer to `tasks/pushNotificationConfig/list`: an error or the success response."""


Part: _t.TypeAlias = _t.Union[TextPart, FilePart, DataPart]
"""One piece of a message or artifact: text, a file or structured data, told apart by `kind`."""


SecurityScheme: _t.TypeAlias = _t.Union[APIKeySecurityScheme, HTTPAuthSecurityScheme, OAuth2SecurityScheme, OpenIdConnectSecurityScheme, MutualTLSSecurityScheme]
"""A way of authorizing calls to an agent, after the OpenAPI 3.0 Security Scheme Object; the kinds are
told apart by `type`.
"""


SendMessageResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, SendMessageSuccessResponse]
"""Any answer to `message/send`: an error or the success response."""


SendStreamingMessageResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, SendStreamingMessageSuccessResponse]
"""Any event of a `message/stream` or `tasks/resubscribe` stream: an error or a success event."""


SetTaskPushNotificationConfigResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, SetTaskPushNotificationConfigSuccessResponse]
"""Any answer to `tasks/pushNotificationConfig/set`: an error or the success response."""


TaskState: _t.TypeAlias = _t.Literal["submitted", "working", "input-required", "completed", "canceled", "failed", "rejected", "auth-required", "unknown"]
"""Where a task is in its lifecycle. `completed`, `canceled`, `failed` and `rejected` are terminal;
`input-required` and `auth-required` wait on the client.
"""


TransportProtocol: _t.TypeAlias = _t.Literal["JSONRPC", "GRPC", "HTTP+JSON"]
"""The transports A2A defines. Agent cards still accept any string where a transport is named, so this
list is informative.
"""
