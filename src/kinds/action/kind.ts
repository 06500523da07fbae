/**
 * Action, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/actions/`), soft-deleted
 * (`PATCH {"deleted": true}`: ActionViewSet is a ForbidDestroyModel, products/actions/backend/api/action.py),
 * identified as `<projectId>/<id>`. Its field table is ./fields.ts; `name` is required and sent in every PATCH
 * (PostHog 2025-08-04 answers 500 without it). Its create is never sent twice blindly: after an unclear answer the
 * action is looked up by its name (unique among the project's live actions) and taken only if this create made it; a
 * name PostHog finds taken names the action that holds it.
 */
import { actionExample } from "./example";
import type { Transport } from "../../client";
import * as actions from "./endpoints";
import { defineKind } from "../../kit/define-kind";
import type { Failure } from "../../kit/lifecycle";
import { ANY } from "../../kit/property";
import { isUnknown } from "../../kit/unknown";
import { actionFields, normalStep, stepProblems } from "./fields";
import { wholeList } from "../../kit/list-reads";

/** The body with the action's name: the lifecycle's updates have it; the delete's `{"deleted": true}` is given the live one. */
async function named(http: Transport, projectId: number, id: number, body: Record<string, unknown>) {
  if (typeof body["name"] === "string") return { ...body, name: body["name"] };
  return { ...body, name: (await actions.getAction(http, projectId, id)).name };
}

export const {
  kind: actionKind,
  model: actionModel,
  Lifecycle: ActionLifecycle,
} = defineKind({
  name: "Action",
  noun: "action",
  summary: "Named events a project counts, matched by steps.",
  description:
    "A PostHog action: named events matched by steps. Declared fields are managed; deleted as PostHog deletes actions (marked deleted); one deleted by hand is created again.",
  example: actionExample,
  scope: "project",
  identity: { output: "actionId", doc: "Numeric id of the action in PostHog." },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  endpoints: {
    get: actions.getAction,
    update: async (http, projectId, id: number, body) => actions.updateAction(http, projectId, id, await named(http, projectId, id, body)),
    remove: async (http, projectId, id: number) =>
      actions.deleteAction(http, projectId, id, (await actions.getAction(http, projectId, id)).name),
    // Its inputs' check requires the name.
    create: (http, projectId, body) => actions.createAction(http, projectId, { ...body, name: String(body["name"]) }),
  },
  // ActionViewSet lists every live action with ActionSerializer, as it retrieves, in one answer without `next`
  // (products/actions/backend/api/action.py; the 2025-08-04 backend's `{"results"}` and GET compared equal).
  listReads: wholeList(actions.listActions),
  fields: actionFields,
  exampleInput: "description",
  required: { name: "PostHog names every action, uniquely among the project's live ones" },
  // The outputs every Action has besides its kind's (its id, its project): its name (a declared setting adds its live
  // value).
  fixedOutputs: (record) => ({ name: record.name }),
  outputTypes: {
    name: { type: "string", doc: "The action's name." },
  },
  types: {
    ActionStep: {
      type: '{\n  event?: string | null;\n  url?: string | null;\n  url_matching?: "contains" | "regex" | "exact" | null;\n  selector?: string | null;\n  tag_name?: string | null;\n  text?: string | null;\n  text_matching?: "contains" | "regex" | "exact" | null;\n  href?: string | null;\n  href_matching?: "contains" | "regex" | "exact" | null;\n  properties?: Array<Record<string, unknown>> | null;\n}',
      doc: "One step of an action (PostHog's ActionStepJSONSerializer): an event matches when every given field does.",
    },
  },
  moreFailures(inputs, _known, failed) {
    const steps = inputs["steps"];
    if (!Array.isArray(steps) || isUnknown(steps) || failed("steps")) return [];
    return stepProblems(steps).map((reason): Failure => ({ property: "steps", reason }));
  },
  // TaggedItemSerializerMixin saves tags only for organizations with the `tagging` plan feature (as for flags).
  alwaysSent: ["name"],
  lookups: {
    list: (http, projectId) => actions.listActions(http, projectId),
    uniqueBy: { input: "name", spec: { type: "string", description: "The action's name." }, find: actions.findActionByName },
    // ActionViewSet's list takes no search: the names are matched here.
    filters: {
      search: {
        spec: { type: "string", description: "Part of the name (case-insensitive)." },
        match: (action, v) =>
          String(action["name"] ?? "")
            .toLowerCase()
            .includes(String(v).toLowerCase()),
      },
    },
    outputs: {
      name: { type: "string", nullable: true },
      description: { type: "string" },
      steps: { type: "array", items: { type: "object", additionalProperties: ANY } },
      tags: { type: "array", items: { type: "string" } },
    },
  },
  // ActionViewSet lists with ActionSerializer (products/actions/backend/api/action.py), unpaginated: the lookups'
  // list, no GET each.
  importer: {
    // The Action model's defaults (posthog/models/action/action.py).
    defaults: { description: "", steps: [], tags: [], post_to_slack: false, slack_message_format: "" },
    // A step as a program writes it: PostHog answers every step field (null when unset) and its own `selector_regex`.
    inputValue: (field, value) => (field === "steps" && Array.isArray(value) ? value.map(normalStep) : value),
    label: (action) => action.name ?? `action ${action.id}`,
  },
  // Names are unique among live actions: the action a lost answer may hide, or the one refusing the name, has it.
  findBy: {
    field: "name",
    find: (http, projectId, name) => actions.findActionByName(http, projectId, String(name)),
    // ActionSerializer.validate (posthog/api/action.py): "This project already has an action with this name, ID <id>", code unique.
    taken: (error) => error.status === 400 && error.attr === "name" && error.code === "unique",
    otherwise: "choose another name (PostHog keeps names unique among live actions)",
  },
});
