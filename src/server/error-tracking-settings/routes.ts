/**
 * A project's error tracking settings and spike detection configuration, one of each per project, under
 * `/api/environments/:project_id/error_tracking/` (today's ErrorTrackingSettingsViewSet and
 * ErrorTrackingSpikeDetectionConfigViewSet, products/error_tracking/backend/presentation/views/{settings,
 * spike_detection_config}.py; models ErrorTrackingSettings and ErrorTrackingSpikeDetectionConfig, primary key the team,
 * products/error_tracking/backend/models.py). PostHog 2025-08-04 has neither: in that mode these routes do not exist,
 * and PostHog's router answers 404.
 *
 * - `GET settings/retrieve_settings/` and `PATCH settings/update_settings/` (the viewset's read and write actions,
 *   `error_tracking:read`/`:write`): four rate limit fields, each a whole number of at least 1 or null, null until set.
 * - `GET spike_detection_config/` (its `list`: the one configuration, not a list) and `PATCH …/update_config/`
 *   (`error_tracking:write`): three whole numbers of at least 1, 10, 10 and 500 until set.
 * - Each read or write makes the project's object first where it has none (`get_or_create`); a PATCH is partial and
 *   answers the object.
 */
import { integerField } from "../drf/fields";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import type { PostHogVersion } from "../pipeline/version";
import { json } from "../pipeline/http";
import { inProjectRoute, projectOf, type SerializerFields, validateBody } from "../pipeline/nested-viewset";
import type { JsonObject } from "../state/json";
import { nowMicros } from "../state/time";
import type { StoredObject } from "../state/types";

/** ErrorTrackingSettingsSerializer's fields. */
export const SETTINGS_FIELDS: SerializerFields<unknown> = [
  ["project_rate_limit_value", integerField({ nullable: true, min: 1 })],
  ["project_rate_limit_bucket_size_minutes", integerField({ nullable: true, min: 1 })],
  ["per_issue_rate_limit_value", integerField({ nullable: true, min: 1 })],
  ["per_issue_rate_limit_bucket_size_minutes", integerField({ nullable: true, min: 1 })],
];

/** ErrorTrackingSpikeDetectionConfigSerializer's fields. */
export const SPIKE_FIELDS: SerializerFields<unknown> = [
  ["snooze_duration_minutes", integerField({ nullable: false, min: 1 })],
  ["multiplier", integerField({ nullable: false, min: 1 })],
  ["threshold", integerField({ nullable: false, min: 1 })],
];

interface Singleton {
  readonly kind: string;
  readonly fields: SerializerFields<unknown>;
  /** The model's defaults. */
  readonly defaults: JsonObject;
}

const SETTINGS: Singleton = {
  kind: "errorTrackingSettings",
  fields: SETTINGS_FIELDS,
  defaults: {
    project_rate_limit_value: null,
    project_rate_limit_bucket_size_minutes: null,
    per_issue_rate_limit_value: null,
    per_issue_rate_limit_bucket_size_minutes: null,
  },
};

const SPIKES: Singleton = {
  kind: "errorTrackingSpikeDetectionConfigs",
  fields: SPIKE_FIELDS,
  defaults: { snooze_duration_minutes: 10, multiplier: 10, threshold: 500 },
};

/** `get_or_create(team=…)`. */
function projectsOwn(ctx: ApiContext, of: Singleton): StoredObject {
  const team = projectOf(ctx);
  return (
    ctx.store.objects(of.kind).find((o) => o.teamId === team.id) ?? ctx.store.addObject(of.kind, team.id, ctx.user.id, { ...of.defaults })
  );
}

const answer = (of: Singleton, o: StoredObject) => json(200, Object.fromEntries(of.fields.map(([name]) => [name, o.fields[name] ?? null])));

function write(ctx: ApiContext, of: Singleton) {
  const o = projectsOwn(ctx, of);
  Object.assign(o.fields, validateBody(ctx.req.body(), of.fields, ctx, [], true));
  o.updatedAtMicros = nowMicros();
  ctx.store.changed();
  return answer(of, o);
}

function routesOf(of: Singleton, base: string, read: { path: string; name: string }, written: string): ApiRoute[] {
  const common = inProjectRoute("error_tracking");
  return [
    {
      ...common,
      pattern: `${base}${read.path}`,
      detail: false,
      // A custom read action is one of the viewset's `scope_object_read_actions` (settings); `list` is DRF's own.
      ...(read.name !== "list" && { requiredScopes: ["error_tracking:read"] }),
      methods: { GET: { name: read.name, handler: (ctx) => answer(of, projectsOwn(ctx, of)) } },
    },
    {
      ...common,
      pattern: `${base}/${written}`,
      detail: false,
      requiredScopes: ["error_tracking:write"],
      methods: { PATCH: { name: written, handler: (ctx) => write(ctx, of) } },
    },
  ];
}

export function errorTrackingSettingsRoutes(version: PostHogVersion): ApiRoute[] {
  if (version === "2025-08-04") return [];
  const root = "/api/environments/:project_id/error_tracking";
  return [
    ...routesOf(SETTINGS, `${root}/settings`, { path: "/retrieve_settings", name: "retrieve_settings" }, "update_settings"),
    ...routesOf(SPIKES, `${root}/spike_detection_config`, { path: "", name: "list" }, "update_config"),
  ];
}
