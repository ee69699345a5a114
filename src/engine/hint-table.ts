/**
 * The words of the hints, as data: src/engine/issues.ts fills these templates, and the build writes this
 * table as JSON into the Python package (scripts/emit-python.ts, `bindu_protocol/data/hints.json`),
 * which fills the same templates. A hint is written once, here.
 *
 * `{name}` in a template is replaced by the value of `name`; nothing else is special.
 */

/** How a `format` is named in a message: "must be <words>, not …". */
export const FORMAT_WORDS: Readonly<Record<string, string>> = {
  uuid: 'a UUID (8-4-4-4-12 hexadecimal digits, e.g. "3f2c9a1e-7b4d-4e8a-9c1f-2a6b5d4e3f10")',
  'date-time': 'an RFC 3339 date-time with a time zone (e.g. "2025-01-31T12:00:00Z")',
  date: 'an RFC 3339 date (e.g. "2025-01-31")',
  time: 'an RFC 3339 time with a time zone (e.g. "12:00:00Z")',
  uri: 'an absolute URI (e.g. "https://example.com/file.pdf")',
  'uri-reference': 'a URI reference',
  url: 'a URL',
  email: 'an e-mail address',
  hostname: 'a host name',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  byte: 'base64-encoded bytes',
  regex: 'a regular expression',
  'json-pointer': 'a JSON Pointer',
  duration: 'an ISO 8601 duration (e.g. "PT30S")',
  int32: 'a 32-bit integer',
  int64: 'a 64-bit integer',
};

/** The hint templates, by what they are about. */
export const HINT_TEMPLATES = {
  /** A key written in the other casing (`context_id` for `contextId`). */
  keyCasing: 'did you mean "{key}"? Keys here are {style}.',
  /** A misspelt key, or a casing variant whose style cannot be named. */
  keyNear: 'did you mean "{key}"?',
  /** A required key missing while a casing variant of it is present. */
  requiredCasing: 'found "{found}": the key is "{key}"{style}',
  /** A required key missing while a misspelling of it is present. */
  requiredNear: 'found "{found}": did you mean "{key}"?',
  /** A value in the wrong case. */
  valueCase: 'did you mean "{value}"? Values are case-sensitive.',
  /** A v1.0 enum name on the v0.3 wire. */
  valueV1Name: '"{value}" is the A2A v1.0 (ProtoJSON) enum name; this wire writes "{other}".',
  /** A v0.3 spelling on the v1.0 wire. */
  valueV03Spelling: '"{value}" is the A2A v0.3.0 spelling; this wire writes the enum name "{other}".',
  /** The nearest allowed value. */
  valueNear: 'did you mean "{value}"?',
  /** A number written as a string. */
  numberUnquoted: 'write it as a number, without quotes: {number}',
  /** A boolean written as a string. */
  booleanUnquoted: 'write it as a boolean, without quotes: {value}',
  /** A number where a string is wanted. */
  asString: 'write it as a string: "{value}"',
  /** An object or array sent as JSON text inside a string. */
  jsonString: 'this is {article} encoded as a JSON string; send it as JSON itself, not as a string',
  /** One value where a list is wanted. */
  wrapList: 'wrap it in a list: [ … ]',
  /** The one value allowed (`{value}` is the JSON text). */
  writeValue: 'write {value}',
  /** A typed error detail an error must hold (`{item}`: "a google.rpc.ErrorInfo with reason … and domain …"). */
  errorDetail: 'add {item} to error.data',
  /** A union member's missing discriminator (`{value}` is the JSON text). */
  discriminator: 'add "{property}": {value}',
  /** Appended to `discriminator` when the member was chosen by the other properties. */
  discriminatorMember: '; by its other properties this is {member}',
  /** Several of the keys of which exactly one may be given. */
  keepOne: 'keep one of them and remove the others',
  /** Two keys that must not be given together. */
  removeOne: 'remove one of the two',
  /** An accepted but non-canonical key name. */
  canonicalName: 'write it as "{key}"',
  /** An unknown method: the nearest names (`{names}` is a list "a" or "b"). */
  methodNear: 'did you mean {names}?',
  /** An unknown method that another variant has (the first in the variants' order). */
  methodElsewhere: '"{method}" is a method of the {variant} variant: use --variant {variant} (the `variant` option in the library)',
  /** An unknown method with no near name. */
  methodList: 'the {variant} methods are {names}',
  /** A response whose method cannot be known. */
  responseMethod:
    'give the method (--method, or the `method` option) or the request it answers (in an --ndjson log, the request with the same id earlier in the log)',
  /** A response whose id is not its request's. */
  responseId: 'a response repeats the id of the request it answers',
  /** An error code the method does not declare. */
  codeDeclared:
    '"{method}" declares {list}; server errors from -32000 to -32099 that no catalogue entry names are allowed for every method',
  /** A v1.0 A2A error without the google.rpc.ErrorInfo its revision recommends. */
  errorInfo:
    'add {"@type": "{type}", "reason": "{reason}", "domain": "{domain}"} to error.data, so clients can tell the error by its reason',
  /** An error code the variant does not define (the method unknown). */
  codeCatalogue: 'the {variant} errors are {list}; other server errors from -32000 to -32099 are allowed too',
  /** A payload nested deeper than the validator can follow. */
  tooDeep: 'JSON-RPC payloads of this protocol are a few levels deep; flatten the deeply nested value',
  /** A key given twice in one object (found in the text). */
  duplicateKey:
    'give each key once: RFC 8259 section 4 says the names within an object should be unique, and receivers disagree about which one counts',
  /** A lone surrogate escape in a string or key (found in the text). */
  loneSurrogate:
    'RFC 8259 section 8.2: strings that are not Unicode make receivers behave unpredictably; I-JSON (RFC 7493 section 2.1) forbids them',
  /** A number beyond the largest double (found in the text). */
  numberRange:
    'RFC 8259 section 6: numbers beyond IEEE 754 double precision are not interoperable; send a smaller number, or the value as a string',
} as const;

/** A word or name with its indefinite article: "a TextPart", "an ErrorInfo". */
export const article = (word: string): string => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** Each template cut once at its `{name}` places: text at the even indexes, names at the odd ones. */
const templateParts = new Map<string, readonly string[]>();

/** Fills a template: `{name}` becomes `values[name]` (a name `values` lacks stays as it is). */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  let parts = templateParts.get(template);
  if (parts === undefined) {
    parts = template.split(/\{(\w+)\}/);
    // The templates are this table's (and a few more): a bound that holds them all and keeps a stray caller's from piling up.
    if (templateParts.size < 256) templateParts.set(template, parts);
  }
  let text = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    text += (name in values ? String(values[name]) : `{${name}}`) + parts[i + 1]!;
  }
  return text;
}
