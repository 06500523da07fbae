/**
 * PostgreSQL `jsonb`: what PostHog's JSONField columns give back once a record is read from the database. Object keys
 * come back shorter first, then in byte order (jsonb's storage order), whatever order they were sent in; a response
 * built from the instance just saved still shows the order sent.
 */
import { isJsonObject, type Json } from "./json";

function compareKeys(a: string, b: string): number {
  const ab = Buffer.from(a, "utf8");
  const bb = Buffer.from(b, "utf8");
  return ab.length - bb.length || Buffer.compare(ab, bb);
}

export function jsonbOrder(value: Json): Json {
  if (Array.isArray(value)) return value.map(jsonbOrder);
  if (isJsonObject(value)) {
    const out: { [key: string]: Json } = {};
    for (const k of Object.keys(value).sort(compareKeys)) out[k] = jsonbOrder(value[k]);
    return out;
  }
  return value;
}
