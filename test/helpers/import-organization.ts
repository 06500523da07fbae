/**
 * The organization `pulumi-posthog import` is proven on end to end (test/e2e/import.test.ts in TypeScript,
 * test/languages/import.test.ts in YAML and Python): built on one local PostHog server (three projects with flags,
 * actions, annotations, a cohort, insights, a survey, an experiment, hog functions; the organization's members, an
 * invite, a proxy record, a role and access controls), with values a hostile editor of PostHog could write (a payload
 * naming a file in Pulumi YAML's `fn::readFile`, text that looks like interpolation, names that meet, a project named
 * as no TypeScript variable may be, an encrypted payload). Each language's written program must adopt all of it with
 * reads only.
 *
 * The local server answers from this process's event loop: every command runs as an asynchronous child process.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { Transport, users } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as actions from "../../src/kinds/action/endpoints";
import * as annotations from "../../src/kinds/annotation/endpoints";
import * as cohorts from "../../src/kinds/cohort/endpoints";
import * as experiments from "../../src/kinds/experiment/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as hogFunctions from "../../src/kinds/hog-function/endpoints";
import * as insights from "../../src/kinds/insight/endpoints";
import * as surveys from "../../src/kinds/survey/endpoints";
import * as accessControls from "../../src/kinds/access-control/endpoints";
import * as roles from "../../src/kinds/role/endpoints";
import * as roleMemberships from "../../src/kinds/role-membership/endpoints";
import * as invites from "../../src/kinds/organization-invite/endpoints";
import * as members from "../../src/kinds/organization-member/endpoints";
import * as proxyRecords from "../../src/kinds/proxy-record/endpoints";
import * as playlists from "../../src/kinds/session-recording-playlist/endpoints";
import { startLocalPostHog, type LocalPostHog } from "./local-posthog";
import { pluginSession, repoRoot, summaryWithoutSecrets, type PluginSession } from "./pulumi-cli";

/** A remote configuration flag's encrypted payload, as PostHog decrypts it for a personal API key. */
export const SECRET_PAYLOAD = '{"token":"remote-s3cret"}';

/** The stack's secret the program reads the remote configuration flag's encrypted payload from. */
export const PAYLOAD_KEY = "web_app_feature_flag_remote_config-payloads-true";

export interface ImportedOrganization {
  server: LocalPostHog;
  http: Transport;
  session: PluginSession;
  /**
   * Every object the importer must declare, by kind and id (as the state's ids read); `notInYaml` those a YAML program
   * cannot declare (what they need holds a key Pulumi YAML would run).
   */
  objects: Array<{ kind: string; id: number | string; notInYaml?: true }>;
  /** The projects' ids, by name. */
  projects: { web: number; mobile: number };
  /** A file a PostHog value names in Pulumi YAML's `fn::readFile`: its text must never reach PostHog. */
  canary: { path: string; text: string };
  /** `pulumi-posthog import` as a user runs it: the package's executable, configured by the environment. */
  importer(args: string[]): Promise<{ stdout: string; stderr: string }>;
  /**
   * `up` of the written project adopts every object with GETs only; the preview after it shows no change. The
   * encrypted payload is set as the next steps say, as PostHog has it. The stack is removed after, not destroyed, so
   * that the objects stay in PostHog for the next language.
   */
  adoptsWithNoChange(dir: string, name: string): Promise<void>;
  close(): Promise<void>;
}

export async function importedOrganization(): Promise<ImportedOrganization> {
  const objects: ImportedOrganization["objects"] = [];

  const server = await startLocalPostHog();
  const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  const session = await pluginSession(server, "import", { destroyOnCleanup: false });

  const org = server.organizationId;
  const canary = { path: path.join(session.workDir, "credentials.json"), text: `canary-${process.pid}` };
  fs.writeFileSync(canary.path, canary.text);
  const web = await projects.createProject(http, org, { name: "Web app", timezone: "Europe/Amsterdam", anonymize_ips: true });
  await projects.updateProject(http, org, web.id, { session_recording_opt_in: true, session_recording_sample_rate: 0.5 });
  const mobile = await projects.createProject(http, org, { name: "Mobile" });
  // A project named as no TypeScript variable may be (strict mode).
  const evil = await projects.createProject(http, org, { name: "eval" });
  objects.push(
    { kind: "Project", id: web.id },
    { kind: "Project", id: mobile.id },
    { kind: "Project", id: evil.id },
    { kind: "Dashboard", id: Number(evil.primary_dashboard) },
  );
  const testers = await cohorts.createCohort(http, web.id, {
    name: "Beta testers",
    filters: {
      properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "beta", operator: "exact", value: ["yes"] }] }] },
    },
  });
  const flag = await featureFlags.createFeatureFlag(http, web.id, {
    key: "new-checkout",
    name: "New checkout",
    filters: {
      groups: [
        { properties: [{ key: "email", value: "@example.com", operator: "icontains", type: "person" }], rollout_percentage: 20 },
        { properties: [{ key: "id", value: testers.id, type: "cohort" }], rollout_percentage: 100 },
      ],
      payloads: { true: '{"color": "blue"}' },
    },
    tags: ["Checkout"],
  });
  const off = await featureFlags.createFeatureFlag(http, mobile.id, {
    key: "dark-mode",
    active: false,
    filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
  });
  // Whoever may edit a flag writes what Pulumi YAML would run (read a file of the operator's, and send it to PostHog)
  // and what it would interpolate.
  const fnFlag = await featureFlags.createFeatureFlag(http, web.id, {
    key: "reads-a-file",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, on purpose
    name: "Stack ${pulumi.stack} costs $$5",
    filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: JSON.stringify({ "fn::readFile": canary.path }) } },
  });
  /** The flag whose payload names the canary. */
  const reader = { project: web.id, id: fnFlag.id };
  // A saved filter whose filters name the file too: a playlist of that type cannot be declared without its filters, so
  // the YAML program leaves the whole playlist out (the others declare it).
  const saved = await playlists.createSessionRecordingPlaylist(http, web.id, {
    name: "Reads a file",
    type: "filters",
    filters: { date_from: "-7d", "fn::readFile": canary.path },
  });
  objects.push({ kind: "SessionRecordingPlaylist", id: saved.short_id, notInYaml: true });
  const remote = await featureFlags.createFeatureFlag(http, web.id, {
    key: "remote-config",
    is_remote_configuration: true,
    has_encrypted_payloads: true,
    filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: SECRET_PAYLOAD } },
  });
  // Keys whose names meet: `dup-<DUP's id>` made before DUP, which then wants its name.
  const dup = await featureFlags.createFeatureFlag(http, mobile.id, {
    key: "dup",
    filters: { groups: [{ properties: [], rollout_percentage: 1 }] },
  });
  const suffixed = await featureFlags.createFeatureFlag(http, mobile.id, {
    key: `dup-${dup.id + 2}`,
    filters: { groups: [{ properties: [], rollout_percentage: 2 }] },
  });
  const upper = await featureFlags.createFeatureFlag(http, mobile.id, {
    key: "DUP",
    filters: { groups: [{ properties: [], rollout_percentage: 3 }] },
  });
  expect(upper.id).toBe(dup.id + 2);
  objects.push(
    { kind: "FeatureFlag", id: fnFlag.id },
    { kind: "FeatureFlag", id: remote.id },
    { kind: "FeatureFlag", id: dup.id },
    { kind: "FeatureFlag", id: suffixed.id },
    { kind: "FeatureFlag", id: upper.id },
  );
  const action = await actions.createAction(http, web.id, {
    name: "Signed up",
    description: "Welcome page",
    steps: [{ event: "$pageview", url: "/welcome", url_matching: "contains" }],
  });
  const note = await annotations.createAnnotation(http, web.id, {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like Pulumi YAML's interpolation, on purpose
    content: "Checkout v2 ${released}",
    date_marker: "2025-01-02T09:00:00Z",
    scope: "project",
  });
  const everywhere = await annotations.createAnnotation(http, mobile.id, {
    content: "Company offsite",
    date_marker: "2025-02-03T00:00:00Z",
    scope: "organization",
  });
  // Each project's home dashboard is PostHog's, and declared; a flag's usage dashboard is not (PostHog makes it).
  const signups = await insights.createInsight(http, web.id, {
    name: "Signups",
    query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "signed_up" }] } },
    dashboards: [web.primary_dashboard],
    saved: true,
  });
  // A draft on the dashboard: read, and not declared.
  await insights.createInsight(http, web.id, {
    name: "Draft",
    query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "draft" }] } },
    dashboards: [web.primary_dashboard],
    saved: false,
  });
  // A survey on the flag, an experiment on a flag PostHog makes for it (imported as a FeatureFlag named by key), a
  // transformation; and a destination with a secret input, which PostHog never answers: left to be declared by hand.
  const survey = await surveys.createSurvey(http, web.id, {
    name: "Checkout feedback",
    type: "popover",
    questions: [{ type: "open", question: "How was checkout?" }],
    linked_flag_id: flag.id,
  });
  const experiment = await experiments.createExperiment(http, web.id, { name: "Checkout speed", feature_flag_key: "checkout-speed" });
  const cleanup = await hogFunctions.createHogFunction(http, web.id, {
    type: "transformation",
    name: "Drop test events",
    hog: "return event",
  });
  await hogFunctions.createHogFunction(http, web.id, {
    type: "destination",
    name: "Hook",
    hog: "fetch(inputs.url, {'headers': {'Authorization': inputs.token}})",
    inputs_schema: [
      { key: "url", type: "string", required: true },
      { key: "token", type: "string", secret: true },
    ],
    inputs: { url: { value: "https://example.com/hook" }, token: { value: "s3cret" } },
  });
  objects.push(
    { kind: "Survey", id: survey.id },
    { kind: "Experiment", id: experiment.id },
    { kind: "FeatureFlag", id: Number(experiment.feature_flag?.id) },
    { kind: "HogFunction", id: cleanup.id },
    { kind: "Dashboard", id: Number(web.primary_dashboard) },
    { kind: "Dashboard", id: Number(mobile.primary_dashboard) },
    { kind: "Insight", id: signups.id },
    { kind: "Cohort", id: testers.id },
    { kind: "FeatureFlag", id: flag.id },
    { kind: "FeatureFlag", id: off.id },
    { kind: "Action", id: action.id },
    { kind: "Annotation", id: note.id },
    { kind: "Annotation", id: everywhere.id },
  );
  // The organization's own: its members (the key's user, declared at its own level, and Ana, a plain member), a
  // pending invite, a proxy record, a role holding the key's user, the role's access to the web project's flags and
  // Ana's to the web project itself.
  const me = await users.getCurrentUser(http);
  await server.control.createKey({ organizationId: server.organizationId, userEmail: "ana@example.com", level: "member" });
  const ana = (await members.findMemberByEmail(http, server.organizationId, "ana@example.com"))!;
  const invite = await invites.createInvite(http, server.organizationId, { target_email: "ben@example.com", level: 8, first_name: "Ben" });
  const proxy = await proxyRecords.createProxyRecord(http, server.organizationId, { domain: "e.example.com" });
  const role = await roles.createRole(http, server.organizationId, { name: "Editors" });
  const membership = await roleMemberships.createRoleMembership(
    http,
    { scope: server.organizationId, parent: role.id },
    { user_uuid: me.uuid },
  );
  // Only the role edits the web project's flags: a kind-wide access control entry (its id is the entry's key).
  await accessControls.putAccessControl(
    http,
    web.id,
    { resource: "feature_flag", resource_id: null, role_id: role.id, organization_member_id: null },
    "editor",
  );
  await accessControls.putAccessControl(
    http,
    web.id,
    { resource: "project", resource_id: null, role_id: null, organization_member_id: ana.membership_id },
    "admin",
  );
  objects.push(
    { kind: "OrganizationMember", id: me.uuid },
    { kind: "OrganizationMember", id: ana.id },
    { kind: "OrganizationInvite", id: invite.id },
    { kind: "ProxyRecord", id: proxy.id },
    { kind: "AccessControl", id: `project:member:${ana.membership_id}` },
    { kind: "Role", id: role.id },
    { kind: "RoleMembership", id: membership.id },
    { kind: "AccessControl", id: `feature_flag:role:${role.id}` },
  );

  const importer = (args: string[]) =>
    session.ok(repoRoot, [path.join(repoRoot, "lib", "import", "cli.js"), "import", ...args], process.execPath);

  async function adoptsWithNoChange(dir: string, name: string): Promise<void> {
    // Not the session's: removed below, not destroyed, so that the objects stay in PostHog for the next language. A new
    // stack (`stack init` alone: createOrSelectStack runs a `stack select` that fails first).
    const stack = summaryWithoutSecrets(
      await LocalWorkspace.createStack(
        { stackName: `${name}-${process.pid}`, workDir: dir },
        { envVars: session.env, pulumiCommand: session.command },
      ),
    );
    const declared = objects.filter((o) => name !== "yaml" || !o.notInYaml);
    try {
      await stack.setConfig(PAYLOAD_KEY, { value: SECRET_PAYLOAD, secret: true });
      await server.clearRequests();
      const up = await stack.up();
      // Every object of the organization, and the stack itself.
      expect(up.summary.resourceChanges).toEqual({ create: declared.length + 1 });
      expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
      // The state's ids (no secret among them: exported without --show-secrets).
      const state = JSON.parse((await session.ok(dir, ["stack", "export", "--stack", stack.name])).stdout) as {
        deployment: { resources: Array<{ type: string; id: string }> };
      };
      const adopted = state.deployment.resources
        .filter((r) => !r.type.startsWith("pulumi:"))
        .map((r) => {
          const id = r.id.split("/").pop() as string;
          return /^\d+$/.test(id) ? Number(id) : id;
        });
      expect(adopted.sort()).toEqual(declared.map((o) => o.id).sort());
      expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: declared.length + 1 });
      // Nothing of the operator's machine reached PostHog.
      const payloads = (await featureFlags.getFeatureFlag(http, reader.project, reader.id)).filters.payloads;
      expect(JSON.stringify(payloads)).not.toContain(canary.text);
      expect(JSON.parse(String(payloads?.["true"]))).toEqual({ "fn::readFile": canary.path });
    } finally {
      // The state only: the objects stay in PostHog for the next language.
      await stack.workspace.removeStack(stack.name, { force: true });
    }
  }

  return {
    server,
    http,
    session,
    objects,
    projects: { web: web.id, mobile: mobile.id },
    canary,
    importer,
    adoptsWithNoChange,
    async close() {
      await session.cleanup();
      await server.close();
    },
  };
}
