/**
 * What the build's code generators share (compile-closed.ts, compile-explainer.ts): literals, the JSON Pointer of a
 * value as code, and a module's names (variables numbered, module-level constants written once each).
 */

/** A path in generated code: pointer text, and pieces of code (a loop's index, the caller's path). */
export type PathParts = readonly (string | { code: string })[];

/** A value as a JavaScript literal. */
export const lit = (value: unknown): string => JSON.stringify(value);

/** The code of a path: its text pieces as string literals joined to its code pieces. */
export function pathCode(path: PathParts): string {
  const parts: string[] = [];
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'string') text += segment;
    else {
      if (text !== '') parts.push(lit(text));
      text = '';
      parts.push(segment.code);
    }
  }
  if (text !== '' || parts.length === 0) parts.push(lit(text));
  return parts.join(' + ');
}

/** A generated module's names: variables numbered in the order asked for, and its module-level constants. */
export class ModuleScope {
  private counter = 0;
  private readonly names = new Map<string, string>();
  /** The module-level declarations, in the order made. */
  readonly constants: string[] = [];

  /** A fresh variable name (numbered with the constants: no name is both, whatever the prefixes). */
  id(prefix: string): string {
    return `${prefix}${this.counter++}`;
  }

  /** A module-level constant of the code `code` (one per distinct code). */
  constant(prefix: string, code: string): string {
    let name = this.names.get(code);
    if (!name) {
      name = `${prefix}${this.counter++}`;
      this.names.set(code, name);
      this.constants.push(`const ${name} = ${code};`);
    }
    return name;
  }
}
