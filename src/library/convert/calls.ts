/**
 * The method side of the wires: push notification configurations (v0.3 nests the config under
 * `pushNotificationConfig` beside `taskId`; v1.0 flattens it and names one auth `scheme`), the
 * params of every method both wires have, their results (v0.3 `kind`-tagged values ⇄ v1.0 one-of
 * wrappers), and JSON-RPC requests and responses with the method renamed (schemas/wire-pairs.ts).
 */
import { A2A_ERROR_DOMAIN, A2A_ERRORS, ERROR_INFO_TYPE_URL } from '../../../schemas/error-table.js';
import { methodPair } from '../../../schemas/wire-pairs.js';
import { ConvertError } from './conversion.js';
import { type Context, type Converter, type Fields, type Json, convertField, copy, drop, isObject, pointer, walk } from './walk.js';

const plain =
  (typeName: string, body: (fields: Fields, out: Json, ctx: Context) => void): Converter =>
  (value, path, ctx) =>
    walk(value, path, ctx, typeName, (fields, out) => body(fields, out, ctx));

const noTenant = (fields: Fields, ctx: Context) => drop(fields, 'tenant', ctx, 'has no v0.3 counterpart (v0.3 has no tenants)');
const noMetadata = (fields: Fields, ctx: Context, method: string) =>
  drop(fields, 'metadata', ctx, `has no place in the v1.0 params of ${method}`);

// ---- push notification configurations ----

const authToV1 = plain('PushNotificationAuthenticationInfo', (fields, out, ctx) => {
  const schemes = fields.get('schemes');
  if (Array.isArray(schemes?.value)) {
    if (schemes.value.length > 0) out.scheme = schemes.value[0];
    else ctx.lose(schemes.path, 'no scheme: v1.0 requires one');
    schemes.value.slice(1).forEach((_, index) => {
      ctx.lose(pointer(schemes.path, index + 1), 'a v1.0 configuration names one scheme (the first was kept); left out');
    });
  }
  copy(fields, out, 'credentials');
});

const authToV03 = plain('AuthenticationInfo', (fields, out) => {
  const scheme = fields.get('scheme');
  if (scheme !== undefined) out.schemes = [scheme.value];
  copy(fields, out, 'credentials');
});

function configBody(fields: Fields, out: Json, ctx: Context, auth: Converter): void {
  copy(fields, out, 'id');
  copy(fields, out, 'url');
  copy(fields, out, 'token');
  convertField(fields, out, 'authentication', ctx, auth);
}

const pushConfigToV1 = plain('PushNotificationConfig', (f, o, c) => configBody(f, o, c, authToV1));
const pushConfigToV03 = plain('TaskPushNotificationConfig', (fields, out, ctx) => {
  noTenant(fields, ctx);
  drop(fields, 'taskId', ctx, "has no place in a v0.3 PushNotificationConfig (it is the TaskPushNotificationConfig's)");
  configBody(fields, out, ctx, authToV03);
});

const taskPushConfigToV1 = plain('TaskPushNotificationConfig', (fields, out, ctx) => {
  copy(fields, out, 'taskId');
  const config = fields.get('pushNotificationConfig');
  const converted = config && pushConfigToV1(config.value, config.path, ctx);
  if (isObject(converted)) Object.assign(out, converted);
});

const taskPushConfigToV03 = plain('TaskPushNotificationConfig', (fields, out, ctx) => {
  noTenant(fields, ctx);
  copy(fields, out, 'taskId');
  if (!fields.has('taskId')) ctx.lose(pointer(fields.path, 'taskId'), 'no `taskId`, which a v0.3 TaskPushNotificationConfig requires');
  const config: Json = {};
  configBody(fields, config, ctx, authToV03);
  out.pushNotificationConfig = config;
});

// ---- params ----

const configurationToV1 = plain('MessageSendConfiguration', (fields, out, ctx) => {
  copy(fields, out, 'acceptedOutputModes');
  convertField(fields, out, 'pushNotificationConfig', ctx, pushConfigToV1, 'taskPushNotificationConfig');
  copy(fields, out, 'historyLength');
  const blocking = fields.get('blocking');
  if (blocking !== undefined) {
    // `returnImmediately: false` is the v1.0 default, which ProtoJSON leaves out.
    if (blocking.value !== true) out.returnImmediately = true;
  } else {
    out.returnImmediately = true;
    ctx.lose(
      pointer(fields.path, 'blocking'),
      'no `blocking` (v0.3: the call does not wait); written out as `returnImmediately: true`, v1.0 waits by default',
    );
  }
});

const configurationToV03 = plain('SendMessageConfiguration', (fields, out, ctx) => {
  copy(fields, out, 'acceptedOutputModes');
  convertField(fields, out, 'taskPushNotificationConfig', ctx, pushConfigToV03, 'pushNotificationConfig');
  copy(fields, out, 'historyLength');
  const immediately = fields.get('returnImmediately');
  out.blocking = immediately?.value !== true;
  if (immediately === undefined)
    ctx.lose(pointer(fields.path, 'returnImmediately'), 'no `returnImmediately` (v1.0: the call waits); written out as `blocking: true`');
});

const sendParamsToV1 = plain('MessageSendParams', (fields, out, ctx) => {
  convertField(fields, out, 'message', ctx, 'Message');
  convertField(fields, out, 'configuration', ctx, configurationToV1);
  copy(fields, out, 'metadata');
});

const sendParamsToV03 = plain('SendMessageRequest', (fields, out, ctx) => {
  noTenant(fields, ctx);
  convertField(fields, out, 'message', ctx, 'Message');
  convertField(fields, out, 'configuration', ctx, configurationToV03);
  copy(fields, out, 'metadata');
});

const taskQueryToV1 = plain('TaskQueryParams', (fields, out, ctx) => {
  copy(fields, out, 'id');
  copy(fields, out, 'historyLength');
  noMetadata(fields, ctx, 'GetTask');
});
const taskQueryToV03 = plain('GetTaskRequest', (fields, out, ctx) => {
  noTenant(fields, ctx);
  copy(fields, out, 'id');
  copy(fields, out, 'historyLength');
});

const taskIdToV1 = plain('TaskIdParams', (fields, out) => {
  copy(fields, out, 'id');
  copy(fields, out, 'metadata');
});
const taskIdToV03 = plain('CancelTaskRequest', (fields, out, ctx) => {
  noTenant(fields, ctx);
  copy(fields, out, 'id');
  copy(fields, out, 'metadata');
});

/** v0.3 `{id (the task), pushNotificationConfigId}` ⇄ v1.0 `{taskId, id (the configuration)}`. */
function configParamsToV1(typeName: string, method: string, needsId: boolean): Converter {
  return plain(typeName, (fields, out, ctx) => {
    copy(fields, out, 'id', 'taskId');
    copy(fields, out, 'pushNotificationConfigId', 'id');
    if (needsId && !fields.has('pushNotificationConfigId'))
      ctx.lose(pointer(fields.path, 'pushNotificationConfigId'), `no configuration id, which v1.0 ${method} requires`);
    noMetadata(fields, ctx, method);
  });
}
function configParamsToV03(typeName: string): Converter {
  return plain(typeName, (fields, out, ctx) => {
    noTenant(fields, ctx);
    copy(fields, out, 'taskId', 'id');
    copy(fields, out, 'id', 'pushNotificationConfigId');
    drop(fields, 'pageSize', ctx, 'has no v0.3 counterpart (v0.3 lists every configuration)');
    drop(fields, 'pageToken', ctx, 'has no v0.3 counterpart (v0.3 lists every configuration)');
  });
}

// ---- results ----

const V03_KIND: Readonly<Record<string, [string, string]>> = {
  task: ['task', 'Task'],
  message: ['message', 'Message'],
  'status-update': ['statusUpdate', 'TaskStatusUpdateEvent'],
  'artifact-update': ['artifactUpdate', 'TaskArtifactUpdateEvent'],
};

/** A v0.3 result tagged by `kind` → the v1.0 one-of wrapper (`SendMessageResponse`, `StreamResponse`). */
function resultToV1(kinds: readonly string[]): Converter {
  return (value, path, ctx) => {
    const kind = isObject(value) ? value.kind : undefined;
    const entry = typeof kind === 'string' && kinds.includes(kind) ? V03_KIND[kind] : undefined;
    if (!entry) {
      const message = `${JSON.stringify(kind)} is not the kind of a ${kinds.join(', ')} result`;
      if (path === '') throw new ConvertError(path, message);
      ctx.lose(path, `${message}; left out`);
      return undefined;
    }
    const converted = ctx.convert(entry[1], value, path);
    return converted === undefined ? undefined : { [entry[0]]: converted };
  };
}

function resultToV03(members: readonly string[]): Converter {
  return (value, path, ctx) => {
    let result: unknown;
    walk(value, path, ctx, members.length === 2 ? 'SendMessageResponse' : 'StreamResponse', (fields) => {
      for (const [member, type] of Object.values(V03_KIND).filter(([m]) => members.includes(m))) {
        const field = fields.get(member);
        if (field === undefined) continue;
        if (result !== undefined) ctx.lose(field.path, 'a second member of the one-of; left out');
        else result = ctx.convert(type, field.value, field.path);
      }
    });
    if (result === undefined && path === '') throw new ConvertError(path, `none of ${members.join(', ')}: nothing to convert`);
    return result;
  };
}

const configListToV1: Converter = (value, path, ctx) => {
  if (!Array.isArray(value)) throw new ConvertError(path, 'the value is not an array of TaskPushNotificationConfig');
  return { configs: value.map((item, index) => ctx.convert('TaskPushNotificationConfig', item, pointer(path, index))).filter(Boolean) };
};
const configListToV03: Converter = (value, path, ctx) => {
  let list: unknown[] = [];
  walk(value, path, ctx, 'ListTaskPushNotificationConfigsResponse', (fields) => {
    const configs = fields.get('configs');
    if (Array.isArray(configs?.value))
      list = configs.value
        .map((item, index) => ctx.convert('TaskPushNotificationConfig', item, pointer(configs.path, index)))
        .filter(Boolean);
    const next = fields.get('nextPageToken');
    if (next !== undefined && next.value !== '')
      ctx.lose(next.path, 'v0.3 has no paging: the configurations after this page are not in the list');
  });
  return list;
};

// ---- JSON-RPC envelopes ----

const isErrorInfo = (item: unknown) => isObject(item) && item['@type'] === ERROR_INFO_TYPE_URL;

/**
 * A JSON-RPC error object. v1.0 §9.5: an A2A error "MUST include a `google.rpc.ErrorInfo` message
 * in the `data` array" (reason and domain from schemas/error-table.ts); v0.3 has no such rule, and
 * lacks the errors only v1.0 defines.
 */
const errorObject: Converter = (value, path, ctx) => {
  if (!isObject(value)) return value;
  const out: Json = { ...value };
  const row = A2A_ERRORS.find((error) => error.code === value.code);
  if (ctx.to === 'v0.3') {
    if (row && !Object.hasOwn(row.wires, 'v0.3'))
      ctx.lose(
        pointer(path, 'code'),
        `${String(value.code)} (${Object.values(row.wires)[0]?.name}) is a v1.0 error with no v0.3 counterpart; copied unchanged`,
      );
    return out;
  }
  if (!row) return out;
  const info = { '@type': ERROR_INFO_TYPE_URL, reason: row.reason, domain: A2A_ERROR_DOMAIN };
  const data = value.data;
  // Only an ErrorInfo of this error's reason and domain counts (SPEC-NOTES P-5); any other detail is kept after ours.
  const has =
    Array.isArray(data) && data.some((item) => isErrorInfo(item) && item.reason === row.reason && item.domain === A2A_ERROR_DOMAIN);
  if (Array.isArray(data)) out.data = has ? data : [info, ...data];
  else {
    out.data = [info];
    if (data !== undefined) ctx.lose(pointer(path, 'data'), 'v1.0 error `data` is a list of typed details; the v0.3 value left out');
  }
  if (!has) ctx.lose(pointer(path, 'data'), `the ErrorInfo v1.0 requires added (reason ${row.reason})`);
  return out;
};

/** A JSON-RPC request (its method renamed, its params converted) or response (its result converted). */
function envelope(kind: 'request' | 'response', method?: string): Converter {
  return (value, path, ctx) => {
    return walk(value, path, ctx, kind === 'request' ? 'JSONRPCRequest' : 'JSONRPCResponse', (fields, target) => {
      copy(fields, target, 'jsonrpc');
      copy(fields, target, 'id');
      const named = kind === 'request' ? fields.get('method')?.value : method;
      const pair = typeof named === 'string' ? methodPair(named) : undefined;
      if (!pair) {
        throw new ConvertError(
          kind === 'request' ? '/method' : '',
          typeof named === 'string'
            ? `the method ${JSON.stringify(named)} has no counterpart on the other wire`
            : kind === 'request'
              ? 'the request has no method'
              : 'a response converts with its method named (`method` option, --method)',
        );
      }
      if (kind === 'request') {
        target.method = ctx.to === 'v1.0' ? pair.v1 : pair.v03;
        const params = fields.get('params');
        const type = pair.params.v03;
        if (params !== undefined) {
          if (type === undefined) {
            if (ctx.to === 'v1.0') target.params = {};
            else ctx.lose(params.path, `${pair.v03} takes no params; left out`);
          } else {
            const converted = ctx.convert(
              type === 'TaskIdParams' && pair.v1 === 'SubscribeToTask' ? 'TaskIdParams' : type,
              params.value,
              params.path,
            );
            if (converted !== undefined) target.params = converted;
          }
        }
      } else {
        const result = fields.get('result');
        if (result !== undefined) {
          const converted = ctx.convert(pair.result.v03, result.value, result.path);
          target.result = converted === undefined && pair.result.v03 === 'Null' ? null : converted;
        }
        convertField(fields, target, 'error', ctx, errorObject);
      }
    });
  };
}

export const CALLS_TO_V1: Readonly<Record<string, Converter>> = {
  PushNotificationAuthenticationInfo: authToV1,
  PushNotificationConfig: pushConfigToV1,
  TaskPushNotificationConfig: taskPushConfigToV1,
  MessageSendConfiguration: configurationToV1,
  MessageSendParams: sendParamsToV1,
  TaskQueryParams: taskQueryToV1,
  TaskIdParams: taskIdToV1,
  GetTaskPushNotificationConfigParams: configParamsToV1('GetTaskPushNotificationConfigParams', 'GetTaskPushNotificationConfig', true),
  ListTaskPushNotificationConfigParams: configParamsToV1('ListTaskPushNotificationConfigParams', 'ListTaskPushNotificationConfigs', false),
  DeleteTaskPushNotificationConfigParams: configParamsToV1(
    'DeleteTaskPushNotificationConfigParams',
    'DeleteTaskPushNotificationConfig',
    true,
  ),
  SendMessageResult: resultToV1(['task', 'message']),
  SendStreamingMessageResult: resultToV1(['task', 'message', 'status-update', 'artifact-update']),
  TaskPushNotificationConfigList: configListToV1,
  Null: () => ({}),
};

export const CALLS_TO_V03: Readonly<Record<string, Converter>> = {
  PushNotificationAuthenticationInfo: authToV03,
  PushNotificationConfig: pushConfigToV03,
  TaskPushNotificationConfig: taskPushConfigToV03,
  MessageSendConfiguration: configurationToV03,
  MessageSendParams: sendParamsToV03,
  TaskQueryParams: taskQueryToV03,
  TaskIdParams: taskIdToV03,
  GetTaskPushNotificationConfigParams: configParamsToV03('GetTaskPushNotificationConfigRequest'),
  ListTaskPushNotificationConfigParams: configParamsToV03('ListTaskPushNotificationConfigsRequest'),
  DeleteTaskPushNotificationConfigParams: configParamsToV03('DeleteTaskPushNotificationConfigRequest'),
  SendMessageResult: resultToV03(['task', 'message']),
  SendStreamingMessageResult: resultToV03(['task', 'message', 'statusUpdate', 'artifactUpdate']),
  TaskPushNotificationConfigList: configListToV03,
  Null: () => null,
};

export { envelope };
