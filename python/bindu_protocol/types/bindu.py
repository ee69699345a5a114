"""Bindu protocol: TypedDicts of the bindu variant, generated from the schemas by scripts/emit-python.ts; do not edit.

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

__all__ = ["A2AError", "A2ARequest", "APIKeySecurityScheme", "AgentCapabilities", "AgentCard", "AgentCardSignature", "AgentExecutionCost", "AgentExtension", "AgentIdentity", "AgentInterface", "AgentProvider", "AgentSkill", "AgentTrust", "Artifact", "AuthenticatedExtendedCardNotConfiguredError", "AuthenticationRequiredError", "AuthorizationCodeOAuthFlow", "BinduError", "CART_MANDATE_DATA_KEY", "CONTACT_ADDRESS_DATA_KEY", "CancelTaskRequest", "CancelTaskResponse", "CancelTaskSuccessResponse", "CartContents", "CartMandate", "ClearContextsRequest", "ClearContextsResponse", "ClearContextsResult", "ClearContextsSuccessResponse", "ClientCredentialsOAuthFlow", "ContactAddress", "ContentTypeNotSupportedError", "Context", "ContextIdParams", "ContextNotCancelableError", "ContextNotFoundError", "ContextQueryParams", "ContextsClearParams", "ContextsList", "Conversation", "ConversationTaskStatus", "DataPart", "DeleteTaskPushNotificationConfigParams", "DeleteTaskPushNotificationConfigRequest", "DeleteTaskPushNotificationConfigResponse", "DeleteTaskPushNotificationConfigResult", "DeleteTaskPushNotificationConfigSuccessResponse", "DidDocument", "ExecutionRequest", "ExecutionResponse", "FileBase", "FilePart", "FileWithBytes", "FileWithUri", "GetAuthenticatedExtendedCardRequest", "GetAuthenticatedExtendedCardResponse", "GetAuthenticatedExtendedCardSuccessResponse", "GetContextParams", "GetContextRequest", "GetContextResponse", "GetContextSuccessResponse", "GetContextsListParams", "GetContextsListRequest", "GetContextsListResponse", "GetContextsListSuccessResponse", "GetTaskPushNotificationConfigParams", "GetTaskPushNotificationConfigRequest", "GetTaskPushNotificationConfigResponse", "GetTaskPushNotificationConfigSuccessResponse", "GetTaskRequest", "GetTaskResponse", "GetTaskSuccessResponse", "HTTPAuthSecurityScheme", "INTENT_MANDATE_DATA_KEY", "IdentityProvider", "ImplicitOAuthFlow", "InsufficientPermissionsError", "IntentMandate", "InternalError", "InvalidAgentResponseError", "InvalidParamsError", "InvalidRequestError", "InvalidTokenError", "InvalidTokenSignatureError", "JSONParseError", "JSONRPCError", "JSONRPCErrorResponse", "JSONRPCMessage", "JSONRPCRequest", "JSONRPCResponse", "JSONRPCSuccessResponse", "KeycloakRole", "ListContextsParams", "ListContextsRequest", "ListContextsResponse", "ListContextsResult", "ListContextsSuccessResponse", "ListTaskPushNotificationConfigParams", "ListTaskPushNotificationConfigRequest", "ListTaskPushNotificationConfigResponse", "ListTaskPushNotificationConfigSuccessResponse", "ListTasksParams", "ListTasksRequest", "ListTasksResponse", "ListTasksResult", "ListTasksSuccessResponse", "Message", "MessageSendConfiguration", "MessageSendParams", "MethodNotFoundError", "MutualTLSSecurityScheme", "NegotiationContext", "NegotiationProposal", "NegotiationRequest", "NegotiationResponse", "NegotiationSessionStatus", "NegotiationSkillMatch", "NegotiationStatus", "NegotiationWeights", "OAuth2SecurityScheme", "OAuthFlows", "OpenIdConnectSecurityScheme", "PAYMENT_MANDATE_DATA_KEY", "PAYMENT_METHOD_DATA_DATA_KEY", "Part", "PartBase", "PasswordOAuthFlow", "PaymentCurrencyAmount", "PaymentDetailsInit", "PaymentDetailsModifier", "PaymentItem", "PaymentMandate", "PaymentMandateContents", "PaymentMethodData", "PaymentOptions", "PaymentRequest", "PaymentResponse", "PaymentShippingOption", "PushNotificationAuthenticationInfo", "PushNotificationConfig", "PushNotificationNotSupportedError", "SecurityScheme", "SecuritySchemeBase", "SendMessageRequest", "SendMessageResponse", "SendMessageSuccessResponse", "SendStreamingMessageRequest", "SendStreamingMessageResponse", "SendStreamingMessageSuccessResponse", "SetTaskPushNotificationConfigRequest", "SetTaskPushNotificationConfigResponse", "SetTaskPushNotificationConfigSuccessResponse", "Skill", "SkillDetail", "SkillNotFoundError", "SkillsListResponse", "Task", "TaskArtifactUpdateEvent", "TaskFeedbackParams", "TaskFeedbackRequest", "TaskFeedbackResponse", "TaskFeedbackResult", "TaskFeedbackSuccessResponse", "TaskIdParams", "TaskImmutableError", "TaskNotCancelableError", "TaskNotFoundError", "TaskPushNotificationConfig", "TaskQueryParams", "TaskResubscriptionRequest", "TaskSendParams", "TaskState", "TaskStatus", "TaskStatusUpdateEvent", "TextPart", "TokenExpiredError", "TransportProtocol", "TrustLevel", "UnsupportedOperationError", "VerificationMethod"]

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
    #: The identifier of the agent.
    id: str
    #: A human-readable name for the agent.
    name: str
    #: A human-readable description of the agent.
    description: str
    #: The URL of the agent.
    url: str
    #: The version of the agent.
    version: str
    #: The version of the protocol the agent speaks, for example `0.3.0`.
    protocolVersion: str
    #: The trust configuration of the agent.
    agentTrust: "AgentTrust"
    #: The optional protocol features the agent supports.
    capabilities: "AgentCapabilities"
    #: The skills the agent offers.
    skills: _t.List["Skill"]
    #: What the card describes: a single `agent`, a `team` of agents or a `workflow`.
    kind: _t.Literal["agent", "team", "workflow"]
    #: How many history sessions the agent keeps.
    numHistorySessions: int
    #: Further free-form data about the agent.
    extraData: _t.Dict[str, _t.Any]
    #: True when the agent runs in debug mode.
    debugMode: bool
    #: How verbose debugging is: the number 1 or 2.
    debugLevel: _t.Union[_t.Literal[1], _t.Literal[2]]
    #: True when monitoring is enabled for the agent.
    monitoring: bool
    #: True when telemetry is enabled for the agent.
    telemetry: bool
    #: The MIME types the agent accepts as input by default.
    defaultInputModes: _t.List[str]
    #: The MIME types the agent produces by default.
    defaultOutputModes: _t.List[str]


class AgentCard(_AgentCardRequired, total=False):
    """The Bindu agent card: everything a client needs to discover an agent and decide how to call it,
    including identity, trust, skills, capabilities, cost and security.
    """
    #: The URL of the agent's documentation.
    documentationUrl: str
    #: The URL of an icon for the agent.
    iconUrl: str
    #: What running the agent costs in credits.
    executionCost: "AgentExecutionCost"
    #: The transport of the preferred endpoint.
    preferredTransport: str
    #: Further transports the agent supports.
    additionalInterfaces: _t.List["AgentInterface"]
    #: The security requirements for contacting the agent; any one entry is enough.
    security: _t.List[_t.Dict[str, _t.List[str]]]
    #: The security schemes the agent supports, keyed by the name the `security` entries use.
    securitySchemes: _t.Dict[str, "SecurityScheme"]


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


class _AgentExecutionCostRequired(_TypedDict):
    """The keys AgentExecutionCost requires."""
    #: The identifier of the agent.
    agentId: str
    #: The name of the agent.
    agentName: str
    #: How many credits one execution of the agent costs.
    creditsPerRequest: int
    #: The DID of whoever created the agent.
    creatorDid: str
    #: The lowest trust level allowed to run the agent.
    minimumTrustLevel: "TrustLevel"


class AgentExecutionCost(_AgentExecutionCostRequired, total=False):
    """The price in credits of running an agent, and who may run it."""


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


class _AgentIdentityRequired(_TypedDict):
    """The keys AgentIdentity requires."""
    #: The agent's decentralized identifier (DID).
    did: str
    #: The agent's DID document, with its public keys and other identifiers.
    didDocument: _t.Dict[str, _t.Any]
    #: The agent's public key, used to authenticate it.
    publicKey: str
    #: The agent's certificate signing request (CSR).
    csr: str


class AgentIdentity(_AgentIdentityRequired, total=False):
    """The decentralized identity of an agent: its DID, DID document, keys and endpoints."""
    #: The agent's AgentDNS URL, for decentralized identity resolution.
    agentdnsUrl: str
    #: The URL at which the agent can be reached.
    endpoint: str


class _AgentInterfaceRequired(_TypedDict):
    """The keys AgentInterface requires."""
    #: The transport protocol, for example `jsonrpc` or `websocket`.
    transport: str
    #: The endpoint URL for this transport.
    url: str


class AgentInterface(_AgentInterfaceRequired, total=False):
    """A transport the agent supports and the URL it is offered at."""
    #: A description of this interface.
    description: str


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


class _AgentTrustRequired(_TypedDict):
    """The keys AgentTrust requires."""
    #: The identity provider that vouches for the agent.
    identityProvider: "IdentityProvider"
    #: The roles the agent inherits.
    inheritedRoles: _t.List["KeycloakRole"]
    #: Who created the agent: a UUID, a number or another string such as a DID.
    creatorId: _t.Union[str, int]
    #: When the agent was created, in seconds since the Unix epoch.
    creationTimestamp: int
    #: True when the agent's identity must be verified before it may run.
    trustVerificationRequired: bool
    #: The operations the agent may perform and the trust level each needs, keyed by operation name.
    allowedOperations: _t.Dict[str, "TrustLevel"]


class AgentTrust(_AgentTrustRequired, total=False):
    """The trust configuration of an agent: its identity provider, inherited roles, certificate and the
    trust level each operation needs.
    """
    #: The agent's certificate, PEM-encoded.
    certificate: str
    #: The fingerprint of that certificate.
    certificateFingerprint: str


class _ArtifactRequired(_TypedDict):
    """The keys Artifact requires."""
    #: The identifier of the artifact.
    artifactId: str


class Artifact(_ArtifactRequired, total=False):
    """An immutable output of a task, such as a report, generated code or a processed file, made of
    parts. A task may produce several.
    """
    #: A human-readable name for the artifact.
    name: str
    #: A human-readable explanation of what the artifact is.
    description: str
    #: The content of the artifact, as a list of parts.
    parts: _t.List["Part"]
    #: Free-form metadata about the artifact.
    metadata: _t.Dict[str, _t.Any]
    #: URIs of the extensions that apply to this artifact.
    extensions: _t.List[str]
    #: True when this artifact is to be appended to an earlier one with the same id. A Bindu addition.
    append: bool
    #: True when this is the last chunk of the artifact. A Bindu addition.
    lastChunk: bool


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


class _AuthenticationRequiredErrorRequired(_TypedDict):
    """The keys AuthenticationRequiredError requires."""
    #: The code of a missing authentication: -32009.
    code: _t.Literal[-32009]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class AuthenticationRequiredError(_AuthenticationRequiredErrorRequired, total=False):
    """Bindu error: the call carries no credentials, but the agent requires a bearer token."""
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


class _CartContentsRequired(_TypedDict):
    """The keys CartContents requires."""
    #: The identifier of the cart.
    id: str
    #: True when the merchant needs the user to confirm the cart before the purchase can complete.
    userCartConfirmationRequired: bool
    #: The payment request for the cart: the items, their prices and the payment methods the merchant accepts.
    paymentRequest: "PaymentRequest"
    #: When the cart expires, as an ISO 8601 date-time.
    cartExpiry: str
    #: The name of the merchant.
    merchantName: str


class CartContents(_CartContentsRequired, total=False):
    """What a cart holds; the merchant signs it to make a CartMandate."""


class _CartMandateRequired(_TypedDict):
    """The keys CartMandate requires."""
    #: The contents of the cart.
    contents: "CartContents"


class CartMandate(_CartMandateRequired, total=False):
    """A cart signed by the merchant, guaranteeing its items and prices for a limited time."""
    #: A base64url-encoded JSON Web Token by which the merchant signs the cart contents; its payload names
    #: issuer and audience, a short expiry, a unique token id and a hash of the canonical CartContents.
    merchantAuthorization: str


class _ClearContextsRequestRequired(_TypedDict):
    """The keys ClearContextsRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `contexts/clear`.
    method: _t.Literal["contexts/clear"]
    #: The context to clear.
    params: "ContextsClearParams"


class ClearContextsRequest(_ClearContextsRequestRequired, total=False):
    """A `contexts/clear` call: deletes a context together with its tasks."""


class _ClearContextsResultRequired(_TypedDict):
    """The keys ClearContextsResult requires."""
    #: A human-readable confirmation that the context and its tasks were cleared.
    message: str


class ClearContextsResult(_ClearContextsResultRequired, total=False):
    """The result of `contexts/clear`: a confirmation message."""


class _ClearContextsSuccessResponseRequired(_TypedDict):
    """The keys ClearContextsSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The confirmation that the context was cleared.
    result: "ClearContextsResult"


class ClearContextsSuccessResponse(_ClearContextsSuccessResponseRequired, total=False):
    """The successful answer to `contexts/clear`."""


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


class ContactAddress(_TypedDict, total=False):
    """A physical address, used for shipping, billing or contact details in a payment."""
    #: The city.
    city: str
    #: The country, for example `US`.
    country: str
    #: The dependent locality, such as a neighbourhood or district within the city.
    dependentLocality: str
    #: The organisation at the address.
    organization: str
    #: A phone number for the address.
    phoneNumber: str
    #: The postal code.
    postalCode: str
    #: The name of the person the address is for.
    recipient: str
    #: The region, such as a state or province.
    region: str
    #: The sorting code used in some countries.
    sortingCode: str
    #: The street address, one entry per line.
    addressLine: _t.List[str]


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


class _ContextRequired(_TypedDict):
    """The keys Context requires."""
    #: The identifier of the context.
    contextId: str
    #: Discriminator of the object; always `context` for a context.
    kind: _t.Literal["context"]
    #: The role the context plays, for example `assistant`, `analyst` or `coordinator`.
    role: str
    #: When the context was created, as an ISO 8601 date-time.
    createdAt: str
    #: When the context was last changed, as an ISO 8601 date-time.
    updatedAt: str


class Context(_ContextRequired, total=False):
    """A conversation session: a container that groups related tasks, keeps their history and carries
    session-level metadata. A Bindu addition.
    """
    #: The tasks that belong to this context.
    tasks: _t.List[str]
    #: A human-readable name for the context.
    name: str
    #: What the context is for, or a summary of it.
    description: str
    #: Where the context is in its lifecycle: `active` (in use, the default), `paused` (suspended, may
    #: resume), `completed` (its purpose is done) or `archived` (kept read-only for reference).
    status: _t.Literal["active", "paused", "completed", "archived"]
    #: Tags for grouping and filtering contexts.
    tags: _t.List[str]
    #: Free-form, application-specific data about the context.
    metadata: _t.Dict[str, _t.Any]
    #: The context this one is nested under, for hierarchical contexts.
    parentContextId: str
    #: Other contexts this one refers to.
    referenceContextIds: _t.List[str]
    #: Additional protocol extension data, keyed by extension name.
    extensions: _t.Dict[str, _t.Any]


class _ContextIdParamsRequired(_TypedDict):
    """The keys ContextIdParams requires."""
    #: The context the operation applies to.
    contextId: str


class ContextIdParams(_ContextIdParamsRequired, total=False):
    """Parameters that only name a context; the base of the other single-context parameter types."""
    #: Free-form metadata for the operation.
    metadata: _t.Dict[str, _t.Any]


class _ContextNotCancelableErrorRequired(_TypedDict):
    """The keys ContextNotCancelableError requires."""
    #: The code of a context that cannot be canceled: -32021.
    code: _t.Literal[-32021]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class ContextNotCancelableError(_ContextNotCancelableErrorRequired, total=False):
    """Bindu error: the context cannot be canceled or cleared in its current state."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _ContextNotFoundErrorRequired(_TypedDict):
    """The keys ContextNotFoundError requires."""
    #: The code of an unknown context: -32020.
    code: _t.Literal[-32020]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class ContextNotFoundError(_ContextNotFoundErrorRequired, total=False):
    """Bindu error: no context with the given id exists, or it does not belong to the caller."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _ContextQueryParamsRequired(_TypedDict):
    """The keys ContextQueryParams requires."""
    #: The context to query.
    contextId: str


class ContextQueryParams(_ContextQueryParamsRequired, total=False):
    """Parameters for querying one context with a cap on task history. Defined for future
    single-context retrieval; no method takes it yet.
    """
    #: The maximum number of history messages to return for each task.
    historyLength: int
    #: Free-form metadata for the query.
    metadata: _t.Dict[str, _t.Any]


class _ConversationRequired(_TypedDict):
    """The keys Conversation requires."""
    #: The identifier of the conversation context.
    contextId: str
    #: The messages of the context, across its tasks, most recent first.
    history: _t.List["Message"]
    #: The artifacts produced in the context.
    artifacts: _t.List["Artifact"]
    #: The status of the conversation.
    status: "ConversationTaskStatus"


class Conversation(_ConversationRequired, total=False):
    """A conversation context with its message history, its artifacts and its current status."""


class _ConversationTaskStatusRequired(_TypedDict):
    """The keys ConversationTaskStatus requires."""
    #: The state of the most recent task of the context.
    state: "TaskState"


class ConversationTaskStatus(_ConversationTaskStatusRequired, total=False):
    """The status of a conversation: the state of its most recent task, without timestamp or message."""


class _DataPartRequired(_TypedDict):
    """The keys DataPart requires."""
    #: Discriminator of the part union; always `data` for a data part.
    kind: _t.Literal["data"]
    #: The structured content: a JSON object.
    data: _t.Dict[str, _t.Any]


class DataPart(_DataPartRequired, total=False):
    """A part that carries structured JSON data, optionally with a vector embedding of it."""
    #: Free-form metadata attached to this part.
    metadata: _t.Dict[str, _t.Any]
    #: A vector embedding of the data, for semantic search and similarity. A Bindu extension, not part of A2A.
    embeddings: _t.List[float]


class _DeleteTaskPushNotificationConfigParamsRequired(_TypedDict):
    """The keys DeleteTaskPushNotificationConfigParams requires."""
    #: The task the configuration is attached to.
    id: str
    #: The push-notification configuration to remove.
    pushNotificationConfigId: str


class DeleteTaskPushNotificationConfigParams(_DeleteTaskPushNotificationConfigParamsRequired, total=False):
    """Parameters for removing one push-notification configuration from a task, so it stops receiving
    updates.
    """
    #: Free-form metadata for the request, such as a reason.
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


class _DeleteTaskPushNotificationConfigResultRequired(_TypedDict):
    """The keys DeleteTaskPushNotificationConfigResult requires."""
    #: True when the configuration was removed.
    success: bool
    #: The identifier of the configuration that was removed.
    deletedConfigId: str
    #: The task the configuration was attached to.
    taskId: str


class DeleteTaskPushNotificationConfigResult(_DeleteTaskPushNotificationConfigResultRequired, total=False):
    """The Bindu result of `tasks/pushNotificationConfig/delete`: which configuration was removed from
    which task.
    """


class _DeleteTaskPushNotificationConfigSuccessResponseRequired(_TypedDict):
    """The keys DeleteTaskPushNotificationConfigSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: Which configuration was removed from which task.
    result: "DeleteTaskPushNotificationConfigResult"


class DeleteTaskPushNotificationConfigSuccessResponse(_DeleteTaskPushNotificationConfigSuccessResponseRequired, total=False):
    """The successful answer to `tasks/pushNotificationConfig/delete`."""


#: @context: The JSON-LD contexts the document follows; Bindu sends `https://www.w3.org/ns/did/v1` and
#: `https://getbindu.com/ns/v1`.
#: id: The DID the document describes: `did:bindu:<author>:<agent_name>:<agent_id>` for a Bindu agent (or
#: `did:key:z…` when it has no author), the same DID as the agent card's `did:bindu:` extension URI.
#: created: When the DID was created.
#: authentication: The keys that authenticate the DID; the first Ed25519 key is the one the agent signs its
#: parts' text with.
#: verificationMethod: Further keys, which `authentication` may name by id.
_DidDocumentRequired = _TypedDict("_DidDocumentRequired", {"id": str, "authentication": _t.List[_t.Union["VerificationMethod", str]]})
_DidDocumentOptional = _TypedDict("_DidDocumentOptional", {"@context": _t.List[str], "created": str, "verificationMethod": _t.List["VerificationMethod"]}, total=False)


class DidDocument(_DidDocumentRequired, _DidDocumentOptional):
    """A Bindu agent's DID document, as `/did/resolve` returns it (W3C DID Core keys): the DID and the
    Ed25519 key that verifies the `did.message.signature` of the agent's text parts.
    """


class _ExecutionRequestRequired(_TypedDict):
    """The keys ExecutionRequest requires."""
    #: The identifier of this request.
    requestId: str
    #: The DID of whoever asks for the execution.
    executorDid: str
    #: The identifier of the agent to run.
    agentId: str
    #: The input handed to the agent.
    inputData: str
    #: How many credits the execution is expected to cost.
    estimatedCredits: int
    #: The trust level of the executor.
    trustLevel: "TrustLevel"


class ExecutionRequest(_ExecutionRequestRequired, total=False):
    """A request to run an agent, checked against the executor's credits and trust level first."""


class _ExecutionResponseRequired(_TypedDict):
    """The keys ExecutionResponse requires."""
    #: The identifier of the request this answers.
    requestId: str
    #: The identifier of the execution.
    executionId: str
    #: True when the execution succeeded.
    success: bool
    #: How many credits were actually charged; may differ from the estimate.
    creditsCharged: int
    #: When the execution completed, as an ISO 8601 date-time.
    executionTime: str


class ExecutionResponse(_ExecutionResponseRequired, total=False):
    """The outcome of an agent execution together with the credits deducted for it."""
    #: The identifier of the credit transaction.
    transactionId: str
    #: What the agent produced.
    outputData: str
    #: Why the execution failed, when it did.
    errorMessage: str


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
    """A part that carries a file, inline or by URI, optionally with a vector embedding of it."""
    #: Free-form metadata attached to this part.
    metadata: _t.Dict[str, _t.Any]
    #: A vector embedding of the file, for semantic search and similarity. A Bindu extension, not part of A2A.
    embeddings: _t.List[float]


class _FileWithBytesRequired(_TypedDict):
    """The keys FileWithBytes requires."""
    #: The file content, base64-encoded.
    bytes: str


class FileWithBytes(_FileWithBytesRequired, total=False):
    """A file whose content travels inline, base64-encoded, optionally with a vector embedding of it."""
    #: A file name, for example `report.pdf`.
    name: str
    #: The media type of the file content, for example `application/pdf`.
    mimeType: str
    #: A vector embedding of the file content, for semantic search and similarity. A Bindu extension, not part
    #: of A2A.
    embeddings: _t.List[float]


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


class _GetContextParamsRequired(_TypedDict):
    """The keys GetContextParams requires."""
    #: The identifier of the conversation context to retrieve.
    context_id: str


class GetContextParams(_GetContextParamsRequired, total=False):
    """Parameters of `context/get`: which context to retrieve and which slice of its history."""
    #: How many of the most recent tasks of the context to return.
    history_length: int
    #: How many of the most recent messages to skip before returning any.
    history_offset: int


class _GetContextRequestRequired(_TypedDict):
    """The keys GetContextRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `context/get`.
    method: _t.Literal["context/get"]
    #: The context to retrieve and the slice of history wanted.
    params: "GetContextParams"


class GetContextRequest(_GetContextRequestRequired, total=False):
    """A `context/get` call (context extension): retrieves one conversation context with its history."""


class _GetContextSuccessResponseRequired(_TypedDict):
    """The keys GetContextSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The conversation context with its history.
    result: "Conversation"


class GetContextSuccessResponse(_GetContextSuccessResponseRequired, total=False):
    """The successful answer to `context/get`."""


class GetContextsListParams(_TypedDict, total=False):
    """Parameters of `contexts/get`: which slice of the list of contexts to return, most recent first."""
    #: How many of the most recent contexts to return.
    history_length: int
    #: How many of the most recent contexts to skip before returning any.
    history_offset: int


class _GetContextsListRequestRequired(_TypedDict):
    """The keys GetContextsListRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `contexts/get`.
    method: _t.Literal["contexts/get"]


class GetContextsListRequest(_GetContextsListRequestRequired, total=False):
    """A `contexts/get` call (context extension): lists the identifiers of the available contexts."""
    #: The slice of the list wanted; when left out, the server applies its defaults.
    params: "GetContextsListParams"


class _GetContextsListSuccessResponseRequired(_TypedDict):
    """The keys GetContextsListSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The identifiers of the available contexts.
    result: "ContextsList"


class GetContextsListSuccessResponse(_GetContextsListSuccessResponseRequired, total=False):
    """The successful answer to `contexts/get`."""


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


class _InsufficientPermissionsErrorRequired(_TypedDict):
    """The keys InsufficientPermissionsError requires."""
    #: The code of missing permissions: -32013.
    code: _t.Literal[-32013]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class InsufficientPermissionsError(_InsufficientPermissionsErrorRequired, total=False):
    """Bindu error: the caller is authenticated but lacks the permissions the operation needs."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _IntentMandateRequired(_TypedDict):
    """The keys IntentMandate requires."""
    #: False lets the agent buy on the user's behalf once every purchase condition is met; must be true when
    #: the user has not signed the mandate.
    userCartConfirmationRequired: bool
    #: The user's intent in plain language, written by the shopping agent and confirmed by the user so that
    #: consent is informed.
    naturalLanguageDescription: str
    #: When the mandate expires, as an ISO 8601 date-time.
    intentExpiry: str


class IntentMandate(_IntentMandateRequired, total=False):
    """The user's purchase intent and the constraints the shopping agent must respect."""
    #: The merchants allowed to fulfil the intent; when absent, any suitable merchant may.
    merchants: _t.List[str]
    #: The product SKUs allowed; when absent, any SKU may be bought.
    skus: _t.List[str]
    #: True when the items must be refundable.
    requiresRefundability: bool


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


class _InvalidTokenErrorRequired(_TypedDict):
    """The keys InvalidTokenError requires."""
    #: The code of an invalid token: -32010.
    code: _t.Literal[-32010]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class InvalidTokenError(_InvalidTokenErrorRequired, total=False):
    """Bindu error: the authentication token is malformed or otherwise invalid."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _InvalidTokenSignatureErrorRequired(_TypedDict):
    """The keys InvalidTokenSignatureError requires."""
    #: The code of a token whose signature does not verify: -32012.
    code: _t.Literal[-32012]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class InvalidTokenSignatureError(_InvalidTokenSignatureErrorRequired, total=False):
    """Bindu error: the signature of the authentication token could not be verified."""
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
    #: What went wrong: a generic JSON-RPC error, one of the errors A2A names or one Bindu adds.
    error: _t.Union["JSONRPCError", "JSONParseError", "InvalidRequestError", "MethodNotFoundError", "InvalidParamsError", "InternalError", "TaskNotFoundError", "TaskNotCancelableError", "PushNotificationNotSupportedError", "UnsupportedOperationError", "ContentTypeNotSupportedError", "InvalidAgentResponseError", "AuthenticatedExtendedCardNotConfiguredError", "TaskImmutableError", "AuthenticationRequiredError", "InvalidTokenError", "TokenExpiredError", "InvalidTokenSignatureError", "InsufficientPermissionsError", "ContextNotFoundError", "ContextNotCancelableError", "SkillNotFoundError"]


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


class _KeycloakRoleRequired(_TypedDict):
    """The keys KeycloakRole requires."""
    #: The identifier of the role.
    roleId: str
    #: The name of the role.
    roleName: str
    #: The permissions the role grants.
    permissions: _t.List[str]
    #: The trust level the role carries.
    trustLevel: "TrustLevel"
    #: The Keycloak realm the role lives in.
    realmName: str


class KeycloakRole(_KeycloakRoleRequired, total=False):
    """A Keycloak role: a named set of permissions with a trust level, mapped to other identity
    providers.
    """
    #: The matching roles or groups in other identity providers, keyed by provider name.
    externalMappings: _t.Dict[str, str]
    #: The minimum trust level each operation needs, keyed by operation name.
    operationPermissions: _t.Dict[str, "TrustLevel"]


class ListContextsParams(_TypedDict, total=False):
    """Parameters for listing contexts, with an optional cap on history size."""
    #: The maximum number of history messages to return for each task of each context.
    historyLength: int
    #: Free-form metadata for filtering or controlling the listing, for example `status`, `tags`, `role`,
    #: `limit`, `offset`, `sortBy` or `sortOrder`.
    metadata: _t.Dict[str, _t.Any]


class _ListContextsRequestRequired(_TypedDict):
    """The keys ListContextsRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `contexts/list`.
    method: _t.Literal["contexts/list"]
    #: How much history to include and how to filter the listing.
    params: "ListContextsParams"


class ListContextsRequest(_ListContextsRequestRequired, total=False):
    """A `contexts/list` call: lists the caller's contexts."""


class _ListContextsResultRequired(_TypedDict):
    """The keys ListContextsResult requires."""
    #: The contexts on this page of the listing.
    contexts: _t.List["Context"]
    #: How many contexts match the listing in all, across every page.
    total: int
    #: The number of the page returned.
    page: int
    #: The largest number of contexts a page holds.
    pageSize: int


class ListContextsResult(_ListContextsResultRequired, total=False):
    """The result of `contexts/list`: one page of contexts, the total count and the page size."""


class _ListContextsSuccessResponseRequired(_TypedDict):
    """The keys ListContextsSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The page of contexts.
    result: "ListContextsResult"


class ListContextsSuccessResponse(_ListContextsSuccessResponseRequired, total=False):
    """The successful answer to `contexts/list`."""


class _ListTaskPushNotificationConfigParamsRequired(_TypedDict):
    """The keys ListTaskPushNotificationConfigParams requires."""
    #: The task whose push-notification configurations are wanted.
    id: str


class ListTaskPushNotificationConfigParams(_ListTaskPushNotificationConfigParamsRequired, total=False):
    """Parameters for listing every push-notification configuration attached to a task."""
    #: Free-form metadata for the request.
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


class ListTasksParams(_TypedDict, total=False):
    """Parameters for listing tasks, with an optional cap on the history returned per task. A Bindu
    addition.
    """
    #: The maximum number of history messages to return for each task.
    historyLength: int
    #: Free-form metadata for filtering or controlling the listing, for example a status filter or a limit.
    metadata: _t.Dict[str, _t.Any]


class _ListTasksRequestRequired(_TypedDict):
    """The keys ListTasksRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `tasks/list`.
    method: _t.Literal["tasks/list"]
    #: How much history to include and how to filter the listing.
    params: "ListTasksParams"


class ListTasksRequest(_ListTasksRequestRequired, total=False):
    """A `tasks/list` call: lists the caller's tasks."""


class _ListTasksResultRequired(_TypedDict):
    """The keys ListTasksResult requires."""
    #: The tasks on this page of the listing.
    tasks: _t.List["Task"]
    #: How many tasks match the listing in all, across every page.
    total: int
    #: The number of the page returned.
    page: int


class ListTasksResult(_ListTasksResultRequired, total=False):
    """The result of `tasks/list`: one page of tasks and the total count."""


class _ListTasksSuccessResponseRequired(_TypedDict):
    """The keys ListTasksSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The page of tasks.
    result: "ListTasksResult"


class ListTasksSuccessResponse(_ListTasksSuccessResponseRequired, total=False):
    """The successful answer to `tasks/list`."""


class _MessageRequired(_TypedDict):
    """The keys Message requires."""
    #: The identifier of this message, a UUID chosen by whoever created the message.
    messageId: str
    #: The context (conversation session) this message belongs to.
    contextId: str
    #: The task this message belongs to. Required in Bindu: the client names the task even on the first
    #: message.
    taskId: str
    #: Discriminator of the object; always `message` for a message.
    kind: _t.Literal["message"]
    #: Who sent the message: `user` for a human or client application, `agent` for an agent, `system` for
    #: protocol-level notices such as errors or authentication warnings (a Bindu addition).
    role: _t.Literal["user", "agent", "system"]
    #: The content of the message, as a list of parts that may mix text, files and data.
    parts: _t.List["Part"]


class Message(_MessageRequired, total=False):
    """A non-result communication between a user, an agent or the system: instructions, status updates,
    questions, coordination.
    """
    #: Free-form metadata attached to the message.
    metadata: _t.Dict[str, _t.Any]
    #: Identifiers of other tasks this message refers to, for example to continue from a finished one.
    referenceTaskIds: _t.List[str]
    #: URIs of the extensions that apply to this message.
    extensions: _t.List[str]


class _MessageSendConfigurationRequired(_TypedDict):
    """The keys MessageSendConfiguration requires."""
    #: The output formats (MIME types) the client accepts in the response. Required in Bindu.
    acceptedOutputModes: _t.List[str]


class MessageSendConfiguration(_MessageSendConfigurationRequired, total=False):
    """How the agent should process a sent message and how the client wants to receive the answer."""
    #: True to wait until the task completes or needs input; false to return at once with the task `submitted`
    #: or `working`.
    blocking: bool
    #: The maximum number of history messages to include in the response.
    historyLength: int
    #: Where and how to push updates about the task.
    pushNotificationConfig: "PushNotificationConfig"


class _MessageSendParamsRequired(_TypedDict):
    """The keys MessageSendParams requires."""
    #: The message to send to the agent.
    message: "Message"
    #: How the message is to be processed. Required in Bindu.
    configuration: "MessageSendConfiguration"


class MessageSendParams(_MessageSendParamsRequired, total=False):
    """Parameters for sending a message to start a new task or continue an existing one. A task in a
    terminal state cannot be restarted.
    """
    #: Free-form metadata for the request.
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


class _NegotiationContextRequired(_TypedDict):
    """The keys NegotiationContext requires."""
    #: The identifier of the negotiation session.
    contextId: str
    #: Where the session as a whole stands.
    status: "NegotiationSessionStatus"
    #: The agents taking part in the negotiation.
    participants: _t.List[str]
    #: Every proposal and counter-proposal made in the session so far.
    proposals: _t.List["NegotiationProposal"]


class NegotiationContext(_NegotiationContextRequired, total=False):
    """The state of a negotiation session between several agents: who takes part and what was proposed."""


class _NegotiationProposalRequired(_TypedDict):
    """The keys NegotiationProposal requires."""
    #: The identifier of the proposal.
    proposalId: str
    #: The identifier of the agent making the proposal.
    fromAgent: str
    #: The identifier of the agent the proposal is addressed to.
    toAgent: str
    #: The proposed terms, for example the task type, time limit, cost in credits and deliverables.
    terms: _t.Dict[str, _t.Any]
    #: When the proposal was made, as an ISO 8601 date-time.
    timestamp: str
    #: Where the proposal stands.
    status: "NegotiationStatus"


class NegotiationProposal(_NegotiationProposalRequired, total=False):
    """A structured offer of collaboration terms sent from one agent to another during a negotiation."""


class _NegotiationRequestRequired(_TypedDict):
    """The keys NegotiationRequest requires."""
    #: What the task is, in a sentence (at most 10 000 characters).
    task_summary: str


class NegotiationRequest(_NegotiationRequestRequired, total=False):
    """The body of `POST /agent/negotiation`: a task a caller asks a Bindu agent to assess before
    sending it.
    """
    #: Longer context: audience, constraints.
    task_details: str
    #: The MIME types the caller will send.
    input_mime_types: _t.List[str]
    #: The MIME types the caller wants back.
    output_mime_types: _t.List[str]
    #: The latency the caller tolerates, in milliseconds.
    max_latency_ms: int
    #: The cost the caller tolerates (currency-agnostic, as a string).
    max_cost_amount: str
    #: Tools the agent must have.
    required_tools: _t.List[str]
    #: Tools the agent must not use.
    forbidden_tools: _t.List[str]
    #: Below this score the agent declines.
    min_score: float
    #: How much each factor counts (the agent's defaults otherwise).
    weights: "NegotiationWeights"


class _NegotiationResponseRequired(_TypedDict):
    """The keys NegotiationResponse requires."""
    #: Whether the agent will take the task.
    accepted: bool
    #: How well the agent fits the task, all factors weighed.
    score: float
    #: How sure the agent is of its score.
    confidence: float


class NegotiationResponse(_NegotiationResponseRequired, total=False):
    """The answer to `POST /agent/negotiation`: whether the agent takes the task, its score and why.
    (Bindu's openapi.yaml documents `can_handle`, `reasons` and `estimated_*`; a running agent sends
    these fields, SPEC-NOTES B-30.)
    """
    #: Why the agent declines, when it does.
    rejection_reason: str
    #: The skills that match the task.
    skill_matches: _t.List["NegotiationSkillMatch"]
    #: The skill tags the task matched.
    matched_tags: _t.List[str]
    #: The skill capabilities the task matched.
    matched_capabilities: _t.List[str]
    #: The latency the agent expects, in milliseconds.
    latency_estimate_ms: int
    #: How many tasks wait before this one.
    queue_depth: int
    #: The score of each factor (skill_match, io_compatibility, load, cost, performance).
    subscores: _t.Dict[str, _t.Any]


class _NegotiationSkillMatchRequired(_TypedDict):
    """The keys NegotiationSkillMatch requires."""
    #: The id of the skill that matched.
    skill_id: str
    #: The name of the skill that matched.
    skill_name: str
    #: How well the skill matches the task.
    score: float
    #: Why it matched.
    reasons: _t.List[str]


class NegotiationSkillMatch(_NegotiationSkillMatchRequired, total=False):
    """One skill of the agent that matches the task of a capability assessment."""


class NegotiationWeights(_TypedDict, total=False):
    """How much each factor contributes to the score of a capability assessment (the agent normalises
    them).
    """
    #: How much the match between the task and the skills counts.
    skill_match: float
    #: How much the match of input and output MIME types counts.
    io_compatibility: float
    #: How much the latency estimate counts.
    performance: float
    #: How much the agent's current load counts.
    load: float
    #: How much the cost counts.
    cost: float


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


class _PaymentCurrencyAmountRequired(_TypedDict):
    """The keys PaymentCurrencyAmount requires."""
    #: The three-letter ISO 4217 currency code, for example `USD`.
    currency: str
    #: The amount, in major units of the currency (for example `29.99`).
    value: float


class PaymentCurrencyAmount(_PaymentCurrencyAmountRequired, total=False):
    """A sum of money in a stated currency."""


class _PaymentDetailsInitRequired(_TypedDict):
    """The keys PaymentDetailsInit requires."""
    #: The identifier of the payment request.
    id: str
    #: The line items shown to the payer.
    displayItems: _t.List["PaymentItem"]
    #: The total amount to pay.
    total: "PaymentItem"


class PaymentDetailsInit(_PaymentDetailsInitRequired, total=False):
    """The full financial breakdown of a transaction: line items, shipping, modifiers and total."""
    #: The shipping options to choose from.
    shippingOptions: _t.List["PaymentShippingOption"]
    #: Price changes that apply to particular payment methods.
    modifiers: _t.List["PaymentDetailsModifier"]
    #: A description of the payment request.
    description: str


class _PaymentDetailsModifierRequired(_TypedDict):
    """The keys PaymentDetailsModifier requires."""
    #: The payment method this modifier applies to.
    supportedMethods: str


class PaymentDetailsModifier(_PaymentDetailsModifierRequired, total=False):
    """A change to the payment details that applies when the payer picks a particular payment method."""
    #: The total that replaces the original one when this method is used.
    total: "PaymentItem"
    #: Extra line items that apply with this method, such as a card fee.
    additionalDisplayItems: _t.List["PaymentItem"]
    #: Data specific to the payment method, of any JSON type.
    data: _t.Any


class _PaymentItemRequired(_TypedDict):
    """The keys PaymentItem requires."""
    #: A human-readable description of the item.
    label: str
    #: What the item costs.
    amount: "PaymentCurrencyAmount"


class PaymentItem(_PaymentItemRequired, total=False):
    """One line of a payment request: an item and the amount asked for it."""
    #: True when the amount is not final yet.
    pending: bool
    #: How many days the item can be refunded for.
    refundPeriod: int


class _PaymentMandateRequired(_TypedDict):
    """The keys PaymentMandate requires."""
    #: What the mandate authorises.
    paymentMandateContents: "PaymentMandateContents"


class PaymentMandate(_PaymentMandateRequired, total=False):
    """The user's signed authorisation of a payment, which may be shared with the payment network or
    issuer to build trust in the agent-driven transaction.
    """
    #: A base64url-encoded verifiable presentation by which the user signs over the hashes of the cart mandate
    #: and the payment mandate contents, for example an SD-JWT-VC.
    userAuthorization: str


class _PaymentMandateContentsRequired(_TypedDict):
    """The keys PaymentMandateContents requires."""
    #: The identifier of the payment mandate.
    paymentMandateId: str
    #: The identifier of the payment request.
    paymentDetailsId: str
    #: The total amount to pay.
    paymentDetailsTotal: "PaymentItem"
    #: The payment response, with the payment method the user chose.
    paymentResponse: "PaymentResponse"
    #: The identifier of the merchant.
    merchantAgent: str
    #: When the mandate was created, as an ISO 8601 date-time.
    timestamp: str


class PaymentMandateContents(_PaymentMandateContentsRequired, total=False):
    """The payment authorisation details, before the user signs them to make a PaymentMandate."""


class _PaymentMethodDataRequired(_TypedDict):
    """The keys PaymentMethodData requires."""
    #: The identifier of the payment method, for example `CARD`.
    supportedMethods: str


class PaymentMethodData(_PaymentMethodDataRequired, total=False):
    """A payment method the merchant accepts, with data specific to it."""
    #: Details specific to the payment method, such as a processor URL.
    data: _t.Dict[str, _t.Any]


class PaymentOptions(_TypedDict, total=False):
    """Which details to collect from the payer at checkout."""
    #: True to collect the payer's name.
    requestPayerName: bool
    #: True to collect the payer's email address.
    requestPayerEmail: bool
    #: True to collect the payer's phone number.
    requestPayerPhone: bool
    #: True to collect a shipping address.
    requestShipping: bool
    #: How the order is fulfilled: `shipping`, `delivery` or `pickup`.
    shippingType: str


class _PaymentRequestRequired(_TypedDict):
    """The keys PaymentRequest requires."""
    #: The payment methods the merchant accepts.
    methodData: _t.List["PaymentMethodData"]
    #: The financial details of the transaction.
    details: "PaymentDetailsInit"


class PaymentRequest(_PaymentRequestRequired, total=False):
    """A complete request for payment, sent from the merchant agent to the shopper agent."""
    #: Which details to collect from the payer.
    options: "PaymentOptions"
    #: The shipping address the user gave.
    shippingAddress: "ContactAddress"


class _PaymentResponseRequired(_TypedDict):
    """The keys PaymentResponse requires."""
    #: The identifier of the PaymentRequest being answered.
    requestId: str
    #: The payment method the user chose.
    methodName: str


class PaymentResponse(_PaymentResponseRequired, total=False):
    """The user's answer to a payment request: the chosen payment method and approval, with payer
    details.
    """
    #: Data produced by the payment method that the merchant uses to process the transaction, such as a token;
    #: its content depends on the method.
    details: _t.Dict[str, _t.Any]
    #: The shipping address the user gave.
    shippingAddress: "ContactAddress"
    #: The shipping option the user chose.
    shippingOption: "PaymentShippingOption"
    #: The payer's name.
    payerName: str
    #: The payer's email address.
    payerEmail: str
    #: The payer's phone number.
    payerPhone: str


class _PaymentShippingOptionRequired(_TypedDict):
    """The keys PaymentShippingOption requires."""
    #: The identifier of the shipping option.
    id: str
    #: A human-readable description of the option.
    label: str
    #: What this option costs.
    amount: "PaymentCurrencyAmount"


class PaymentShippingOption(_PaymentShippingOptionRequired, total=False):
    """One way of delivering the order, with its cost."""
    #: True when this option is the default or current choice.
    selected: bool


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


class _SkillRequired(_TypedDict):
    """The keys Skill requires."""
    #: The identifier of the skill.
    id: str
    #: A human-readable name for the skill.
    name: str
    #: A human-readable description of what the skill does.
    description: str
    #: Tag words describing the kinds of capability the skill offers.
    tags: _t.List[str]
    #: The MIME types the skill accepts as input.
    inputModes: _t.List[str]
    #: The MIME types the skill can produce.
    outputModes: _t.List[str]


class Skill(_SkillRequired, total=False):
    """A unit of capability an agent offers, defined inline or backed by a SKILL.md documentation file."""
    #: Example requests the skill can handle.
    examples: _t.List[str]
    #: The path of the SKILL.md file with detailed instructions.
    documentationPath: str
    #: The full text of the SKILL.md file.
    documentationContent: str
    #: Structured details of the capabilities, used by orchestrators to match tasks.
    capabilitiesDetail: _t.Dict[str, _t.Any]
    #: Dependencies and system requirements of the skill.
    requirements: _t.Dict[str, _t.Any]
    #: Performance characteristics of the skill, used by orchestrators to plan.
    performance: _t.Dict[str, _t.Any]
    #: The version of the skill, for compatibility tracking.
    version: str
    #: The tools or capabilities the skill may use.
    allowedTools: _t.List[str]


class _SkillDetailRequired(_TypedDict):
    """The keys SkillDetail requires."""
    #: The identifier of the skill.
    id: str
    #: A human-readable name for the skill.
    name: str
    #: A human-readable description of what the skill does.
    description: str
    #: Tag words describing the kinds of capability the skill offers.
    tags: _t.List[str]
    #: The MIME types the skill accepts as input.
    inputModes: _t.List[str]
    #: The MIME types the skill can produce.
    outputModes: _t.List[str]


class SkillDetail(_SkillDetailRequired, total=False):
    """The answer to `GET /agent/skills/{id}`: one skill in full (the fields of `Skill`), without its
    documentation text, and whether it has documentation.
    """
    #: Example requests the skill can handle.
    examples: _t.List[str]
    #: The path of the SKILL.md file with detailed instructions.
    documentationPath: str
    #: The full text of the SKILL.md file.
    documentationContent: str
    #: Structured details of the capabilities, used by orchestrators to match tasks.
    capabilitiesDetail: _t.Dict[str, _t.Any]
    #: Dependencies and system requirements of the skill.
    requirements: _t.Dict[str, _t.Any]
    #: Performance characteristics of the skill, used by orchestrators to plan.
    performance: _t.Dict[str, _t.Any]
    #: The version of the skill, for compatibility tracking.
    version: str
    #: The tools or capabilities the skill may use.
    allowedTools: _t.List[str]
    #: Whether the skill has a documentation file, served at `/agent/skills/{id}/documentation` (its text is
    #: left out here).
    hasDocumentation: bool


class _SkillNotFoundErrorRequired(_TypedDict):
    """The keys SkillNotFoundError requires."""
    #: The code of an unknown skill: -32030.
    code: _t.Literal[-32030]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class SkillNotFoundError(_SkillNotFoundErrorRequired, total=False):
    """Bindu error: no skill with the given id exists on this agent."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


class _SkillsListResponseRequired(_TypedDict):
    """The keys SkillsListResponse requires."""
    #: Every skill the agent offers, in the order it lists them.
    skills: _t.List["Skill"]
    #: How many skills there are: the length of `skills`.
    total: int


class SkillsListResponse(_SkillsListResponseRequired, total=False):
    """The answer to `GET /agent/skills`: the skills of a Bindu agent, for discovery."""


class _TaskRequired(_TypedDict):
    """The keys Task requires."""
    #: The identifier of the task.
    id: str
    #: The context (conversation session) the task belongs to.
    contextId: str
    #: Discriminator of the object; always `task` for a task.
    kind: _t.Literal["task"]
    #: The current status: state, timestamp and optional message.
    status: "TaskStatus"


class Task(_TaskRequired, total=False):
    """A stateful unit of work that coordinates a client and an agent: it tracks the state, keeps the
    message history and collects the artifacts.
    """
    #: The outputs produced while the task ran.
    artifacts: _t.List["Artifact"]
    #: The messages exchanged in the course of the task.
    history: _t.List["Message"]
    #: Free-form metadata for extensions and custom data.
    metadata: _t.Dict[str, _t.Any]


class _TaskArtifactUpdateEventRequired(_TypedDict):
    """The keys TaskArtifactUpdateEvent requires."""
    #: The task producing the artifact.
    taskId: str
    #: The context of that task.
    contextId: str
    #: Discriminator of the event; always `artifact-update` for an artifact change.
    kind: _t.Literal["artifact-update"]
    #: The artifact, or the chunk of it, that was generated or updated.
    artifact: "Artifact"


class TaskArtifactUpdateEvent(_TaskArtifactUpdateEventRequired, total=False):
    """An event telling the client that an artifact was generated or updated, so large outputs can be
    delivered in chunks.
    """
    #: True to append these parts to the artifact sent earlier; false to start or replace it.
    append: bool
    #: True when this chunk completes the artifact.
    lastChunk: bool
    #: Free-form metadata about the event, such as chunk numbers.
    metadata: _t.Dict[str, _t.Any]


class _TaskFeedbackParamsRequired(_TypedDict):
    """The keys TaskFeedbackParams requires."""
    #: The task the feedback is about.
    taskId: str
    #: What the user thinks of how the task was carried out, in words.
    feedback: str


class TaskFeedbackParams(_TaskFeedbackParamsRequired, total=False):
    """Parameters for rating a task and commenting on how well it was done. A Bindu addition."""
    #: A score from 1 (very poor, did not meet expectations) to 5 (excellent, exceeded them).
    rating: int
    #: Free-form metadata about the feedback.
    metadata: _t.Dict[str, _t.Any]


class _TaskFeedbackRequestRequired(_TypedDict):
    """The keys TaskFeedbackRequest requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier the client picked for this call; the server repeats it in its response.
    id: _t.Union[str, int]
    #: The method name; always `tasks/feedback`.
    method: _t.Literal["tasks/feedback"]
    #: The task and the feedback about it.
    params: "TaskFeedbackParams"


class TaskFeedbackRequest(_TaskFeedbackRequestRequired, total=False):
    """A `tasks/feedback` call: records a rating and a comment about a task."""


class _TaskFeedbackResultRequired(_TypedDict):
    """The keys TaskFeedbackResult requires."""
    #: True when the feedback was recorded.
    success: bool
    #: The identifier under which the feedback was stored.
    feedbackId: str
    #: The task the feedback is about.
    taskId: str
    #: When the feedback was recorded, as an ISO 8601 date-time.
    timestamp: str


class TaskFeedbackResult(_TaskFeedbackResultRequired, total=False):
    """The result of `tasks/feedback`: confirmation that the feedback was stored."""


class _TaskFeedbackSuccessResponseRequired(_TypedDict):
    """The keys TaskFeedbackSuccessResponse requires."""
    #: The JSON-RPC protocol version; always the string `2.0`.
    jsonrpc: _t.Literal["2.0"]
    #: The identifier of the request this response answers.
    id: _t.Union[str, int, None]
    #: The confirmation that the feedback was stored.
    result: "TaskFeedbackResult"


class TaskFeedbackSuccessResponse(_TaskFeedbackSuccessResponseRequired, total=False):
    """The successful answer to `tasks/feedback`."""


class _TaskIdParamsRequired(_TypedDict):
    """The keys TaskIdParams requires."""
    #: The task the operation applies to.
    taskId: str


class TaskIdParams(_TaskIdParamsRequired, total=False):
    """Parameters that only name a task, for operations such as cancellation. Bindu calls the field
    `taskId` where A2A calls it `id`.
    """
    #: Free-form metadata for the operation.
    metadata: _t.Dict[str, _t.Any]


class _TaskImmutableErrorRequired(_TypedDict):
    """The keys TaskImmutableError requires."""
    #: The code of an immutable task: -32008.
    code: _t.Literal[-32008]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class TaskImmutableError(_TaskImmutableErrorRequired, total=False):
    """Bindu error: the task has reached a terminal state and can take no more messages; start a new
    task that lists it in `referenceTaskIds` instead.
    """
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


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
    #: The task to fetch.
    taskId: str


class TaskQueryParams(_TaskQueryParamsRequired, total=False):
    """Parameters for fetching one task, with an optional cap on how much history comes back. Bindu
    calls the field `taskId` where A2A calls it `id`.
    """
    #: The maximum number of history messages to return.
    historyLength: int
    #: Free-form metadata for the query.
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


class _TaskSendParamsRequired(_TypedDict):
    """The keys TaskSendParams requires."""
    #: The task to run.
    taskId: str
    #: The context the task belongs to.
    contextId: str


class TaskSendParams(_TaskSendParamsRequired, total=False):
    """Parameters Bindu uses internally to hand a task to its executor. Not received from clients and
    not part of A2A.
    """
    #: The message to hand to the task.
    message: "Message"
    #: The maximum number of history messages to include.
    historyLength: int
    #: Free-form metadata for the execution.
    metadata: _t.Dict[str, _t.Any]


class _TaskStatusRequired(_TypedDict):
    """The keys TaskStatus requires."""
    #: The lifecycle state the task is in.
    state: "TaskState"
    #: When this status was recorded, as an ISO 8601 date-time. Required in Bindu.
    timestamp: str


class TaskStatus(_TaskStatusRequired, total=False):
    """The status of a task at one moment: its state, the time it was recorded and an optional message."""
    #: An optional message that explains the status or gives context.
    message: "Message"


class _TaskStatusUpdateEventRequired(_TypedDict):
    """The keys TaskStatusUpdateEvent requires."""
    #: The task whose status changed.
    taskId: str
    #: The context of that task.
    contextId: str
    #: Discriminator of the event; always `status-update` for a status change.
    kind: _t.Literal["status-update"]
    #: The status the task has now.
    status: "TaskStatus"
    #: True when this is the last status update (the task reached a terminal state).
    final: bool


class TaskStatusUpdateEvent(_TaskStatusUpdateEventRequired, total=False):
    """An event telling the client that a task changed status; used in streams (SSE) and push
    notifications instead of polling.
    """
    #: Free-form metadata about the event.
    metadata: _t.Dict[str, _t.Any]


class _TextPartRequired(_TypedDict):
    """The keys TextPart requires."""
    #: Discriminator of the part union; always `text` for a text part.
    kind: _t.Literal["text"]
    #: The text content.
    text: str


class TextPart(_TextPartRequired, total=False):
    """A part that carries plain text, optionally with a vector embedding of it."""
    #: Free-form metadata attached to this part.
    metadata: _t.Dict[str, _t.Any]
    #: A vector embedding of the text, for semantic search and similarity. A Bindu extension, not part of A2A.
    embeddings: _t.List[float]


class _TokenExpiredErrorRequired(_TypedDict):
    """The keys TokenExpiredError requires."""
    #: The code of an expired token: -32011.
    code: _t.Literal[-32011]
    #: A short, human-readable summary of the error; servers may use their own wording.
    message: str


class TokenExpiredError(_TokenExpiredErrorRequired, total=False):
    """Bindu error: the authentication token has expired; the client must obtain a new one."""
    #: Optional extra detail about the error, of any JSON type.
    data: _t.Any


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


class _VerificationMethodRequired(_TypedDict):
    """The keys VerificationMethod requires."""
    #: The DID URL of the key: the DID and a fragment, `<did>#key-1` in Bindu.
    id: str
    #: The kind of key; Bindu publishes `Ed25519VerificationKey2020`, an Ed25519 public key.
    type: str
    #: The DID of whoever controls the key; in Bindu the agent itself.
    controller: str
    #: The raw 32-byte Ed25519 public key, base58-encoded (Bitcoin alphabet).
    publicKeyBase58: str


class VerificationMethod(_VerificationMethodRequired, total=False):
    """A public key published in a DID document, with the DID that controls it."""


A2AError: _t.TypeAlias = _t.Union[JSONParseError, InvalidRequestError, MethodNotFoundError, InvalidParamsError, InternalError, TaskNotFoundError, TaskNotCancelableError, PushNotificationNotSupportedError, UnsupportedOperationError, ContentTypeNotSupportedError, InvalidAgentResponseError, AuthenticatedExtendedCardNotConfiguredError]
"""Any of the errors A2A names: the standard JSON-RPC ones and the A2A-specific ones, told apart by
`code`.
"""


A2ARequest: _t.TypeAlias = _t.Union[SendMessageRequest, SendStreamingMessageRequest, GetTaskRequest, CancelTaskRequest, SetTaskPushNotificationConfigRequest, GetTaskPushNotificationConfigRequest, TaskResubscriptionRequest, ListTaskPushNotificationConfigRequest, DeleteTaskPushNotificationConfigRequest, GetAuthenticatedExtendedCardRequest, ListTasksRequest, TaskFeedbackRequest, ListContextsRequest, ClearContextsRequest, GetContextRequest, GetContextsListRequest]
"""Any request a client can send to a Bindu agent: the A2A methods, the Bindu additions and the context
extension, told apart by `method`.
"""


BinduError: _t.TypeAlias = _t.Union[TaskImmutableError, AuthenticationRequiredError, InvalidTokenError, TokenExpiredError, InvalidTokenSignatureError, InsufficientPermissionsError, ContextNotFoundError, ContextNotCancelableError, SkillNotFoundError]
"""Any of the errors Bindu adds to A2A, told apart by `code`."""


CART_MANDATE_DATA_KEY: _t.TypeAlias = _t.Literal["ap2.mandates.CartMandate"]
"""The DataPart `data` key under which a CartMandate travels."""


CONTACT_ADDRESS_DATA_KEY: _t.TypeAlias = _t.Literal["contact_picker.ContactAddress"]
"""The DataPart `data` key under which a ContactAddress travels."""


CancelTaskResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, CancelTaskSuccessResponse]
"""Any answer to `tasks/cancel`: an error or the success response."""


ClearContextsResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, ClearContextsSuccessResponse]
"""Any answer to `contexts/clear`: an error or the success response."""


ContextsClearParams: _t.TypeAlias = ContextIdParams
"""Parameters of `contexts/clear`: the context to clear, with optional metadata. The same shape as
ContextIdParams, which it extends without adding fields.
"""


ContextsList: _t.TypeAlias = _t.List[str]
"""The identifiers of the available conversation contexts, most recent first."""


DeleteTaskPushNotificationConfigResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, DeleteTaskPushNotificationConfigSuccessResponse]
"""Any answer to `tasks/pushNotificationConfig/delete`: an error or the success response."""


GetAuthenticatedExtendedCardResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetAuthenticatedExtendedCardSuccessResponse]
"""Any answer to `agent/getAuthenticatedExtendedCard`: an error or the success response."""


GetContextResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetContextSuccessResponse]
"""Any answer to `context/get`: an error or the success response."""


GetContextsListResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetContextsListSuccessResponse]
"""Any answer to `contexts/get`: an error or the success response."""


GetTaskPushNotificationConfigResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetTaskPushNotificationConfigSuccessResponse]
"""Any answer to `tasks/pushNotificationConfig/get`: an error or the success response."""


GetTaskResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, GetTaskSuccessResponse]
"""Any answer to `tasks/get`: an error or the success response."""


INTENT_MANDATE_DATA_KEY: _t.TypeAlias = _t.Literal["ap2.mandates.IntentMandate"]
"""The DataPart `data` key under which an IntentMandate travels."""


IdentityProvider: _t.TypeAlias = _t.Literal["keycloak", "azure_ad", "okta", "auth0", "custom"]
"""The identity provider that authenticates an agent: Keycloak, Azure AD, Okta, Auth0 or a custom one."""


JSONRPCResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, SendMessageSuccessResponse, SendStreamingMessageSuccessResponse, GetTaskSuccessResponse, CancelTaskSuccessResponse, SetTaskPushNotificationConfigSuccessResponse, GetTaskPushNotificationConfigSuccessResponse, ListTaskPushNotificationConfigSuccessResponse, DeleteTaskPushNotificationConfigSuccessResponse, GetAuthenticatedExtendedCardSuccessResponse, ListTasksSuccessResponse, TaskFeedbackSuccessResponse, ListContextsSuccessResponse, ClearContextsSuccessResponse, GetContextSuccessResponse, GetContextsListSuccessResponse]
"""Any response a Bindu agent can send: an error response or the success response of one of its
methods.
"""


ListContextsResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, ListContextsSuccessResponse]
"""Any answer to `contexts/list`: an error or the success response."""


ListTaskPushNotificationConfigResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, ListTaskPushNotificationConfigSuccessResponse]
"""Any answer to `tasks/pushNotificationConfig/list`: an error or the success response."""


ListTasksResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, ListTasksSuccessResponse]
"""Any answer to `tasks/list`: an error or the success response."""


NegotiationSessionStatus: _t.TypeAlias = _t.Literal["initiated", "ongoing", "completed", "rejected"]
"""The state of a whole negotiation session: `initiated`, `ongoing`, `completed` (agreement reached) or
`rejected` (no agreement possible).
"""


NegotiationStatus: _t.TypeAlias = _t.Literal["proposed", "accepted", "rejected", "countered"]
"""The state of one negotiation proposal: `proposed` (awaiting an answer), `accepted`, `rejected` or
`countered` (a counter-offer was made).
"""


PAYMENT_MANDATE_DATA_KEY: _t.TypeAlias = _t.Literal["ap2.mandates.PaymentMandate"]
"""The DataPart `data` key under which a PaymentMandate travels."""


PAYMENT_METHOD_DATA_DATA_KEY: _t.TypeAlias = _t.Literal["payment_request.PaymentMethodData"]
"""The DataPart `data` key under which a PaymentMethodData travels."""


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


TaskFeedbackResponse: _t.TypeAlias = _t.Union[JSONRPCErrorResponse, TaskFeedbackSuccessResponse]
"""Any answer to `tasks/feedback`: an error or the success response."""


TaskState: _t.TypeAlias = _t.Literal["submitted", "working", "input-required", "completed", "canceled", "failed", "rejected", "auth-required", "payment-required", "unknown", "trust-verification-required", "pending", "suspended", "resumed", "negotiation-bid-submitted", "negotiation-bid-lost", "negotiation-bid-won"]
"""Where a task is in its lifecycle. The A2A states are `submitted`, `working`, `input-required`,
`completed`, `canceled`, `failed`, `rejected`, `auth-required` and `unknown` (`completed`,
`canceled`, `failed` and `rejected` are terminal; `input-required` and `auth-required` wait on the
client). Bindu adds `payment-required`, `trust-verification-required`, `pending` (queued),
`suspended`, `resumed` and the three negotiation-bid outcomes `negotiation-bid-submitted`,
`negotiation-bid-lost` and `negotiation-bid-won`.
"""


TransportProtocol: _t.TypeAlias = _t.Literal["JSONRPC", "GRPC", "HTTP+JSON"]
"""The transports A2A defines. Agent cards still accept any string where a transport is named, so this
list is informative.
"""


TrustLevel: _t.TypeAlias = _t.Literal["super_admin", "admin", "manager", "operator", "editor", "analyst", "auditor", "support", "viewer", "guest"]
"""A role-based trust level used to authorise operations, listed from most to least permission:
`super_admin` (everything), `admin`, `manager`, `operator`, `editor`, `analyst`, `auditor`
(read-only on sensitive data), `support`, `viewer` and `guest` (limited, read-only).
"""
