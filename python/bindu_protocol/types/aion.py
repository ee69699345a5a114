"""A2A v1.0 (ProtoJSON) with the aion context extension: TypedDicts of the aion variant, generated from the schemas by scripts/emit-python.ts; do not edit.

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

__all__ = ["A2AError", "A2ARequest", "APIKeySecurityScheme", "AgentCapabilities", "AgentCard", "AgentCardSignature", "AgentExtension", "AgentInterface", "AgentProvider", "AgentSkill", "Artifact", "AuthenticationInfo", "AuthorizationCodeOAuthFlow", "BadRequest", "CancelTaskJSONRPCRequest", "CancelTaskJSONRPCResponse", "CancelTaskJSONRPCSuccessResponse", "CancelTaskRequest", "ClientCredentialsOAuthFlow", "ContentTypeNotSupportedError", "ContextsList", "Conversation", "ConversationTaskStatus", "CreateTaskPushNotificationConfigJSONRPCRequest", "CreateTaskPushNotificationConfigJSONRPCResponse", "CreateTaskPushNotificationConfigJSONRPCSuccessResponse", "DeleteTaskPushNotificationConfigJSONRPCRequest", "DeleteTaskPushNotificationConfigJSONRPCResponse", "DeleteTaskPushNotificationConfigJSONRPCSuccessResponse", "DeleteTaskPushNotificationConfigRequest", "DeviceCodeOAuthFlow", "Empty", "ErrorDetail", "ErrorInfo", "ExtendedAgentCardNotConfiguredError", "ExtensionSupportRequiredError", "FieldViolation", "GET_CONTEXTS_LIST_EXTENSION_CANONICAL_URI_V1", "GET_CONTEXTS_LIST_EXTENSION_URI_V1", "GET_CONTEXT_EXTENSION_CANONICAL_URI_V1", "GET_CONTEXT_EXTENSION_URI_V1", "GetContextExtension", "GetContextParams", "GetContextRequest", "GetContextResponse", "GetContextSuccessResponse", "GetContextsListExtension", "GetContextsListParams", "GetContextsListRequest", "GetContextsListResponse", "GetContextsListSuccessResponse", "GetExtendedAgentCardJSONRPCRequest", "GetExtendedAgentCardJSONRPCResponse", "GetExtendedAgentCardJSONRPCSuccessResponse", "GetExtendedAgentCardRequest", "GetTaskJSONRPCRequest", "GetTaskJSONRPCResponse", "GetTaskJSONRPCSuccessResponse", "GetTaskPushNotificationConfigJSONRPCRequest", "GetTaskPushNotificationConfigJSONRPCResponse", "GetTaskPushNotificationConfigJSONRPCSuccessResponse", "GetTaskPushNotificationConfigRequest", "GetTaskRequest", "HTTPAuthSecurityScheme", "HTTPErrorResponse", "ImplicitOAuthFlow", "InternalError", "InvalidAgentResponseError", "InvalidParamsError", "InvalidRequestError", "JSONParseError", "JSONRPCError", "JSONRPCErrorResponse", "JSONRPCMessage", "JSONRPCRequest", "JSONRPCResponse", "JSONRPCSuccessResponse", "ListTaskPushNotificationConfigsJSONRPCRequest", "ListTaskPushNotificationConfigsJSONRPCResponse", "ListTaskPushNotificationConfigsJSONRPCSuccessResponse", "ListTaskPushNotificationConfigsRequest", "ListTaskPushNotificationConfigsResponse", "ListTasksJSONRPCRequest", "ListTasksJSONRPCResponse", "ListTasksJSONRPCSuccessResponse", "ListTasksRequest", "ListTasksResponse", "Message", "MethodNotFoundError", "MutualTlsSecurityScheme", "OAuth2SecurityScheme", "OAuthFlows", "OpenIdConnectSecurityScheme", "Part", "PasswordOAuthFlow", "PushNotificationNotSupportedError", "Role", "SecurityRequirement", "SecurityScheme", "SendMessageConfiguration", "SendMessageJSONRPCRequest", "SendMessageJSONRPCResponse", "SendMessageJSONRPCSuccessResponse", "SendMessageRequest", "SendMessageResponse", "SendStreamingMessageJSONRPCRequest", "SendStreamingMessageJSONRPCResponse", "SendStreamingMessageJSONRPCSuccessResponse", "StreamResponse", "StringList", "SubscribeToTaskJSONRPCRequest", "SubscribeToTaskRequest", "Task", "TaskArtifactUpdateEvent", "TaskNotCancelableError", "TaskNotFoundError", "TaskPushNotificationConfig", "TaskState", "TaskStatus", "TaskStatusUpdateEvent", "UnsupportedOperationError", "VersionNotSupportedError"]

class _APIKeySecuritySchemeRequired(_TypedDict):
    """The keys APIKeySecurityScheme requires."""
    #: Where the API key is sent (v0.3 called this `in`).
    location: _t.Literal["query", "header", "cookie"]
    #: The name of the header, query parameter or cookie that carries the key.
    name: str


class APIKeySecurityScheme(_APIKeySecuritySchemeRequired, total=False):
    """Authorization with an API key sent in a header, a query parameter or a cookie."""
    #: A note about the security scheme, for people.
    description: str


class AgentCapabilities(_TypedDict, total=False):
    """The optional protocol features an agent supports."""
    #: True when the agent can stream responses.
    streaming: bool
    #: True when the agent can send push notifications about tasks.
    pushNotifications: bool
    #: The protocol extensions the agent supports.
    extensions: _t.List["AgentExtension"]
    #: True when an authenticated client can fetch a fuller card with `GetExtendedAgentCard`.
    extendedAgentCard: bool


class _AgentCardRequired(_TypedDict):
    """The keys AgentCard requires."""
    #: The name of the agent, for people.
    name: str
    #: What the agent does, for people and for other agents choosing whom to call.
    description: str
    #: Where and how the agent can be reached, the preferred interface first; at least one.
    supportedInterfaces: _t.List["AgentInterface"]
    #: The version of the agent, for example `1.0.0`.
    version: str
    #: The optional protocol features the agent supports.
    capabilities: "AgentCapabilities"
    #: The media types the agent accepts as input unless a skill says otherwise; at least one.
    defaultInputModes: _t.List[str]
    #: The media types the agent produces unless a skill says otherwise; at least one.
    defaultOutputModes: _t.List[str]
    #: The distinct things the agent can do; at least one.
    skills: _t.List["AgentSkill"]


class AgentCard(_AgentCardRequired, total=False):
    """An agent's self-description: who it is, the interfaces it serves, what it can do and how callers
    authenticate.
    """
    #: The organization that provides the agent.
    provider: "AgentProvider"
    #: Where documentation about the agent can be read.
    documentationUrl: str
    #: The security schemes that can authorize calls, keyed by a name.
    securitySchemes: _t.Dict[str, "SecurityScheme"]
    #: The security requirements for calling the agent: any one entry, with all the schemes it names.
    securityRequirements: _t.List["SecurityRequirement"]
    #: JSON Web Signatures computed over this card.
    signatures: _t.List["AgentCardSignature"]
    #: Where an icon for the agent can be fetched.
    iconUrl: str


class _AgentCardSignatureRequired(_TypedDict):
    """The keys AgentCardSignature requires."""
    #: The protected JWS header: a JSON object, base64url-encoded.
    protected: str
    #: The signature, base64url-encoded.
    signature: str


class AgentCardSignature(_AgentCardSignatureRequired, total=False):
    """A JSON Web Signature (RFC 7515, JSON serialization) over an Agent Card."""
    #: The unprotected JWS header values.
    header: _t.Dict[str, _t.Any]


class AgentExtension(_TypedDict, total=False):
    """A protocol extension an agent supports, as declared in its card."""
    #: The URI that identifies the extension.
    uri: str
    #: How this agent uses the extension.
    description: str
    #: True when clients must understand and follow the extension's requirements.
    required: bool
    #: Settings specific to the extension.
    params: _t.Dict[str, _t.Any]


class _AgentInterfaceRequired(_TypedDict):
    """The keys AgentInterface requires."""
    #: Where the interface is served; an absolute HTTPS URL in production.
    url: str
    #: The protocol binding served there: `JSONRPC`, `GRPC`, `HTTP+JSON` or another, open-ended value.
    protocolBinding: str
    #: The A2A protocol version the interface speaks, for example `1.0` or `0.3`.
    protocolVersion: str


class AgentInterface(_AgentInterfaceRequired, total=False):
    """One way of reaching an agent: a URL, the protocol binding and the A2A version served there."""
    #: The tenant to name in requests to this interface.
    tenant: str


class _AgentProviderRequired(_TypedDict):
    """The keys AgentProvider requires."""
    #: A link to the provider's website or documentation.
    url: str
    #: The name of the organization providing the agent.
    organization: str


class AgentProvider(_AgentProviderRequired, total=False):
    """The organization that provides an agent."""


class _AgentSkillRequired(_TypedDict):
    """The keys AgentSkill requires."""
    #: The identifier of the skill, unique within the agent.
    id: str
    #: The name of the skill, for people.
    name: str
    #: What the skill does.
    description: str
    #: Keywords describing the skill; at least one.
    tags: _t.List[str]


class AgentSkill(_AgentSkillRequired, total=False):
    """One distinct capability an agent offers."""
    #: Example prompts or scenarios the skill handles.
    examples: _t.List[str]
    #: The media types the skill accepts, replacing the agent's defaults.
    inputModes: _t.List[str]
    #: The media types the skill produces, replacing the agent's defaults.
    outputModes: _t.List[str]
    #: The security requirements for using this skill.
    securityRequirements: _t.List["SecurityRequirement"]


class _ArtifactRequired(_TypedDict):
    """The keys Artifact requires."""
    #: The identifier of the artifact (for example a UUID), unique within its task.
    artifactId: str
    #: The content of the artifact: at least one part.
    parts: _t.List["Part"]


class Artifact(_ArtifactRequired, total=False):
    """An output of a task, made of parts."""
    #: A name for the artifact, for people.
    name: str
    #: A description of the artifact, for people.
    description: str
    #: Metadata attached to the artifact.
    metadata: _t.Dict[str, _t.Any]
    #: URIs of the extensions present in or contributing to this artifact.
    extensions: _t.List[str]


class _AuthenticationInfoRequired(_TypedDict):
    """The keys AuthenticationInfo requires."""
    #: The HTTP authentication scheme the agent uses when calling the webhook, from the IANA registry (for
    #: example `Bearer` or `Basic`); case-insensitive.
    scheme: str


class AuthenticationInfo(_AuthenticationInfoRequired, total=False):
    """How an agent authenticates when it posts a push notification."""
    #: The credentials to send, in the form the scheme defines (for example a token for Bearer).
    credentials: str


class _AuthorizationCodeOAuthFlowRequired(_TypedDict):
    """The keys AuthorizationCodeOAuthFlow requires."""
    #: The authorization endpoint of the flow.
    authorizationUrl: str
    #: The token endpoint of the flow.
    tokenUrl: str
    #: The scopes the flow offers: each scope name mapped to a short explanation of it.
    scopes: _t.Dict[str, str]


class AuthorizationCodeOAuthFlow(_AuthorizationCodeOAuthFlowRequired, total=False):
    """Settings of the OAuth 2.0 authorization-code flow."""
    #: The endpoint for refreshing tokens.
    refreshUrl: str
    #: True when PKCE (RFC 7636) is required.
    pkceRequired: bool


#: @type: The type of the detail; always the BadRequest type URL.
#: fieldViolations: The invalid fields.
_BadRequestRequired = _TypedDict("_BadRequestRequired", {"@type": _t.Literal["type.googleapis.com/google.rpc.BadRequest"], "fieldViolations": _t.List["FieldViolation"]})
_BadRequestOptional = _TypedDict("_BadRequestOptional", {}, total=False)


class BadRequest(_BadRequestRequired, _BadRequestOptional):
    """A `google.rpc.BadRequest` error detail: which fields of the request are invalid and why."""


class _CancelTaskJSONRPCRequestRequired(_TypedDict):
    """The keys CancelTaskJSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `CancelTask`.
    method: _t.Literal["CancelTask"]
    #: The task to cancel.
    params: "CancelTaskRequest"


class CancelTaskJSONRPCRequest(_CancelTaskJSONRPCRequestRequired, total=False):
    """A `CancelTask` call: asks the agent to cancel a task."""


class _CancelTaskJSONRPCSuccessResponseRequired(_TypedDict):
    """The keys CancelTaskJSONRPCSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The task after the cancellation was handled.
    result: "Task"


class CancelTaskJSONRPCSuccessResponse(_CancelTaskJSONRPCSuccessResponseRequired, total=False):
    """The successful answer to `CancelTask`."""


class _CancelTaskRequestRequired(_TypedDict):
    """The keys CancelTaskRequest requires."""
    #: The identifier of the task to cancel.
    id: str


class CancelTaskRequest(_CancelTaskRequestRequired, total=False):
    """The parameters of `CancelTask`."""
    #: The tenant, when the agent serves several (a path parameter in HTTP).
    tenant: str
    #: Extension data attached to the request.
    metadata: _t.Dict[str, _t.Any]


class _ClientCredentialsOAuthFlowRequired(_TypedDict):
    """The keys ClientCredentialsOAuthFlow requires."""
    #: The token endpoint of the flow.
    tokenUrl: str
    #: The scopes the flow offers: each scope name mapped to a short explanation of it.
    scopes: _t.Dict[str, str]


class ClientCredentialsOAuthFlow(_ClientCredentialsOAuthFlowRequired, total=False):
    """Settings of the OAuth 2.0 client-credentials flow."""
    #: The endpoint for refreshing tokens.
    refreshUrl: str


class _ContentTypeNotSupportedErrorRequired(_TypedDict):
    """The keys ContentTypeNotSupportedError requires."""
    #: The code of an unsupported content type: -32005.
    code: _t.Literal[-32005]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class ContentTypeNotSupportedError(_ContentTypeNotSupportedErrorRequired, total=False):
    """A2A error: a media type in the request or the accepted output modes is not supported."""
    #: Details of the error as ProtoJSON `Any` objects, each of which MUST carry its `@type` (A2A v1.0.1
    #: §9.5); one of them SHOULD be a `google.rpc.ErrorInfo` with reason `CONTENT_TYPE_NOT_SUPPORTED` and
    #: domain `a2a-protocol.org` (v1.0.1 §9.5; v1.0.0 said MUST, and HTTP+JSON §11.6 and gRPC §10.6 still do);
    #: other details may follow.
    data: _t.List["ErrorDetail"]


class _ConversationRequired(_TypedDict):
    """The keys Conversation requires."""
    #: The identifier of the conversation context.
    contextId: str
    #: The messages of the context, across its tasks, most recent first; may be empty.
    history: _t.List["Message"]
    #: The artifacts produced in the context; may be empty.
    artifacts: _t.List["Artifact"]
    #: The current status of the conversation.
    status: "ConversationTaskStatus"


class Conversation(_ConversationRequired, total=False):
    """The result of `GetContext`: a conversation context with its message history, its artifacts and
    its status.
    """


class _ConversationTaskStatusRequired(_TypedDict):
    """The keys ConversationTaskStatus requires."""
    #: The state of the most recent task of the context; `TASK_STATE_UNSPECIFIED` when it has none.
    state: "TaskState"


class ConversationTaskStatus(_ConversationTaskStatusRequired, total=False):
    """The status of a conversation: the state of its most recent task, without message or timestamp."""


class _CreateTaskPushNotificationConfigJSONRPCRequestRequired(_TypedDict):
    """The keys CreateTaskPushNotificationConfigJSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `CreateTaskPushNotificationConfig`.
    method: _t.Literal["CreateTaskPushNotificationConfig"]
    #: The configuration to create, naming its task.
    params: "TaskPushNotificationConfig"


class CreateTaskPushNotificationConfigJSONRPCRequest(_CreateTaskPushNotificationConfigJSONRPCRequestRequired, total=False):
    """A `CreateTaskPushNotificationConfig` call: registers a webhook for the updates of a task."""


class _CreateTaskPushNotificationConfigJSONRPCSuccessResponseRequired(_TypedDict):
    """The keys CreateTaskPushNotificationConfigJSONRPCSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The configuration as the agent stored it.
    result: "TaskPushNotificationConfig"


class CreateTaskPushNotificationConfigJSONRPCSuccessResponse(_CreateTaskPushNotificationConfigJSONRPCSuccessResponseRequired, total=False):
    """The successful answer to `CreateTaskPushNotificationConfig`."""


class _DeleteTaskPushNotificationConfigJSONRPCRequestRequired(_TypedDict):
    """The keys DeleteTaskPushNotificationConfigJSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `DeleteTaskPushNotificationConfig`.
    method: _t.Literal["DeleteTaskPushNotificationConfig"]
    #: The task and the configuration to delete.
    params: "DeleteTaskPushNotificationConfigRequest"


class DeleteTaskPushNotificationConfigJSONRPCRequest(_DeleteTaskPushNotificationConfigJSONRPCRequestRequired, total=False):
    """A `DeleteTaskPushNotificationConfig` call: removes a push notification configuration of a task."""


class _DeleteTaskPushNotificationConfigJSONRPCSuccessResponseRequired(_TypedDict):
    """The keys DeleteTaskPushNotificationConfigJSONRPCSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: No data: `{}` (the ProtoJSON of `google.protobuf.Empty`), or null as some SDKs send it.
    result: _t.Union["Empty", None]


class DeleteTaskPushNotificationConfigJSONRPCSuccessResponse(_DeleteTaskPushNotificationConfigJSONRPCSuccessResponseRequired, total=False):
    """The successful answer to `DeleteTaskPushNotificationConfig`."""


class _DeleteTaskPushNotificationConfigRequestRequired(_TypedDict):
    """The keys DeleteTaskPushNotificationConfigRequest requires."""
    #: The task the configuration belongs to.
    taskId: str
    #: The identifier of the configuration to delete.
    id: str


class DeleteTaskPushNotificationConfigRequest(_DeleteTaskPushNotificationConfigRequestRequired, total=False):
    """The parameters of `DeleteTaskPushNotificationConfig`."""
    #: The tenant, when the agent serves several (a path parameter in HTTP).
    tenant: str


class _DeviceCodeOAuthFlowRequired(_TypedDict):
    """The keys DeviceCodeOAuthFlow requires."""
    #: The device authorization endpoint of the flow.
    deviceAuthorizationUrl: str
    #: The token endpoint of the flow.
    tokenUrl: str
    #: The scopes the flow offers: each scope name mapped to a short explanation of it.
    scopes: _t.Dict[str, str]


class DeviceCodeOAuthFlow(_DeviceCodeOAuthFlowRequired, total=False):
    """Settings of the OAuth 2.0 device-code flow (RFC 8628), for devices with limited input."""
    #: The endpoint for refreshing tokens.
    refreshUrl: str


class Empty(_TypedDict, total=False):
    """An empty message (`google.protobuf.Empty`), written `{}` in ProtoJSON."""


#: @type: The type URL of the detail (any type but the two above, whose shapes are checked).
__ErrorDetail_2Required = _TypedDict("__ErrorDetail_2Required", {"@type": str})
__ErrorDetail_2Optional = _TypedDict("__ErrorDetail_2Optional", {}, total=False)


class _ErrorDetail_2(__ErrorDetail_2Required, __ErrorDetail_2Optional):
    """A detail of another type: any object naming its type in `@type`."""


#: @type: The type of the detail; always the ErrorInfo type URL.
#: reason: Why the error happened, as an UPPER_SNAKE_CASE constant of the domain, for example
#: `TASK_NOT_FOUND`.
#: domain: Who defines the reason; `a2a-protocol.org` for the A2A errors.
#: metadata: Further facts about the error, as string values (for example the task id).
_ErrorInfoRequired = _TypedDict("_ErrorInfoRequired", {"@type": _t.Literal["type.googleapis.com/google.rpc.ErrorInfo"], "reason": str, "domain": str})
_ErrorInfoOptional = _TypedDict("_ErrorInfoOptional", {"metadata": _t.Dict[str, str]}, total=False)


class ErrorInfo(_ErrorInfoRequired, _ErrorInfoOptional):
    """A `google.rpc.ErrorInfo` error detail: the machine-readable reason of an error and its domain."""


class _ExtendedAgentCardNotConfiguredErrorRequired(_TypedDict):
    """The keys ExtendedAgentCardNotConfiguredError requires."""
    #: The code of a missing extended agent card: -32007.
    code: _t.Literal[-32007]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class ExtendedAgentCardNotConfiguredError(_ExtendedAgentCardNotConfiguredErrorRequired, total=False):
    """A2A error: the agent has no extended Agent Card to return (v0.3 called it
    AuthenticatedExtendedCardNotConfiguredError).
    """
    #: Details of the error as ProtoJSON `Any` objects, each of which MUST carry its `@type` (A2A v1.0.1
    #: §9.5); one of them SHOULD be a `google.rpc.ErrorInfo` with reason `EXTENDED_AGENT_CARD_NOT_CONFIGURED`
    #: and domain `a2a-protocol.org` (v1.0.1 §9.5; v1.0.0 said MUST, and HTTP+JSON §11.6 and gRPC §10.6 still
    #: do); other details may follow.
    data: _t.List["ErrorDetail"]


class _ExtensionSupportRequiredErrorRequired(_TypedDict):
    """The keys ExtensionSupportRequiredError requires."""
    #: The code of a required extension the client did not declare: -32008.
    code: _t.Literal[-32008]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class ExtensionSupportRequiredError(_ExtensionSupportRequiredErrorRequired, total=False):
    """A2A error: the agent requires an extension that the client did not declare in `A2A-Extensions`."""
    #: Details of the error as ProtoJSON `Any` objects, each of which MUST carry its `@type` (A2A v1.0.1
    #: §9.5); one of them SHOULD be a `google.rpc.ErrorInfo` with reason `EXTENSION_SUPPORT_REQUIRED` and
    #: domain `a2a-protocol.org` (v1.0.1 §9.5; v1.0.0 said MUST, and HTTP+JSON §11.6 and gRPC §10.6 still do);
    #: other details may follow.
    data: _t.List["ErrorDetail"]


class _FieldViolationRequired(_TypedDict):
    """The keys FieldViolation requires."""
    #: The path of the offending field in the request, for example `message.parts`.
    field: str
    #: What is wrong with the field.
    description: str


class FieldViolation(_FieldViolationRequired, total=False):
    """One invalid field of a request (`google.rpc.BadRequest.FieldViolation`)."""
    #: An UPPER_SNAKE_CASE reason for the violation.
    reason: str
    #: A message for people, in their language.
    localizedMessage: str


class _GetContextExtensionRequired(_TypedDict):
    """The keys GetContextExtension requires."""
    #: The URI of the GetContext extension: the form the SDK advertises or the documented form.
    uri: _t.Literal["https://docs.aion.to/a2a/extensions/aion/context/get-context/1.0.0", "https://docs.aion.to/extensions/aion/context/get-context/1.0.0"]


class GetContextExtension(_GetContextExtensionRequired, total=False):
    """The AgentExtension entry (in `capabilities.extensions`) by which an agent declares the
    GetContext extension 1.0.0, which adds the `GetContext` method.
    """
    #: How the agent uses the extension.
    description: str
    #: Whether clients must support the extension; the SDK declares it not required.
    required: bool
    #: Extension settings; the SDK sends none.
    params: _t.Dict[str, _t.Any]


class _GetContextParamsRequired(_TypedDict):
    """The keys GetContextParams requires."""
    #: The identifier of the conversation context to retrieve.
    contextId: str


class GetContextParams(_GetContextParamsRequired, total=False):
    """The parameters of `GetContext`: which context, and which slice of its history."""
    #: At most how many of the most recent tasks of the context to return; a server-defined limit when left
    #: out.
    historyLength: int
    #: How many of the most recent entries to skip before returning any; 0 when left out.
    historyOffset: int
    #: Extension data attached to the request.
    metadata: _t.Dict[str, _t.Any]


class _GetContextRequestRequired(_TypedDict):
    """The keys GetContextRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `GetContext`.
    method: _t.Literal["GetContext"]
    #: The context to retrieve and the slice of its history wanted.
    params: "GetContextParams"


class GetContextRequest(_GetContextRequestRequired, total=False):
    """A `GetContext` call (aion context extension): retrieves one conversation context with its
    history and artifacts.
    """


class _GetContextSuccessResponseRequired(_TypedDict):
    """The keys GetContextSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The conversation context with its history, artifacts and status.
    result: "Conversation"


class GetContextSuccessResponse(_GetContextSuccessResponseRequired, total=False):
    """The successful answer to `GetContext`."""


class _GetContextsListExtensionRequired(_TypedDict):
    """The keys GetContextsListExtension requires."""
    #: The URI of the GetContexts extension: the form the SDK advertises or the documented form.
    uri: _t.Literal["https://docs.aion.to/a2a/extensions/aion/context/get-contexts/1.0.0", "https://docs.aion.to/extensions/aion/context/get-contexts/1.0.0"]


class GetContextsListExtension(_GetContextsListExtensionRequired, total=False):
    """The AgentExtension entry (in `capabilities.extensions`) by which an agent declares the
    GetContexts extension 1.0.0, which adds the `GetContexts` method.
    """
    #: How the agent uses the extension.
    description: str
    #: Whether clients must support the extension; the SDK declares it not required.
    required: bool
    #: Extension settings; the SDK sends none.
    params: _t.Dict[str, _t.Any]


class GetContextsListParams(_TypedDict, total=False):
    """The parameters of `GetContexts`: which slice of the list of contexts, most recent first. All
    optional.
    """
    #: At most how many of the most recent contexts to return.
    historyLength: int
    #: How many of the most recent contexts to skip before returning any.
    historyOffset: int
    #: Extension data attached to the request.
    metadata: _t.Dict[str, _t.Any]


class _GetContextsListRequestRequired(_TypedDict):
    """The keys GetContextsListRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `GetContexts`.
    method: _t.Literal["GetContexts"]


class GetContextsListRequest(_GetContextsListRequestRequired, total=False):
    """A `GetContexts` call (aion context extension): lists the identifiers of the available contexts."""
    #: The slice of the list wanted; when left out, the server applies its defaults.
    params: "GetContextsListParams"


class _GetContextsListSuccessResponseRequired(_TypedDict):
    """The keys GetContextsListSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The identifiers of the available contexts, most recent first.
    result: "ContextsList"


class GetContextsListSuccessResponse(_GetContextsListSuccessResponseRequired, total=False):
    """The successful answer to `GetContexts`."""


class _GetExtendedAgentCardJSONRPCRequestRequired(_TypedDict):
    """The keys GetExtendedAgentCardJSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `GetExtendedAgentCard`.
    method: _t.Literal["GetExtendedAgentCard"]


class GetExtendedAgentCardJSONRPCRequest(_GetExtendedAgentCardJSONRPCRequestRequired, total=False):
    """A `GetExtendedAgentCard` call: asks, authenticated, for the fuller Agent Card."""
    #: The tenant, if any; the member may be left out.
    params: "GetExtendedAgentCardRequest"


class _GetExtendedAgentCardJSONRPCSuccessResponseRequired(_TypedDict):
    """The keys GetExtendedAgentCardJSONRPCSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The full Agent Card, which may list more than the public one.
    result: "AgentCard"


class GetExtendedAgentCardJSONRPCSuccessResponse(_GetExtendedAgentCardJSONRPCSuccessResponseRequired, total=False):
    """The successful answer to `GetExtendedAgentCard`."""


class GetExtendedAgentCardRequest(_TypedDict, total=False):
    """The parameters of `GetExtendedAgentCard`; the whole `params` member may be left out."""
    #: The tenant, when the agent serves several (a path parameter in HTTP).
    tenant: str


class _GetTaskJSONRPCRequestRequired(_TypedDict):
    """The keys GetTaskJSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `GetTask`.
    method: _t.Literal["GetTask"]
    #: Which task to read and how much history to include.
    params: "GetTaskRequest"


class GetTaskJSONRPCRequest(_GetTaskJSONRPCRequestRequired, total=False):
    """A `GetTask` call: reads the current state of a task."""


class _GetTaskJSONRPCSuccessResponseRequired(_TypedDict):
    """The keys GetTaskJSONRPCSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The task as it stands now.
    result: "Task"


class GetTaskJSONRPCSuccessResponse(_GetTaskJSONRPCSuccessResponseRequired, total=False):
    """The successful answer to `GetTask`."""


class _GetTaskPushNotificationConfigJSONRPCRequestRequired(_TypedDict):
    """The keys GetTaskPushNotificationConfigJSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `GetTaskPushNotificationConfig`.
    method: _t.Literal["GetTaskPushNotificationConfig"]
    #: The task and the configuration to read.
    params: "GetTaskPushNotificationConfigRequest"


class GetTaskPushNotificationConfigJSONRPCRequest(_GetTaskPushNotificationConfigJSONRPCRequestRequired, total=False):
    """A `GetTaskPushNotificationConfig` call: reads one push notification configuration of a task."""


class _GetTaskPushNotificationConfigJSONRPCSuccessResponseRequired(_TypedDict):
    """The keys GetTaskPushNotificationConfigJSONRPCSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The configuration asked for.
    result: "TaskPushNotificationConfig"


class GetTaskPushNotificationConfigJSONRPCSuccessResponse(_GetTaskPushNotificationConfigJSONRPCSuccessResponseRequired, total=False):
    """The successful answer to `GetTaskPushNotificationConfig`."""


class _GetTaskPushNotificationConfigRequestRequired(_TypedDict):
    """The keys GetTaskPushNotificationConfigRequest requires."""
    #: The task the configuration belongs to.
    taskId: str
    #: The identifier of the configuration to read.
    id: str


class GetTaskPushNotificationConfigRequest(_GetTaskPushNotificationConfigRequestRequired, total=False):
    """The parameters of `GetTaskPushNotificationConfig`."""
    #: The tenant, when the agent serves several (a path parameter in HTTP).
    tenant: str


class _GetTaskRequestRequired(_TypedDict):
    """The keys GetTaskRequest requires."""
    #: The identifier of the task to read.
    id: str


class GetTaskRequest(_GetTaskRequestRequired, total=False):
    """The parameters of `GetTask`."""
    #: The tenant, when the agent serves several (a path parameter in HTTP).
    tenant: str
    #: At most how many of the most recent history messages to return; left out for no limit, 0 for none.
    historyLength: int


class _HTTPAuthSecuritySchemeRequired(_TypedDict):
    """The keys HTTPAuthSecurityScheme requires."""
    #: The HTTP authentication scheme for the `Authorization` header (RFC 7235), for example `Bearer`.
    scheme: str


class HTTPAuthSecurityScheme(_HTTPAuthSecuritySchemeRequired, total=False):
    """Authorization with a standard HTTP authentication scheme such as Basic or Bearer."""
    #: A note about the security scheme, for people.
    description: str
    #: A hint about how bearer tokens are formatted, for example `JWT`.
    bearerFormat: str


class __HTTPErrorResponse_errorRequired(_TypedDict):
    """The keys _HTTPErrorResponse_error requires."""
    #: The HTTP status code of the answer (§5.4 maps each A2A error to one).
    code: int
    #: What went wrong, for people.
    message: str


class _HTTPErrorResponse_error(__HTTPErrorResponse_errorRequired, total=False):
    """The status: HTTP code, gRPC status name, message and details."""
    #: The `google.rpc.Code` name matching the status, for example `NOT_FOUND` (§5.4 gives the gRPC status of
    #: each A2A error).
    status: _t.Literal["OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"]
    #: Error details; for an A2A error, a `google.rpc.ErrorInfo` whose `reason` names it (`TASK_NOT_FOUND`) in
    #: the domain `a2a-protocol.org`.
    details: _t.List["ErrorDetail"]


class _HTTPErrorResponseRequired(_TypedDict):
    """The keys HTTPErrorResponse requires."""
    #: The status: HTTP code, gRPC status name, message and details.
    error: "_HTTPErrorResponse_error"


class HTTPErrorResponse(_HTTPErrorResponseRequired, total=False):
    """The body of an HTTP+JSON error answer of A2A v1.0 (§11.6, AIP-193): a `google.rpc.Status` under
    `error`.
    """


class ImplicitOAuthFlow(_TypedDict, total=False):
    """Settings of the OAuth 2.0 implicit flow (deprecated)."""
    #: The authorization endpoint of the flow.
    authorizationUrl: str
    #: The endpoint for refreshing tokens.
    refreshUrl: str
    #: The scopes the flow offers: each scope name mapped to a short explanation of it.
    scopes: _t.Dict[str, str]


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
    """A2A error: the agent produced a response that does not conform to the specification."""
    #: Details of the error as ProtoJSON `Any` objects, each of which MUST carry its `@type` (A2A v1.0.1
    #: §9.5); one of them SHOULD be a `google.rpc.ErrorInfo` with reason `INVALID_AGENT_RESPONSE` and domain
    #: `a2a-protocol.org` (v1.0.1 §9.5; v1.0.0 said MUST, and HTTP+JSON §11.6 and gRPC §10.6 still do); other
    #: details may follow.
    data: _t.List["ErrorDetail"]


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
    #: A number identifying the kind of error; not one of the nine A2A codes (-32001 to -32009), whose errors
    #: have their own shape. Server-defined errors use -32000 to -32099.
    code: int
    #: A short, human-readable summary of the error.
    message: str


class JSONRPCError(_JSONRPCErrorRequired, total=False):
    """The error object of JSON-RPC 2.0, for the errors A2A does not name (such as server-defined
    errors); an A2A error code must match its own error type.
    """
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _JSONRPCErrorResponseRequired(_TypedDict):
    """The keys JSONRPCErrorResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers; null when it could not be read.
    id: _t.Union[str, int, None]
    #: What went wrong: a generic JSON-RPC error or one of the errors A2A v1.0 names.
    error: _t.Union["JSONRPCError", "JSONParseError", "InvalidRequestError", "MethodNotFoundError", "InvalidParamsError", "InternalError", "TaskNotFoundError", "TaskNotCancelableError", "PushNotificationNotSupportedError", "UnsupportedOperationError", "ContentTypeNotSupportedError", "InvalidAgentResponseError", "ExtendedAgentCardNotConfiguredError", "ExtensionSupportRequiredError", "VersionNotSupportedError"]


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


class _ListTaskPushNotificationConfigsJSONRPCRequestRequired(_TypedDict):
    """The keys ListTaskPushNotificationConfigsJSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `ListTaskPushNotificationConfigs`.
    method: _t.Literal["ListTaskPushNotificationConfigs"]
    #: The task whose configurations to list, and paging.
    params: "ListTaskPushNotificationConfigsRequest"


class ListTaskPushNotificationConfigsJSONRPCRequest(_ListTaskPushNotificationConfigsJSONRPCRequestRequired, total=False):
    """A `ListTaskPushNotificationConfigs` call: lists the push notification configurations of a task."""


class _ListTaskPushNotificationConfigsJSONRPCSuccessResponseRequired(_TypedDict):
    """The keys ListTaskPushNotificationConfigsJSONRPCSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: One page of configurations.
    result: "ListTaskPushNotificationConfigsResponse"


class ListTaskPushNotificationConfigsJSONRPCSuccessResponse(_ListTaskPushNotificationConfigsJSONRPCSuccessResponseRequired, total=False):
    """The successful answer to `ListTaskPushNotificationConfigs`."""


class _ListTaskPushNotificationConfigsRequestRequired(_TypedDict):
    """The keys ListTaskPushNotificationConfigsRequest requires."""
    #: The task whose configurations to list.
    taskId: str


class ListTaskPushNotificationConfigsRequest(_ListTaskPushNotificationConfigsRequestRequired, total=False):
    """The parameters of `ListTaskPushNotificationConfigs`."""
    #: The tenant, when the agent serves several (a path parameter in HTTP).
    tenant: str
    #: At most how many configurations to return.
    pageSize: int
    #: The `nextPageToken` of a previous call, to get the page after it.
    pageToken: str


class ListTaskPushNotificationConfigsResponse(_TypedDict, total=False):
    """The result of `ListTaskPushNotificationConfigs`: one page of configurations."""
    #: The push notification configurations on this page.
    configs: _t.List["TaskPushNotificationConfig"]
    #: The token for the next page; empty or left out on the last page.
    nextPageToken: str


class _ListTasksJSONRPCRequestRequired(_TypedDict):
    """The keys ListTasksJSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `ListTasks`.
    method: _t.Literal["ListTasks"]
    #: Filters and paging for the listing.
    params: "ListTasksRequest"


class ListTasksJSONRPCRequest(_ListTasksJSONRPCRequestRequired, total=False):
    """A `ListTasks` call: lists tasks, with filters and paging."""


class _ListTasksJSONRPCSuccessResponseRequired(_TypedDict):
    """The keys ListTasksJSONRPCSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: One page of tasks.
    result: "ListTasksResponse"


class ListTasksJSONRPCSuccessResponse(_ListTasksJSONRPCSuccessResponseRequired, total=False):
    """The successful answer to `ListTasks`."""


class ListTasksRequest(_TypedDict, total=False):
    """The parameters of `ListTasks`: filters and paging."""
    #: The tenant, when the agent serves several (a path parameter in HTTP).
    tenant: str
    #: Only tasks of this context.
    contextId: str
    #: Only tasks in this state.
    status: "TaskState"
    #: At most how many tasks to return, from 1 to 100; 50 when left out.
    pageSize: int
    #: The `nextPageToken` of a previous call, to get the page after it.
    pageToken: str
    #: At most how many history messages to include in each task.
    historyLength: int
    #: Only tasks whose status was recorded at or after this time (RFC 3339).
    statusTimestampAfter: str
    #: True to include the artifacts of the tasks; false (the default) to leave them out.
    includeArtifacts: bool


class _ListTasksResponseRequired(_TypedDict):
    """The keys ListTasksResponse requires."""
    #: The tasks on this page; empty when none match.
    tasks: _t.List["Task"]
    #: The token for the next page; the empty string on the last page.
    nextPageToken: str
    #: The page size used for this response.
    pageSize: int
    #: How many tasks match in all, before paging.
    totalSize: int


class ListTasksResponse(_ListTasksResponseRequired, total=False):
    """The result of `ListTasks`: one page of tasks and paging information."""


class _MessageRequired(_TypedDict):
    """The keys Message requires."""
    #: The identifier of the message (for example a UUID), chosen by its sender.
    messageId: str
    #: Who sent the message.
    role: "Role"
    #: The content of the message: at least one part.
    parts: _t.List["Part"]


class Message(_MessageRequired, total=False):
    """One unit of communication between a client (`ROLE_USER`) and an agent (`ROLE_AGENT`)."""
    #: The context the message belongs to. Agents always set it; clients may leave it out.
    contextId: str
    #: The task the message belongs to; left out before a task exists. The server infers the context from it.
    taskId: str
    #: Extension data attached to the message.
    metadata: _t.Dict[str, _t.Any]
    #: URIs of the extensions present in or contributing to this message.
    extensions: _t.List[str]
    #: Identifiers of other tasks this message refers to for context.
    referenceTaskIds: _t.List[str]


class _MethodNotFoundErrorRequired(_TypedDict):
    """The keys MethodNotFoundError requires."""
    #: The code of an unknown method: -32601.
    code: _t.Literal[-32601]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class MethodNotFoundError(_MethodNotFoundErrorRequired, total=False):
    """No method by that name exists on this server (a v0.3 name such as `message/send` on a v1.0-only
    server, for example).
    """
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class MutualTlsSecurityScheme(_TypedDict, total=False):
    """Authorization with mutual TLS: the client presents a certificate."""
    #: A note about the security scheme, for people.
    description: str


class _OAuth2SecuritySchemeRequired(_TypedDict):
    """The keys OAuth2SecurityScheme requires."""
    #: The OAuth 2.0 flow the agent supports and its settings.
    flows: "OAuthFlows"


class OAuth2SecurityScheme(_OAuth2SecuritySchemeRequired, total=False):
    """Authorization with OAuth 2.0."""
    #: A note about the security scheme, for people.
    description: str
    #: Where the authorization server publishes its metadata (RFC 8414); TLS is required.
    oauth2MetadataUrl: str


class OAuthFlows(_TypedDict, total=False):
    """The OAuth 2.0 flow a scheme supports, wrapped in a one-of."""
    #: The authorization-code flow.
    authorizationCode: "AuthorizationCodeOAuthFlow"
    #: The client-credentials flow.
    clientCredentials: "ClientCredentialsOAuthFlow"
    #: The implicit flow (deprecated: use authorization code with PKCE).
    implicit: "ImplicitOAuthFlow"
    #: The resource-owner password flow (deprecated).
    password: "PasswordOAuthFlow"
    #: The device-code flow (RFC 8628).
    deviceCode: "DeviceCodeOAuthFlow"


class _OpenIdConnectSecuritySchemeRequired(_TypedDict):
    """The keys OpenIdConnectSecurityScheme requires."""
    #: The OpenID Connect discovery URL of the provider's metadata.
    openIdConnectUrl: str


class OpenIdConnectSecurityScheme(_OpenIdConnectSecuritySchemeRequired, total=False):
    """Authorization with OpenID Connect."""
    #: A note about the security scheme, for people.
    description: str


class Part(_TypedDict, total=False):
    """One piece of the content of a message or an artifact: text, file bytes, a file URL or structured
    data.
    """
    #: Text content.
    text: str
    #: File content as bytes, base64-encoded (standard or URL-safe alphabet, padding optional).
    raw: str
    #: A URL where the file's content can be fetched.
    url: str
    #: Structured content: any JSON value (object, array, string, number, boolean or null).
    data: _t.Any
    #: Free-form metadata attached to this part.
    metadata: _t.Dict[str, _t.Any]
    #: A file name for the content, for example `document.pdf`.
    filename: str
    #: The media (MIME) type of the content, for example `text/plain` or `image/png`; allowed on every kind of
    #: part.
    mediaType: str


class PasswordOAuthFlow(_TypedDict, total=False):
    """Settings of the OAuth 2.0 resource-owner password flow (deprecated)."""
    #: The token endpoint of the flow.
    tokenUrl: str
    #: The endpoint for refreshing tokens.
    refreshUrl: str
    #: The scopes the flow offers: each scope name mapped to a short explanation of it.
    scopes: _t.Dict[str, str]


class _PushNotificationNotSupportedErrorRequired(_TypedDict):
    """The keys PushNotificationNotSupportedError requires."""
    #: The code of unsupported push notifications: -32003.
    code: _t.Literal[-32003]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class PushNotificationNotSupportedError(_PushNotificationNotSupportedErrorRequired, total=False):
    """A2A error: the agent does not support push notifications."""
    #: Details of the error as ProtoJSON `Any` objects, each of which MUST carry its `@type` (A2A v1.0.1
    #: §9.5); one of them SHOULD be a `google.rpc.ErrorInfo` with reason `PUSH_NOTIFICATION_NOT_SUPPORTED` and
    #: domain `a2a-protocol.org` (v1.0.1 §9.5; v1.0.0 said MUST, and HTTP+JSON §11.6 and gRPC §10.6 still do);
    #: other details may follow.
    data: _t.List["ErrorDetail"]


class SecurityRequirement(_TypedDict, total=False):
    """One acceptable combination of security schemes, all required together; a list of them means any
    one will do.
    """
    #: The schemes needed together, each scheme name (a key of `securitySchemes`) mapped to the scopes it
    #: needs.
    schemes: _t.Dict[str, "StringList"]


class SecurityScheme(_TypedDict, total=False):
    """A way of authorizing calls to an agent, after the OpenAPI Security Scheme Object, wrapped in a
    one-of.
    """
    #: Authorization with an API key.
    apiKeySecurityScheme: "APIKeySecurityScheme"
    #: Authorization with an HTTP authentication scheme.
    httpAuthSecurityScheme: "HTTPAuthSecurityScheme"
    #: Authorization with OAuth 2.0.
    oauth2SecurityScheme: "OAuth2SecurityScheme"
    #: Authorization with OpenID Connect.
    openIdConnectSecurityScheme: "OpenIdConnectSecurityScheme"
    #: Authorization with mutual TLS.
    mtlsSecurityScheme: "MutualTlsSecurityScheme"


class SendMessageConfiguration(_TypedDict, total=False):
    """Settings that adjust how a `SendMessage` or `SendStreamingMessage` call is handled."""
    #: The media types the client can take in response parts; agents should tailor their output to them.
    acceptedOutputModes: _t.List[str]
    #: Where the agent should push later updates of the task; its `taskId` is left out here.
    taskPushNotificationConfig: "TaskPushNotificationConfig"
    #: At most how many of the most recent history messages to return; left out for no limit, 0 for none.
    historyLength: int
    #: True to get the answer as soon as the task exists; false (the default) to wait until the task is in a
    #: terminal or interrupted state. The inverse of v0.3 `blocking`.
    returnImmediately: bool


class _SendMessageJSONRPCRequestRequired(_TypedDict):
    """The keys SendMessageJSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `SendMessage`.
    method: _t.Literal["SendMessage"]
    #: The message to send and how to handle it.
    params: "SendMessageRequest"


class SendMessageJSONRPCRequest(_SendMessageJSONRPCRequestRequired, total=False):
    """A `SendMessage` call: sends a message to the agent and gets back a task or a message."""


class _SendMessageJSONRPCSuccessResponseRequired(_TypedDict):
    """The keys SendMessageJSONRPCSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The task that tracks the work, or a direct message, wrapped as `{task}` or `{message}`.
    result: "SendMessageResponse"


class SendMessageJSONRPCSuccessResponse(_SendMessageJSONRPCSuccessResponseRequired, total=False):
    """The successful answer to `SendMessage`."""


class _SendMessageRequestRequired(_TypedDict):
    """The keys SendMessageRequest requires."""
    #: The message sent to the agent.
    message: "Message"


class SendMessageRequest(_SendMessageRequestRequired, total=False):
    """The parameters of `SendMessage` and `SendStreamingMessage`: a message and how to handle it."""
    #: The tenant, when the agent serves several (a path parameter in HTTP).
    tenant: str
    #: How the call is to be handled.
    configuration: "SendMessageConfiguration"
    #: Extension data attached to the request.
    metadata: _t.Dict[str, _t.Any]


class SendMessageResponse(_TypedDict, total=False):
    """The result of `SendMessage`: the task that tracks the work, or a direct message, wrapped in a
    one-of.
    """
    #: The task created or updated by the message.
    task: "Task"
    #: A message from the agent that answers directly.
    message: "Message"


class _SendStreamingMessageJSONRPCRequestRequired(_TypedDict):
    """The keys SendStreamingMessageJSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `SendStreamingMessage`.
    method: _t.Literal["SendStreamingMessage"]
    #: The message to send and how to handle it.
    params: "SendMessageRequest"


class SendStreamingMessageJSONRPCRequest(_SendStreamingMessageJSONRPCRequestRequired, total=False):
    """A `SendStreamingMessage` call: sends a message to the agent and subscribes to a stream of
    updates.
    """


class _SendStreamingMessageJSONRPCSuccessResponseRequired(_TypedDict):
    """The keys SendStreamingMessageJSONRPCSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: One event of the stream, wrapped as `{task}`, `{message}`, `{statusUpdate}` or `{artifactUpdate}`.
    result: "StreamResponse"


class SendStreamingMessageJSONRPCSuccessResponse(_SendStreamingMessageJSONRPCSuccessResponseRequired, total=False):
    """One successful event of a `SendStreamingMessage` or `SubscribeToTask` stream; a call produces
    many.
    """


class StreamResponse(_TypedDict, total=False):
    """One event of a `SendStreamingMessage` or `SubscribeToTask` stream (and the body of a push
    notification), wrapped in a one-of.
    """
    #: The task in its current state.
    task: "Task"
    #: A message from the agent.
    message: "Message"
    #: A change in the status of the task.
    statusUpdate: "TaskStatusUpdateEvent"
    #: A new or extended artifact of the task.
    artifactUpdate: "TaskArtifactUpdateEvent"


class StringList(_TypedDict, total=False):
    """A list of strings (a proto message wrapping a repeated string)."""
    #: The strings.
    list: _t.List[str]


class _SubscribeToTaskJSONRPCRequestRequired(_TypedDict):
    """The keys SubscribeToTaskJSONRPCRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `SubscribeToTask`.
    method: _t.Literal["SubscribeToTask"]
    #: The task to follow.
    params: "SubscribeToTaskRequest"


class SubscribeToTaskJSONRPCRequest(_SubscribeToTaskJSONRPCRequestRequired, total=False):
    """A `SubscribeToTask` call: opens a stream of the updates of a task that is not yet terminal."""


class _SubscribeToTaskRequestRequired(_TypedDict):
    """The keys SubscribeToTaskRequest requires."""
    #: The identifier of the task to subscribe to.
    id: str


class SubscribeToTaskRequest(_SubscribeToTaskRequestRequired, total=False):
    """The parameters of `SubscribeToTask`."""
    #: The tenant, when the agent serves several (a path parameter in HTTP).
    tenant: str


class _TaskRequired(_TypedDict):
    """The keys Task requires."""
    #: The identifier of the task (for example a UUID), assigned by the server.
    id: str
    #: The current status of the task.
    status: "TaskStatus"


class Task(_TaskRequired, total=False):
    """The unit of work of A2A: an identity, a status, the artifacts produced and the message history."""
    #: The context that groups this task with related tasks and messages.
    contextId: str
    #: The outputs the task has produced.
    artifacts: _t.List["Artifact"]
    #: The messages exchanged in the course of the task.
    history: _t.List["Message"]
    #: Custom metadata about the task.
    metadata: _t.Dict[str, _t.Any]


class _TaskArtifactUpdateEventRequired(_TypedDict):
    """The keys TaskArtifactUpdateEvent requires."""
    #: The task the artifact belongs to.
    taskId: str
    #: The context of that task.
    contextId: str
    #: The artifact, or the chunk of it, that was produced.
    artifact: "Artifact"


class TaskArtifactUpdateEvent(_TaskArtifactUpdateEventRequired, total=False):
    """An event telling the client that an artifact was generated or extended."""
    #: True when the parts are to be appended to the artifact with the same id sent earlier.
    append: bool
    #: True when this is the last chunk of the artifact.
    lastChunk: bool
    #: Metadata attached to the update.
    metadata: _t.Dict[str, _t.Any]


class _TaskNotCancelableErrorRequired(_TypedDict):
    """The keys TaskNotCancelableError requires."""
    #: The code of a task that cannot be canceled: -32002.
    code: _t.Literal[-32002]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class TaskNotCancelableError(_TaskNotCancelableErrorRequired, total=False):
    """A2A error: the task cannot be canceled, typically because it is already in a terminal state."""
    #: Details of the error as ProtoJSON `Any` objects, each of which MUST carry its `@type` (A2A v1.0.1
    #: §9.5); one of them SHOULD be a `google.rpc.ErrorInfo` with reason `TASK_NOT_CANCELABLE` and domain
    #: `a2a-protocol.org` (v1.0.1 §9.5; v1.0.0 said MUST, and HTTP+JSON §11.6 and gRPC §10.6 still do); other
    #: details may follow.
    data: _t.List["ErrorDetail"]


class _TaskNotFoundErrorRequired(_TypedDict):
    """The keys TaskNotFoundError requires."""
    #: The code of an unknown task: -32001.
    code: _t.Literal[-32001]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class TaskNotFoundError(_TaskNotFoundErrorRequired, total=False):
    """A2A error: no task with the given id exists, or it is no longer available."""
    #: Details of the error as ProtoJSON `Any` objects, each of which MUST carry its `@type` (A2A v1.0.1
    #: §9.5); one of them SHOULD be a `google.rpc.ErrorInfo` with reason `TASK_NOT_FOUND` and domain
    #: `a2a-protocol.org` (v1.0.1 §9.5; v1.0.0 said MUST, and HTTP+JSON §11.6 and gRPC §10.6 still do); other
    #: details may follow.
    data: _t.List["ErrorDetail"]


class _TaskPushNotificationConfigRequired(_TypedDict):
    """The keys TaskPushNotificationConfig requires."""
    #: The webhook URL the agent posts notifications to.
    url: str


class TaskPushNotificationConfig(_TaskPushNotificationConfigRequired, total=False):
    """A push notification configuration of a task: where and how the agent posts its updates."""
    #: The tenant, when the agent serves several.
    tenant: str
    #: The identifier of this configuration (for example a UUID), so that a task can have several.
    id: str
    #: The task the configuration belongs to. Given when creating one; left out when the configuration travels
    #: inside a `SendMessage` request.
    taskId: str
    #: A token unique to the task or session, which the receiver can use to check notifications.
    token: str
    #: How the agent must authenticate to the webhook.
    authentication: "AuthenticationInfo"


class _TaskStatusRequired(_TypedDict):
    """The keys TaskStatus requires."""
    #: The lifecycle state the task is in.
    state: "TaskState"


class TaskStatus(_TaskStatusRequired, total=False):
    """The status of a task: its state, an optional message and when it was recorded."""
    #: A message associated with the status, for example why input is needed.
    message: "Message"
    #: When the status was recorded: an RFC 3339 date-time, which emitters write in UTC with a `Z`.
    timestamp: str


class _TaskStatusUpdateEventRequired(_TypedDict):
    """The keys TaskStatusUpdateEvent requires."""
    #: The task whose status changed.
    taskId: str
    #: The context of that task.
    contextId: str
    #: The new status of the task.
    status: "TaskStatus"


class TaskStatusUpdateEvent(_TaskStatusUpdateEventRequired, total=False):
    """An event telling the client that a task has a new status. Unlike v0.3 it has no `final` flag:
    the end of the stream marks the end.
    """
    #: Metadata attached to the update.
    metadata: _t.Dict[str, _t.Any]


class _UnsupportedOperationErrorRequired(_TypedDict):
    """The keys UnsupportedOperationError requires."""
    #: The code of an unsupported operation: -32004.
    code: _t.Literal[-32004]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class UnsupportedOperationError(_UnsupportedOperationErrorRequired, total=False):
    """A2A error: the operation is not supported, for example subscribing to a task that is already
    terminal.
    """
    #: Details of the error as ProtoJSON `Any` objects, each of which MUST carry its `@type` (A2A v1.0.1
    #: §9.5); one of them SHOULD be a `google.rpc.ErrorInfo` with reason `UNSUPPORTED_OPERATION` and domain
    #: `a2a-protocol.org` (v1.0.1 §9.5; v1.0.0 said MUST, and HTTP+JSON §11.6 and gRPC §10.6 still do); other
    #: details may follow.
    data: _t.List["ErrorDetail"]


class _VersionNotSupportedErrorRequired(_TypedDict):
    """The keys VersionNotSupportedError requires."""
    #: The code of an unsupported protocol version: -32009.
    code: _t.Literal[-32009]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class VersionNotSupportedError(_VersionNotSupportedErrorRequired, total=False):
    """A2A error: the agent does not support the A2A version the client asked for (`A2A-Version`)."""
    #: Details of the error as ProtoJSON `Any` objects, each of which MUST carry its `@type` (A2A v1.0.1
    #: §9.5); one of them SHOULD be a `google.rpc.ErrorInfo` with reason `VERSION_NOT_SUPPORTED` and domain
    #: `a2a-protocol.org` (v1.0.1 §9.5; v1.0.0 said MUST, and HTTP+JSON §11.6 and gRPC §10.6 still do); other
    #: details may follow.
    data: _t.List["ErrorDetail"]


A2AError: _t.TypeAlias = _t.Union[JSONParseError, InvalidRequestError, MethodNotFoundError, InvalidParamsError, InternalError, TaskNotFoundError, TaskNotCancelableError, PushNotificationNotSupportedError, UnsupportedOperationError, ContentTypeNotSupportedError, InvalidAgentResponseError, ExtendedAgentCardNotConfiguredError, ExtensionSupportRequiredError, VersionNotSupportedError]
"""Any of the errors A2A v1.0 names, told apart by `code`."""


A2ARequest: _t.TypeAlias = _t.Union[SendMessageJSONRPCRequest, SendStreamingMessageJSONRPCRequest, GetTaskJSONRPCRequest, ListTasksJSONRPCRequest, CancelTaskJSONRPCRequest, SubscribeToTaskJSONRPCRequest, CreateTaskPushNotificationConfigJSONRPCRequest, GetTaskPushNotificationConfigJSONRPCRequest, ListTaskPushNotificationConfigsJSONRPCRequest, DeleteTaskPushNotificationConfigJSONRPCRequest, GetExtendedAgentCardJSONRPCRequest, GetContextRequest, GetContextsListRequest]
"""Any request a client can send on the A2A v1.0 JSON-RPC binding, the aion context extension included,
told apart by `method`.
"""


CancelTaskJSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, CancelTaskJSONRPCSuccessResponse]
"""Any answer to `CancelTask`: an error or the success response."""


ContextsList: _t.TypeAlias = _t.List[str]
"""The result of `GetContexts`: the identifiers of the available conversation contexts, most recent
first.
"""


CreateTaskPushNotificationConfigJSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, CreateTaskPushNotificationConfigJSONRPCSuccessResponse]
"""Any answer to `CreateTaskPushNotificationConfig`: an error or the success response."""


DeleteTaskPushNotificationConfigJSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, DeleteTaskPushNotificationConfigJSONRPCSuccessResponse]
"""Any answer to `DeleteTaskPushNotificationConfig`: an error or the success response."""


ErrorDetail: _t.TypeAlias = _t.Union[ErrorInfo, BadRequest, _ErrorDetail_2]
"""One error detail: a ProtoJSON `google.protobuf.Any`, an object naming its type URL in `@type` beside
the fields of that type.
"""


GET_CONTEXTS_LIST_EXTENSION_CANONICAL_URI_V1: _t.TypeAlias = _t.Literal["https://docs.aion.to/extensions/aion/context/get-contexts/1.0.0"]
"""The URI of the GetContexts extension 1.0.0 as its documentation page states it, without the `/a2a/`
segment.
"""


GET_CONTEXTS_LIST_EXTENSION_URI_V1: _t.TypeAlias = _t.Literal["https://docs.aion.to/a2a/extensions/aion/context/get-contexts/1.0.0"]
"""The URI of the GetContexts extension 1.0.0 as the aion SDK advertises it in agent cards."""


GET_CONTEXT_EXTENSION_CANONICAL_URI_V1: _t.TypeAlias = _t.Literal["https://docs.aion.to/extensions/aion/context/get-context/1.0.0"]
"""The URI of the GetContext extension 1.0.0 as its documentation page (seed 004) states it, without
the `/a2a/` segment.
"""


GET_CONTEXT_EXTENSION_URI_V1: _t.TypeAlias = _t.Literal["https://docs.aion.to/a2a/extensions/aion/context/get-context/1.0.0"]
"""The URI of the GetContext extension 1.0.0 as the aion SDK advertises it in agent cards."""


GetContextResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetContextSuccessResponse]
"""Any answer to `GetContext`: an error or the success response."""


GetContextsListResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetContextsListSuccessResponse]
"""Any answer to `GetContexts`: an error or the success response."""


GetExtendedAgentCardJSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetExtendedAgentCardJSONRPCSuccessResponse]
"""Any answer to `GetExtendedAgentCard`: an error or the success response."""


GetTaskJSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetTaskJSONRPCSuccessResponse]
"""Any answer to `GetTask`: an error or the success response."""


GetTaskPushNotificationConfigJSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetTaskPushNotificationConfigJSONRPCSuccessResponse]
"""Any answer to `GetTaskPushNotificationConfig`: an error or the success response."""


JSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, SendMessageJSONRPCSuccessResponse, SendStreamingMessageJSONRPCSuccessResponse, GetTaskJSONRPCSuccessResponse, ListTasksJSONRPCSuccessResponse, CancelTaskJSONRPCSuccessResponse, CreateTaskPushNotificationConfigJSONRPCSuccessResponse, GetTaskPushNotificationConfigJSONRPCSuccessResponse, ListTaskPushNotificationConfigsJSONRPCSuccessResponse, DeleteTaskPushNotificationConfigJSONRPCSuccessResponse, GetExtendedAgentCardJSONRPCSuccessResponse, GetContextSuccessResponse, GetContextsListSuccessResponse]
"""Any response an A2A v1.0 server with the aion context extension can send: an error response or the
success response of one of its methods.
"""


ListTaskPushNotificationConfigsJSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, ListTaskPushNotificationConfigsJSONRPCSuccessResponse]
"""Any answer to `ListTaskPushNotificationConfigs`: an error or the success response."""


ListTasksJSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, ListTasksJSONRPCSuccessResponse]
"""Any answer to `ListTasks`: an error or the success response."""


Role: _t.TypeAlias = _t.Literal["ROLE_UNSPECIFIED", "ROLE_USER", "ROLE_AGENT"]
"""Who sent a message: `ROLE_USER` for the client, `ROLE_AGENT` for the agent. `ROLE_UNSPECIFIED` (0)
is the proto default, which an emitter leaves out rather than sends.
"""


SendMessageJSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, SendMessageJSONRPCSuccessResponse]
"""Any answer to `SendMessage`: an error or the success response."""


SendStreamingMessageJSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, SendStreamingMessageJSONRPCSuccessResponse]
"""Any event of a `SendStreamingMessage` or `SubscribeToTask` stream: an error or a success event."""


TaskState: _t.TypeAlias = _t.Literal["TASK_STATE_UNSPECIFIED", "TASK_STATE_SUBMITTED", "TASK_STATE_WORKING", "TASK_STATE_COMPLETED", "TASK_STATE_FAILED", "TASK_STATE_CANCELED", "TASK_STATE_INPUT_REQUIRED", "TASK_STATE_REJECTED", "TASK_STATE_AUTH_REQUIRED"]
"""Where a task is in its lifecycle. `TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`, `TASK_STATE_CANCELED`
(one L) and `TASK_STATE_REJECTED` are terminal; `TASK_STATE_INPUT_REQUIRED` and
`TASK_STATE_AUTH_REQUIRED` wait on the client; `TASK_STATE_UNSPECIFIED` means the state is unknown.
"""
