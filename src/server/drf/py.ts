/**
 * Python/Django compatibility helpers: PostHog's messages and URLs are produced by Python code, so
 * reproducing them exactly needs Python's string forms, `json.dumps`, `urlencode`, `parse_qs` and `int()`.
 */

/** Python `type(x).__name__` for a value parsed from JSON. */
export function pyTypeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (Array.isArray(value)) return "list";
  return "dict";
}

/** Python `repr(x)` for a value parsed from JSON. */
export function pyRepr(value: unknown): string {
  if (typeof value === "string") {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    let out = "";
    for (const ch of value) {
      if (ch === "\\") out += "\\\\";
      else if (ch === quote) out += `\\${quote}`;
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else out += ch;
    }
    return quote + out + quote;
  }
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (typeof value === "object" && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`)
      .join(", ")}}`;
  }
  return pyStr(value);
}

/** Python `str(x)` for a value parsed from JSON. */
export function pyStr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return value;
  if (typeof value === "number") {
    if (Number.isInteger(value) && Math.abs(value) < 1e16) return String(value);
    if (!Number.isFinite(value)) return value > 0 ? "inf" : value < 0 ? "-inf" : "nan";
    const s = String(value);
    return s.replace(/e([+-])(\d)$/, "e$10$2");
  }
  return pyRepr(value);
}

/** Python truthiness of a JSON value. */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/** Python `int(s)` for a string: surrounding whitespace, a sign and `_` between digits are allowed. */
export function pyInt(text: string): number | null {
  const m = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/.exec(text);
  if (!m) return null;
  const n = Number(m[2].replace(/_/g, ""));
  return m[1] === "-" ? -n : n;
}

function pyEscapeJsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i];
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (c < 0x20 || c > 0x7e) out += `\\u${c.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Python `json.dumps(x)` with its default separators (", " and ": ") and `ensure_ascii=True`. */
export function pyJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "NaN";
    if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
    return pyStr(value);
  }
  if (typeof value === "string") return pyEscapeJsonString(value);
  if (Array.isArray(value)) return `[${value.map(pyJsonDumps).join(", ")}]`;
  if (typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${pyEscapeJsonString(k)}: ${pyJsonDumps(v)}`)
      .join(", ")}}`;
  }
  return "null";
}

const QUOTE_SAFE = /[A-Za-z0-9_.\-~]/;

/** Python `urllib.parse.quote_plus(s)`. */
export function pyQuotePlus(s: string): string {
  let out = "";
  for (const byte of Buffer.from(s, "utf8")) {
    const ch = String.fromCharCode(byte);
    if (byte < 0x80 && QUOTE_SAFE.test(ch)) out += ch;
    else if (ch === " ") out += "+";
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Python `urllib.parse.unquote_plus(s)` (invalid escapes are kept as they are). */
export function pyUnquotePlus(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/\+/g, " ");
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "%" && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(text[i], "utf8")) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Python `urlencode(pairs, doseq=True)`. */
export function pyUrlencode(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([k, v]) => `${pyQuotePlus(k)}=${pyQuotePlus(v)}`).join("&");
}

/** Python `parse_qs(query, keep_blank_values=True)`: keys in first-seen order, values in order. */
export function pyParseQs(query: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const piece of query.split("&")) {
    if (!piece) continue;
    const eq = piece.indexOf("=");
    const key = pyUnquotePlus(eq >= 0 ? piece.slice(0, eq) : piece);
    const value = eq >= 0 ? pyUnquotePlus(piece.slice(eq + 1)) : "";
    const list = out.get(key);
    if (list) list.push(value);
    else out.set(key, [value]);
  }
  return out;
}

function queryPairs(map: Map<string, string[]>): Array<[string, string]> {
  const keys = [...map.keys()].sort();
  const pairs: Array<[string, string]> = [];
  for (const k of keys) for (const v of map.get(k) ?? []) pairs.push([k, v]);
  return pairs;
}

function splitUrl(url: string): { base: string; query: string } {
  const q = url.indexOf("?");
  return q < 0 ? { base: url, query: "" } : { base: url.slice(0, q), query: url.slice(q + 1) };
}

function joinUrl(base: string, query: string): string {
  return query ? `${base}?${query}` : base;
}

/** DRF `replace_query_param(url, key, val)`: sets the parameter and sorts every query key. */
export function replaceQueryParam(url: string, key: string, value: string | number): string {
  const { base, query } = splitUrl(url);
  const map = pyParseQs(query);
  map.set(key, [String(value)]);
  return joinUrl(base, pyUrlencode(queryPairs(map)));
}

/** DRF `remove_query_param(url, key)`: removes the parameter and sorts every query key. */
export function removeQueryParam(url: string, key: string): string {
  const { base, query } = splitUrl(url);
  const map = pyParseQs(query);
  map.delete(key);
  return joinUrl(base, pyUrlencode(queryPairs(map)));
}

/**
 * Django's `slugify` (django/utils/text.py): NFKD, ASCII only, lower case, characters other than word characters,
 * spaces and hyphens dropped, runs of spaces and hyphens one hyphen, leading and trailing hyphens and underscores off.
 */
export function slugify(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[^\t\n\v\f\r -~]/g, "")
    .toLowerCase()
    .replace(/[^\w\s-]/g, "")
    .replace(/[-\s]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "");
}
