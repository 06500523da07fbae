/**
 * `pulumi-posthog import`: an organization's projects and every object of every kind this package manages in them,
 * read through the client (one list per kind and project, every page, through the client's rate limiter; one GET
 * per project, whose list lacks the settings), planned (./model), checked by each resource's own lifecycle, and
 * written as a ready Pulumi project (./render).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PostHogError, type Transport } from "../client";
import { importList, type Kind, type ScopeKind, type ScopeReads } from "../kit/kind";
import { pluralNoun } from "../kit/names";
import { kinds as registry } from "../kinds/index";
import {
  type Found,
  importFacts,
  leaveOut,
  type Plan,
  type Planned,
  plain,
  plan,
  previousKey,
  RESERVED,
  secretsIn,
  withoutYamlFunctions,
} from "./model";
import { type Files, type Language, NAMES_FILE, render } from "./render";

export { LANGUAGES, type Language, render } from "./render";
export { plan, slug, type Found, type Plan, type Planned } from "./model";

export interface ImportOptions {
  readonly organizationId: string;
  /** Only these projects, by id (all of the organization's when empty). */
  readonly projects: readonly number[];
  readonly language: Language;
  readonly out: string;
  readonly dryRun: boolean;
  /** Written files may replace existing ones. */
  readonly force: boolean;
  readonly host: string | undefined;
  readonly version: string;
  /** The Pulumi project's name (default: the directory's). */
  readonly name?: string | undefined;
}

export interface Output {
  /** What the user reads: the files of a dry run, then the commands to run next. */
  out(text: string): void;
  /** Progress and notes. */
  progress(text: string): void;
}

/**
 * Every object of the organization (or of the projects named) of every kind that has import facts: the
 * organization's projects, then in each project each project-scoped kind, one list each; a list two kinds need (the
 * dashboards', which the insights read too) is read once in a project.
 */
export async function readOrganization(
  http: Transport,
  organizationId: string,
  only: readonly number[],
  progress: (text: string) => void,
  kinds: readonly Kind[] = registry,
): Promise<Found[]> {
  const found: Found[] = [];
  const importable = kinds.filter((d) => importFacts(d) !== undefined);
  for (const kind of kinds)
    if (!importFacts(kind)) progress(`${kind.name}: not imported (${kind.notImported ?? "the importer does not read it yet"})`);
  const projectKind = importable.find((d) => d.scope === "organization");
  if (!projectKind) return found;
  const listed =
    only.length > 0
      ? await Promise.all(only.map(async (id) => (await projectKind.api.get(http, organizationId, id)) as Record<string, unknown>))
      : await importList(projectKind)!(http, organizationId, readsOnce(http, organizationId));
  // A project that is not declared (being deleted) is not read any further.
  const projects = declared(projectKind, listed, "", progress);
  for (const record of projects) found.push({ kind: projectKind, scope: organizationId, record });
  progress(`${counted(projectKind, listed.length, projects.length)} in organization ${organizationId}`);
  // The organization's own objects besides its projects (members' levels, pending invites, proxy records, roles and
  // their memberships), unless only some projects are imported.
  const organizationKinds = importable.filter((d) => d.scope === "organization" && d !== projectKind);
  if (only.length > 0 && organizationKinds.length > 0)
    progress(`${organizationKinds.map((k) => pluralNoun(k.noun)).join(", ")}: not imported (only some projects are)`);
  const organizationReads = readsOnce(http, organizationId);
  for (const kind of only.length > 0 ? [] : organizationKinds) {
    let records: readonly Record<string, unknown>[];
    try {
      records = await importList(kind)!(http, organizationId, organizationReads);
    } catch (error) {
      if (!(error instanceof PostHogError && error.status === 403)) throw error;
      progress(`organization ${organizationId}: ${pluralNoun(kind.noun)} not imported: ${error.message}`);
      continue;
    }
    const kept = declared(kind, records, `organization ${organizationId}: `, progress);
    for (const record of kept) found.push({ kind, scope: organizationId, record });
    progress(`${counted(kind, records.length, kept.length)} in organization ${organizationId}`);
  }
  for (const [i, project] of projects.entries()) {
    const projectId = Number(project["id"]);
    const counts: string[] = [];
    const read = readsOnce(http, projectId);
    for (const kind of importable.filter((d) => d.scope === "project")) {
      let records: readonly Record<string, unknown>[];
      try {
        records = await importList(kind)!(http, projectId, read);
      } catch (error) {
        // A kind PostHog refuses to this key (a missing scope; alerts to every personal API key on PostHog
        // 2025-08-04), to this plan (402: subscriptions without the `subscriptions` feature) or does not serve at all
        // (a route its version lacks: schema management and log alerts on 2025-08-04) is left out, said so, and the
        // rest imported: nothing of it is declared, so nothing is managed.
        if (!(error instanceof PostHogError && (error.status === 403 || error.status === 402 || error.endpointMissing))) throw error;
        progress(`project ${projectId}: ${pluralNoun(kind.noun)} not imported: ${error.message}`);
        counts.push(`${pluralNoun(kind.noun)} not readable`);
        continue;
      }
      const kept = declared(kind, records, `project ${projectId}: `, progress);
      for (const record of kept) found.push({ kind, scope: projectId, record });
      counts.push(counted(kind, records.length, kept.length));
    }
    progress(
      `[${i + 1}/${projects.length}] project ${projectId} ${JSON.stringify(project["name"])}: ${counts.join(", ") || "nothing else to read"}`,
    );
  }
  return found;
}

/** The records to declare; each other one named, with why it is not declared. */
function declared(
  kind: Kind,
  records: readonly Record<string, unknown>[],
  where: string,
  progress: (text: string) => void,
): Record<string, unknown>[] {
  const facts = importFacts(kind)!;
  return records.filter((record) => {
    const reason = facts.skip?.(record);
    if (reason !== undefined)
      progress(`${where}${kind.noun} ${JSON.stringify(facts.label(record))} (id ${String(record["id"])}) not declared: ${reason}`);
    return reason === undefined;
  });
}

/** "3 feature flags", or "3 feature flags (1 not declared)". */
function counted(kind: Kind, read: number, kept: number): string {
  const plural = `${read} ${read === 1 ? kind.noun : pluralNoun(kind.noun)}`;
  return kept === read ? plural : `${plural} (${read - kept} not declared)`;
}

/** A scope's lists for one import: each list function called once, its answer (or its refusal) shared. */
function readsOnce(http: Transport, scope: string | number): ScopeReads<ScopeKind> {
  const answers = new Map<unknown, Promise<unknown>>();
  return <T>(list: (http: Transport, scope: string | number) => Promise<T>): Promise<T> => {
    let answer = answers.get(list);
    if (answer === undefined) {
      answer = list(http, scope);
      answers.set(list, answer);
    }
    return answer as Promise<T>;
  };
}

/**
 * Each resource's inputs through its own lifecycle's check, as `pulumi up` will check them: an input PostHog's rules
 * refuse (a value PostHog stored before a rule existed) is not declared, and said so; the object keeps the rest.
 */
export async function checkPlanned(planned: Planned): Promise<string[]> {
  const notes: string[] = [];
  const kept = new Set(["projectId", ...planned.kind.importInputs]);
  for (let round = 0; round < 3; round++) {
    const failures = await checkFailures(planned);
    let dropped = false;
    for (const failure of failures) {
      const at = planned.inputs.findIndex(([input]) => input === failure.property);
      if (at < 0 || kept.has(failure.property)) {
        if (round === 0)
          notes.push(`${planned.name}: ${failure.reason} (declared all the same: \`pulumi up\` will refuse it until it is fixed)`);
        continue;
      }
      planned.inputs.splice(at, 1);
      planned.leftOut.push(failure.property);
      dropped = true;
      notes.push(`${planned.name}: ${failure.property} is not declared (not managed): ${failure.reason}`);
    }
    if (!dropped) break;
  }
  return notes;
}

/** What the resource's own lifecycle's check, as `pulumi up` runs it, refuses of its inputs. */
async function checkFailures(planned: Planned): Promise<ReadonlyArray<{ property: string; reason: string }>> {
  const inputs = Object.fromEntries(planned.inputs.map(([input, value]) => [input, plain(value)]));
  return (await planned.kind.lifecycle().check?.({}, inputs))?.failures ?? [];
}

/**
 * The resources that lost inputs (refused by PostHog's rules, or holding what Pulumi YAML would run) checked again: one
 * whose check now refuses an input it lost (a saved filter's `filters`, which its kind requires) cannot stand without it,
 * and is left out whole, named with why; the references to it become its id. Returns what was done, for the user.
 */
export async function withoutUnstandable(resources: Planned[]): Promise<string[]> {
  const notes: string[] = [];
  const dropped = new Set<Planned>();
  for (const planned of resources) {
    if (planned.leftOut.length === 0) continue;
    const needed = (await checkFailures(planned)).filter((failure) => planned.leftOut.includes(failure.property));
    if (needed.length === 0) continue;
    dropped.add(planned);
    notes.push(
      `${planned.name} (${planned.kind.noun} ${planned.id}) is not declared: it cannot be without ${needed.map((f) => f.property).join(", ")}, left out above: ${needed.map((f) => f.reason).join("; ")}`,
    );
  }
  leaveOut(resources, dropped);
  return notes;
}

/** The Pulumi project's name: the directory's, as Pulumi takes it (letters, digits, `-`, `_`, `.`). */
function projectName(options: ImportOptions): string {
  const base = options.name ?? path.basename(path.resolve(options.out));
  const cleaned = base.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/^[-.]+|-+$/g, "");
  return cleaned === "" ? "posthog" : cleaned;
}

/**
 * Where the project is written, checked before anything is read: a directory that does not exist or is empty, or
 * with `force` one that holds other files (those the import writes are replaced); never a file.
 */
export function checkDestination(options: Pick<ImportOptions, "out" | "force" | "dryRun">): void {
  if (options.dryRun) return;
  const dir = path.resolve(options.out);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (!stat.isDirectory()) throw new Error(`--out ${options.out} is a file, not a directory: name a new or empty directory.`);
  const entries = fs.readdirSync(dir);
  if (entries.length > 0 && !options.force) {
    const shown = entries.sort().slice(0, 5).join(", ") + (entries.length > 5 ? `, … (${entries.length} entries)` : "");
    throw new Error(
      `--out ${options.out} is not empty (${shown}): name a new or empty directory, or pass --force to write the project there, replacing files of the same names.`,
    );
  }
}

/** Reads, plans, checks and writes (or, in a dry run, prints); then prints the commands to run next. */
export async function runImport(http: Transport, options: ImportOptions, output: Output): Promise<{ plan: Plan; files: Files }> {
  checkDestination(options);
  const dir = path.resolve(options.out);
  // A project written over (with --force) is run with its stack: what it declared keeps its names.
  const again = fs.existsSync(path.join(dir, "Pulumi.yaml"));
  const previous = previousNames(dir, output.progress);
  const found = await readOrganization(http, options.organizationId, options.projects, output.progress);
  const planned = await plan(found, checkPlanned, previous.names);
  if (previous.file) {
    const kept = planned.resources.filter((r) => previous.names.get(previousKey(r.kind.token, r.importId)) === r.name).length;
    output.progress(`${kept} of ${planned.resources.length} resources keep the names ${previous.file} gave them`);
  }
  // Pulumi YAML runs what its programs' maps name `fn::…`: none of PostHog's data is written as one.
  if (options.language === "yaml") planned.notes.push(...withoutYamlFunctions(planned.resources));
  planned.notes.push(...(await withoutUnstandable(planned.resources)));
  const secrets = planned.resources.flatMap((r) => r.inputs.flatMap(([, value]) => secretsIn(value)));
  for (const secret of secrets)
    planned.notes.push(
      `${secret.of}: ${secret.what} is a secret in PostHog: not written; the program reads it from the stack's secret ${secret.key}`,
    );
  for (const note of planned.notes) output.progress(`note: ${note}`);
  const files = render(planned.resources, {
    project: projectName(options),
    language: options.language,
    organizationId: options.organizationId,
    host: options.host,
    version: options.version,
  });
  if (options.dryRun) {
    for (const [name, text] of Object.entries(files)) output.out(`--- ${path.join(options.out, name)} ---\n${text}`);
    output.out(`(dry run: nothing written; ${planned.resources.length} resources)\n`);
    return { plan: planned, files };
  }
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  output.progress(`${planned.resources.length} resources written to ${dir}`);
  output.out(nextSteps(options, planned.resources.length, secrets, again));
  return { plan: planned, files };
}

/**
 * The names a previous import into `dir` gave, by `previousKey`: its NAMES_FILE's, else (an import of the plugin's
 * languages made before that file existed) its `import.json`'s. A name that is not one the import could have made is
 * not kept; a file that does not parse is said so, and no name kept.
 */
export function previousNames(dir: string, progress: (text: string) => void): { file?: string; names: Map<string, string> } {
  const names = new Map<string, string>();
  for (const file of [NAMES_FILE, "import.json"]) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(dir, file), "utf8");
    } catch (error) {
      // No such file (or no such directory: a dry run's --out may name anything).
      if (["ENOENT", "ENOTDIR"].includes(String((error as NodeJS.ErrnoException).code))) continue;
      throw error;
    }
    let resources: unknown;
    try {
      resources = (JSON.parse(text) as { resources?: unknown })?.resources;
    } catch {
      resources = undefined;
    }
    if (!Array.isArray(resources)) {
      progress(`${path.join(dir, file)} is not a list of resources: no name of the previous import is kept`);
      return { names };
    }
    for (const entry of resources) {
      const { type, name, id } = (entry ?? {}) as Record<string, unknown>;
      if (typeof type === "string" && typeof id === "string" && typeof name === "string" && isResourceName(name))
        if (!names.has(previousKey(type, id))) names.set(previousKey(type, id), name);
    }
    return { file, names };
  }
  return { names };
}

/** A name the importer could have given: a variable in every language, no reserved word (and no `-`: secrets' keys have one). */
const isResourceName = (name: string) => /^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(name) && !RESERVED.has(name.toLowerCase());

/**
 * The commands to run next, for the language written. `again`: the directory held a Pulumi project (a previous
 * import), whose stack the program is run with: `pulumi up` then deletes in PostHog whatever that stack holds and the
 * program no longer declares, so the preview comes first, and nothing is promised.
 */
export function nextSteps(
  options: Pick<ImportOptions, "out" | "language">,
  count: number,
  secrets: ReadonlyArray<{ readonly key: string; readonly what: string; readonly of: string }> = [],
  again = false,
): string {
  const install = {
    typescript: ["npm install"],
    yaml: ["npm install --global pulumi-posthog   # the provider plugin, pulumi-resource-posthog, on PATH"],
    python: [
      "npm install --global pulumi-posthog   # the provider plugin, pulumi-resource-posthog, on PATH",
      'pulumi package gen-sdk "$(command -v pulumi-resource-posthog)" --language python --out sdk',
      "python3 -m venv venv && venv/bin/pip install -r requirements.txt",
    ],
  }[options.language];
  const lines = [
    `Next, in ${options.out}:`,
    ...install,
    again ? "pulumi stack select <the stack of the previous import>" : "pulumi stack init",
    "pulumi config set --secret posthog:apiKey phx_…   # or POSTHOG_API_KEY in the environment",
    // Each secret as PostHog has it (its JSON text), so that the first `up` changes nothing.
    ...secrets.map((s) => `pulumi config set --secret ${s.key} '…'   # ${s.what} of ${s.of}, as PostHog has it`),
    ...(again
      ? [
          "pulumi preview --refresh --diff    # first: a resource shown as deleted is one the stack holds and the program",
          "                                   # no longer declares; `pulumi up` would delete its object in PostHog",
          "                                   # (`pulumi state delete <urn>` first lets it go and keeps the object)",
          `pulumi up --refresh                # what the preview showed; of the ${count} objects, those new since are adopted`,
        ]
      : [
          `pulumi up                          # in the new stack, adopts the ${count} objects: PostHog is read; nothing is created, deleted or changed`,
        ]),
    "pulumi preview --expect-no-changes # from now on, the program is the source of truth",
  ];
  if (options.language !== "typescript")
    lines.push(
      "",
      "Or record them in the state first, without running the program: `pulumi import --file import.json",
      "--generate-code=false --protect=false`; the first `pulumi up` then sends PostHog the declared settings it already has.",
    );
  return `${lines.join("\n")}\n`;
}
