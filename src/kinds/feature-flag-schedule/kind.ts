/**
 * FeatureFlagSchedule (PostHog's scheduled change of a flag), declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/scheduled_changes/`), deleted by DELETE (ScheduledChangeViewSet is a ModelViewSet,
 * products/feature_flags/backend/api/scheduled_change.py today, posthog/api/scheduled_change.py in 2025-08-04),
 * identified as `<projectId>/<id>`. Personal API keys need `feature_flag:read`/
 * `feature_flag:write` in today's PostHog; PostHog 2025-08-04 refuses every key with scopes (`scope_object =
 * "INTERNAL"`). Its field table is src/kinds/feature-flag-schedule/fields.ts.
 *
 * Once a one-time schedule has run (or failed for good), PostHog sets its `executed_at` and refuses every change of
 * it ("Cannot modify a scheduled change that has already executed."; 2025-08-04 takes the change, and never runs it):
 * the schedule is spent. Its change is done, so
 * nothing about it drifts: a refresh shows when it ran; a spent schedule deleted in PostHog is kept in the state, not
 * made again (its change would run twice); a changed declaration of a spent schedule is a new schedule, replacing it.
 */
import { featureFlagScheduleExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as schedules from "./endpoints";
import { idField, type Kind, type ObjectId } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { featureFlagScheduleFields } from "./fields";
import { featureFlagScheduleModel, type FeatureFlagScheduleRecord } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json, Placed } from "../../kit/lifecycle";
import type { FeatureFlagSchedule } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";
import { internalRefusal } from "../../kit/internal-viewsets";
import type * as pulumi from "@pulumi/pulumi";

const REFUSED = { what: "scheduled changes", viewSet: "ScheduledChangeViewSet", scope: "feature_flag" };

/** PostHog's refusal of any change of a one-time schedule that has run (ScheduledChangeSerializer.validate). */
const SPENT_REFUSAL = "Cannot modify a scheduled change that has already executed";

export const featureFlagScheduleKind: Kind<"project", FeatureFlagScheduleRecord> = {
  ...kindNames("FeatureFlagSchedule"),
  example: featureFlagScheduleExample,
  noun: "feature flag schedule",
  scope: "project",
  identity: { output: "scheduleId" },
  deletion: "delete",
  importInputs: ["projectId", "featureFlagId", "payload", "scheduledAt"],
  api: projectScopedApi({
    get: schedules.getScheduledChange,
    update: schedules.updateScheduledChange,
    remove: schedules.deleteScheduledChange,
  }),
  // ScheduledChangeViewSet lists with ScheduledChangeSerializer, as it retrieves (in both versions).
  listReads: listedPages(schedules.scheduledChangePages),
  schema: () => {
    const inputs = tableInputs(featureFlagScheduleFields, "feature flag schedule");
    inputs["featureFlagId"] = { ...inputs["featureFlagId"]!, willReplaceOnChanges: true };
    return {
      description:
        "A PostHog feature flag schedule: a change PostHog applies to a flag at a set time (turned on or off, release conditions added, variants replaced), once or again and again. Declared fields are managed; deleted with DELETE. Once a one-time schedule has run it is spent: nothing of it drifts, it is not made again if deleted, and a changed declaration makes a new schedule. PostHog 2025-08-04 refuses every personal API key with scopes here; today's needs the `feature_flag:write` scope.",
      inputs,
      outputs: tableOutputs(featureFlagScheduleFields, "feature flag schedule", {
        scheduleId: { type: "integer", description: "Numeric id of the schedule in PostHog." },
        executedAt: { type: "string", description: "When the change was applied, or failed for good; null until then." },
        failureReason: { type: "string", description: "Why the change could not be applied; null when it was, or is yet to be." },
        lastExecutedAt: { type: "string", description: "When a recurring schedule last applied its change." },
      }),
      required: ["scheduleId", "projectId", "featureFlagId", "payload", "scheduledAt", "isRecurring"],
    };
  },
  // No lookups: no PostHog object names a schedule, so a program has no use for one's id.
  model: featureFlagScheduleModel,
  lifecycle: () => new FeatureFlagScheduleLifecycle(),
  // The list answers every field: no GET each; only flags' schedules (`model_name`, ScheduledChange.AllowedModels).
  importer: projectScopedImport<FeatureFlagSchedule>(featureFlagScheduleFields, {
    list: async (http, projectId) => (await schedules.listScheduledChanges(http, projectId, { model_name: "FeatureFlag" })).filter(isLive),
    // The ScheduledChange model's and serializer's defaults.
    defaults: { is_recurring: false, recurrence_interval: null, cron_expression: null, end_date: null },
    references: [idField("record_id", "FeatureFlag")],
    label: (schedule) =>
      `${String((schedule.payload as { operation?: unknown } | null)?.operation ?? "change")} of flag ${schedule.record_id}`,
  }),
};

/** Whether a schedule is spent: a one-time schedule that has run, or failed for good (its `executed_at` set). */
function spent(executedAt: unknown, isRecurring: unknown): boolean {
  return executedAt !== null && executedAt !== undefined && isRecurring !== true;
}

/**
 * Whether PostHog's runs moved a recurring schedule's `scheduled_at` past the declared first run: each run sets the
 * next (process_scheduled_changes, posthog/tasks/process_scheduled_changes.py), PostHog's doing, not drift. The
 * declared first run is kept in its place, so that no update sends it back (a past time would run the change at once).
 */
function movedByRuns(isRecurring: unknown, lastExecutedAt: unknown, live: unknown, declared: unknown): declared is string {
  if (isRecurring !== true || lastExecutedAt === null || lastExecutedAt === undefined) return false;
  if (typeof live !== "string" || typeof declared !== "string") return false;
  return Date.parse(live) > Date.parse(declared);
}

/** The importer declares schedules yet to run, and recurring ones: a spent schedule's change is done. */
function isLive(schedule: FeatureFlagSchedule): boolean {
  return !spent(schedule.executed_at, schedule.is_recurring);
}

/**
 * The FeatureFlagSchedule lifecycle: the kit's field-table lifecycle with its create (never sent twice blindly: a
 * second schedule would apply its change twice), the target flag that replaces the schedule when it changes (PostHog
 * never moves a schedule), a spent schedule's rules and a recurring one's next run (above). PostHog 2025-08-04's
 * refusal of personal API keys with scopes is said with what to do.
 */
export class FeatureFlagScheduleLifecycle extends FieldTableLifecycle<FeatureFlagSchedule> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(featureFlagScheduleKind, featureFlagScheduleModel, connection);
  }

  protected override replaces(olds: Json, news: Json): string[] {
    const declared = news["featureFlagId"];
    const moved = declared !== undefined && olds["featureFlagId"] !== undefined && String(declared) !== String(olds["featureFlagId"]);
    const own = [...super.replaces(olds, news), ...(moved ? ["featureFlagId"] : [])];
    if (!spent(olds["executedAt"], olds["isRecurring"])) return own;
    // PostHog refuses any change of a spent schedule: each changed setting makes a new one.
    const changed = Object.keys(
      this.model.differingSettings(this.model.declaredSettings(news), (field) => this.model.outputValue(olds, field)),
    );
    return [...new Set([...own, ...changed.map((field) => this.model.inputName(field))])];
  }

  override async read(id: string, props?: Json): Promise<pulumi.dynamic.ReadResult<Json>> {
    const found = await super.read(id, props);
    // A spent schedule deleted in PostHog: its change is done, so it stays as it was rather than being made again.
    if (found.id === undefined && props && spent(props["executedAt"], props["isRecurring"])) return { id, props };
    return this.firstRunKept(found, props);
  }

  /** The declared first run in place of the next one PostHog's runs set (`movedByRuns`), in the inputs and the outputs. */
  private firstRunKept(found: pulumi.dynamic.ReadResult<Json>, props?: Json): pulumi.dynamic.ReadResult<Json> {
    const live = found.props;
    const declared = this.model.recordedInputsOf(props ?? {}).declaredInputs?.["scheduledAt"];
    if (!live || !movedByRuns(live["isRecurring"], live["lastExecutedAt"], live["scheduledAt"], declared)) return found;
    return {
      ...found,
      props: { ...live, scheduledAt: declared },
      ...(found.inputs ? { inputs: { ...found.inputs, scheduledAt: declared } } : {}),
    };
  }

  /** An update that leaves the declared first run as it was leaves PostHog's next run too: the answer is no refusal of it. */
  protected override async afterWrite(step: {
    olds: Json;
    news: Json;
    placed: Placed<FeatureFlagScheduleRecord> | undefined;
  }): Promise<Placed<FeatureFlagScheduleRecord> | undefined> {
    const { olds, news, placed } = step;
    const declared = news["scheduledAt"];
    if (!placed || olds["scheduledAt"] !== declared) return placed;
    const { is_recurring, last_executed_at, scheduled_at } = placed.record;
    if (!movedByRuns(is_recurring, last_executed_at, scheduled_at, declared)) return placed;
    return { ...placed, record: { ...placed.record, scheduled_at: declared } };
  }

  protected override async obtain(projectId: number, body: Json): Promise<FeatureFlagScheduleRecord> {
    const flagId = String(body["record_id"]);
    try {
      const made = await this.createOnce(
        projectId,
        { ...body, model_name: "FeatureFlag" },
        () => schedules.createScheduledChange(this.http(), projectId, { ...body, record_id: flagId, model_name: "FeatureFlag" }),
        {
          find: () => schedules.listScheduledChanges(this.http(), projectId, { model_name: "FeatureFlag", record_id: flagId }),
          described: `of flag ${flagId}`,
        },
      );
      return { ...made, project_id: projectId };
    } catch (error) {
      throw internalRefusal(error, REFUSED);
    }
  }

  protected override async write(
    projectId: number,
    id: ObjectId,
    body: Json,
    declared: readonly string[],
  ): Promise<Placed<FeatureFlagScheduleRecord>> {
    try {
      return await super.write(projectId, id, body, declared);
    } catch (error) {
      if (error instanceof PostHogError && error.status === 400 && (error.detail ?? "").includes(SPENT_REFUSAL)) {
        throw new Error(
          `${error.message} The schedule has run, and PostHog keeps it as it ran: run \`pulumi refresh\` (or \`pulumi up --refresh\`), then the changed declaration is planned as a new schedule replacing it.`,
        );
      }
      throw internalRefusal(error, REFUSED);
    }
  }
}
