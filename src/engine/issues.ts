/**
 * Errors for people: turns the explainer's raw issues into `{ path, keyword, message, hint? }`.
 *
 * Messages are plain words; hints say how to fix it where the package can tell (a key's casing or
 * nearest declared key, the nearest allowed value or the other wire's spelling, a union member's
 * missing discriminator, a value one step from the right JSON type). A missing required key with a
 * near spelling present is one defect (SPEC-NOTES V-1). Only the issues reported (up to `maxErrors`) are
 * worded. A key missing and nothing more comes worded by the walk (`RawIssue.message`) and is reported as it is.
 */
import type { RawIssue } from './explain.js';
import { jsonType } from './json-value.js';
import { article, FORMAT_WORDS, HINT_TEMPLATES as H, fill } from './hint-table.js';
import { isErrorIssue, issue, missingWords, type IssueParams, type ValidationIssue } from './validation-issue.js';

export { issue, type IssueParams, type ValidationIssue };

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

/** A value as a message quotes it: JSON, shortened. */
export function quote(value: unknown, max = 48): string {
  let text: string;
  // A number, a boolean, null, and a string with nothing JSON escapes are written as JSON.stringify writes them.
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    text = String(value);
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
  }
  if (typeof value === 'string' && !NEEDS_ESCAPE.test(value)) return value.length + 2 > max ? `"${value.slice(0, max - 2)}…` : `"${value}"`;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // Too deep for JSON.stringify (and for String, which recurses the same way), or a cycle.
    text = Array.isArray(value) ? '[…]' : typeof value === 'object' && value !== null ? '{…}' : typeof value;
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A character JSON.stringify writes escaped (or may: any surrogate, paired or not, goes the slow way). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

const ARTICLE: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
  array: 'an array',
  object: 'an object',
};

function describeValue(value: unknown): string {
  const type = jsonType(value);
  if (type === 'object') return 'an object';
  if (type === 'array') return 'an array';
  if (type === 'null') return 'null';
  if (type === 'string') return `the string ${quote(value)}`;
  return `${ARTICLE[type] ?? type} (${quote(value)})`;
}

/** "a", "a or b", "a, b or c". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The words of each list of values, by list and length (a schema's lists are met again and again). */
const valueLists = new WeakMap<readonly unknown[], Map<number, string>>();

function valueList(values: readonly unknown[], max = 12): string {
  let byMax = valueLists.get(values);
  const known = byMax?.get(max);
  if (known !== undefined) return known;
  const shown = values.slice(0, max).map((value) => quote(value));
  const words = values.length > max ? `${shown.join(', ')}, … (${values.length} values)` : orList(shown);
  if (!byMax) valueLists.set(values, (byMax = new Map()));
  byMax.set(max, words);
  return words;
}

/** How each format is named (src/engine/hint-table.ts, shared with the Python package). */
const FORMATS = FORMAT_WORDS;

// ---------------------------------------------------------------------------------------------
// Hints
// ---------------------------------------------------------------------------------------------

/** The longest word or value the hints compare (names and enum values are far shorter). */
const HINT_MAX_LENGTH = 256;

/** The two rows `editDistance` works in, kept between calls and grown as needed (no allocation per comparison). */
let previousRow = new Uint16Array(HINT_MAX_LENGTH + 1);
let currentRow = new Uint16Array(HINT_MAX_LENGTH + 1);

/** Edit distance (insertions, deletions, substitutions), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (previousRow.length <= b.length) {
    previousRow = new Uint16Array(b.length + 1);
    currentRow = new Uint16Array(b.length + 1);
  }
  let previous = previousRow;
  let current = currentRow;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return previous[b.length]!;
}

/** The candidates closest to `word` (the nearest ones, at most `count`), within an edit distance that scales with its length. */
export function nearest(word: string, candidates: Iterable<string>, count = 1): string[] {
  const names = [...candidates];
  return nearestOf(
    word,
    names,
    names.map((name) => name.toLowerCase()),
    count,
  );
}

/** `nearest`, with the candidates' lower-case forms given (worked out once for a list that is met again). */
function nearestOf(word: string, candidates: readonly string[], lowerCandidates: readonly string[], count: number): string[] {
  // A word this long is no misspelling of a name or value (they are short): no hint, and no cost.
  if (word.length > HINT_MAX_LENGTH) return [];
  const lower = word.toLowerCase();
  const limit = Math.max(2, Math.floor(word.length / 3));
  // Only the candidates at the best distance so far are kept (none is made when nothing is near).
  let best = Infinity;
  let nearestOnes: string[] | undefined;
  for (let i = 0; i < candidates.length; i++) {
    const other = lowerCandidates[i]!;
    let distance = editDistance(lower, other, Math.min(limit, best));
    if (distance > limit && other.length >= 4 && lower.length >= 4 && (other.startsWith(lower) || lower.startsWith(other)))
      distance = limit;
    if (distance > limit || distance > best) continue;
    if (distance < best) {
      best = distance;
      nearestOnes = [candidates[i]!];
    } else nearestOnes!.push(candidates[i]!);
  }
  if (nearestOnes === undefined) return [];
  if (nearestOnes.length > 1) nearestOnes.sort((a, b) => a.localeCompare(b));
  return nearestOnes.length > count ? nearestOnes.slice(0, count) : nearestOnes;
}

const normaliseKey = (key: string) => {
  const lower = key.toLowerCase();
  return lower.includes('_') || lower.includes('-') ? lower.replace(/[_-]/g, '') : lower;
};

function keyStyle(key: string): string | undefined {
  if (key.includes('_')) return 'snake_case';
  if (/[A-Z]/.test(key)) return 'camelCase';
  return undefined;
}

/** A declared key that `key` is a casing variant or a misspelling of. */
function keyCorrection(
  key: string,
  declared: Iterable<string>,
  avoid: readonly string[] = [],
): { key: string; casing: boolean } | undefined {
  const { names, normalised, lower } = namesOf(declared);
  const wanted = normaliseKey(key);
  const kept: number[] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (name === key || avoid.includes(name)) continue;
    if (normalised[i] === wanted) return { key: name, casing: true };
    kept.push(i);
  }
  const candidates = kept.length === names.length ? names : kept.map((i) => names[i]!);
  const [close] = nearestOf(key, candidates, kept.length === names.length ? lower : kept.map((i) => lower[i]!), 1);
  return close === undefined ? undefined : { key: close, casing: false };
}

/** A set of declared names with their normalised and lower-case forms, worked out once per set (an object schema's). */
const declaredFacts = new WeakMap<object, { names: readonly string[]; normalised: readonly string[]; lower: readonly string[] }>();

function namesOf(declared: Iterable<string>): { names: readonly string[]; normalised: readonly string[]; lower: readonly string[] } {
  const held = declared instanceof Set ? declaredFacts.get(declared) : undefined;
  if (held) return held;
  const names = [...declared];
  const facts = { names, normalised: names.map(normaliseKey), lower: names.map((name) => name.toLowerCase()) };
  if (declared instanceof Set) declaredFacts.set(declared, facts);
  return facts;
}

function keyHint(_key: string, correction: { key: string; casing: boolean }): string {
  if (correction.casing) {
    const style = keyStyle(correction.key);
    return style ? fill(H.keyCasing, { key: correction.key, style }) : fill(H.keyNear, { key: correction.key });
  }
  return fill(H.keyNear, { key: correction.key });
}

const SCREAMING = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** The forms a value may take on either wire: `TASK_STATE_INPUT_REQUIRED` → input_required, state_input_required, … */
function wireForms(value: string): string[] {
  if (!value.includes('_') && !value.includes('-')) return value === '' ? [] : [value.toLowerCase()];
  const parts = value.toLowerCase().replace(/-/g, '_').split('_').filter(Boolean);
  return parts.map((_, i) => parts.slice(i).join('_'));
}

/** What the hints read of a list of allowed values, worked out once per list (a schema's lists are met again and again). */
interface AllowedFacts {
  readonly strings: readonly string[];
  readonly lower: readonly string[];
  /** Each string lower-cased with `-` as `_`: the form compared with the other wire's spellings. */
  readonly full: readonly string[];
  readonly screaming: readonly boolean[];
}

const allowedFacts = new WeakMap<readonly unknown[], AllowedFacts>();

function factsOf(allowed: readonly unknown[]): AllowedFacts {
  let facts = allowedFacts.get(allowed);
  if (!facts) {
    const strings = allowed.filter((item): item is string => typeof item === 'string');
    facts = {
      strings,
      lower: strings.map((item) => item.toLowerCase()),
      full: strings.map(fullForm),
      screaming: strings.map((item) => SCREAMING.test(item)),
    };
    allowedFacts.set(allowed, facts);
  }
  return facts;
}

const fullForm = (item: string) => {
  const lower = item.toLowerCase();
  return lower.includes('-') ? lower.replace(/-/g, '_') : lower;
};

/** The hint for a value that is not among `allowed`. */
export function valueHint(value: unknown, allowed: readonly unknown[]): string | undefined {
  if (typeof value === 'string' && value.length > HINT_MAX_LENGTH) return undefined;
  const { strings, lower, full, screaming } = factsOf(allowed);
  if (typeof value === 'string' && strings.length > 0) {
    const sameCase = lower.indexOf(value.toLowerCase());
    if (sameCase !== -1) return fill(H.valueCase, { value: strings[sameCase]! });
    const valueForms = wireForms(value);
    const suffix = `_${fullForm(value)}`;
    let otherIndex = -1;
    for (let i = 0; i < full.length && otherIndex === -1; i++)
      if (valueForms.includes(full[i]!) || full[i]!.endsWith(suffix)) otherIndex = i;
    const other = otherIndex === -1 ? undefined : strings[otherIndex]!;
    if (other !== undefined && SCREAMING.test(value) !== screaming[otherIndex]) {
      return SCREAMING.test(value) ? fill(H.valueV1Name, { value, other }) : fill(H.valueV03Spelling, { value, other });
    }
    const [close] = nearestOf(value, strings, lower, 1);
    if (close !== undefined) return fill(H.valueNear, { value: close });
    if (other !== undefined) return fill(H.valueNear, { value: other });
  }
  if (typeof value === 'string' && value.trim() !== '' && allowed.some((item) => typeof item === 'number' && item === Number(value))) {
    return fill(H.numberUnquoted, { number: Number(value) });
  }
  if (typeof value === 'number' && strings.includes(String(value))) return fill(H.asString, { value });
  return undefined;
}

function typeHint(value: unknown, types: readonly string[], expected: readonly unknown[] | undefined): string | undefined {
  if (expected && expected.length === 1) return fill(H.writeValue, { value: quote(expected[0]) });
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if ((types.includes('integer') || types.includes('number')) && trimmed !== '' && Number.isFinite(Number(trimmed))) {
      const number = Number(trimmed);
      if (types.includes('number') || Number.isInteger(number)) return fill(H.numberUnquoted, { number });
    }
    if (types.includes('boolean') && (trimmed === 'true' || trimmed === 'false')) return fill(H.booleanUnquoted, { value: trimmed });
    if ((types.includes('object') || types.includes('array')) && /^[[{]/.test(trimmed)) {
      try {
        const parsed = JSON.parse(trimmed) as unknown;
        if (types.includes(jsonType(parsed)))
          return fill(H.jsonString, { article: jsonType(parsed) === 'array' ? 'an array' : 'an object' });
      } catch {
        // not JSON text
      }
    }
  }
  if (typeof value === 'number' && types.includes('string')) return fill(H.asString, { value: String(value) });
  if (types.includes('array') && !Array.isArray(value) && value !== null && value !== undefined) return H.wrapList;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Shaping
// ---------------------------------------------------------------------------------------------

/** A typed detail by its constant fields: "a google.rpc.ErrorInfo with reason TASK_NOT_FOUND and domain a2a-protocol.org". */
function detailWords(item: Record<string, unknown>): string {
  const type = String(item['@type']).split('/').pop();
  const fields = Object.entries(item)
    .filter(([key]) => key !== '@type')
    .map(([key, value]) => `${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const list = fields.length < 2 ? fields.join('') : `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`;
  return `a ${type}${list === '' ? '' : ` with ${list}`}`;
}

/** The words of each list of types (a schema's lists are met again and again). */
const typeLists = new WeakMap<readonly string[], string>();

function typeWords(types: readonly string[]): string {
  const known = typeLists.get(types);
  if (known !== undefined) return known;
  const unique = [...new Set(types)];
  if (unique.includes('number')) {
    const integer = unique.indexOf('integer');
    if (integer !== -1) unique.splice(integer, 1);
  }
  const words = orList(unique.map((type) => ARTICLE[type] ?? type));
  typeLists.set(types, words);
  return words;
}

/**
 * The words of a raw issue: its message, returned, and its hint, left in `wordedHint` (no object is made for the
 * pair: an issue is made once, by `reportedIssue`).
 */
function format(raw: RawIssue): string {
  const { keyword, params, value } = raw;
  // biome-ignore lint/suspicious/noExplicitAny: ajv's error params differ by keyword; each branch reads its own.
  const p = params as Record<string, any>;
  // Scalar alternatives merged at their union: worded as the enum or type check they amount to.
  const merged = p.merged;
  const wording = merged === 'enum' || merged === 'type' ? merged : keyword;
  // The most frequent keywords first: a switch on strings compares the cases in turn.
  switch (wording) {
    case 'additionalProperties': {
      const correction = keyCorrection(p.property, p.declared ?? []);
      return worded(`unknown property "${p.property}"`, correction ? keyHint(p.property, correction) : undefined);
    }
    case 'required': {
      if (Array.isArray(p.alternatives) && p.alternatives.length > 1) {
        return worded(
          `missing the required property "${p.missingProperty}" (it may also be written ${orList(p.alternatives.slice(1).map((key: string) => `"${key}"`))})`,
        );
      }
      if (p.item !== undefined) {
        const words = detailWords(p.item);
        return worded(
          `missing the required property "${p.missingProperty}", which must hold ${words}`,
          fill(H.errorDetail, { item: words }),
        );
      }
      let hint: string | undefined;
      if (p.discriminator !== undefined) {
        hint =
          fill(H.discriminator, { property: p.discriminator, value: quote(p.discriminatorValue) }) +
          (p.member ? fill(H.discriminatorMember, { member: article(String(p.member)) }) : '');
      }
      return worded(missingWords(p.missingProperty), hint);
    }
    case 'type':
      return worded(`must be ${typeWords(p.types)}, not ${describeValue(value)}`, typeHint(value, p.types, p.expected));
    case 'const':
      if (p.discriminator !== undefined) {
        return worded(
          `must be ${valueList(p.allowed)} (the "${p.discriminator}" of each alternative), not ${quote(value)}`,
          valueHint(value, p.allowed),
        );
      }
      return worded(`must be ${quote(p.allowed[0])}, not ${quote(value)}`, valueHint(value, p.allowed));
    case 'enum': {
      const alternate: unknown[] = p.alternate ?? [];
      const also = alternate.length > 0 ? ` (also accepted: ${valueList(alternate, 6)})` : '';
      return worded(
        `must be one of ${valueList(p.allowed)}${also}, not ${quote(value)}`,
        valueHint(value, alternate.length > 0 ? [...p.allowed, ...alternate] : p.allowed),
      );
    }
    case 'format':
      return worded(`must be ${FORMATS[p.format] ?? `a value of format "${p.format}"`}, not ${quote(value)}`);
    case 'minimum':
      return worded(`must be at least ${p.limit}, not ${quote(value)}`);
    case 'maximum':
      return worded(`must be at most ${p.limit}, not ${quote(value)}`);
    case 'exclusiveMinimum':
      return worded(`must be greater than ${p.limit}, not ${quote(value)}`);
    case 'exclusiveMaximum':
      return worded(`must be less than ${p.limit}, not ${quote(value)}`);
    case 'multipleOf':
      return worded(`must be a multiple of ${p.limit}, not ${quote(value)}`);
    case 'minLength':
      return worded(`must be at least ${p.limit} character${p.limit === 1 ? '' : 's'} long`);
    case 'maxLength':
      return worded(`must be at most ${p.limit} character${p.limit === 1 ? '' : 's'} long`);
    case 'pattern':
      return worded(`must match the pattern /${p.pattern}/, not ${quote(value)}`);
    case 'minItems':
      return worded(`must have at least ${p.limit} item${p.limit === 1 ? '' : 's'} (it has ${(value as unknown[]).length})`);
    case 'maxItems':
      return worded(`must have at most ${p.limit} item${p.limit === 1 ? '' : 's'} (it has ${(value as unknown[]).length})`);
    case 'uniqueItems':
      return worded(`must not repeat an item (items ${p.i} and ${p.j} are equal)`);
    case 'contains':
      if (p.item !== undefined) {
        const words = detailWords(p.item);
        const count = (value as unknown[]).length;
        return worded(
          `must contain ${words} (${count === 0 ? 'it is empty' : count === 1 ? 'its one item is not' : `none of its ${count} items is`})`,
          fill(H.errorDetail, { item: words }),
        );
      }
      return worded(
        `must contain ${p.max === Infinity ? `at least ${p.min}` : `between ${p.min} and ${p.max}`} matching item(s) (it has ${p.matches})`,
      );
    case 'minProperties':
      return worded(`must have at least ${p.limit} propert${p.limit === 1 ? 'y' : 'ies'}`);
    case 'maxProperties':
      return worded(`must have at most ${p.limit} propert${p.limit === 1 ? 'y' : 'ies'}`);
    case 'propertyNames':
      return worded(`is not an allowed property name`);
    case 'dependentRequired':
      return worded(`has "${p.property}", so it must also have "${p.missingProperty}"`);
    case 'oneOf': {
      if (Array.isArray(p.alternatives))
        return worded(`must have exactly one of ${orList(p.alternatives.map((key: string) => `"${key}"`))}`);
      if (Array.isArray(p.presentKeys)) {
        const present = (p.presentKeys as string[]).map((key) => `"${key}"`);
        return worded(
          `has ${orList(present).replace(/ or ([^,]+)$/, ' and $1')}, but only one of ${orList((p.presenceKeys as string[]).map((key) => `"${key}"`))} may be given`,
          H.keepOne,
        );
      }
      return worded(`matches more than one alternative (${orList(p.passing)}); it must match exactly one`);
    }
    case 'not':
      if (p.dependsOn !== undefined) return worded(`must not be given together with "${p.dependsOn}"`, p.description ?? H.removeOne);
      if (p.absent) return worded('must not be present', typeof p.description === 'string' ? p.description : undefined);
      return worded('matches a schema it must not match');
    case 'deprecated': {
      if (p.union) {
        const canonical: unknown[][] = p.canonical ?? [];
        const index = (p.alternate as unknown[]).indexOf(value);
        const match = canonical.find((list) => list.length === (p.alternate as unknown[]).length);
        const hint = match && index >= 0 ? fill(H.writeValue, { value: quote(match[index]) }) : undefined;
        return worded(`${quote(value)} is accepted, but it is not the canonical form`, hint);
      }
      const correction = keyCorrection(p.property, p.declared ?? [], p.deprecatedNames ?? []);
      return worded(
        `"${p.property}" is accepted, but it is not the canonical name`,
        correction ? fill(H.canonicalName, { key: correction.key }) : undefined,
      );
    }
    case 'false schema':
      return worded('is not allowed here');
    default:
      return worded(`fails the "${keyword}" check`);
  }
}

/**
 * True when a `required` issue's params name the missing key and nothing more (no other spellings, no typed detail,
 * no discriminator): the params are ajv's as they are, and the message is `missingWords`'.
 */
const onlyMissing = (p: RawIssue['params']): boolean =>
  p.alternatives === undefined && p.item === undefined && p.discriminator === undefined;

/** ajv's `type` param: the JSON types, comma-separated. */
const typeParam = (types: readonly string[]): string => (types.length === 1 ? types[0]! : types.join(','));

/** ajv's comparison word for each bound keyword. */
const COMPARISON: Record<string, string> = { minimum: '>=', maximum: '<=', exclusiveMinimum: '>', exclusiveMaximum: '<' };

/**
 * The params of a raw issue in ajv's convention (what a program reads instead of the words): the explainer's own
 * facts renamed to ajv's keys, and the few the package adds (`alternatives`, `discriminator`, `deprecatedProperty`).
 */
export function ajvParams(raw: RawIssue): IssueParams {
  // biome-ignore lint/suspicious/noExplicitAny: each keyword's params have their own shape; each branch reads its own.
  const p = raw.params as Record<string, any>;
  const merged = p.merged;
  if (merged === 'enum') return { allowedValues: [...p.allowed, ...(p.alternate ?? [])] };
  if (merged === 'type') return { type: typeParam(p.types) };
  // The most frequent keywords first (see format).
  switch (raw.keyword) {
    case 'additionalProperties':
      return { additionalProperty: p.property };
    case 'required': {
      // A key missing and nothing more: its raw params are ajv's already (a generated explainer's are a frozen
      // constant of the module), handed on rather than copied.
      if (onlyMissing(p)) return p;
      const params: Record<string, unknown> = { missingProperty: p.missingProperty };
      if (Array.isArray(p.alternatives)) params.alternatives = p.alternatives;
      if (p.discriminator !== undefined) params.discriminator = p.discriminator;
      return params;
    }
    case 'type':
      return { type: typeParam(p.types) };
    case 'const':
      return p.discriminator !== undefined
        ? { allowedValues: p.allowed, discriminator: p.discriminator }
        : { allowedValue: (p.allowed as unknown[])[0] };
    case 'enum':
      return { allowedValues: p.allowed };
    case 'format':
      return { format: p.format };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { comparison: COMPARISON[raw.keyword], limit: p.limit };
    case 'multipleOf':
      return { multipleOf: p.limit };
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return { limit: p.limit };
    case 'pattern':
      return { pattern: p.pattern };
    case 'uniqueItems':
      return { i: p.i, j: p.j };
    case 'contains':
      return p.max === Infinity ? { minContains: p.min } : { minContains: p.min, maxContains: p.max };
    case 'propertyNames':
      return { propertyName: p.property };
    case 'dependentRequired':
      return { property: p.property, missingProperty: p.missingProperty };
    case 'oneOf':
      if (Array.isArray(p.alternatives)) return { missingProperty: p.missingProperty, alternatives: p.alternatives };
      return Array.isArray(p.presentKeys) ? { passingSchemas: null, presentKeys: p.presentKeys } : { passingSchemas: null };
    case 'not':
      return p.dependsOn !== undefined ? { dependsOn: p.dependsOn } : {};
    case 'deprecated':
      return p.union ? { deprecatedValue: raw.value } : { deprecatedProperty: p.property };
    default:
      return {};
  }
}

/**
 * A reported issue, worded when it is made. Worded eagerly on purpose: an object literal with getters (the
 * lazy form this once was) costs V8 a slow accessor definition per getter, about ten times the wording of a
 * typical issue, and the cap (`maxErrors`) already keeps the issues made, and so worded, few. A plain
 * `{path, keyword, message, hint?, params}`: JSON.stringify, spreading and deep equality see just that.
 */
function reportedIssue(raw: RawIssue, hint: string | undefined): ValidationIssue {
  // Worded by the walk (a key missing and nothing more, the commonest issue): reported as it is, unless a hint is added.
  if (raw.message !== undefined)
    return hint === undefined ? (raw as ValidationIssue) : issue(raw.path, raw.keyword, raw.message, hint, raw.params);
  const message = wordsOf(raw);
  return issue(raw.path, raw.keyword, message, hint ?? wordedHint, ajvParams(raw));
}

/**
 * Words kept: the words of a type, const, enum or unknown-key issue depend on facts of the schema (a list of types or
 * of allowed values, a set of declared names: constants of a generated module, or of the walk's plan of a node) and on
 * the value, and a sender repeats its mistakes, so the words of the first values met at each list are kept: a look-up
 * costs a fraction of the wording, and of a hint's search for the nearest value or key. At most WORDS_KEPT a list
 * and WORDS_KEPT_IN_ALL in all (a process meeting ever new mistakes at its thousands of lists stays small), and then
 * no more: a list met with ever new values (ids, texts) would otherwise keep making words that live a while and
 * die, and the garbage collector's cost of those was twice the wording's (the Message with ten defects, its values new
 * on each call, in one process with ajv: 0.25× ajv emptying a full list, 0.50× not). Only for a value that is not a
 * string longer than WORDS_KEY_MAX; a list made anew for one issue (a union's merged alternatives, an enum with
 * alternate spellings) is not kept.
 */
interface Words {
  readonly message: string;
  readonly hint: string | undefined;
}

/** The most words kept a list. */
const WORDS_KEPT = 64;
/** The most words kept in all (4,096 words of 64-character values measured at 0.4 MB of heap). */
const WORDS_KEPT_IN_ALL = 4096;
let wordsKept = 0;
/** The longest string whose words are kept (a wrong name or value is shorter; a text or an id may be longer). */
const WORDS_KEY_MAX = 64;
/** A value whose words are not kept (see `wordsKey`). */
const NOT_KEPT = Symbol('not kept');
/** The keys of any list and any object, for words that depend only on the value's JSON type. */
const A_LIST = Symbol('a list');
const AN_OBJECT = Symbol('an object');
/** The second fact of a type error that expects no particular values. */
const NO_VALUES: readonly unknown[] = Object.freeze([]);

/** Kept words by the list or set they depend on, then the value's key. */
type WordsMemo = WeakMap<object, Map<unknown, Words>>;
const constMemo: WordsMemo = new WeakMap();
const tagMemo: WordsMemo = new WeakMap();
const enumMemo: WordsMemo = new WeakMap();
const unknownMemo: WordsMemo = new WeakMap();
/** A type error's kept words: by its types, then the values it expects, then the value's key. */
const typeMemo = new WeakMap<object, Map<unknown, Map<unknown, Words>>>();

/**
 * The key of a value's kept words: the value itself when it is a number, a boolean, null or a string of at most
 * WORDS_KEY_MAX characters; for a list or an object, its JSON type when `byType` (words that name only that), else
 * NOT_KEPT.
 */
function wordsKey(value: unknown, byType: boolean): unknown {
  if (typeof value === 'string') return value.length <= WORDS_KEY_MAX ? value : NOT_KEPT;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (!byType || typeof value !== 'object') return NOT_KEPT;
  return Array.isArray(value) ? A_LIST : AN_OBJECT;
}

/** The kept words of the list or set `facts`, by value (made on first use). */
function keptBy(memo: WordsMemo, facts: object): Map<unknown, Words> {
  let byValue = memo.get(facts);
  if (byValue === undefined) memo.set(facts, (byValue = new Map()));
  return byValue;
}

/** The kept words of type errors of `types` expecting `expected`, by value (made on first use). */
function keptTypeWords(types: object, expected: object): Map<unknown, Words> {
  let byExpected = typeMemo.get(types);
  if (byExpected === undefined) typeMemo.set(types, (byExpected = new Map()));
  let byValue = byExpected.get(expected);
  if (byValue === undefined) {
    byValue = new Map();
    if (byExpected.size < WORDS_KEPT) byExpected.set(expected, byValue);
  }
  return byValue;
}

/** True for a list or set words can be kept by (an object: a WeakMap's key). */
const isFact = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** Where the words of a raw issue are kept, or undefined when they are not (see `Words`). */
function keptFor(raw: RawIssue): Map<unknown, Words> | undefined {
  // biome-ignore lint/suspicious/noExplicitAny: each keyword's params have their own shape; each branch reads its own.
  const p = raw.params as Record<string, any>;
  if (p.merged !== undefined) return undefined;
  switch (raw.keyword) {
    case 'additionalProperties':
      return isFact(p.declared) ? keptBy(unknownMemo, p.declared) : undefined;
    case 'type':
      return isFact(p.types) && (p.expected === undefined || isFact(p.expected))
        ? keptTypeWords(p.types, p.expected ?? NO_VALUES)
        : undefined;
    case 'const':
      return isFact(p.allowed) ? keptBy(p.discriminator !== undefined ? tagMemo : constMemo, p.allowed) : undefined;
    case 'enum':
      return isFact(p.allowed) && (p.alternate === undefined || p.alternate.length === 0) ? keptBy(enumMemo, p.allowed) : undefined;
    default:
      return undefined;
  }
}

/** The words of a raw issue (`format`'s), kept where they can be. */
function wordsOf(raw: RawIssue): string {
  const byValue = keptFor(raw);
  if (byValue === undefined) return format(raw);
  const keyword = raw.keyword;
  const key = keyword === 'additionalProperties' ? wordsKey(raw.params.property, false) : wordsKey(raw.value, keyword === 'type');
  if (key === NOT_KEPT) return format(raw);
  const known = byValue.get(key);
  if (known !== undefined) {
    wordedHint = known.hint;
    return known.message;
  }
  const message = format(raw);
  if (byValue.size < WORDS_KEPT && wordsKept < WORDS_KEPT_IN_ALL) {
    byValue.set(key, { message, hint: wordedHint });
    wordsKept++;
  }
  return message;
}

/** The hint of the issue `format` worded last. */
let wordedHint: string | undefined;

/** What `format` returns: the message, the hint kept aside. */
function worded(message: string, hint?: string): string {
  wordedHint = hint;
  return message;
}

/**
 * The reported errors and warnings of a set of raw issues: unknown keys are warnings (errors
 * when `strict`), deprecated forms are errors when `strict` and not reported otherwise. Each
 * defect once (the same path, keyword and key reported twice is one).
 *
 * At most `maxErrors` errors are kept (and worded); the others are counted, exactly, in
 * `omitted`. Errors at a path in `skipPaths` are left out (and not counted): the text scan has
 * reported that place already (an out-of-range number the validator saw as Infinity).
 * Linear in the number of issues.
 */
export function shapeIssues(
  raw: readonly RawIssue[],
  strict: boolean,
  maxErrors = Infinity,
  skipPaths?: ReadonlySet<string>,
): { errors: ValidationIssue[]; warnings: readonly ValidationIssue[]; omitted: number } {
  // A missing required key with a near spelling present is one defect. The unknown keys are gathered first, and paired
  // with a missing key by comparing paths when they are few (the usual case: a path is hashed only to be looked up,
  // while a comparison of two paths mostly stops at their lengths), by a map of their paths when they are many: linear
  // in the number of issues. None of this is made when no key is unknown.
  let unknowns: RawIssue[] | undefined;
  let missingKeys = false;
  for (let i = 0; i < raw.length; i++) {
    const keyword = raw[i]!.keyword;
    if (keyword === 'additionalProperties') (unknowns ??= []).push(raw[i]!);
    else if (keyword === 'required') missingKeys = true;
  }
  let dropped: Set<RawIssue> | undefined;
  let hints: Map<RawIssue, string> | undefined;
  let unknownByPath: Map<string, RawIssue[]> | undefined;
  let corrections: Map<string, { key: string; hint: string } | null> | undefined;
  if (unknowns !== undefined && missingKeys)
    for (const missing of raw) {
      if (missing.keyword !== 'required' || missing.params.discriminator !== undefined) continue;
      let candidates: RawIssue[] | undefined;
      if (unknowns.length <= 8) {
        for (const other of unknowns) if (other.path === missing.path) (candidates ??= []).push(other);
      } else {
        if (unknownByPath === undefined) {
          unknownByPath = new Map();
          for (const other of unknowns) {
            const group = unknownByPath.get(other.path);
            if (group === undefined) unknownByPath.set(other.path, [other]);
            else group.push(other);
          }
        }
        candidates = unknownByPath.get(missing.path);
      }
      if (candidates === undefined) continue;
      const wanted = missing.params.missingProperty as string;
      // The same key missing beside the same unknown keys (one defect repeated through a list) is worked out once.
      const names = candidates.map((other) => other.params.property as string);
      const cacheKey = `${wanted}\u0000${names.join('\u0000')}`;
      corrections ??= new Map();
      let known = corrections.get(cacheKey);
      if (known === undefined) {
        const found = keyCorrection(wanted, names);
        const style = keyStyle(wanted);
        known = found
          ? {
              key: found.key,
              hint: found.casing
                ? fill(H.requiredCasing, { found: found.key, key: wanted, style: style ? ` (${style})` : '' })
                : fill(H.requiredNear, { found: found.key, key: wanted }),
            }
          : null;
        corrections.set(cacheKey, known);
      }
      if (known === null) continue;
      dropped ??= new Set();
      for (const other of candidates) if (other.params.property === known.key) dropped.add(other);
      (hints ??= new Map()).set(missing, known.hint);
    }
  const errors: ValidationIssue[] = [];
  let warnings: ValidationIssue[] | undefined;
  let omitted = 0;
  // The issues kept so far, by path (one, or a list when a path has several): no key is built per issue. A few
  // issues (up to 32) are compared with those kept one by one instead (hashing a path costs more than a few
  // comparisons), the ones kept marked by their index in a bit set.
  const few = raw.length <= 32;
  let kept = 0;
  const seen = few ? undefined : new Map<string, RawIssue | RawIssue[]>();
  outer: for (let index = 0; index < raw.length; index++) {
    const item = raw[index]!;
    if (dropped?.has(item)) continue;
    if (item.kind === 'deprecated' && !strict) continue;
    const isError = strict || isErrorIssue(item);
    if (isError && skipPaths?.has(item.path)) continue;
    if (few) {
      for (let i = 0; i < index; i++) if ((kept >>> i) & 1 && same(raw[i]!, item, isError, strict)) continue outer;
      kept |= 1 << index;
    } else {
      const before = seen!.get(item.path);
      if (before === undefined) seen!.set(item.path, item);
      else if (Array.isArray(before)) {
        if (before.some((other) => same(other, item, isError, strict))) continue;
        before.push(item);
      } else {
        if (same(before, item, isError, strict)) continue;
        seen!.set(item.path, [before, item]);
      }
    }
    if (!isError) (warnings ??= []).push(reportedIssue(item, hints?.get(item)));
    else if (errors.length < maxErrors) errors.push(reportedIssue(item, hints?.get(item)));
    else omitted++;
  }
  return { errors, warnings: warnings ?? NO_ISSUES, omitted };
}

/** No issues (shared: never added to). */
const NO_ISSUES: readonly ValidationIssue[] = Object.freeze([]);

/**
 * True when the issue `a` and the issue `b` are one defect: the same keyword, at the same path (so the same value),
 * naming the same key (or none), both errors or both not. The key is read last: the params of issues come in many
 * shapes, and reading them costs more than comparing values and paths (as on the bench's Message with ten defects, its
 * eleven issues at eleven paths). Issues of one object that differ by the key alone (its missing keys) cost a params
 * read each here; when the walk worded them all, `allWordedOnce` compares them instead.
 */
function same(a: RawIssue, b: RawIssue, isError: boolean, strict: boolean): boolean {
  // Issues at one path hold the same value (the one there, or the unknown key's): a different one is a different path,
  // told without comparing the paths (a path made by joining its parts is copied whole to be compared).
  if (a.keyword !== b.keyword || !Object.is(a.value, b.value) || a.path !== b.path) return false;
  const first = keyOf(a.params);
  const key = keyOf(b.params);
  if (first !== key && ((typeof first === 'string' && typeof key === 'string') || String(first) !== String(key))) return false;
  return (strict || isErrorIssue(a)) === isError;
}

/**
 * True when every issue was worded by the walk (an error, already as reported) and none repeats another: then they need
 * no shaping (src/library/validate.ts `judged` reports them as they are). A walk words a key missing and nothing more
 * (`RawIssue.message`), and its words name the key, so two such issues are the same (`same`) exactly when their words
 * and their paths are. Such issues are few; each is compared with those before it.
 */
export function allWordedOnce(raw: readonly RawIssue[]): boolean {
  for (let index = 0; index < raw.length; index++) {
    const { message, path } = raw[index]!;
    if (message === undefined) return false;
    for (let i = 0; i < index; i++) if (raw[i]!.message === message && raw[i]!.path === path) return false;
  }
  return true;
}

/** The key an issue names (the one missing, or the one present), or '' for none. */
const keyOf = (params: RawIssue['params']): unknown => params.missingProperty ?? params.property ?? '';
