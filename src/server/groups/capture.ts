/**
 * The capture endpoint (`/i/v0/e/`, `/capture/`, `/batch/`, `/e/`): events authenticated by a project's
 * `api_token`. `$groupidentify` creates or updates groups; every event marks the project `ingested_event`.
 */
import { gunzipSync } from "node:zlib";
import { json, type ApiResponse, type ServerRequest } from "../pipeline/http";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import type { Store } from "../state/store";
import { nowMicros, parseTimestampMicros } from "../state/time";
import { identifyGroup } from "./model";

export const CAPTURE_PATH = /^\/(i\/v0\/e|capture|batch|e|track)\/?$/;

const invalidPayload = (detail: string): ApiResponse =>
  json(400, { type: "validation_error", code: "invalid_payload", detail: `Malformed request data: ${detail}`, attr: null });
const missingKey = (): ApiResponse =>
  json(401, {
    type: "authentication_error",
    code: "missing_api_key",
    detail: "API key not provided. You can find your project API key in PostHog project settings.",
    attr: null,
  });
const invalidKey = (): ApiResponse =>
  json(401, {
    type: "authentication_error",
    code: "invalid_api_key",
    detail: "Project API key invalid. You can find your project API key in PostHog project settings.",
    attr: null,
  });

function readBody(req: ServerRequest): unknown {
  let raw = req.rawBody;
  const encoding = (req.header("content-encoding") ?? "").toLowerCase();
  const compression = req.param("compression") ?? "";
  if (encoding === "gzip" || compression.startsWith("gzip") || (raw[0] === 0x1f && raw[1] === 0x8b)) raw = gunzipSync(raw);
  return JSON.parse(raw.toString("utf8")) as unknown;
}

function tokenOf(event: JsonObject, fallback: Json | undefined): string | null {
  const props = isJsonObject(event.properties) ? event.properties : {};
  const t = event.api_key ?? event.token ?? fallback ?? props.token ?? props.api_key;
  return typeof t === "string" && t !== "" ? t : null;
}

function ingest(store: Store, teamId: number, event: JsonObject): void {
  const project = store.project(teamId);
  if (!project) return;
  if (!project.ingestedEvent) {
    project.ingestedEvent = true;
    store.changed();
  }
  if (event.event !== "$groupidentify") return;
  const props = isJsonObject(event.properties) ? event.properties : {};
  const type = props.$group_type;
  const key = props.$group_key;
  if (typeof type !== "string" || type === "" || key === undefined || key === null || key === "") return;
  const set = isJsonObject(props.$group_set) ? props.$group_set : {};
  const at = typeof event.timestamp === "string" ? parseTimestampMicros(event.timestamp) : null;
  identifyGroup(store, teamId, type, typeof key === "string" ? key : JSON.stringify(key), set, at ?? nowMicros());
}

export function handleCapture(req: ServerRequest, store: Store): ApiResponse {
  if (req.method !== "POST") {
    return json(405, { type: "invalid_request", code: "method_not_allowed", detail: `Method "${req.method}" not allowed.`, attr: null });
  }
  let body: unknown;
  try {
    body = readBody(req);
  } catch (e) {
    return invalidPayload(e instanceof Error ? e.message : "could not parse the body");
  }
  let events: JsonObject[];
  let topToken: Json | undefined;
  if (Array.isArray(body)) {
    events = body.filter(isJsonObject);
  } else if (isJsonObject(body)) {
    topToken = body.api_key ?? body.token;
    events = Array.isArray(body.batch)
      ? body.batch.filter(isJsonObject)
      : body.data !== undefined && Array.isArray(body.data)
        ? body.data.filter(isJsonObject)
        : [body];
  } else {
    return invalidPayload("expected a JSON object or array");
  }
  if (events.length === 0) return invalidPayload("no events");
  const resolved: Array<[number, JsonObject]> = [];
  for (const event of events) {
    const token = tokenOf(event, topToken);
    if (token === null) return missingKey();
    const project = store.projectByToken(token);
    if (!project) return invalidKey();
    resolved.push([project.id, event]);
  }
  for (const [teamId, event] of resolved) ingest(store, teamId, event);
  return json(200, { status: 1 });
}
