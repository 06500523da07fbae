/**
 * Project, declared once for the kit (src/kit): its token, identity, scope, adopt input, endpoints, deletion, schema
 * and importer facts. Its field table is ./fields and its model ./model; its own behaviours (adoption of a project
 * PostHog is not deleting, rotation, the environments fallback of an older PostHog, the create recovery by name and
 * time, the organization-visibility check of a 404, deferred deletion) are ProjectLifecycle's hooks, below.
 */
import { projectExample } from "./example";
import { PostHogError, organizations, type Transport, users } from "../../client";
import * as projects from "./endpoints";
import { idField, importIdOf, type Kind, type ObjectId, placeInputSpecs, type Placement } from "../../kit/kind";
import { ANY, type PropertySpec, typeOf } from "../../kit/property";
import { PROJECT_TOKEN, PROJECT_TYPE } from "../../kit/tokens";
import { camelCase } from "../../kit/names";
import { keptInState, projectFields, recordField, recordFieldNames, settingNames, type ProjectRecord } from "./fields";
import { type Json, type Placed as PlacedOf, pick } from "../../kit/lifecycle";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { FieldRecorded } from "../../kit/field-model";
import { judgeFound, notTakenMessage } from "../../kit/lost-create";
import { PartialSuccess } from "../../kit/outcome";
import { isPlainObject } from "../../kit/json";
import type { ProviderConfig } from "../../kit/config";
import { type PlacedProject, projectModel } from "./model";

function projectInputs(): Record<string, PropertySpec> {
  const inputs: Record<string, PropertySpec> = {};
  for (const { api, arg } of settingNames) inputs[arg] = { ...typeOf(projectFields[api].input), description: projectFields[api].doc };
  Object.assign(inputs, placeInputSpecs(projectKind, "project"));
  inputs["apiTokenRotation"] = { type: "string", description: "Any string; changing it rotates the project API key (reset_token)." };
  inputs["adoptProjectId"] = { type: "integer", description: "Take over this existing project on create instead of creating one." };
  inputs["additionalSettings"] = {
    type: "object",
    additionalProperties: ANY,
    description: "Settings this package does not know yet, by PostHog's own field name: sent as they are, compared as JSON.",
  };
  return inputs;
}

/** PostHog's record as outputs: every field but `id`, which is `projectId`. */
export function projectRecordProperties(): Record<string, PropertySpec> {
  const outputs: Record<string, PropertySpec> = {};
  for (const field of recordFieldNames) {
    if (field === "id") continue;
    const def = recordField(field);
    // A setting's live value has the type a program declares it with; read-only fields have PostHog's.
    const type = Object.hasOwn(projectFields, field)
      ? typeOf(projectFields[field as keyof typeof projectFields].input)
      : typeOf(def.answer);
    outputs[camelCase(field)] = { ...type, description: def.doc, ...(def.secret ? { secret: true } : {}) };
  }
  outputs["projectId"] = { type: "integer", description: recordField("id").doc };
  outputs["organizationId"] = { type: "string", description: "UUID of the organization that owns the project." };
  return outputs;
}

/**
 * The resource's outputs, what its state keeps: every input with its live value (present when declared), the ids and
 * the record fields programs reference (`keptInState`). The rest of the record is getProject's.
 */
function projectOutputs(): Record<string, PropertySpec> {
  const inputs = Object.fromEntries(Object.entries(projectInputs()).map(([name, { willReplaceOnChanges: _, ...spec }]) => [name, spec]));
  const kept = new Set(["projectId", "organizationId", ...keptInState.map((field) => camelCase(field))]);
  const record = Object.entries(projectRecordProperties()).filter(([name]) => kept.has(name));
  return {
    ...inputs,
    ...Object.fromEntries(record),
    additionalSettings: { type: "object", additionalProperties: ANY, description: "The live values of the declared additionalSettings." },
  };
}

/**
 * A project's settings nobody set, as today's PostHog creates a project: the Team model's defaults
 * (posthog/models/team/team.py) and what ProjectSerializer.create sets (posthog/api/project.py). A live value equal
 * to one of these is not declared by the importer.
 */
const projectDefaults: Record<string, unknown> = {
  app_urls: [],
  anonymize_ips: false,
  completed_snippet_onboarding: false,
  test_account_filters: [],
  path_cleaning_filters: [],
  is_demo: false,
  timezone: "UTC",
  data_attributes: ["data-attr"],
  correlation_config: {},
  capture_console_log_opt_in: true,
  capture_performance_opt_in: true,
  session_recording_opt_in: false,
  session_recording_url_trigger_config: [],
  session_recording_url_blocklist_config: [],
  session_recording_event_trigger_config: [],
  session_recording_retention_period: "30d",
  extra_settings: { recorder_script: "posthog-recorder" },
  flags_persistence_default: false,
  receive_org_level_activity_logs: false,
  revenue_analytics_config: { base_currency: "USD", events: [], filter_test_accounts: false },
  marketing_analytics_config: {
    sources_map: {},
    conversion_goals: [],
    attribution_window_days: 90,
    attribution_mode: "last_touch",
    filter_test_accounts: false,
    campaign_name_mappings: {},
    custom_source_mappings: {},
    campaign_field_preferences: {},
  },
  customer_analytics_config: {
    activity_event: {},
    signup_pageview_event: {},
    signup_event: {},
    subscription_event: {},
    payment_event: {},
    account_group_type_index: null,
  },
  workflows_config: {
    capture_workflows_engagement_events: false,
    email_tracking_consent_mode: "off",
    workflow_task_rate_limit_per_day: null,
    workflow_task_team_rate_limit_per_day: null,
  },
  base_currency: "USD",
  capture_dead_clicks: false,
  cookieless_server_hash_mode: 0,
  human_friendly_comparison_periods: false,
  feature_flag_confirmation_enabled: false,
  default_evaluation_contexts_enabled: false,
  require_evaluation_contexts: false,
  web_analytics_pre_aggregated_tables_enabled: false,
};

/** Where projects are: in an organization (`/api/organizations/<organizationId>/projects/`, posthog/api/project.py). */
const PROJECTS: Placement & { scope: "organization" } = { scope: "organization" };

/** A project's record with its organization where the kit keeps a record's scope: the UUID PostHog's answer names. */
const placedIn = (record: ProjectRecord): PlacedProject => ({ ...record, organization_id: record.organization });

export const projectKind: Kind<"organization", PlacedProject> = {
  name: "Project",
  example: projectExample,
  token: PROJECT_TOKEN,
  dynamicType: PROJECT_TYPE,
  noun: "project",
  scope: PROJECTS.scope,
  identity: { output: "projectId" },
  // Named for what it is to projects since before every kind had `adoptId`: existing programs declare it.
  adoptInput: "adoptProjectId",
  // posthog/api/project.py ProjectViewSet.perform_destroy: a real DELETE (today's in the background).
  deletion: "delete",
  importInputs: ["name"],
  api: {
    get: async (http, organizationId, id) => placedIn(await projects.getProject(http, organizationId, id as number)),
    update: async (http, organizationId, id, body) => placedIn(await projects.updateProject(http, organizationId, id as number, body)),
    remove: (http, organizationId, id) => projects.deleteProject(http, organizationId, id as number),
  },
  schema: () => ({
    description: "A PostHog project. Declared settings are managed; settings left out keep whatever PostHog has.",
    inputs: projectInputs(),
    outputs: projectOutputs(),
    required: ["projectId", "organizationId", "uuid", "name", "apiToken"],
  }),
  lifecycle: () => new ProjectLifecycle(),
  model: projectModel,
  importer: {
    // The list answers ProjectBackwardCompatBasicSerializer (posthog/api/project.py ProjectViewSet.get_serializer_class):
    // ids, name, timezone and a few flags, not the settings. One GET per project reads them, one after the other.
    list: async (http, organizationId) => {
      const records: PlacedProject[] = [];
      for (const { id } of await projects.listProjects(http, organizationId)) {
        try {
          records.push(placedIn(await projects.getProject(http, organizationId, id)));
        } catch (error) {
          // Deleted since it was listed: nothing to declare.
          if (!(error instanceof PostHogError && error.isNotFound)) throw error;
        }
      }
      return records;
    },
    fields: Object.fromEntries(settingNames.map(({ api, arg }) => [api, arg])),
    defaults: projectDefaults,
    // PostHog answers the sample rate as a decimal string ("0.50"); programs write the number.
    inputValue: (field, value) =>
      field === "session_recording_sample_rate" && typeof value === "string" && value.trim() !== "" ? Number(value) : value,
    references: [idField("primary_dashboard", "Dashboard")],
    label: (project) => project.name,
    skip: (project) => (project.is_pending_deletion === true ? "being deleted (is_pending_deletion)" : undefined),
    importId: importIdOf(PROJECTS),
  },
};

/**
 * The Project lifecycle: the kit's field-table one (src/kit/field-lifecycle.ts) with Project's own behaviours as its
 * hooks: adoption, a create that recovers by name and time, the settings an older PostHog keeps on the environment,
 * the API token rotation, the organization-visibility check of a 404, and the projects PostHog is deleting in the
 * background. HTTP is the client's business; this module decides which calls a change needs.
 */
type Placed = PlacedOf<PlacedProject>;

export class ProjectLifecycle extends FieldTableLifecycle<ProjectRecord, "organization"> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(projectKind, projectModel, connection);
  }

  protected override actionsChanged(olds: Json, news: Json): boolean {
    return news["apiTokenRotation"] !== undefined && news["apiTokenRotation"] !== olds["apiTokenRotation"];
  }

  /** An adoption stays recorded as one across updates: the program's adoptProjectId then no longer matters. */
  protected override recordForUpdate(olds: Json, news: Json): FieldRecorded {
    const recorded = this.model.recordInputs(news);
    return { ...recorded, kept: { ...recorded.kept, adoptProjectId: olds["adoptProjectId"] ?? null } };
  }

  /**
   * One POST without the fields PostHog refuses on create; the PATCH that follows also sets any it did not honour
   * (the 2025-08-04 PostHog puts its own test account filters) and those it lacks (an older PostHog keeps some
   * settings on the environment only).
   */
  protected override async obtain(organizationId: string, body: Json): Promise<PlacedProject> {
    return placedIn(await this.post(organizationId, body));
  }

  /** The existing project to take over (the kit's create then changes what differs); one PostHog is deleting cannot be. */
  protected override async adopted(organizationId: string, inputs: Json): Promise<PlacedProject | undefined> {
    const projectId = inputs["adoptProjectId"];
    if (projectId === undefined || projectId === null) return undefined;
    const record = await projects.getProject(this.http(), organizationId, Number(projectId));
    if (this.isGone(record)) {
      throw new Error(
        `Project ${projectId} ("${record.name}") is being deleted by PostHog and cannot be adopted. ` +
          "Remove adoptProjectId to create a new project; its name is free again.",
      );
    }
    return placedIn(record);
  }

  /** The rotation a changed apiTokenRotation asks for, after the settings' PATCH. */
  protected override async afterWrite(step: {
    scope: string;
    id: string;
    olds: Json;
    news: Json;
    recorded: FieldRecorded;
    placed: Placed | undefined;
  }): Promise<Placed | undefined> {
    const { scope: organizationId, id, olds, news, recorded, placed } = step;
    if (!this.actionsChanged(olds, news)) return placed;
    const previous = olds["apiTokenRotation"] as string | undefined;
    let reset: PlacedProject;
    try {
      reset = placedIn(await projects.resetProjectToken(this.http(), organizationId, Number(id)));
    } catch (error) {
      const message = rotationFailure(error, previous);
      if (placed) {
        const outputs = this.model.toOutputs(placed.record, {
          ...recorded,
          kept: { ...recorded.kept, apiTokenRotation: previous ?? null },
        });
        throw new PartialSuccess(message, id, this.model.withUnsupported(outputs, placed.nowhere), news);
      }
      throw new Error(message);
    }
    // reset_token answers with the project record only: what an older PostHog keeps on the environment is read there.
    return this.complete(reset, this.model.declaredFields(recorded));
  }

  protected override readFailure(error: PostHogError, organizationId: string, projectId: ObjectId, props: Json): Error | undefined {
    if (error.status !== 500) return undefined;
    return unreadable(organizationId, projectId, error, this.model.recordedInputsOf(props).declaredInputs?.["modifiers"]);
  }

  /** Today's PostHog keeps a deleted project readable until its background deletion ends; 2025-08-04 answers 404. */
  protected override isGone(record: ProjectRecord): boolean {
    return record["is_pending_deletion"] === true;
  }

  /** Today's PostHog deletes in the background and refuses a second DELETE meanwhile. */
  protected override alreadyGoing(error: PostHogError): boolean {
    return /already being deleted/i.test(error.detail ?? "");
  }

  protected override unsupportedMessage(fields: readonly string[]): string {
    return unsupportedMessage(fields, (field) => this.model.inputName(field));
  }

  /**
   * PostHog answers 404 alike for a project that is gone and for any project the key's user cannot see (not a member
   * of its organization: posthog/api/project.py ProjectViewSet.safely_get_queryset keeps the user's visible teams). A
   * 404 means "deleted" only when the key is shown to see the organization: the organization's project list (needs
   * project:read) holds a project, or the organization itself answers (needs organization:read). A non-member's list
   * is empty, not refused, and a key scoped to other organizations or projects is refused (403): either way the
   * project is kept and the error says which key and organization do not match.
   */
  protected override async confirmGone(organizationId: string, projectId: ObjectId, doing: "refresh" | "delete"): Promise<void> {
    const http = this.http();
    let listed = false;
    let why: string;
    try {
      const page = await projects.listProjectsPage(http, organizationId, { limit: 1 });
      if (page.results.length > 0) return;
      listed = true;
      await organizations.getOrganization(http, organizationId);
      return;
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "http")) throw error;
      const answer = `${error.method} ${error.path} answered ${error.status}${error.detail ? `: ${error.detail}` : ""}`;
      why = listed ? `it lists none of its projects, and ${answer}` : answer;
    }
    const kept =
      doing === "refresh"
        ? "Nothing was changed: the project stays in the state."
        : "It was not counted as deleted: the project stays in the state.";
    throw new Error(
      `PostHog answered 404 for project ${projectId}, but the personal API key ${http.keyHint} cannot be shown to see ` +
        `organization ${organizationId} (${why}), so "not found" may only mean ` +
        `"not visible to this key". ${kept} Use a personal API key of a member of organization ${organizationId} with ` +
        "project:read (and organization:read if the organization has no other project; a scoped key must include this " +
        "organization) and run the command again. If the organization itself was deleted, remove the project with " +
        "`pulumi state delete <urn>`.",
    );
  }

  /**
   * POST, never twice blindly. When the outcome is unclear (a lost answer, any 5xx, an answer about another project),
   * the project is looked for by its name, and taken only when it can be shown to be this create's (src/kit/lost-create.ts:
   * created after the first attempt started, by the user of this key: see `creatorOf`); one
   * created since the attempt started that cannot be is named, never taken (it may be another stack's) nor created
   * again beside; proven absent, the POST is sent again. This works whether or not PostHog refuses duplicate names
   * (today's does with a 409, 2025-08-04 accepts them); a resend that meets the 409 takes the earlier attempt's project.
   */
  private async post(organizationId: string, body: Json): Promise<ProjectRecord> {
    const http = this.http();
    const started = Date.now();
    const name = typeof body["name"] === "string" ? body["name"].trim() : undefined;
    // The user's current project as the create is sent: only a change to the project found shows this create made it
    // (see creatorOf). Asked beside the POST, not before it, so that it costs no time: answered after the POST, it
    // names the new project and so shows nothing, as it does when unreadable (no `user:read`): never a wrong proof.
    const before = users.getCurrentUser(http).then(currentProjectOf, () => undefined);
    for (let attempt = 1; ; attempt++) {
      try {
        return await projects.createProject(http, organizationId, body, { budgetFrom: started });
      } catch (error) {
        const ambiguous = error instanceof PostHogError && error.kind === "ambiguous";
        const collided = error instanceof PostHogError && error.status === 409;
        if (!ambiguous && !collided) throw error;
        if (name === undefined) throw error;
        const found = await this.lookUp(organizationId, name, started, error as PostHogError);
        // The name is the one sent (lookUp compares it): what else was sent, PostHog 2025-08-04 may replace on
        // create (its own test account filters), so the settings cannot tell.
        const { made, others } = await judgeFound(http, started, found, {
          alike: () => true,
          maker: async (project, self) => this.creatorOf(organizationId, project.id, self, await before),
        });
        if (made.length === 1 && (ambiguous || attempt > 1)) return made[0]!;
        if (collided) throw collision(organizationId, name, found);
        if (made.length > 1) throw collision(organizationId, name, made);
        const unproven = others.filter((other) => other.recent);
        if (ambiguous && unproven.length > 0) {
          throw new Error(
            `${(error as Error).message} ${notTakenMessage("project", `named "${name}"`, unproven, { input: "adoptProjectId", otherwise: "choose another name" })}`,
          );
        }
        if (!(await http.pauseBeforeRetry(attempt, started))) {
          throw new Error(`${(error as Error).message} No project named "${name}" was created; run \`pulumi up\` again.`);
        }
      }
    }
  }

  /**
   * Who made the project, or null when PostHog does not say. Its activity log's "created" entry names the creator
   * (ProjectBackwardCompatSerializer.create, posthog/api/project.py, logs it) and is asked first: it holds whatever
   * happened since. But ProjectViewSet.activity declares no scope, so APIScopePermission (posthog/permissions.py)
   * refuses it to every scoped personal API key, `*` included (403 "This action does not support Personal API Key
   * access"; only legacy unscoped keys may read it). Then the creating user's current project shows it, but only as a
   * change: every project create sets it to the new project (`request.user.current_team = team` in
   * ProjectBackwardCompatSerializer.create, and in TeamSerializer.create, posthog/api/team.py, in PostHog 2025-08-04
   * and today), and only this user can change it; yet PostHog also gives it on joining an organization (its first
   * project, `User.join`) and when the current one was deleted (`User.team`, posthog/models/user.py), so a current
   * project equal to the one found proves nothing unless it was another one before this create: not none either, since
   * reading a user without one makes PostHog pick one (`User.team`), which may be another user's project made just now.
   * Otherwise nothing is shown, and the project is named rather than taken.
   */
  private async creatorOf(
    organizationId: string,
    projectId: number,
    self: () => Promise<users.CurrentUser>,
    before: number | null | undefined,
  ): Promise<unknown> {
    try {
      for await (const entry of projects.iterateProjectActivity(this.http(), organizationId, projectId)) {
        if (entry.activity === "created") return entry.user;
      }
      return null;
    } catch (error) {
      if (!(error instanceof PostHogError && error.status === 403)) throw error;
      const current = currentProjectOf(await self());
      const refused = `its activity log is refused to this personal API key (${error.detail ?? error.message}), and`;
      if (current === projectId && typeof before === "number" && before !== projectId) return self();
      if (current !== projectId) {
        throw new Error(
          `${refused} the current project of this key's user is ${current ?? "none"}, not this one, as it is just after the user creates a project`,
        );
      }
      throw new Error(
        before === undefined
          ? `${refused} though it is the current project of this key's user, that user could not be read before this create to show it became so by it`
          : before === null
            ? `${refused} though it is the current project of this key's user, that user had none before this create, and PostHog gives one to a user without (its organization's first) when the user is read`
            : `${refused} though it is the current project of this key's user, it already was before this create (PostHog makes one current on joining an organization)`,
      );
    }
  }

  /**
   * The live projects named `name` (compared as PostHog compares names: ends trimmed), full records. The lookup is
   * repeated within the retry budget of the create; if it still cannot tell, the error names the project to look for.
   */
  private async lookUp(organizationId: string, name: string, started: number, cause: PostHogError): Promise<ProjectRecord[]> {
    const http = this.http();
    const budget = { budgetFrom: started };
    for (let attempt = 1; ; attempt++) {
      try {
        const listed = await projects.listProjects(http, organizationId, { search: name, ...budget });
        const matches = listed.filter((p) => p.name.trim() === name);
        const records = await Promise.all(matches.map((p) => projects.getProject(http, organizationId, p.id, budget)));
        return records.filter((r) => r["is_pending_deletion"] !== true);
      } catch (lookupError) {
        if (await http.pauseBeforeRetry(attempt, started)) continue;
        throw new Error(
          `${cause.message} Checking whether it did failed too: ${(lookupError as Error).message} ` +
            `Look in PostHog (organization ${organizationId}) for a project named "${name}" created at or after ` +
            `${new Date(started).toISOString()}. If it is there, set adoptProjectId to its id so that the next ` +
            "`pulumi up` takes it over; if not, run `pulumi up` again.",
        );
      }
    }
  }

  /**
   * PATCH the project. Settings its answer lacks are written to its environment (`/api/environments/<id>/`, the
   * same id), where an older PostHog keeps them (the 2025-08-04 one: 14 of today's settings), as PostHog's own
   * Terraform provider writes its settings; the other declared settings its answer lacks are read there. Those the
   * environment lacks too, this PostHog has nowhere.
   */
  protected override async write(organizationId: string, projectId: ObjectId, body: Json, declared: readonly string[]): Promise<Placed> {
    const record = placedIn(await projects.updateProject(this.http(), organizationId, projectId as number, body));
    const toEnvironment = pick(body, (field) => !Object.hasOwn(record, field));
    if (Object.keys(toEnvironment).length === 0) return this.complete(record, declared);
    // The 2025-08-04 TeamViewSet asks a PATCH of config fields only for the scope `team:read`, which no key but an
    // all-access one can have (posthog/api/team.py `dangerously_get_required_scopes`): the unchanged name, not a
    // config field, makes it ask for `project:write` like any other write.
    const environment = await environmentOrNone(
      projects.updateEnvironment(this.http(), record.id, { ...toEnvironment, name: record.name }),
    );
    return placed(
      record,
      environment,
      [...new Set([...Object.keys(toEnvironment), ...declared])].filter((f) => !Object.hasOwn(record, f)),
    );
  }

  /** The record, with the declared settings it lacks read from the project's environment where an older PostHog keeps them. */
  protected override async complete(record: PlacedProject, declared: readonly string[]): Promise<Placed> {
    const missing = declared.filter((field) => !Object.hasOwn(record, field));
    if (missing.length === 0) return { record, nowhere: [] };
    return placed(record, await environmentOrNone(projects.getEnvironment(this.http(), record.id)), missing);
  }
}

function placed(record: PlacedProject, environment: ProjectRecord | undefined, missing: readonly string[]): Placed {
  const there = missing.filter((field) => environment !== undefined && Object.hasOwn(environment, field));
  const merged = { ...record, ...Object.fromEntries(there.map((field) => [field, environment![field]])) } as PlacedProject;
  return { record: merged, nowhere: missing.filter((field) => !there.includes(field)) };
}

/** The environment's record; none when this PostHog serves no such endpoint (404, 405) or not to this key (403). */
async function environmentOrNone(request: Promise<ProjectRecord>): Promise<ProjectRecord | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof PostHogError && (error.status === 404 || error.status === 405 || error.status === 403)) return undefined;
    throw error;
  }
}

/** Settings this PostHog has nowhere: which, and what to do. */
function unsupportedMessage(fields: readonly string[], inputName: (field: string) => string): string {
  const typed = fields.filter((f) => settingNames.some(({ api }) => api === f));
  const extra = fields.filter((f) => !typed.includes(f));
  return [
    ...(typed.length > 0
      ? [
          `This PostHog has no setting ${typed.map(inputName).join(", ")}: neither the project nor its environment ` +
            "(/api/environments/<id>/) has it, so it cannot be applied. This PostHog version predates it (the 2025-08-04 " +
            'PostHog lacks 13 of today\'s settings; see "PostHog versions" in the README): upgrade PostHog or remove it from the program.',
        ]
      : []),
    ...(extra.length > 0
      ? [
          `PostHog ignored ${extra.map(inputName).join(", ")}: it has no such field (a misspelling, or a field your PostHog version does not have yet). Check the name against PostHog's API or remove it.`,
        ]
      : []),
  ].join(" ");
}

/**
 * A project whose every read answers 500 while PostHog otherwise works: its stored settings break PostHog's
 * serializer. The 2025-08-04 PostHog stores any `modifiers` and then fails in `Team.person_on_events_mode` on an
 * unknown `personsOnEventsMode` (posthog/models/team/team.py), for every read of the project, until one PATCH fixes it.
 */
function unreadable(organizationId: string, projectId: ObjectId, error: PostHogError, declared: unknown): Error {
  // The program's own modifiers (checked with today's rules) are the repair it wants; else the mode PostHog derives.
  const modifiers = isPlainObject(declared) ? declared : { personsOnEventsMode: null };
  return new Error(
    `PostHog cannot read project ${projectId}: it answers 500 to ${error.method} ${error.path}. A 2025-08-04 PostHog does ` +
      "this to every read of a project whose `modifiers.personsOnEventsMode` holds a value it does not know (it stores " +
      "any value; today's PostHog and this provider refuse them). Repair it with one PATCH of that setting: " +
      `PATCH /api/organizations/${organizationId}/projects/${projectId}/ with ${JSON.stringify({ modifiers })} ` +
      `(${isPlainObject(declared) ? "the modifiers this program declares; " : ""}that PostHog replaces the whole dictionary), ` +
      `then run the command again. PostHog's answer: ${error.message}`,
  );
}

/** The error for a create that meets a project of the same name: which project, and how to take it over. */
function collision(organizationId: string, name: string, existing: readonly ProjectRecord[]): Error {
  if (existing.length === 0) {
    return new Error(
      `PostHog refused to create project "${name}": a project of that name exists in organization ${organizationId}, but it could not be read. Choose another name or check the project list in PostHog.`,
    );
  }
  const list = existing.map((p) => `project ${p.id} (created ${p.created_at})`).join(", ");
  const id = existing[0]!.id;
  return new Error(
    `A project named "${name}" already exists in organization ${organizationId}: ${list}. PostHog refuses a second ` +
      `project of the same name. If an interrupted \`pulumi up\` created it, take it over: set \`adoptProjectId: ${id}\` ` +
      "on this project and run `pulumi up` again (it is read and updated, not created). If it already belongs to " +
      "another resource, of this stack or another, do not adopt it: two resources would then manage one project, each " +
      "`pulumi up` undoing the other's settings and a destroy of either deleting it. Choose another name instead.",
  );
}

/**
 * reset_token has no API scope in today's PostHog or the 2025-08-04 one (posthog/api/project.py), so PostHog refuses
 * it to personal API keys of every scope, all access included: no other key helps, only PostHog's web app.
 */
function rotationFailure(error: unknown, previous: string | undefined): string {
  if (error instanceof PostHogError && error.refusedToScopedKeys) {
    const back = previous === undefined ? "remove apiTokenRotation" : `set apiTokenRotation back to ${JSON.stringify(previous)}`;
    return (
      "PostHog refuses to rotate a project API key (reset_token) with a personal API key of any scope, all access (*) " +
      "included: the action has no API scope, so no key can be given it. Rotate the key in PostHog's web app (project " +
      `settings, project API key, "Reset"), run \`pulumi refresh\` to record the new token, and ${back} so that ` +
      "`pulumi up` does not try again."
    );
  }
  return `Rotating the project API key failed: ${(error as Error).message}`;
}

/** The project a user's `team` (UserSerializer) names: its current one, or null. */
function currentProjectOf(user: users.CurrentUser): number | null {
  return user.team ? (user.team.project_id ?? user.team.id) : null;
}
