/**
 * HogFlow (a workflow), declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/hog_flows/`),
 * keyed by UUID, deleted by DELETE (HogFlowViewSet is a ModelViewSet, posthog/api/hog_flow.py: gone for good),
 * identified as `<projectId>/<uuid>`. PostHog 2025-08-04 refuses every personal API key with scopes here (`scope_object =
 * "INTERNAL"`; a legacy key without scopes passes, posthog/permissions.py); today's needs the `hog_flow` scope. Its actions' input values are Pulumi secrets. Its field table is
 * src/kinds/hog-flow/fields.ts.
 */
import { hogFlowExample } from "./example";
import type { Transport } from "../../client";
import * as hogFlows from "./endpoints";
import type { Kind, ObjectId } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { ANY } from "../../kit/property";
import { kindNames } from "../../kit/tokens";
import { isPlainObject } from "../../kit/json";
import { hogFlowFields } from "./fields";
import { type HogFlowRecord, hogFlowModel, secretInputPaths } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json, Placed } from "../../kit/lifecycle";
import type { HogFlow } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";
import { internalRefusal } from "../../kit/internal-viewsets";

/** Each input value of each function action PostHog answered: the importer reads them from the stack's secrets. */
function actionInputSecrets(flow: HogFlow): Array<{ field: string; path: Array<string | number>; what: string }> {
  const actions = Array.isArray(flow.actions) ? flow.actions : [];
  return actions.flatMap((action: unknown, i: number) => {
    const config = isPlainObject(action) ? action["config"] : undefined;
    const inputs = isPlainObject(config) ? config["inputs"] : undefined;
    if (!isPlainObject(inputs)) return [];
    return Object.entries(inputs)
      .filter(([, entry]) => isPlainObject(entry) && Object.hasOwn(entry, "value"))
      .map(([key]) => ({
        field: "actions",
        path: [i, "config", "inputs", key, "value"],
        what: `the input ${key} of action ${String((action as Json)["id"] ?? i)}`,
      }));
  });
}

export const hogFlowKind: Kind<"project", HogFlowRecord> = {
  ...kindNames("HogFlow"),
  example: hogFlowExample,
  noun: "hog flow",
  scope: "project",
  identity: { output: "hogFlowId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "name", "actions"],
  api: projectScopedApi<HogFlow, string>({
    get: hogFlows.getHogFlow,
    update: hogFlows.updateHogFlow,
    remove: hogFlows.deleteHogFlow,
  }),
  // HogFlowViewSet lists with HogFlowMinimalSerializer, whose fields are HogFlowSerializer's (posthog/api/hog_flow.py).
  listReads: listedPages(hogFlows.hogFlowPages),
  schema: () => {
    const outputs = tableOutputs(
      hogFlowFields,
      "hog flow",
      {
        hogFlowId: { type: "string", description: "The hog flow's UUID in PostHog." },
        trigger: { type: "object", additionalProperties: ANY, description: "Its trigger, as PostHog derives it from the trigger action." },
        version: { type: "integer", description: "PostHog's version number of it." },
      },
      { key: "uuid" },
    );
    return {
      description:
        "A PostHog workflow (hog flow): a trigger and the actions that follow it. Its actions' function inputs are Pulumi secrets, never in the state in plain text. Deleted by DELETE. PostHog 2025-08-04 refuses personal API keys with scopes here (a legacy key without scopes passes); today's needs the `hog_flow` scope.",
      inputs: tableInputs(hogFlowFields, "hog flow", { key: "uuid" }),
      // PostHog answers a function action's input values (2025-08-04, today's): the output is a secret as a whole.
      outputs: { ...outputs, actions: { ...outputs["actions"]!, secret: true } },
      required: ["hogFlowId", "projectId", "status", "actions"],
    };
  },
  secretInputPaths,
  lookups: {
    list: (http, projectId) => hogFlows.listHogFlows(http, projectId),
    outputs: {
      name: { type: "string", nullable: true },
      description: { type: "string", nullable: true },
      status: { type: "string" },
      exitCondition: { type: "string", nullable: true },
    },
  },
  model: hogFlowModel,
  lifecycle: () => new HogFlowLifecycle(),
  importer: projectScopedImport(hogFlowFields, {
    // The HogFlow model's defaults (posthog/models/hog_flow/hog_flow.py).
    defaults: {
      description: "",
      status: "draft",
      exit_condition: "exit_on_conversion",
      conversion: null,
      trigger_masking: null,
      variables: [],
    },
    // A function action's input values may be secrets (its template says which): none is written; each is read from
    // the stack's secrets.
    secrets: actionInputSecrets,
    label: (flow) => flow.name ?? `hog flow ${flow.id}`,
  }),
};

/**
 * The HogFlow lifecycle: the kit's field-table lifecycle with its create. Names are not unique, so a create whose
 * answer was lost takes only a flow it can show is its own (made since, by this key's user, holding what was sent).
 */
export class HogFlowLifecycle extends FieldTableLifecycle<HogFlow> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(hogFlowKind, hogFlowModel, connection);
  }

  protected override async obtain(projectId: number, declared: Json): Promise<HogFlowRecord> {
    const body = withTrigger(declared);
    const name = body["name"] ?? null;
    try {
      const made = await this.createOnce(projectId, body, () => hogFlows.createHogFlow(this.http(), projectId, body), {
        find: async () => (await hogFlows.listHogFlows(this.http(), projectId)).filter((found) => (found.name ?? null) === name),
        described: `named ${JSON.stringify(name)}`,
        otherwise: "delete it in PostHog and run `pulumi up` again to create one",
      });
      return { ...made, project_id: projectId };
    } catch (error) {
      throw internalRefusal(error, { what: "workflows", viewSet: "HogFlowViewSet", scope: "hog_flow" });
    }
  }

  protected override write(projectId: number, id: ObjectId, body: Json, declared: readonly string[]): Promise<Placed<HogFlowRecord>> {
    return super.write(projectId, id, withTrigger(body), declared);
  }
}

/**
 * The body with `trigger`, the trigger action's config, beside the actions. PostHog 2025-08-04 requires it
 * (HogFlowSerializer's `trigger = HogFlowTriggerSerializer()`, posthog/api/hog_flow.py: refused without, measured);
 * today's derives the same from the trigger action (HogFlowSerializer.validate, `data["trigger"] =
 * trigger_actions[0]["config"]`) and writes over what is sent. Not an input: it is that action's config, written once.
 */
function withTrigger(body: Json): Json {
  const actions = body["actions"];
  if (!Array.isArray(actions)) return body;
  const triggers = actions.filter((action) => isPlainObject(action) && action["type"] === "trigger");
  const config = triggers.length === 1 && isPlainObject(triggers[0]) ? triggers[0]["config"] : undefined;
  return config === undefined ? body : { ...body, trigger: config };
}
