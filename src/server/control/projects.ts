/**
 * `/_control/projects/…` and `/_control/purge`: a project changed "by hand" (as someone in PostHog's UI would) or
 * deleted out of band, its demo data flag and dashboards, and the purge of the projects pending deletion.
 */
import { z } from "zod";
import { json, noContent } from "../pipeline/http";
import { ActivityLog } from "../projects/activity";
import { serializeProject } from "../projects/model";
import { WRITABLE_FIELDS } from "../projects/validation";
import { cloneJson, jsonEqual, ownValue, setKey, type Json } from "../state/json";
import { nowMicros } from "../state/time";
import { ControlRequestError, parse, type ControlDeps, type ControlRoute } from "./route";
import { runDueChanges } from "../scheduled-changes/routes";
import { GROUP_TYPES_LIMIT, PROPERTY_TYPES, PROPERTY_VALUE_TYPES, seedEvent, seedProperty } from "../taxonomy/model";

/** The schedules the run applied (or failed for good), by id. */
export interface RunScheduledChangesResponse {
  ran: number[];
}

const demoDataSchema = z.strictObject({ generating: z.boolean() });
export type DemoDataRequest = z.infer<typeof demoDataSchema>;

const dashboardSchema = z.strictObject({ name: z.string().optional() });
export type CreateDashboardRequest = z.infer<typeof dashboardSchema>;
export interface CreateDashboardResponse {
  id: number;
  name: string;
}

/** Definitions as ingestion makes them: events (with the properties seen on them) and properties of any type. */
const definitionName = z.string().min(1).max(400);
const seedDefinitionsSchema = z.strictObject({
  events: z
    .array(
      z.strictObject({
        name: definitionName,
        properties: z.record(definitionName, z.enum(PROPERTY_VALUE_TYPES).nullable()).optional(),
      }),
    )
    .optional(),
  properties: z
    .array(
      z.strictObject({
        name: definitionName,
        type: z.enum(Object.keys(PROPERTY_TYPES) as [keyof typeof PROPERTY_TYPES]).optional(),
        groupTypeIndex: z
          .number()
          .int()
          .min(0)
          .max(GROUP_TYPES_LIMIT - 1)
          .optional(),
        propertyType: z.enum(PROPERTY_VALUE_TYPES).nullable().optional(),
      }),
    )
    .optional(),
});
export type SeedDefinitionsRequest = z.infer<typeof seedDefinitionsSchema>;
export interface SeedDefinitionsResponse {
  events: Array<{ id: string; name: string }>;
  properties: Array<{ id: string; name: string; type: string }>;
}

export interface PurgeResponse {
  /** Ids of the projects removed. */
  purged: number[];
}

function projectOr404(deps: ControlDeps, id: string) {
  const p = deps.services.store.project(Number(id));
  if (!p) throw new ControlRequestError(404, `project ${id} not found`);
  return p;
}

const READ_ONLY_TARGETS: Record<string, (p: ReturnType<typeof projectOr404>, v: Json) => void> = {
  ingested_event: (p, v) => {
    p.ingestedEvent = v === true;
  },
  api_token: (p, v) => {
    if (typeof v === "string") p.apiToken = v;
  },
};

export const projectControlRoutes: ControlRoute[] = [
  {
    pattern: "/_control/projects/:id",
    methods: {
      PATCH: (req, params, d) => {
        const p = projectOr404(d, params.id);
        const body = parse(z.record(z.string(), z.unknown()), req);
        const changes: Array<{ field: string; before: Json; after: Json }> = [];
        const newer = d.services.store.organization(p.organizationId)?.newerFields ?? [];
        for (const [field, raw] of Object.entries(body)) {
          const value = cloneJson(raw as Json);
          if (WRITABLE_FIELDS.includes(field) || newer.includes(field)) {
            const before = p.settings[field] ?? null;
            if (!jsonEqual(before, value)) changes.push({ field, before, after: value });
            p.settings[field] = value;
          } else if (ownValue(READ_ONLY_TARGETS, field)) {
            READ_ONLY_TARGETS[field]!(p, value);
          } else if (!["id", "organization", "project_id", "uuid"].includes(field)) {
            setKey(p.overrides, field, value);
          }
        }
        p.updatedAtMicros = nowMicros();
        if (changes.length > 0) d.services.activity.record(p.id, null, "updated", ActivityLog.changes(changes), String(p.settings.name));
        d.services.store.changed();
        return json(200, serializeProject(d.services.store, p, null));
      },
      DELETE: (_req, params, d) => {
        d.services.deletion.purge(projectOr404(d, params.id).id);
        return noContent();
      },
    },
  },
  {
    pattern: "/_control/projects/:id/demo-data",
    methods: {
      PUT: (req, params, d) => {
        const p = projectOr404(d, params.id);
        const body = parse(demoDataSchema, req);
        d.services.demo.set(p.id, body.generating);
        return json(200, { is_generating_demo_data: body.generating });
      },
    },
  },
  {
    pattern: "/_control/projects/:id/dashboards",
    methods: {
      POST: (req, params, d) => {
        const p = projectOr404(d, params.id);
        const name = parse(dashboardSchema, req).name ?? "New Dashboard";
        const response: CreateDashboardResponse = { id: d.services.store.createDashboard(p.id, name), name };
        return json(201, response);
      },
    },
  },
  {
    // Ingestion, as far as definitions go: each event's definition and its properties' (seen on it), and properties.
    pattern: "/_control/projects/:id/definitions",
    methods: {
      POST: (req, params, d) => {
        const p = projectOr404(d, params.id);
        const body = parse(seedDefinitionsSchema, req);
        const { store } = d.services;
        const user = store.state.defaultUserId;
        const response: SeedDefinitionsResponse = { events: [], properties: [] };
        const seeded = (o: { fields: Record<string, unknown> }, type: string) =>
          response.properties.push({ id: String(o.fields.uuid), name: String(o.fields.name), type });
        for (const event of body.events ?? []) {
          const o = seedEvent(store, p.id, user, event.name);
          response.events.push({ id: String(o.fields.uuid), name: event.name });
          for (const [name, propertyType] of Object.entries(event.properties ?? {}))
            seeded(seedProperty(store, p.id, user, { name, propertyType, events: [event.name] }), "event");
        }
        for (const property of body.properties ?? []) seeded(seedProperty(store, p.id, user, property), property.type ?? "event");
        return json(201, response);
      },
    },
  },
  {
    pattern: "/_control/projects/:id/scheduled-changes/run",
    methods: {
      POST: (_r, params, d) => {
        const response: RunScheduledChangesResponse = { ran: runDueChanges(d.services.store, projectOr404(d, params.id).id) };
        return json(200, response);
      },
    },
  },
  {
    pattern: "/_control/purge",
    methods: {
      POST: (_r, _p, d) => {
        const response: PurgeResponse = { purged: d.services.deletion.purgeAll() };
        return json(200, response);
      },
    },
  },
];
