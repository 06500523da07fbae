/**
 * The Project lifecycle: check, diff, create, read, update and delete, as plain data in and out. HTTP is the client's
 * business; this module decides which calls a change needs and how PostHog's answers become Pulumi state.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PostHogError, projects, type Transport } from "../client";
import type { ProjectRecord } from "../schema/project";
import { nonJsonPath, own } from "../schema/json";
import { fieldDef, setAfterCreate, settingNames, valuesEqual } from "../schema/project";
import { connect, requireOrganization, resolveConfig, type ProviderConfig } from "./config";
import {
  inputName,
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
    // Pulumi's hosts encode these properties while answering with the error; a value they cannot encode would make
    // that answer fail inside their error handler, and the engine would wait for it for ever. They are kept as JSON.
    const { kept, problems } = jsonOutputs(outputs);
    const full = problems.length === 0 ? message : `${message} ${unstorable(problems)} The project is recorded without them.`;
    super(full);
    this.reasons = [full];
    // A provider plugin's requests have no serialized provider to carry over.
    this.properties = request[PROVIDER_KEY] === undefined ? kept : { ...kept, [PROVIDER_KEY]: request[PROVIDER_KEY] };
  }
}

/**
 * The outputs that JSON can carry (what Pulumi's engine and state hold), and where the others are: a function, a
 * symbol, `undefined` in a list, NaN, a cycle… Outputs left undefined are simply absent.
 */
function jsonOutputs(outputs: object): { kept: Record<string, unknown>; problems: string[] } {
  const kept: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(outputs)) {
    if (value === undefined) continue;
    const problem = nonJsonPath(value, [name]);
    if (problem === undefined) kept[name] = JSON.parse(JSON.stringify(value));
    else problems.push(problem);
  }
  return { kept, problems };
}

function unstorable(problems: readonly string[]): string {
  return `PostHog's answer holds values Pulumi cannot store (${problems.join("; ")}).`;
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

    // Adopting: take the existing project as it is and change what differs. Creating: one POST, then the fields
    // PostHog refuses on create.
    const [record, pending] =
      inputs.adoptProjectId !== undefined
        ? await this.adopt(organizationId, inputs.adoptProjectId).then((r) => [r, declared] as const)
        : await this.post(organizationId, onCreate(declared)).then((r) => [r, afterCreate(declared)] as const);
    const final = await this.patchAfterCreate(
      organizationId,
      record,
      differingSettings(pending, (field) => own(record, field)),
      recorded,
      inputs,
    );
    const id = String(final.id);
    return { id, outs: storable(`Project ${id} was created`, id, this.appliedOutputs(final, declared, recorded, inputs), inputs) };
  }

  async read(id: string, props?: Outputs): Promise<pulumi.dynamic.ReadResult<Outputs>> {
    const { organizationId, projectId } = parseId(id, props?.organizationId ?? this.config.organizationId);
    let record: ProjectRecord;
    try {
      record = await projects.getProject(this.http(), requireOrganization(this.config, organizationId), projectId);
    } catch (error) {
      if (error instanceof PostHogError && error.isNotFound) return {};
      throw error;
    }
    if (record["is_pending_deletion"] === true) return {};
    const recorded = recordedInputsOf(props ?? {});
    const outputs = toOutputs(record, recorded) as Outputs;
    // The declared inputs with their live values: the engine then shows each drifted setting as `old => new`.
    const live = jsonOutputs(outputs);
    const inputs = recorded.declaredInputs ? jsonOutputs(liveInputs(recorded.declaredInputs, record)) : undefined;
    const problems = [...live.problems, ...(inputs?.problems ?? [])];
    if (problems.length > 0) throw new Error(`Reading project ${record.id} failed: ${unstorable(problems)} The state was left as it was.`);
    const found = String(record.id);
    return inputs ? { id: found, props: live.kept as Outputs, inputs: inputs.kept as Outputs } : { id: found, props: live.kept as Outputs };
  }

  async update(id: string, olds: Outputs, news: Inputs): Promise<pulumi.dynamic.UpdateResult<Outputs>> {
    const organizationId = olds.organizationId;
    const projectId = Number(id);
    const declared = declaredSettings(news);
    const recorded: RecordedInputs = { ...recordInputs(news), adoptProjectId: olds.adoptProjectId ?? null };
    const body = differingSettings(declared, (field) => outputValue(olds, field));

    let record: ProjectRecord | undefined;
    if (Object.keys(body).length > 0) {
      try {
        record = await projects.updateProject(this.http(), organizationId, projectId, body);
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
      try {
        record = await projects.resetProjectToken(this.http(), organizationId, projectId);
      } catch (error) {
        const message = rotationFailure(error);
        if (record)
          throw new PartialSuccess(message, id, toOutputs(record, { ...recorded, apiTokenRotation: olds.apiTokenRotation ?? null }), news);
        throw new Error(message);
      }
    }
    if (!record) return { outs: storable(`Project ${id} was updated`, id, withRecorded(olds, recorded), news) };
    return { outs: storable(`Project ${id} was updated`, id, this.appliedOutputs(record, declared, recorded, news), news) };
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
    recorded: RecordedInputs,
    inputs: Inputs,
  ): Promise<ProjectRecord> {
    if (Object.keys(body).length === 0) return record;
    try {
      return await projects.updateProject(this.http(), organizationId, record.id, body);
    } catch (error) {
      const names = Object.keys(body).map(inputName).join(", ");
      const message = `Project ${record.id} exists, but setting ${names} failed: ${(error as Error).message}`;
      throw new PartialSuccess(message, String(record.id), toOutputs(record, recorded), inputs);
    }
  }

  /**
   * PostHog answers 200 but silently keeps its value for settings the organization's plan does not include. The
   * state then holds the live values (so the next preview shows the difference again) and the user is told which.
   */
  private appliedOutputs(record: ProjectRecord, declared: SettingsBody, recorded: RecordedInputs, request: Inputs): ProjectOutputs {
    const outputs = toOutputs(record, recorded);
    const ignored = Object.keys(differingSettings(declared, (field) => own(record, field)));
    if (ignored.length > 0) {
      const describe = (f: string) =>
        `${inputName(f)} (declared ${JSON.stringify(own(declared, f))}, PostHog kept ${JSON.stringify(own(record, f) ?? null)})`;
      const unknown = ignored.filter((f) => !Object.hasOwn(record, f));
      const gated = ignored.filter((f) => Object.hasOwn(record, f));
      const reasons = [
        ...(gated.length > 0
          ? [
              `PostHog accepted but did not apply ${gated.map(describe).join("; ")}. Settings your PostHog plan does not include are ignored without an error: upgrade the plan or remove them from the program.`,
            ]
          : []),
        ...(unknown.length > 0
          ? [
              `PostHog ignored ${unknown.map(inputName).join(", ")}: it has no such field (a misspelling, or a field your PostHog version does not have yet). Check the name against PostHog's API or remove it.`,
            ]
          : []),
      ];
      throw new PartialSuccess(reasons.join(" "), String(record.id), outputs, request);
    }
    return outputs;
  }
}

/**
 * Outputs as Pulumi's host will encode them, checked first: a value JSON cannot carry becomes an error that still
 * records the project (with the outputs that can be stored), never an answer the host fails to send.
 */
function storable(done: string, id: string, outputs: ProjectOutputs, request: Record<string, unknown>): Outputs {
  const { kept, problems } = jsonOutputs(outputs);
  if (problems.length === 0) return kept as Outputs;
  throw new PartialSuccess(`${done}, but not all of it can be kept in the state.`, id, outputs, request);
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
      "on this project and run `pulumi up` again (it is read and updated, not created). If it already belongs to " +
      "another resource, of this stack or another, do not adopt it: two resources would then manage one project, each " +
      "`pulumi up` undoing the other's settings and a destroy of either deleting it. Choose another name instead.",
  );
}

/**
 * PostHog refuses some fields on create ("Primary dashboard cannot be set on project creation.") or drops them (the
 * nested analytics configurations): those follow in a PATCH. Fields the table does not know go with the POST.
 */
function onCreate(declared: SettingsBody): SettingsBody {
  return pick(declared, (field) => !setAfterCreate(field));
}

function afterCreate(declared: SettingsBody): SettingsBody {
  return pick(declared, setAfterCreate);
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

function rotationFailure(error: unknown): string {
  if (error instanceof PostHogError && error.refusedToScopedKeys) {
    return (
      "PostHog refuses to rotate a project API key (reset_token) for scoped personal API keys. Use a personal API key " +
      "with no scope restrictions (all access) for this `pulumi up`, or rotate the token in PostHog's project settings."
    );
  }
  return `Rotating the project API key failed: ${(error as Error).message}`;
}
