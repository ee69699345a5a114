/**
 * Hiding secrets from everything a command prints or writes (check-server's `--header` and
 * `--header-env` values): each value, and the credential after its scheme word (`Bearer <token>`:
 * the token alone, which an agent may echo), is replaced by `***`. A redactor works on text (every
 * line printed, every file written) and on a whole value before it is serialized, so that JSON's or
 * XML's escaping of a value cannot hide it from the search. Values shorter than MIN_SECRET
 * characters are not searched for in text (they would turn every digit of a count into ***); they
 * are still shown as *** wherever the headers themselves are listed.
 */

/** The shortest value searched for in text. */
export const MIN_SECRET = 4;

export interface Redactor {
  /** The text with every secret replaced by ***. */
  readonly text: (text: string) => string;
  /** A copy of a JSON-like value with every string redacted (keys too). */
  readonly value: <T>(value: T) => T;
  /** The values searched for, longest first. */
  readonly secrets: readonly string[];
}

/** The values to hide for one header value: the value itself and, for `<scheme> <credential>`, the credential. */
export function secretsOf(value: string): string[] {
  const credential = value.replace(/^\S+\s+/, '');
  return credential !== value ? [value, credential] : [value];
}

export function redactor(values: readonly string[]): Redactor {
  // Longest first, so that a value holding another is replaced whole.
  const secrets = [...new Set(values)].filter((secret) => secret.length >= MIN_SECRET).sort((a, b) => b.length - a.length);
  const text = (input: string): string => {
    let out = input;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('***');
    return out;
  };
  const value = <T>(input: T): T => {
    if (secrets.length === 0) return input;
    const walk = (item: unknown): unknown => {
      if (typeof item === 'string') return text(item);
      if (Array.isArray(item)) return item.map(walk);
      if (typeof item === 'object' && item !== null && Object.getPrototypeOf(item) === Object.prototype)
        return Object.fromEntries(Object.entries(item).map(([key, member]) => [text(key), walk(member)]));
      return item;
    };
    return walk(input) as T;
  };
  return { text, value, secrets };
}
