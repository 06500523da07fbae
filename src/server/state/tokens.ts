/**
 * Tokens as PostHog makes them (posthog/models/utils.py `generate_random_token`): base57 (base62 without `01OIl`) of
 * a random integer whose top bit is forced on, so a 32-byte token is always 44 characters.
 */
import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";

export const BASE57 = "23456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
export const PROJECT_API_TOKEN_PREFIX = "phc_";
export const PERSONAL_API_KEY_PREFIX = "phx_";

export function intToBase(value: bigint, alphabet: string): string {
  if (value === 0n) return alphabet[0];
  const base = BigInt(alphabet.length);
  let out = "";
  let n = value;
  while (n > 0n) {
    out = alphabet[Number(n % base)] + out;
    n /= base;
  }
  return out;
}

const SHORT_ID_CHARS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** posthog/utils.py generate_short_id: 8 random letters and digits (insights, playlists, notebooks). */
export function generateShortId(): string {
  let s = "";
  for (let i = 0; i < 8; i++) s += SHORT_ID_CHARS[randomInt(SHORT_ID_CHARS.length)];
  return s;
}

export function generateRandomToken(nbytes = 32): string {
  const bits = BigInt(nbytes * 8);
  const value = BigInt(`0x${randomBytes(nbytes).toString("hex")}`) | (1n << (bits - 1n));
  return intToBase(value, BASE57);
}

/** `phc_` + 44 base57 characters. */
export function generateProjectToken(): string {
  return PROJECT_API_TOKEN_PREFIX + generateRandomToken();
}

/** `phx_` + 48 or 49 base57 characters. */
export function generatePersonalApiKey(): string {
  return PERSONAL_API_KEY_PREFIX + generateRandomToken(35);
}

/** How PostHog stores personal API keys: `sha256$<hex>`. */
export function hashPersonalApiKey(key: string): string {
  return `sha256$${createHash("sha256").update(key).digest("hex")}`;
}

let uuidtLastMs = 0;
let uuidtSeries = 0;

/** PostHog's UUIDT: 48-bit unix time (ms), 16-bit series counter, 64 random bits. */
export function uuidt(): string {
  const ms = Date.now();
  uuidtSeries = ms === uuidtLastMs ? (uuidtSeries + 1) & 0xffff : 0;
  uuidtLastMs = ms;
  const hex = ms.toString(16).padStart(12, "0") + uuidtSeries.toString(16).padStart(4, "0") + randomBytes(8).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function b64url(data: string | Buffer): string {
  return Buffer.from(data).toString("base64url");
}

/** A HS256 JWT like PostHog's `live_events_token` (audience `posthog:livestream`, valid 7 days). */
export function mintLiveEventsToken(secret: string, claims: Record<string, string | number>): string {
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const exp = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
  const payload = b64url(JSON.stringify({ ...claims, exp, aud: "posthog:livestream" }));
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}
