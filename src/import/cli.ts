#!/usr/bin/env node
/**
 * `npx pulumi-posthog import --out DIR`: configured as the provider is (POSTHOG_HOST, POSTHOG_API_KEY,
 * POSTHOG_ORGANIZATION_ID, or the flags), it writes a Pulumi project declaring the organization's PostHog objects.
 */
import { parseArgs } from "node:util";
import { DEFAULT_HOST } from "../client";
import { connect, resolveConfig } from "../kit/config";
import { pluralNoun } from "../kit/names";
import { kinds } from "../kinds/index";
import * as fs from "node:fs";
import { LANGUAGES, type Language, runImport } from ".";
import { readTypedEvents, typedEventsModule } from "./typed-events";

/** `text` in lines of at most 116 columns, as the options below are. */
const wrapped = (text: string) => text.replace(/(.{1,116})(?: |$)/g, "$1\n").trimEnd();

// The kinds read in every project: each registered kind (src/kinds/index.ts) with import facts.
const kindsInProjects = kinds
  .filter((kind) => kind.scope === "project" && kind.importer)
  .map((kind) => pluralNoun(kind.noun))
  .join(", ");

const USAGE = `Usage: pulumi-posthog import --out DIR [options]

${wrapped(`Writes a Pulumi project in DIR that declares every project of a PostHog organization and every object in them of the kinds this package manages (${kindsInProjects}), each adopted by the first \`pulumi up\`.`)}

  --out DIR               where to write the project (required)
  --language LANG         typescript (default), yaml or python
  --project ID            only this project (repeatable); default: every project of the organization
  --host URL              PostHog's address (POSTHOG_HOST; default https://us.posthog.com)
  --api-key KEY           a personal API key that reads them: project:read and each kind's :read scope
                          (POSTHOG_API_KEY); never written. A kind the key may not read is left out, said so
  --organization ID       the organization's UUID, or @current (POSTHOG_ORGANIZATION_ID)
  --name NAME             the Pulumi project's name (default: DIR's)
  --dry-run               print the files instead of writing them
  --force                 replace files DIR already holds
`;

const TYPES_USAGE = `Usage: pulumi-posthog types --out FILE [options]

${wrapped("Writes a TypeScript module typing a project's events from its event and property definitions and its event schemas as PostHog holds them (after `pulumi up`, those a program declares): `PostHogEvents`, each event with its schema's properties (those the schema requires, required) and the properties PostHog has seen on it, with their types, and `typedCapture(posthog)`, whose `capture` the compiler checks. Hidden events and PostHog's own (`$`-named) are left out.")}

  --out FILE              where to write the module (required; - prints it)
  --project ID            the project (POSTHOG_PROJECT_ID)
  --host URL              PostHog's address (POSTHOG_HOST; default https://us.posthog.com)
  --api-key KEY           a personal API key with event_definition:read and property_definition:read (POSTHOG_API_KEY)
`;

/** `pulumi-posthog types`: the project's definitions as a typed capture. */
async function types(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      out: { type: "string" },
      project: { type: "string" },
      host: { type: "string" },
      "api-key": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(TYPES_USAGE);
    return 0;
  }
  if (!values.out) throw new Error(`--out FILE is required: the module to write.\n\n${TYPES_USAGE}`);
  const flags: Record<string, string | undefined> = {
    "posthog:host": values.host,
    "posthog:apiKey": values["api-key"],
    "posthog:projectId": values.project,
  };
  const config = resolveConfig((key) => flags[key], env);
  const projectId = config.projectId;
  if (projectId === undefined || !/^\d+$/.test(projectId))
    throw new Error(
      `No PostHog project given${projectId === undefined ? "" : ` ("${projectId}" is not a project's numeric id)`}: pass --project <id>, or set POSTHOG_PROJECT_ID.`,
    );
  if (!config.apiKey) throw new Error("No PostHog personal API key given: set POSTHOG_API_KEY (or pass --api-key).");
  const events = await readTypedEvents(connect(config), Number(projectId));
  const text = typedEventsModule(events, `PostHog project ${projectId} at ${config.host}`);
  if (values.out === "-") process.stdout.write(text);
  else {
    fs.writeFileSync(values.out, text);
    process.stderr.write(`Wrote ${values.out}: ${events.length} event${events.length === 1 ? "" : "s"}.\n`);
  }
  return 0;
}

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "--help" || command === "-h" || command === undefined) {
    process.stdout.write(`${USAGE}\n${TYPES_USAGE}`);
    return command === undefined ? 2 : 0;
  }
  if (command === "types") return types(rest, env);
  if (command !== "import") throw new Error(`Unknown command "${command}".\n\n${USAGE}\n${TYPES_USAGE}`);
  const { values } = parseArgs({
    args: [...rest],
    options: {
      out: { type: "string" },
      language: { type: "string", default: "typescript" },
      project: { type: "string", multiple: true, default: [] },
      host: { type: "string" },
      "api-key": { type: "string" },
      organization: { type: "string" },
      name: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      force: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!values.out) throw new Error(`--out DIR is required: the directory to write the Pulumi project in.\n\n${USAGE}`);
  if (!(LANGUAGES as readonly string[]).includes(values.language))
    throw new Error(`--language must be one of ${LANGUAGES.join(", ")}, not "${values.language}".`);
  const projects = values.project.map((id) => {
    if (!/^\d+$/.test(id)) throw new Error(`--project must be a project's numeric id, not "${id}".`);
    return Number(id);
  });
  const flags: Record<string, string | undefined> = {
    "posthog:host": values.host,
    "posthog:apiKey": values["api-key"],
    "posthog:organizationId": values.organization,
  };
  const config = resolveConfig((key) => flags[key], env);
  const organizationId = config.organizationId;
  if (!organizationId)
    throw new Error("No PostHog organization given: pass --organization <UUID> (or @current), or set POSTHOG_ORGANIZATION_ID.");
  if (!config.apiKey)
    throw new Error(
      "No PostHog personal API key given: set POSTHOG_API_KEY (or pass --api-key) to a key with project:read, made in PostHog under Settings → Personal API keys.",
    );
  const http = connect(config);
  const { version } = require("../../package.json") as { version: string };
  await runImport(
    http,
    {
      organizationId,
      projects,
      language: values.language as Language,
      out: values.out,
      dryRun: values["dry-run"],
      force: values.force,
      host: config.host === DEFAULT_HOST ? undefined : config.host,
      version,
      name: values.name,
    },
    { out: (text) => process.stdout.write(text), progress: (text) => process.stderr.write(`${text}\n`) },
  );
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
