/**
 * posthog.ErrorTrackingAssignmentRule, ErrorTrackingGroupingRule and ErrorTrackingSuppressionRule against a real
 * PostHog: served under /api/environments/ only; an assignment rule created with a user as assignee, its filters
 * drifted by hand and put back through PostHog's 204 update, its assignee changed to a role in place; a grouping rule
 * whose description PostHog 2025-08-04 stores without answering it, named; a suppression rule; `reorder` refused to
 * personal API keys, so `orderKey` is PostHog's (0 on create). Every rule this file makes is deleted afterwards.
 */
import type { Transport } from "../../src/client-entry";
import * as assignment from "../../src/kinds/error-tracking-assignment-rule/endpoints";
import * as grouping from "../../src/kinds/error-tracking-grouping-rule/endpoints";
import * as suppression from "../../src/kinds/error-tracking-suppression-rule/endpoints";
import * as roles from "../../src/kinds/role/endpoints";
import {
  ErrorTrackingAssignmentRuleLifecycle,
  ErrorTrackingGroupingRuleLifecycle,
  ErrorTrackingSuppressionRuleLifecycle,
} from "../../src/provider";
import { acceptanceTarget, type AcceptanceTarget, inTargetProject, named } from "./real-posthog";

type Json = Record<string, unknown>;

let target: AcceptanceTarget;
let client: Transport;
let projectId: number;
let connection: ReturnType<typeof inTargetProject>["connection"];
const made: Array<() => Promise<void>> = [];

beforeAll(() => {
  target = acceptanceTarget();
  ({ client, projectId, connection } = inTargetProject(target));
});
afterAll(async () => {
  for (const undo of made.reverse()) await undo().catch(() => undefined);
});

/** A filter group no other run's rule holds: the run's prefix in the message matched. */
const filters = (what: string) => ({
  type: "AND",
  values: [{ type: "AND", values: [{ key: "$exception_message", type: "event", value: named(target, what), operator: "icontains" }] }],
});

test("the rules are served under /api/environments/ only", async () => {
  const answer = await fetch(`${target.url}/api/projects/${projectId}/error_tracking/assignment_rules/`, {
    headers: { Authorization: `Bearer ${connection.config.apiKey}` },
  });
  expect(answer.status).toBe(404);
  expect(Array.isArray(await assignment.listErrorTrackingAssignmentRules(client, projectId))).toBe(true);
});

test("an assignment rule: created for a user, drifted by hand and put back through PostHog's 204 update, reassigned to a role in place", async () => {
  const provider = new ErrorTrackingAssignmentRuleLifecycle(connection);
  // `/api/users/@me/` answers no numeric id; the organization's members list does (OrganizationMemberSerializer).
  const headers = { Authorization: `Bearer ${connection.config.apiKey}` };
  const self = (await fetch(`${target.url}/api/users/@me/`, { headers }).then((r) => r.json())) as { uuid: string };
  const members = (await fetch(`${target.url}/api/organizations/${target.organizationId}/members/`, { headers }).then((r) => r.json())) as {
    results: Array<{ user: { id: number; uuid: string } }>;
  };
  const me = members.results.find((m) => m.user.uuid === self.uuid)!.user;
  const inputs = { projectId, filters: filters("timeout"), assignee: { type: "user", id: me.id } };
  const created = await provider.create(inputs);
  made.push(() => assignment.deleteErrorTrackingAssignmentRule(client, projectId, created.id));
  expect(created.outs).toMatchObject({ assignmentRuleId: created.id, orderKey: 0, disabledData: null, assignee: inputs.assignee });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);

  await assignment.updateErrorTrackingAssignmentRule(client, projectId, created.id, { filters: filters("by hand") });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, filters: filters("by hand") });
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect((await assignment.getErrorTrackingAssignmentRule(client, projectId, created.id)).filters).toEqual(inputs.filters);

  const role = await roles.createRole(client, target.organizationId, { name: named(target, "oncall") });
  made.push(() => roles.deleteRole(client, target.organizationId, role.id));
  const toRole = { ...inputs, assignee: { type: "role", id: role.id.toUpperCase() } };
  expect(await provider.diff(created.id, restored.outs as Json, toRole)).toMatchObject({ changes: true, replaces: [] });
  const reassigned = await provider.update(created.id, restored.outs as Json, toRole);
  expect(reassigned.outs).toMatchObject({ assignee: { type: "role", id: role.id } });
  expect((await provider.diff(created.id, reassigned.outs as Json, toRole)).changes).toBe(false);

  // PostHog's reorder is an action without scopes: no personal API key may call it.
  const reorder = await fetch(`${target.url}/api/environments/${projectId}/error_tracking/assignment_rules/reorder/`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${connection.config.apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ orders: { [created.id]: 3 } }),
  });
  expect(reorder.status).toBe(403);
  expect(((await reorder.json()) as { detail: string }).detail).toMatch(/does not support personal API key access/i);

  await provider.delete(created.id, reassigned.outs as Json);
  await expect(assignment.getErrorTrackingAssignmentRule(client, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
});

test("a grouping rule: its description is today's to answer (PostHog 2025-08-04 stores it unanswered, and the create says so)", async () => {
  const provider = new ErrorTrackingGroupingRuleLifecycle(connection);
  const before = new Set((await grouping.listErrorTrackingGroupingRules(client, projectId)).map((r) => r.id));
  const inputs = { projectId, filters: filters("grouped"), description: "Grouped by the acceptance tier" };
  const attempt = provider.create(inputs);
  if (target.version === "2025-08-04") {
    await expect(attempt).rejects.toThrow("This PostHog has no ErrorTrackingGroupingRule setting description (it answered without it)");
    const created = (await grouping.listErrorTrackingGroupingRules(client, projectId)).filter((r) => !before.has(r.id));
    for (const rule of created) made.push(() => grouping.deleteErrorTrackingGroupingRule(client, projectId, rule.id));
    expect(created.map((r) => r.filters)).toEqual([inputs.filters]);
  } else {
    const created = await attempt;
    made.push(() => grouping.deleteErrorTrackingGroupingRule(client, projectId, created.id));
    expect(created.outs).toMatchObject({ description: inputs.description, orderKey: 0 });
  }
});

test("a suppression rule: created, unchanged on a second look, deleted", async () => {
  const provider = new ErrorTrackingSuppressionRuleLifecycle(connection);
  const inputs = { projectId, filters: filters("ResizeObserver") };
  const created = await provider.create(inputs);
  made.push(() => suppression.deleteErrorTrackingSuppressionRule(client, projectId, created.id));
  expect(created.outs).toMatchObject({ suppressionRuleId: created.id, orderKey: 0, filters: inputs.filters });
  const read = await provider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  await provider.delete(created.id, created.outs as Json);
  await expect(suppression.getErrorTrackingSuppressionRule(client, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
});
