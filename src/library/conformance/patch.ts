import { isObject } from '../../engine/json-value.js';
/**
 * JSON Pointer (RFC 6901) and JSON Patch (RFC 6902), enough for fixtures: every operation of RFC 6902,
 * applied to a deep copy so the source document is never changed. Any failure throws PatchError with
 * the index of the operation and why it did not apply.
 */

export class PatchError extends Error {}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Splits a JSON Pointer into its unescaped reference tokens. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PatchError(`"${pointer}" is not a JSON Pointer (it must be empty or start with "/")`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => {
      if (/~[^01]|~$/.test(token)) throw new PatchError(`"${pointer}" has an invalid escape (only ~0 and ~1 are allowed)`);
      return token.replaceAll('~1', '/').replaceAll('~0', '~');
    });
}

/** An array index token: `0` or digits without a leading zero. */
function arrayIndex(token: string, length: number, pointer: string, allowEnd: boolean): number {
  if (allowEnd && token === '-') return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`"${pointer}": "${token}" is not an array index`);
  const index = Number(token);
  if (index > length || (!allowEnd && index === length))
    throw new PatchError(`"${pointer}": index ${index} is out of range (length ${length})`);
  return index;
}

/** The value a pointer designates, or `undefined` with `found: false` when it designates nothing. */
export function resolvePointer(document: unknown, pointer: string): { found: boolean; value?: unknown } {
  let current: unknown = document;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= current.length) return { found: false };
      current = current[Number(token)];
    } else if (isObject(current)) {
      if (!Object.hasOwn(current, token)) return { found: false };
      current = current[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}

/** Deep equality of JSON values (object key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The container of the location a pointer designates, and the last token. */
function parentOf(document: unknown, pointer: string): { parent: unknown; token: string } {
  const tokens = parsePointer(pointer);
  const token = tokens.pop()!;
  const parentPointer = tokens.map((t) => `/${t.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
  const parent = resolvePointer(document, parentPointer);
  if (!parent.found) throw new PatchError(`"${pointer}": the parent location does not exist`);
  if (!Array.isArray(parent.value) && !isObject(parent.value))
    throw new PatchError(`"${pointer}": the parent is not an object or an array`);
  return { parent: parent.value, token };
}

function add(document: unknown, pointer: string, value: unknown): unknown {
  if (pointer === '') return value;
  const { parent, token } = parentOf(document, pointer);
  if (Array.isArray(parent)) parent.splice(arrayIndex(token, parent.length, pointer, true), 0, value);
  else (parent as Record<string, unknown>)[token] = value;
  return document;
}

function remove(document: unknown, pointer: string): { document: unknown; removed: unknown } {
  if (pointer === '') throw new PatchError('cannot remove the whole document');
  const { parent, token } = parentOf(document, pointer);
  if (Array.isArray(parent)) {
    const [removed] = parent.splice(arrayIndex(token, parent.length, pointer, false), 1);
    return { document, removed };
  }
  const object = parent as Record<string, unknown>;
  if (!Object.hasOwn(object, token)) throw new PatchError(`"${pointer}": there is no member "${token}" to remove`);
  const removed = object[token];
  delete object[token];
  return { document, removed };
}

function get(document: unknown, pointer: string): unknown {
  const found = resolvePointer(document, pointer);
  if (!found.found) throw new PatchError(`"${pointer}" does not exist`);
  return found.value;
}

/** One RFC 6902 operation as written in a fixture. */
export interface PatchOperation {
  readonly op: string;
  readonly path: string;
  readonly from?: string;
  readonly value?: unknown;
}

/** Applies an RFC 6902 patch to a copy of `document` and returns the result. Throws PatchError. */
export function applyPatch(document: unknown, patch: readonly PatchOperation[]): unknown {
  let result: unknown = clone(document);
  patch.forEach((operation, index) => {
    try {
      const { op, path } = operation;
      if (typeof path !== 'string') throw new PatchError('"path" must be a string');
      const needsValue = op === 'add' || op === 'replace' || op === 'test';
      if (needsValue && !('value' in operation)) throw new PatchError(`"${op}" needs a "value"`);
      const needsFrom = op === 'move' || op === 'copy';
      if (needsFrom && typeof operation.from !== 'string') throw new PatchError(`"${op}" needs a "from" pointer`);
      switch (op) {
        case 'add':
          result = add(result, path, clone(operation.value));
          break;
        case 'remove':
          result = remove(result, path).document;
          break;
        case 'replace':
          get(result, path);
          result = path === '' ? clone(operation.value) : add(remove(result, path).document, path, clone(operation.value));
          break;
        case 'move': {
          const from = operation.from!;
          if (path !== from && path.startsWith(`${from}/`)) throw new PatchError(`cannot move "${from}" into its own child "${path}"`);
          get(result, from);
          const { document, removed } = remove(result, from);
          result = add(document, path, removed);
          break;
        }
        case 'copy':
          result = add(result, path, clone(get(result, operation.from!)));
          break;
        case 'test':
          if (!jsonEqual(get(result, path), operation.value)) throw new PatchError(`test failed: "${path}" does not equal the given value`);
          break;
        default:
          throw new PatchError(`unknown operation "${String(op)}"`);
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PatchError(`operation ${index} (${String(operation.op)} ${String(operation.path)}): ${reason}`);
    }
  });
  return result as Json;
}
