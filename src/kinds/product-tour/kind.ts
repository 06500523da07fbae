/**
 * ProductTour, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/product_tours/`,
 * ProductTourViewSet, products/product_tours/backend/api/product_tour.py), keyed by UUID, identified as
 * `<projectId>/<uuid>`. Personal API keys need `product_tour:read`/`product_tour:write` (`scope_object =
 * "product_tour"`, posthog/scopes.py). PostHog 2025-08-04 has no product tours (its products/ has no product_tours):
 * it answers 404. Its field table is ./fields.ts.
 *
 * What PostHog writes into other objects, all of it the tour's (never a resource of its own):
 * - its internal targeting flag (`product-tour-targeting-<name>-<8 hex>`, "Product Tour: <name>"), made when the tour
 *   first has `auto_launch`, holding the targeting filters under the tour's own exclusions (people who completed or
 *   dismissed it, or saw it, by `displayFrequency`; a wait period), on while the tour runs (started, not stopped, not
 *   archived) and auto-launches; DELETE of the tour deletes it (`perform_destroy`);
 * - for a step with a `survey`, a survey of type "api" it keeps in step with the tour (launched and stopped with it),
 *   its id written into the step; ended, not deleted, when the step or the tour goes.
 *
 * Drafts (the `draft`, `publish_draft` and `discard_draft` actions of PostHog's editor) are not this kind's: it
 * manages the published tour. PostHog discards a tour's unpublished draft on each direct update, so an update of a
 * tour holding one is refused, naming it, before anything is sent (`hasDraft` says so at refresh). Deleted with
 * DELETE, for good (`perform_destroy`; older versions archived instead). A live tour's name is unique in its project
 * (`unique_product_tour_name_per_team`), so a create whose answer was lost finds its tour by name.
 */
import { defineKind } from "../../kit/define-kind";
import { idField } from "../../kit/kind";
import type { Failure, Json } from "../../kit/lifecycle";
import { isPlainObject } from "../../kit/json";
import { listedPages } from "../../kit/list-reads";
import { ANY } from "../../kit/property";
import { isUnknown } from "../../kit/unknown";
import { unservedRefusal } from "../../kit/unserved";
import * as tours from "./endpoints";
import { productTourExample } from "./example";
import { normalizeStep, productTourFields, SERIALIZER, SURVEY_STEP_KEYS, truthy } from "./fields";

/** The serializer's `validate` and `_validate_launch`, on what is known before anything is sent. */
function crossFieldFailures(inputs: Json, known: Json, failed: (input: string) => boolean): Failure[] {
  const failures: Failure[] = [];
  const unknown = (input: string) => failed(input) || isUnknown(inputs[input]);
  const content = isPlainObject(known["content"]) ? known["content"] : {};
  const conditions = isPlainObject(content["conditions"]) ? content["conditions"] : {};
  // "linkedFlagVariant can only be used when a linked_flag_id is specified" (a variant of the flag: PostHog's to judge).
  if (!unknown("content") && !unknown("linkedFlagId") && truthy(conditions["linkedFlagVariant"]) && !truthy(known["linked_flag_id"]))
    failures.push({
      property: "content",
      reason: `content.conditions.linkedFlagVariant needs linkedFlagId ("linkedFlagVariant can only be used when a linked_flag_id is specified", ${SERIALIZER})`,
    });
  // `_validate_launch`: a launched tour's steps target their elements completely.
  if (!unknown("content") && !unknown("startDate") && known["start_date"] !== undefined && known["start_date"] !== null) {
    const steps = Array.isArray(content["steps"]) ? content["steps"] : [];
    steps.forEach((raw, i) => {
      const step = isPlainObject(raw) ? normalizeStep(raw) : {};
      const targeting = step["elementTargeting"];
      if (targeting === "manual" && !truthy(step["selector"]))
        failures.push({
          property: "content",
          reason: `step ${i + 1} targets its element by hand but has no selector ("Step ${i + 1} is missing an element selector", ${SERIALIZER})`,
        });
      if (targeting === "auto" && !truthy(step["inferenceData"]))
        failures.push({
          property: "content",
          reason: `step ${i + 1} targets its element automatically but has no inferenceData ("Step ${i + 1} requires an element to be selected", ${SERIALIZER})`,
        });
    });
  }
  // Targeting lives in the internal targeting flag, which PostHog makes only for a tour that launches itself: on a
  // create without `auto_launch` it drops the filters unread.
  if (!unknown("targetingFlagFilters") && !unknown("autoLaunch") && known["targeting_flag_filters"] && known["auto_launch"] !== true)
    failures.push({
      property: "targetingFlagFilters",
      reason:
        "targetingFlagFilters needs autoLaunch: true (PostHog keeps them in the tour's internal targeting flag, which it makes only for a tour that launches itself)",
    });
  return failures;
}

/**
 * The survey keys PostHog wrote into the live steps, sent back with each declared step that has none: without them
 * PostHog would make a new survey for the step and end the one it made before (`_sync_survey_steps`).
 */
function withSurveyKeys(content: unknown, live: unknown): unknown {
  if (!isPlainObject(content) || !Array.isArray(content["steps"]) || !isPlainObject(live) || !Array.isArray(live["steps"])) return content;
  const liveSteps = live["steps"];
  const steps = content["steps"].map((step, i) => {
    const was = liveSteps[i];
    if (!isPlainObject(step) || !isPlainObject(was) || !isPlainObject(step["survey"])) return step;
    const kept = SURVEY_STEP_KEYS.filter((k) => !(k in step) && was[k] !== undefined).map((k) => [k, was[k]]);
    return kept.length > 0 ? { ...step, ...Object.fromEntries(kept) } : step;
  });
  return { ...content, steps };
}

export const {
  kind: productTourKind,
  model: productTourModel,
  Lifecycle: ProductTourLifecycle,
} = defineKind({
  name: "ProductTour",
  noun: "product tour",
  summary: "A product tour of a project: steps PostHog's JavaScript SDK shows the project's users on its pages.",
  description:
    "A PostHog product tour: steps shown to the project's users on their pages, when the page calls for it or, launching itself, to the users its targeting picks. Declared fields are managed; its internal targeting flag (and a survey step's survey) is PostHog's, made, changed and deleted with it; deleted with DELETE; one deleted by hand is created again. Today's PostHog only (the `product_tour:write` scope); PostHog 2025-08-04 has no product tours.",
  example: productTourExample,
  scope: "project",
  identity: { output: "productTourId", key: "uuid", doc: "The tour's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name"],
  endpoints: {
    get: tours.getProductTour,
    update: tours.updateProductTour,
    remove: tours.deleteProductTour,
    create: tours.createProductTour,
  },
  // ProductTourViewSet lists with ProductTourSerializer, as it retrieves.
  listReads: listedPages(tours.productTourPages),
  outputs: {
    internalTargetingFlagKey: {
      type: "string",
      description: "The key of the tour's internal targeting flag, PostHog's own (made with autoLaunch); null without one.",
    },
    hasDraft: {
      type: "boolean",
      description:
        "Whether PostHog's editor holds an unpublished draft of the tour (an update is refused while it does: PostHog would discard it).",
    },
  },
  fields: productTourFields,
  exampleInput: "autoLaunch",
  // ProductTour.name has no default: the serializer requires it.
  required: { name: `the tour's name (${SERIALIZER})` },
  moreFailures: crossFieldFailures,
  modelHooks: (kit) => ({
    // The survey keys are read for the update, not taken from the state: a step may have had its survey made since.
    sendsLiveKeys: (field) => field === "content" || kit.sendsLiveKeys(field),
    withLiveKeys(body, live) {
      const sent = kit.withLiveKeys(body, live);
      if (sent["content"] !== undefined) sent["content"] = withSurveyKeys(sent["content"], live("content"));
      return sent;
    },
  }),
  fixedOutputs: (record) => ({
    name: record.name,
    internalTargetingFlagKey: record.internal_targeting_flag?.key ?? null,
    hasDraft: record.has_draft === true,
  }),
  outputTypes: {
    name: { type: "string", doc: "The tour's name." },
    internalTargetingFlagKey: { type: "string | null", doc: "The key of the tour's internal targeting flag (PostHog's own), or null." },
    hasDraft: { type: "boolean", doc: "Whether PostHog's editor holds an unpublished draft of the tour." },
  },
  types: {
    ProductTourContent: {
      type: 'Record<string, unknown> & {\n  type?: "tour" | "announcement";\n  /** Each `{id, type?, selector?, elementTargeting?, title?, description?, survey?, …}`. */\n  steps?: Array<Record<string, unknown>>;\n  appearance?: Record<string, unknown>;\n  conditions?: Record<string, unknown>;\n  displayFrequency?: "show_once" | "until_interacted" | "always";\n}',
      doc: "A product tour's content as PostHog's editor saves it: its steps, appearance, conditions and display frequency.",
    },
    ProductTourTargeting: {
      type: "{\n  /** OR'd; each group's properties AND'd (a feature flag's property filters). */\n  groups: Array<{ properties: Array<Record<string, unknown>> }>;\n}",
      doc: "Who an auto-launched product tour is shown to: feature flag release groups, their properties only.",
    },
  },
  lookups: {
    list: (http, projectId) => tours.listProductTours(http, projectId),
    outputs: {
      name: { type: "string" },
      description: { type: "string" },
      content: { type: "object", additionalProperties: ANY },
      autoLaunch: { type: "boolean" },
      startDate: { type: "string", nullable: true },
      endDate: { type: "string", nullable: true },
      archived: { type: "boolean" },
    },
  },
  importer: {
    // The ProductTour model's defaults (products/product_tours/backend/models.py).
    defaults: {
      description: "",
      auto_launch: false,
      start_date: null,
      end_date: null,
      archived: false,
      linked_flag_id: null,
      targeting_flag_filters: null,
    },
    references: [idField("linked_flag_id", "FeatureFlag")],
    label: (tour) => tour.name,
  },
  /**
   * A live tour's name is unique in its project (`unique_product_tour_name_per_team`, on tours not archived): after an
   * unclear answer the project's live tour of that name is looked for, and taken only when shown to be this create's.
   * PostHog checks it in the database alone (the constraint's `team` is no field of the serializer): a second tour
   * of the name is its 500.
   */
  findBy: {
    field: "name",
    find: async (http, projectId, name) =>
      (await tours.listProductTours(http, projectId)).filter((tour) => !tour.archived && tour.name === String(name ?? "").trim()),
  },
  createRefusal: unservedRefusal("product tours", "product_tour:write"),
  hooks: {
    /**
     * PostHog discards a tour's unpublished draft on every direct update (`instance.draft_content = None`,
     * ProductTourSerializerCreateUpdateOnly.update): a draft someone saved in PostHog's editor is never thrown away
     * unseen, the update refused before anything is sent.
     */
    async write(projectId, id, body, declared) {
      if ((await tours.getProductTour(this.http(), projectId, String(id))).has_draft === true)
        throw new Error(
          `Product tour ${id} holds a draft saved in PostHog's editor and not published: an update would discard it (PostHog clears a tour's draft on each direct update). Publish or discard the draft in PostHog, then run \`pulumi up\` again.`,
        );
      return this.kit.write(projectId, id, body, declared);
    },
  },
});
