/**
 * DRF field semantics (3.x) used by PostHog's serializers: exact codes and messages of CharField, BooleanField,
 * IntegerField, DecimalField, ChoiceField, ListField, PrimaryKeyRelatedField and nested serializers.
 */
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { parseIsoMicros } from "../state/time";
import { pyInt, pyStr, pyTypeName } from "./py";

/** DRF DateTimeField's `invalid` message. */
export const DATETIME_FORMAT =
  "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].";

/** A field error; `path` is appended to the field name with `__` (drf-exceptions-hog NESTED_KEY_SEPARATOR). */
export class FieldFailure extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
    readonly path: Array<string | number> = [],
  ) {
    super(detail);
  }
}

export const fail = (code: string, detail: string, path: Array<string | number> = []): never => {
  throw new FieldFailure(code, detail, path);
};

export interface FieldRule<C> {
  nullable: boolean;
  /** Returns the internal value; throws FieldFailure. Never called with null unless `seesNull`. */
  parse: (value: Json, ctx: C) => Json;
}

/** A serializer's `ValidationError(detail)` raised from a field's validation: code `invalid`. */
export function invalid(detail: string): never {
  return fail("invalid", detail);
}

/** DRF `DateTimeField(allow_null=True)`: an ISO 8601 string (Django's parse_datetime), stored as epoch microseconds. */
export const nullableDateTimeField: FieldRule<unknown> = {
  nullable: true,
  parse: (v) => {
    const micros = typeof v === "string" ? parseIsoMicros(v) : null;
    return micros === null ? fail("invalid", DATETIME_FORMAT) : micros;
  },
};

/** `Field.validate_empty_values` for null, then `to_internal_value`. */
export function runRule<C>(rule: FieldRule<C>, value: Json, ctx: C): Json {
  if (value === null) {
    if (!rule.nullable) fail("null", "This field may not be null.");
    return null;
  }
  return rule.parse(value, ctx);
}

const TRUE_VALUES = new Set<Json>(["t", "T", "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON", "1", 1, true]);
const FALSE_VALUES = new Set<Json>(["f", "F", "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF", "0", 0, false]);
const NULL_VALUES = new Set<Json>(["null", "Null", "NULL", ""]);

export function booleanField(nullable: boolean): FieldRule<unknown> {
  return {
    nullable,
    parse: (v) => {
      if (TRUE_VALUES.has(v)) return true;
      if (FALSE_VALUES.has(v)) return false;
      if (nullable && NULL_VALUES.has(v)) return null;
      return fail("invalid", "Must be a valid boolean.");
    },
  };
}

export function pyLength(s: string): number {
  return [...s].length;
}

/** Django's URLValidator as far as the local server models it: a scheme it takes, `://`, a host, no whitespace. */
export const URL_SHAPE = /^(?:https?|ftps?):\/\/[^\s/?#]+[^\s]*$/i;

/** CharField: numbers become strings, whitespace is trimmed, blank and max_length are checked. */
export function parseChar(v: Json, opts: { maxLength?: number; allowBlank: boolean }, path: Array<string | number> = []): string {
  if (typeof v === "boolean" || (typeof v !== "string" && typeof v !== "number")) return fail("invalid", "Not a valid string.", path);
  const s = pyStr(v).trim();
  if (s === "") {
    if (!opts.allowBlank) fail("blank", "This field may not be blank.", path);
    return "";
  }
  if (opts.maxLength !== undefined && pyLength(s) > opts.maxLength) {
    fail("max_length", `Ensure this field has no more than ${opts.maxLength} characters.`, path);
  }
  return s;
}

export function charField(opts: { maxLength?: number; nullable: boolean; allowBlank: boolean }): FieldRule<unknown> {
  return { nullable: opts.nullable, parse: (v) => parseChar(v, opts) };
}

/** ChoiceField: `str(data)` must be one of the choices' string forms; "" is kept when `allowBlank`. */
export function choiceField(nullable: boolean, lookup: (s: string) => Json | undefined, allowBlank = false): FieldRule<unknown> {
  return {
    nullable,
    parse: (v) => {
      if (v === "" && allowBlank) return "";
      const found = lookup(pyStr(v));
      if (found === undefined) return fail("invalid_choice", `"${pyStr(v)}" is not a valid choice.`);
      return found;
    },
  };
}

/** IntegerField with optional min/max validators. */
export function integerField(opts: { nullable: boolean; min?: number; max?: number }): FieldRule<unknown> {
  return {
    nullable: opts.nullable,
    parse: (v) => {
      if (typeof v === "string" && v.length > 1000) fail("max_string_length", "String value too large.");
      const text = typeof v === "boolean" || typeof v === "object" ? "x" : pyStr(v).replace(/\.0*\s*$/, "");
      const n = pyInt(text);
      if (n === null) return fail("invalid", "A valid integer is required.");
      if (opts.max !== undefined && n > opts.max) fail("max_value", `Ensure this value is less than or equal to ${opts.max}.`);
      if (opts.min !== undefined && n < opts.min) fail("min_value", `Ensure this value is greater than or equal to ${opts.min}.`);
      return n;
    },
  };
}

interface ParsedDecimal {
  negative: boolean;
  /** Coefficient digits without leading zeros ("0" for zero). */
  digits: string;
  exponent: number;
}

/** Python `decimal.Decimal(str)` grammar; "nan"/"inf" for the special values, null when invalid. */
export function parseDecimal(text: string): ParsedDecimal | "nan" | "inf" | null {
  const t = text.trim();
  if (/^[+-]?(inf|infinity)$/i.test(t)) return "inf";
  if (/^[+-]?s?nan\d*$/i.test(t)) return "nan";
  const m = /^([+-]?)((?:\d(?:_?\d)*)?)(?:\.((?:\d(?:_?\d)*)?))?(?:[eE]([+-]?\d(?:_?\d)*))?$/.exec(t);
  if (!m) return null;
  const int = m[2].replace(/_/g, "");
  const frac = (m[3] ?? "").replace(/_/g, "");
  if (int === "" && frac === "") return null;
  const exp = m[4] ? Number(m[4].replace(/_/g, "")) : 0;
  const digits = (int + frac).replace(/^0+(?=\d)/, "");
  return { negative: m[1] === "-", digits, exponent: exp - frac.length };
}

/** DecimalField(max_digits, decimal_places) with min/max validators; the value is returned as DRF prints it ("0.50"). */
export function decimalField(opts: {
  nullable: boolean;
  maxDigits: number;
  decimalPlaces: number;
  min: number;
  max: number;
}): FieldRule<unknown> {
  const maxWhole = opts.maxDigits - opts.decimalPlaces;
  return {
    nullable: opts.nullable,
    parse: (v) => {
      const text = pyStr(v).trim();
      if (text.length > 1000) fail("max_string_length", "String value too large.");
      const d = parseDecimal(text);
      if (d === null || d === "nan" || d === "inf" || typeof v === "object" || typeof v === "boolean")
        return fail("invalid", "A valid number is required.");
      let total: number;
      let whole: number;
      let places: number;
      if (d.exponent >= 0) {
        total = d.digits.length + d.exponent;
        whole = total;
        places = 0;
      } else if (d.digits.length > -d.exponent) {
        total = d.digits.length;
        whole = total + d.exponent;
        places = -d.exponent;
      } else {
        total = -d.exponent;
        whole = 0;
        places = total;
      }
      if (total > opts.maxDigits) fail("max_digits", `Ensure that there are no more than ${opts.maxDigits} digits in total.`);
      if (places > opts.decimalPlaces)
        fail("max_decimal_places", `Ensure that there are no more than ${opts.decimalPlaces} decimal places.`);
      if (whole > maxWhole) fail("max_whole_digits", `Ensure that there are no more than ${maxWhole} digits before the decimal point.`);
      const value = Number(`${d.negative ? "-" : ""}${d.digits}e${d.exponent}`);
      if (value > opts.max) fail("max_value", `Ensure this value is less than or equal to ${opts.max}.`);
      if (value < opts.min) fail("min_value", `Ensure this value is greater than or equal to ${opts.min}.`);
      const scaled = (d.digits + "0".repeat(Math.max(0, d.exponent + opts.decimalPlaces)))
        .replace(/^0+(?=\d)/, "")
        .padStart(opts.decimalPlaces + 1, "0");
      const printed = `${scaled.slice(0, scaled.length - opts.decimalPlaces)}.${scaled.slice(scaled.length - opts.decimalPlaces)}`;
      return (d.negative ? "-" : "") + printed;
    },
  };
}

/** ListField: `not_a_list` for strings, objects and scalars; child errors get the index in their path. */
export function listField<C>(opts: {
  nullable: boolean;
  item: (value: Json, path: Array<string | number>, ctx: C) => Json | undefined;
}): FieldRule<C> {
  return {
    nullable: opts.nullable,
    parse: (v, ctx) => {
      if (!Array.isArray(v)) return fail("not_a_list", `Expected a list of items but got type "${pyTypeName(v)}".`);
      const out: Json[] = [];
      v.forEach((item, i) => {
        const parsed = opts.item(item, [i], ctx);
        if (parsed !== undefined) out.push(parsed);
      });
      return out;
    },
  };
}

/**
 * A list of CharField items. `""` is refused by the child field ("This field may not be blank.": the model's
 * `CharField(null=True)` is not `blank=True`) before any `validate_<field>` runs; `null` items are dropped when
 * `dropFalsy` (PostHog's validate_app_urls and validate_recording_domains), else refused unless `nullItems`
 * (ArrayField(TextField(null=True)), or app_urls before those validators existed).
 */
export function stringListField(opts: {
  nullable: boolean;
  itemMaxLength?: number;
  dropFalsy: boolean;
  nullItems?: boolean;
}): FieldRule<unknown> {
  return listField<unknown>({
    nullable: opts.nullable,
    item: (value, path) => {
      if (value === null) {
        if (opts.dropFalsy) return undefined;
        if (opts.nullItems) return null;
        return fail("null", "This field may not be null.", path);
      }
      return parseChar(value, { maxLength: opts.itemMaxLength, allowBlank: false }, path);
    },
  });
}

/** JSONField with an optional `validate_<field>` method. */
export function jsonField<C>(nullable: boolean, validate?: (value: Json, ctx: C) => Json): FieldRule<C> {
  return { nullable, parse: (v, ctx) => (validate ? validate(v, ctx) : v) };
}

/** PrimaryKeyRelatedField: `incorrect_type` for non-pk values, `does_not_exist` for unknown pks. */
export function primaryKeyField<C>(nullable: boolean, exists: (pk: number, ctx: C) => boolean): FieldRule<C> {
  return {
    nullable,
    parse: (v, ctx) => {
      let pk: number | null = null;
      if (typeof v === "number" && Number.isInteger(v)) pk = v;
      else if (typeof v === "string") pk = pyInt(v);
      if (pk === null) return fail("incorrect_type", `Incorrect type. Expected pk value, received ${pyTypeName(v)}.`);
      if (!exists(pk, ctx)) return fail("does_not_exist", `Invalid pk "${pyStr(v)}" - object does not exist.`);
      return pk;
    },
  };
}

/** ListField(child=JSONField(allow_null=True)): ArrayField(JSONField(null=True)) columns. */
export function jsonListField(nullable: boolean): FieldRule<unknown> {
  return listField<unknown>({ nullable, item: (value) => value });
}

/**
 * A nested ModelSerializer used as a field (`TeamRevenueAnalyticsConfigSerializer(required=False)` …): a dictionary
 * whose known keys are validated (unknown keys are ignored), errors named `<field>__<key>`, and `validate` (the
 * parent's `validate_<field>`) run on the validated dictionary.
 */
export function nestedSerializerField<C>(
  nullable: boolean,
  fields: Record<string, FieldRule<C>>,
  validate?: (value: JsonObject, ctx: C) => Json,
): FieldRule<C> {
  return {
    nullable,
    parse: (v, ctx) => {
      if (!isJsonObject(v)) return fail("invalid", `Invalid data. Expected a dictionary, but got ${pyTypeName(v)}.`, ["non_field_errors"]);
      const out: JsonObject = {};
      let first: FieldFailure | null = null;
      for (const [name, rule] of Object.entries(fields)) {
        if (!Object.hasOwn(v, name)) continue;
        try {
          out[name] = runRule(rule, v[name], ctx);
        } catch (e) {
          if (!(e instanceof FieldFailure)) throw e;
          first ??= new FieldFailure(e.code, e.detail, [name, ...e.path]);
        }
      }
      if (first) throw first;
      return validate ? validate(out, ctx) : out;
    },
  };
}
