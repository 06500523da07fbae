/**
 * examples/team under pulumi.runtime.setMocks, against the local server over loopback: its members are found by
 * email as the organization knows them (getOrganizationMemberOutput), each role gets its members, and every resource
 * it declares (two roles, their memberships, two projects, seven access control entries) passes the provider's checks.
 * Needs the built lib/ (the program imports pulumi-posthog).
 */
import * as pulumi from "@pulumi/pulumi";
import { Transport } from "../../src/client-entry";
import { kindOf } from "../../src/kinds/index";
import * as members from "../../src/kinds/organization-member/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";

const registered: Array<{ type: string; name: string; inputs: Record<string, unknown> }> = [];
pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push({ type: args.type, name: args.name, inputs: args.inputs });
      const n = registered.length;
      return {
        id: `${n}`,
        state: { ...args.inputs, projectId: 3, roleId: `0190f1c2-0000-0000-0000-00000000000${n % 10}` },
      };
    },
    call: () => ({}),
  },
  "posthog-team",
  "stack",
  false,
);

let server: LocalPostHog;
beforeAll(async () => {
  server = await startLocalPostHog();
});
afterAll(async () => {
  await server?.close();
});

test("examples/team: members found by email join their roles; every resource passes the checks", async () => {
  const emails = ["ana@example.com", "ben@example.com", "cy@example.com"];
  for (const userEmail of emails) await server.control.createKey({ organizationId: server.organizationId, userEmail, level: "member" });
  const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  const uuids = Object.fromEntries(
    await Promise.all(emails.map(async (email) => [email, (await members.findMemberByEmail(http, server.organizationId, email))!.id])),
  );
  pulumi.runtime.setAllConfig({
    "posthog:host": server.url,
    "posthog:apiKey": server.apiKey,
    "posthog:organizationId": server.organizationId,
    "posthog-team:engineers": JSON.stringify(["ana@example.com", "cy@example.com"]),
    "posthog-team:analysts": JSON.stringify(["ben@example.com"]),
  });
  let program: Record<string, pulumi.Output<unknown>> = {};
  jest.isolateModules(() => {
    program = require("../../examples/team/index") as typeof program;
  });
  await Promise.all(Object.values(program).map((output) => new Promise((resolve) => output.apply(resolve))));
  // The memberships are registered once their lookups have answered.
  for (let waited = 0; registered.filter((r) => r.type.endsWith(":RoleMembership")).length < 3 && waited < 10_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const ours = registered.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/posthog:"));
  const kindsOf = (name: string) => ours.filter((r) => r.type.endsWith(`:${name}`));
  expect(kindsOf("Role").map((r) => r.inputs["name"])).toEqual(["Engineering", "Analytics"]);
  // Each registers once its lookup has answered, in whatever order the answers come: compared in any order.
  expect(
    kindsOf("RoleMembership")
      .map((r) => [r.name, r.inputs["userUuid"]])
      .sort(),
  ).toEqual(
    [
      ["engineering-ana@example.com", uuids["ana@example.com"]],
      ["engineering-cy@example.com", uuids["cy@example.com"]],
      ["analytics-ben@example.com", uuids["ben@example.com"]],
    ].sort(),
  );
  const entries = kindsOf("AccessControl").map((r) => [r.inputs["resource"], r.inputs["accessLevel"], r.inputs["roleId"] !== undefined]);
  // Those naming a role register once its id is known: compared in any order.
  expect(entries.sort()).toEqual(
    [
      ["feature_flag", "viewer", false],
      ["feature_flag", "editor", true],
      ["dashboard", "viewer", false],
      ["dashboard", "editor", true],
      ["insight", "viewer", false],
      ["insight", "editor", true],
      ["project", "admin", true],
    ].sort(),
  );
  for (const { type, inputs } of ours.filter((r) => !r.type.endsWith(":Project") && !r.type.endsWith(":AccessControl"))) {
    const { __provider: _, ...plain } = inputs;
    const token = type.replace("pulumi-nodejs:dynamic/posthog:", "posthog:index:");
    expect({ token, failures: (await kindOf(token)!.lifecycle().check!({}, plain)).failures ?? [] }).toEqual({ token, failures: [] });
  }
});
