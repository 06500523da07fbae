/**
 * Values as program text in the three languages this package writes programs in: TypeScript (the package's classes),
 * Pulumi YAML and Python (the provider plugin's types and its generated SDK). The importer (src/import) writes whole
 * organizations with them, the reference docs (src/generate) each kind's example. A value is JSON, or a leaf the caller
 * renders itself (a reference to another resource's output, a secret of the stack's configuration): `leaf` returns its
 * text, or undefined for a plain object.
 */

/** A value of a program: JSON, with leaves of the caller's (objects `leaf` renders). */
export type ProgramValue = null | boolean | number | string | object | readonly ProgramValue[];

/** A leaf's text in one language, or undefined when the object is plain JSON. */
export type Leaf = (value: object) => string | undefined;

/** How wide a line may be before a value breaks over lines; without it every non-empty collection is broken. */
export interface Layout {
  readonly width?: number;
}

/**
 * A string as a double-quoted literal that TypeScript, Python and YAML read alike: JSON's escapes, and `\uXXXX` for
 * what JSON leaves as it is but one of them would not (U+2028 and U+2029 end a TypeScript string, which YAML reads as
 * line breaks too; DEL, C1 controls and U+FEFF YAML refuses or drops).
 */
export function quoted(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** A scalar as it is written in each language (JSON's `true`, `null` and numbers; TypeScript's and YAML's too). */
export function scalar(value: string | number | boolean | null): string {
  return typeof value === "string" ? quoted(value) : JSON.stringify(value);
}

/** How the Python SDK names an input or output: `adoptProjectId` → `adopt_project_id`. */
export function pythonName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A collection: on one line where `width` allows (the line's start given as `indent` plus `before`), else one item a
 * line, each at `indent` plus `step`.
 */
function collection(
  items: readonly { readonly inline: () => string; readonly broken: () => string }[],
  [open, close]: [string, string],
  indent: string,
  layout: Layout,
  spaced: boolean,
): string {
  if (items.length === 0) return `${open}${close}`;
  if (layout.width !== undefined) {
    const pad = spaced ? " " : "";
    const inline = `${open}${pad}${items.map((item) => item.inline()).join(", ")}${pad}${close}`;
    if (indent.length + inline.length <= layout.width) return inline;
  }
  return `${open}\n${items.map((item) => `${item.broken()},`).join("\n")}\n${indent}${close}`;
}

/** One line, however long: what a collection is compared with its width by. */
const ONE_LINE: Layout = { width: Number.POSITIVE_INFINITY };

/** A value as a TypeScript expression, its lines after the first at `indent`. */
export function typescriptLiteral(value: ProgramValue, indent: string, leaf: Leaf, layout: Layout = {}): string {
  if (value === null || typeof value !== "object") return scalar(value);
  const own = leaf(value);
  if (own !== undefined) return own;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = (value as readonly ProgramValue[]).map((item) => ({
      inline: () => typescriptLiteral(item, "", leaf, ONE_LINE),
      broken: () => `${inner}${typescriptLiteral(item, inner, leaf, layout)}`,
    }));
    return collection(items, ["[", "]"], indent, layout, false);
  }
  // `__proto__: …` (quoted or not) in an object literal sets its prototype; computed, it is a key like any other.
  const key = (k: string) => (k === "__proto__" ? `[${quoted(k)}]` : IDENTIFIER.test(k) ? k : quoted(k));
  const items = Object.entries(value).map(([k, v]: [string, ProgramValue]) => ({
    inline: () => `${key(k)}: ${typescriptLiteral(v, "", leaf, ONE_LINE)}`,
    broken: () => `${inner}${key(k)}: ${typescriptLiteral(v, inner, leaf, layout)}`,
  }));
  return collection(items, ["{", "}"], indent, layout, true);
}

/** A value as a Python expression (dictionaries keyed by strings), its lines after the first at `indent`. */
export function pythonLiteral(value: ProgramValue, indent: string, leaf: Leaf, layout: Layout = {}): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  // JSON's string and number literals are Python's too.
  if (typeof value !== "object") return scalar(value);
  const own = leaf(value);
  if (own !== undefined) return own;
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    const items = (value as readonly ProgramValue[]).map((item) => ({
      inline: () => pythonLiteral(item, "", leaf, ONE_LINE),
      broken: () => `${inner}${pythonLiteral(item, inner, leaf, layout)}`,
    }));
    return collection(items, ["[", "]"], indent, layout, false);
  }
  const items = Object.entries(value).map(([k, v]: [string, ProgramValue]) => ({
    inline: () => `${quoted(k)}: ${pythonLiteral(v, "", leaf, ONE_LINE)}`,
    broken: () => `${inner}${quoted(k)}: ${pythonLiteral(v, inner, leaf, layout)}`,
  }));
  return collection(items, ["{", "}"], indent, layout, false);
}

/**
 * A string of the program as YAML: double-quoted, every `$` doubled. Pulumi YAML reads every string of the program,
 * keys too, as an interpolation, where `${…}` is evaluated and `$$` is one `$` (parseInterpolate,
 * pkg/pulumiyaml/ast/interpolation.go in pulumi/pulumi-yaml): a PostHog name `${pulumi.stack}` or `costs $$5` is then
 * read back as it is.
 */
export function yamlScalar(value: string | number | boolean | null): string {
  // A function, since `$$` in a replacement string means one `$`.
  return typeof value === "string" ? quoted(value.replaceAll("$", () => "$$")) : scalar(value);
}

/** A key plain where YAML reads it as that string (not `true`, `null`, `yes`, `on`, …), else quoted. */
export function yamlKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) && !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(key) ? key : yamlScalar(key);
}

/** A value as YAML: one line (scalars, leaves, empty collections), or block lines at `indent`. */
function yamlValue(value: ProgramValue, indent: string, leaf: Leaf): { inline: string } | { lines: string[] } {
  if (value === null || typeof value !== "object") return { inline: yamlScalar(value) };
  const own = leaf(value);
  if (own !== undefined) return { inline: own };
  if (Array.isArray(value)) {
    if (value.length === 0) return { inline: "[]" };
    return {
      lines: (value as readonly ProgramValue[]).flatMap((item) => {
        const rendered = yamlValue(item, `${indent}  `, leaf);
        if ("inline" in rendered) return [`${indent}- ${rendered.inline}`];
        const [first, ...rest] = rendered.lines;
        return [`${indent}- ${first!.slice(indent.length + 2)}`, ...rest];
      }),
    };
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return { inline: "{}" };
  return { lines: entries.flatMap(([key, item]: [string, ProgramValue]) => yamlEntry(yamlKey(key), item, indent, leaf)) };
}

/** `key: value` as YAML lines at `indent` (the key already written as YAML). */
export function yamlEntry(key: string, value: ProgramValue, indent: string, leaf: Leaf): string[] {
  const rendered = yamlValue(value, `${indent}  `, leaf);
  return "inline" in rendered ? [`${indent}${key}: ${rendered.inline}`] : [`${indent}${key}:`, ...rendered.lines];
}
