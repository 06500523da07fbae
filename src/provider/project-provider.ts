/**
 * The Project lifecycle: check, diff, create, read, update and delete, as plain data in and out. HTTP is the client's
 * business; this module decides which calls a change needs and how PostHog's answers become Pulumi state.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PostHogError, projects, type Transport } from "../client";
import type { ProjectRecord } from "../schema/project";
import { fieldDef, planFeatureOf, setAfterCreate, settingNames, valuesEqual } from "../schema/project";
import { isPlainObject } from "../schema/json";
import { connect, requireOrganization, resolveConfig, type ProviderConfig } from "./config";
import {
  inputName,
  declaredFields,
  declaredSettings,
  differingSettings,
  isUnknown,
  toOutputs,
  validateInputs,
  type ProjectInputs,
  type ProjectOutputs,
  type RecordedInputs,
  liveInputs,
  recordInputs,
  recordedInputsOf,
  outputValue,
  withRecorded,
  type SettingsBody,
  unsupportedOf,
  withLiveKeys,
  withUnsupported,
} from "./project-state";

type Inputs = ProjectInputs & Record<string, unknown>;
type Outputs = ProjectOutputs & Record<string, unknown>;

/** The serialized provider that Pulumi's host adds to every state it saves; later operations cannot run without it. */
const PROVIDER_KEY = "__provider";

/**
 * Error that tells Pulumi the project exists (with these outputs) although the operation did not fully succeed. The
 * engine records the outputs and shows `reasons`, not the message. Pulumi's host adds `__provider` to the outputs of
 * a success but not to these, so it is carried over from the request here: without it, refresh and destroy of the
 * recorded project could not load the provider.
 */
class PartialSuccess extends Error {
  readonly reasons: string[];
  readonly properties: Record<string, unknown>;

  constructor(
    message: string,
    readonly id: string,
    outputs: ProjectOutputs,
    request: Record<string, unknown>,
  ) {
    super(message);
    this.reasons = [message];
    // A provider plugin's requests have no serialized provider to carry over.
    this.properties = request[PROVIDER_KEY] === undefined ? { ...outputs } : { ...outputs, [PROVIDER_KEY]: request[PROVIDER_KEY] };
  }
}

export class ProjectProvider implements pulumi.dynamic.ResourceProvider<Inputs, Outputs> {
  private config: ProviderConfig;
  private transport: Transport | undefined;

  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(private readonly connection?: { config: ProviderConfig; transport: Transport }) {
    this.config = connection?.config ?? resolveConfig(() => undefined);
  }

  async configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
    if (this.connection) return;
    this.config = resolveConfig((key) => req.config.get(key));
    this.transport = undefined;
  }

  private http(): Transport {
    if (this.connection) return this.connection.transport;
    this.transport ??= connect(this.config);
    return this.transport;
  }

  async check(_olds: Inputs, news: Inputs): Promise<pulumi.dynamic.CheckResult<Inputs>> {
    const failures = validateInputs(news);
    return failures.length > 0 ? { inputs: news, failures } : { inputs: news };
  }

  async diff(_id: string, olds: Outputs, news: Inputs): Promise<pulumi.dynamic.DiffResult> {
    // A setting the last write or read found this PostHog without can never be applied: say so now, not as a change.
    const unsupported = unsupportedOf(olds).filter((field) => declaresField(news, field));
    if (unsupported.length > 0) throw new Error(`${unsupportedMessage(unsupported)} (as the last \`pulumi up\` or refresh found)`);
    const replaces: string[] = [];
    const organizationId = news.organizationId;
    if (organizationId !== undefined && (isUnknown(organizationId) || organizationId !== olds.organizationId)) {
      // "@current" names whatever organization the key's owner has open; it matches the one the project is in.
      if (organizationId !== "@current") replaces.push("organizationId");
    }
    const settingChanged = settingNames.some(({ api, arg }) => {
      const value = news[arg];
      if (value === undefined) return false;
      const parsed = fieldDef(api).input!.safeParse(value);
      return isUnknown(value) || !parsed.success || !valuesEqual(api, parsed.data, olds[arg]);
    });
    const extra = news.additionalSettings;
    const extraChanged =
      extra !== undefined &&
      extra !== null &&
      (isUnknown(extra) || Object.entries(extra).some(([field, value]) => !valuesEqual(field, value, outputValue(olds, field))));
    const rotated = news.apiTokenRotation !== undefined && news.apiTokenRotation !== olds.apiTokenRotation;
    return { changes: replaces.length > 0 || settingChanged || extraChanged || rotated, replaces, deleteBeforeReplace: false };
  }

  async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult<Outputs>> {
    const organizationId = requireOrganization(this.config, inputs.organizationId);
    const declared = declaredSettings(inputs);
    const recorded = recordInputs(inputs);

    // Adopting: take the existing project as it is and change what differs. Creating: one POST without the fields
    // PostHog refuses on create, then one PATCH of whatever its answer does not show as declared: those fields, any
    // it did not honour (the 2025-08-04 PostHog puts its own test account filters), and those it lacks (an older
    // PostHog keeps some settings on the environment only).
    const record =
      inputs.adoptProjectId !== undefined
        ? await this.adopt(organizationId, inputs.adoptProjectId)
        : await this.post(organizationId, onCreate(declared));
    const absent = pick(declared, (field) => !(field in record));
    const body = { ...differingSettings(declared, (field) => record[field]), ...absent };
    const final = await this.patchAfterCreate(
      organizationId,
      record,
      withLiveKeys(body, (field) => record[field]),
      Object.keys(declared),
      recorded,
      inputs,
    );
    return { id: String(final.record.id), outs: this.appliedOutputs(final, declared, recorded, inputs) as Outputs };
  }

  async read(id: string, props?: Outputs): Promise<pulumi.dynamic.ReadResult<Outputs>> {
    const { organizationId, projectId } = parseId(id, props?.organizationId ?? this.config.organizationId);
    const organization = requireOrganization(this.config, organizationId);
    let found: ProjectRecord;
    try {
      found = await projects.getProject(this.http(), organization, projectId);
    } catch (error) {
      if (error instanceof PostHogError && error.isNotFound) return {};
      if (error instanceof PostHogError && error.status === 500) {
        throw unreadable(organization, projectId, error, recordedInputsOf(props ?? {}).declaredInputs?.["modifiers"]);
      }
      throw error;
    }
    // Today's PostHog keeps a deleted project readable until its background deletion ends; 2025-08-04 answers 404.
    if (found["is_pending_deletion"] === true) return {};
    const recorded = recordedInputsOf(props ?? {});
    const { record, nowhere } = await this.fromEnvironment(found, declaredFields(recorded));
    const outputs = withUnsupported(toOutputs(record, recorded), nowhere) as Outputs;
    // The declared inputs with their live values: the engine then shows each drifted setting as `old => new`.
    if (recorded.declaredInputs)
      return { id: String(record.id), props: outputs, inputs: liveInputs(recorded.declaredInputs, record) as Outputs };
    return { id: String(record.id), props: outputs };
  }

  async update(id: string, olds: Outputs, news: Inputs): Promise<pulumi.dynamic.UpdateResult<Outputs>> {
    const organizationId = olds.organizationId;
    const projectId = Number(id);
    const declared = declaredSettings(news);
    const recorded: RecordedInputs = { ...recordInputs(news), adoptProjectId: olds.adoptProjectId ?? null };
    const body = differingSettings(declared, (field) => outputValue(olds, field));

    let record: ProjectRecord | undefined;
    let nowhere: string[] = [];
    if (Object.keys(body).length > 0) {
      try {
        ({ record, nowhere } = await this.write(
          organizationId,
          projectId,
          withLiveKeys(body, (field) => outputValue(olds, field)),
          Object.keys(declared),
        ));
      } catch (error) {
        if (error instanceof PostHogError && error.isNotFound) {
          throw new Error(
            `Project ${projectId} no longer exists in PostHog (it was deleted outside Pulumi). ` +
              "Run `pulumi refresh` to drop it from the state; the next `pulumi up` creates it again.",
          );
        }
        throw error;
      }
    }
    if (news.apiTokenRotation !== undefined && news.apiTokenRotation !== olds.apiTokenRotation) {
      let reset: ProjectRecord;
      try {
        reset = await projects.resetProjectToken(this.http(), organizationId, projectId);
      } catch (error) {
        const message = rotationFailure(error, olds.apiTokenRotation);
        if (record) {
          const outputs = toOutputs(record, { ...recorded, apiTokenRotation: olds.apiTokenRotation ?? null });
          throw new PartialSuccess(message, id, withUnsupported(outputs, nowhere), news);
        }
        throw new Error(message);
      }
      // reset_token answers with the project record only: what an older PostHog keeps on the environment is read there.
      ({ record, nowhere } = await this.fromEnvironment(reset, declaredFields(recorded)));
    }
    if (!record) return { outs: withUnsupported(withRecorded(olds, recorded), unsupportedOf(olds)) };
    return { outs: this.appliedOutputs({ record, nowhere }, declared, recorded, news) as Outputs };
  }

  async delete(id: string, props: Outputs): Promise<void> {
    const { organizationId, projectId } = parseId(id, props.organizationId);
    try {
      await projects.deleteProject(this.http(), requireOrganization(this.config, organizationId), projectId);
    } catch (error) {
      if (error instanceof PostHogError && (error.isNotFound || /already being deleted/i.test(error.detail ?? ""))) return;
      throw error;
    }
  }

  /** The existing project to take over; one PostHog is deleting cannot be. */
  private async adopt(organizationId: string, projectId: number): Promise<ProjectRecord> {
    const record = await projects.getProject(this.http(), organizationId, projectId);
    if (record["is_pending_deletion"] === true) {
      throw new Error(
        `Project ${projectId} ("${record.name}") is being deleted by PostHog and cannot be adopted. ` +
          "Remove adoptProjectId to create a new project; its name is free again.",
      );
    }
    return record;
  }

  /**
   * POST, never twice blindly. When the answer is lost after PostHog may have created the project, the project is
   * looked for; found, it is the result, and proven absent, the POST is sent again (a resend that meets PostHog's
   * duplicate-name check finds the project the earlier attempt made after all).
   */
  private async post(organizationId: string, body: SettingsBody): Promise<ProjectRecord> {
    const http = this.http();
    const started = Date.now();
    const name = typeof body.name === "string" ? body.name.trim() : undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        return await projects.createProject(http, organizationId, body);
      } catch (error) {
        const ambiguous = error instanceof PostHogError && error.kind === "ambiguous";
        const collided = error instanceof PostHogError && error.status === 409;
        if (!ambiguous && !collided) throw error;
        if (name === undefined) throw error;
        const found = await this.lookUp(organizationId, name, started, error as PostHogError);
        const recent = found.filter((p) => Date.parse(p.created_at) >= started - CLOCK_SKEW_MS);
        if (recent.length === 1 && (ambiguous || attempt > 1)) return recent[0]!;
        if (collided) throw collision(organizationId, name, found);
        if (recent.length > 1) throw collision(organizationId, name, recent);
        if (!(await http.pauseBeforeRetry(attempt, started))) {
          throw new Error(`${(error as Error).message} No project named "${name}" was created; run \`pulumi up\` again.`);
        }
      }
    }
  }

  /**
   * The live projects named `name` (compared as PostHog compares names: ends trimmed), full records. The lookup is
   * repeated within the retry budget; if it still cannot tell, the error names the project to look for.
   */
  private async lookUp(organizationId: string, name: string, started: number, cause: PostHogError): Promise<ProjectRecord[]> {
    const http = this.http();
    for (let attempt = 1; ; attempt++) {
      try {
        const matches = (await projects.listProjects(http, organizationId, { search: name })).filter((p) => p.name.trim() === name);
        const records = await Promise.all(matches.map((p) => projects.getProject(http, organizationId, p.id)));
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

  /** The PATCH that follows a create or an adoption, if anything is left to set. */
  private async patchAfterCreate(
    organizationId: string,
    record: ProjectRecord,
    body: SettingsBody,
    declared: readonly string[],
    recorded: RecordedInputs,
    inputs: Inputs,
  ): Promise<Placed> {
    if (Object.keys(body).length === 0) return { record, nowhere: [] };
    try {
      return await this.write(organizationId, record.id, body, declared);
    } catch (error) {
      const names = Object.keys(body).map(inputName).join(", ");
      const message = `Project ${record.id} exists, but setting ${names} failed: ${(error as Error).message}`;
      throw new PartialSuccess(message, String(record.id), toOutputs(record, recorded), inputs);
    }
  }

  /**
   * PATCH the project. Settings its answer lacks are written to its environment (`/api/environments/<id>/`, the
   * same id), where an older PostHog keeps them (the 2025-08-04 one: 14 of today's settings), as PostHog's own
   * Terraform provider writes its settings; the other declared settings its answer lacks are read there. Those the
   * environment lacks too, this PostHog has nowhere.
   */
  private async write(organizationId: string, projectId: number, body: SettingsBody, declared: readonly string[]): Promise<Placed> {
    const record = await projects.updateProject(this.http(), organizationId, projectId, body);
    const toEnvironment = pick(body, (field) => !(field in record));
    if (Object.keys(toEnvironment).length === 0) return this.fromEnvironment(record, declared);
    // The 2025-08-04 TeamViewSet asks a PATCH of config fields only for the scope `team:read`, which no key but an
    // all-access one can have (posthog/api/team.py `dangerously_get_required_scopes`): the unchanged name, not a
    // config field, makes it ask for `project:write` like any other write.
    const environment = await environmentOrNone(
      projects.updateEnvironment(this.http(), projectId, { ...toEnvironment, name: record.name }),
    );
    return placed(
      record,
      environment,
      [...new Set([...Object.keys(toEnvironment), ...declared])].filter((f) => !(f in record)),
    );
  }

  /** The record, with the declared settings it lacks read from the project's environment where an older PostHog keeps them. */
  private async fromEnvironment(record: ProjectRecord, declared: readonly string[]): Promise<Placed> {
    const missing = declared.filter((field) => !(field in record));
    if (missing.length === 0) return { record, nowhere: [] };
    return placed(record, await environmentOrNone(projects.getEnvironment(this.http(), record.id)), missing);
  }

  /**
   * The outputs of an applied write. A declared setting the record does not show as declared is reported, saying
   * what happened: this PostHog has no such setting; or it shows its own value for lack of a plan feature (the only
   * silent refusal in PostHog's serializers, posthog/api/team.py `TeamSerializer.to_representation`); or it answered
   * 200 and kept another value. The state then holds the live values, so the next preview shows the difference again.
   */
  private appliedOutputs({ record, nowhere }: Placed, declared: SettingsBody, recorded: RecordedInputs, request: Inputs): ProjectOutputs {
    const outputs = withUnsupported(toOutputs(record, recorded), nowhere);
    const kept = Object.keys(differingSettings(declared, (field) => record[field])).filter((f) => !nowhere.includes(f));
    if (kept.length === 0 && nowhere.length === 0) return outputs;
    const describe = (f: string) =>
      `${inputName(f)} (declared ${JSON.stringify(declared[f])}, PostHog kept ${JSON.stringify(record[f] ?? null)})`;
    const gated = kept.filter((f) => planFeatureOf(f) !== undefined);
    const other = kept.filter((f) => planFeatureOf(f) === undefined);
    const reasons = [
      ...(nowhere.length > 0 ? [unsupportedMessage(nowhere)] : []),
      ...gated.map(
        (f) =>
          `PostHog accepted but did not apply ${describe(f)}: it shows its own value of this setting to organizations whose plan lacks ${planFeatureOf(f)}. Upgrade the plan or remove ${inputName(f)} from the program.`,
      ),
      ...(other.length > 0
        ? [
            `PostHog accepted but did not apply ${other.map(describe).join("; ")}: it answered the write with 200 and kept its own value (no plan feature governs ${other.length === 1 ? "this setting" : "these settings"}). The state holds PostHog's value, so the next preview shows the difference again; check the setting in PostHog.`,
          ]
        : []),
    ];
    throw new PartialSuccess(reasons.join(" "), String(record.id), outputs, request);
  }
}

/** A record with the settings found on the environment merged in, and the declared ones found nowhere. */
interface Placed {
  record: ProjectRecord;
  nowhere: string[];
}

function placed(record: ProjectRecord, environment: ProjectRecord | undefined, missing: readonly string[]): Placed {
  const there = missing.filter((field) => environment !== undefined && field in environment);
  const merged = { ...record, ...Object.fromEntries(there.map((field) => [field, environment![field]])) } as ProjectRecord;
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

/** Whether the inputs declare this PostHog field, typed or in additionalSettings. */
function declaresField(inputs: Inputs, field: string): boolean {
  const typed = settingNames.find(({ api }) => api === field);
  if (typed) return inputs[typed.arg] !== undefined;
  const extra = inputs.additionalSettings;
  return extra !== null && extra !== undefined && typeof extra === "object" && field in extra;
}

/** Settings this PostHog has nowhere: which, and what to do. */
function unsupportedMessage(fields: readonly string[]): string {
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
function unreadable(organizationId: string, projectId: number, error: PostHogError, declared: unknown): Error {
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

/** How far PostHog's clock may be behind ours when telling a project just created from an older one. */
const CLOCK_SKEW_MS = 5 * 60_000;

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
      "on this project and run `pulumi up` again (it is read and updated, not created). Otherwise choose another name.",
  );
}

/**
 * PostHog refuses some fields on create ("Primary dashboard cannot be set on project creation.") or drops them (the
 * nested analytics configurations): those follow in a PATCH. Fields the table does not know go with the POST.
 */
function onCreate(declared: SettingsBody): SettingsBody {
  return pick(declared, (field) => !setAfterCreate(field));
}

function pick(settings: SettingsBody, keep: (field: string) => boolean): SettingsBody {
  return Object.fromEntries(Object.entries(settings).filter(([field]) => keep(field))) as SettingsBody;
}

/** Ids are `<projectId>` or, as in PostHog's Terraform provider, `<organizationId>/<projectId>`. */
function parseId(id: string, fallbackOrganization: string | undefined): { organizationId: string | undefined; projectId: number } {
  const match = /^(?:([^/]+)\/)?(\d+)$/.exec(id);
  if (!match) throw new Error(`"${id}" is not a PostHog project id: use the numeric id, or <organizationId>/<projectId>.`);
  return { organizationId: match[1] ?? fallbackOrganization, projectId: Number(match[2]) };
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
