/**
 * The error tracking rule kinds' lifecycles over loopback against the local server (PostHog today and 2025-08-04):
 * filters drifted by hand and put back through PostHog's 204 update, an assignee by role id, a grouping rule's
 * assignee and description replacing it, a severity rule's severity changed in place, PostHog's rules checked before
 * anything is sent (a bypass rule's filter among them), a create whose answer is lost never taking a rule PostHog
 * cannot say is its own, 2025-08-04's unanswered description named, and its lack of severity and bypass rules said.
 * (Each example's create, preview, adoption, import and delete: the contract, test/kinds/contract.test.ts.)
 */
import * as assignment from "../../../src/kinds/error-tracking-assignment-rule/endpoints";
import * as suppression from "../../../src/kinds/error-tracking-suppression-rule/endpoints";
import * as severity from "../../../src/kinds/error-tracking-severity-rule/endpoints";
import {
  ErrorTrackingAssignmentRuleLifecycle,
  ErrorTrackingBypassRuleLifecycle,
  ErrorTrackingGroupingRuleLifecycle,
  ErrorTrackingSeverityRuleLifecycle,
  ErrorTrackingSuppressionRuleLifecycle,
} from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const filters = (message: string) => ({
  type: "AND",
  values: [{ type: "AND", values: [{ key: "$exception_message", type: "event", value: message, operator: "icontains" }] }],
});

const assignmentSetups = projectScopedSetups("Assignment rules", (c) => new ErrorTrackingAssignmentRuleLifecycle(c));
const groupingSetups = projectScopedSetups("Grouping rules", (c) => new ErrorTrackingGroupingRuleLifecycle(c));
const suppressionSetups = projectScopedSetups("Suppression rules", (c) => new ErrorTrackingSuppressionRuleLifecycle(c));
const todaysSetups = projectScopedSetups("Severity and bypass rules", (c) => ({
  severity: new ErrorTrackingSeverityRuleLifecycle(c),
  bypass: new ErrorTrackingBypassRuleLifecycle(c),
}));

test("an assignment rule's filters drifted by hand show old => new and up puts them back; its assignee changes in place", async () => {
  const { provider, http, projectId } = assignmentSetups.current!;
  const inputs = { projectId, filters: filters("timeout"), assignee: { type: "user", id: 1 } };
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({ assignmentRuleId: created.id, orderKey: 0, disabledData: null, filters: inputs.filters });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);

  await assignment.updateErrorTrackingAssignmentRule(http, projectId, created.id, { filters: filters("by hand") });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, filters: filters("by hand") });
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect((await assignment.getErrorTrackingAssignmentRule(http, projectId, created.id)).filters).toEqual(inputs.filters);

  const toMe = { ...inputs, assignee: { type: "user", id: "1" } };
  // A user id written as its digits is the user PostHog answers as a number.
  expect((await provider.diff(created.id, restored.outs as Json, toMe)).changes).toBe(false);
  await provider.delete(created.id, created.outs as Json);
  await expect(assignment.getErrorTrackingAssignmentRule(http, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
});

test("PostHog's rules are checked before anything is sent, naming the field", async () => {
  const { provider, projectId } = assignmentSetups.current!;
  const failures = async (inputs: Json) => ((await provider.check({}, { projectId, ...inputs })).failures ?? []).map((f) => f.reason);
  expect(await failures({ filters: filters("x") })).toEqual([expect.stringMatching(/^assignee is required: .*Assignee is required/)]);
  expect(await failures({ filters: { type: "XOR", values: [] }, assignee: { type: "user", id: 1 } })).toEqual([
    expect.stringMatching(/^filters type must be "AND" or "OR" .*PropertyGroupFilterValue.*\(at type\)$/),
  ]);
  expect(await failures({ filters: { type: "AND", values: [1] }, assignee: { type: "user", id: 1 } })).toEqual([
    expect.stringMatching(/^filters must be a property filter or a nested group .*\(at values\.0\)$/),
  ]);
  expect(await failures({ filters: filters("x"), assignee: { type: "role", id: 7 } })).toEqual([
    expect.stringContaining(
      'assignee must be {"type": "user", "id": <a user\'s numeric id>} or {"type": "role", "id": "<a role\'s UUID>"}',
    ),
  ]);
  expect(await failures({ filters: filters("x"), assignee: { type: "user", id: 1 } })).toEqual([]);
});

test("a grouping rule's assignee and description are set on create: changing either replaces it, its filters change in place", async () => {
  const { provider, projectId } = groupingSetups.current!;
  const inputs = { projectId, filters: filters("timeout"), assignee: { type: "user", id: 1 }, description: "Timeouts" };
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({ description: "Timeouts", assignee: { type: "user", id: 1 } });
  const outs = created.outs as Json;
  expect(await provider.diff(created.id, outs, { ...inputs, description: "Other" })).toMatchObject({ replaces: ["description"] });
  expect(await provider.diff(created.id, outs, { ...inputs, assignee: null })).toMatchObject({ replaces: ["assignee"] });
  expect(await provider.diff(created.id, outs, { ...inputs, filters: filters("other") })).toMatchObject({ changes: true, replaces: [] });
  expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
});

test("PostHog 2025-08-04 stores a grouping rule's description without answering it: the create says so", async () => {
  const { provider, projectId } = groupingSetups["2025-08-04"]!;
  await expect(provider.create({ projectId, filters: filters("x"), description: "Timeouts" })).rejects.toThrow(
    "This PostHog has no ErrorTrackingGroupingRule setting description (it answered without it)",
  );
});

test("a suppression rule's sampling rate is today's: PostHog 2025-08-04's answer without it is named", async () => {
  const now = suppressionSetups.current!;
  const created = await now.provider.create({ projectId: now.projectId, filters: filters("ResizeObserver"), samplingRate: 0.5 });
  expect(created.outs).toMatchObject({ samplingRate: 0.5, orderKey: 0 });
  const old = suppressionSetups["2025-08-04"]!;
  await expect(old.provider.create({ projectId: old.projectId, filters: filters("x"), samplingRate: 0.5 })).rejects.toThrow(
    "PostHog 2025-08-04 has no samplingRate",
  );
});

test("a create whose answer is lost after PostHog committed takes no rule: PostHog does not say who made one; those holding what it sent are named", async () => {
  for (const version of ["current", "2025-08-04"] as const) {
    const { provider, server, http, projectId } = suppressionSetups[version]!;
    const sent = filters(`lost ${version}`);
    await server.fault({ method: "POST", path: "/suppression_rules/?$", status: 502, afterCommit: true });
    const error = await provider.create({ projectId, filters: sent }).then(
      () => undefined,
      (e: Error) => e.message,
    );
    const made = (await suppression.listErrorTrackingSuppressionRules(http, projectId)).filter(
      (r) => JSON.stringify(r.filters) === JSON.stringify(sent),
    );
    expect(made).toHaveLength(1);
    expect(error).toContain(`error tracking suppression rule ${made[0]!.id}`);
    expect(error).toContain("PostHog does not record who made a rule");
    expect(error).toContain("adoptId");
  }
});

test("a severity rule's severity and filters change in place; PostHog's list of them, answered whole, reads it", async () => {
  const { provider, http, projectId } = todaysSetups.current!;
  const inputs = { projectId, filters: filters("payment"), severity: "critical" };
  const created = await provider.severity.create(inputs);
  expect(created.outs).toMatchObject({ severityRuleId: created.id, severity: "critical", orderKey: 0 });
  expect(await provider.severity.diff(created.id, created.outs as Json, { ...inputs, severity: "low" })).toMatchObject({
    changes: true,
    replaces: [],
  });
  await provider.severity.update(created.id, created.outs as Json, { ...inputs, severity: "low" });
  expect(await severity.listErrorTrackingSeverityRules(http, projectId)).toEqual([
    expect.objectContaining({ id: created.id, severity: "low", filters: inputs.filters }),
  ]);
});

test("severity and bypass rules' rules are checked before anything is sent: a severity of PostHog's four, a bypass rule's property filter", async () => {
  const { provider, server, projectId } = todaysSetups.current!;
  await server.clearRequests();
  const failures = async (lifecycle: { check: typeof provider.bypass.check }, inputs: Json) =>
    ((await lifecycle.check({}, { projectId, ...inputs })).failures ?? []).map((f) => f.reason);
  expect(await failures(provider.severity, { filters: filters("x"), severity: "urgent" })).toEqual([
    expect.stringMatching(/^severity must be "low", "medium", "high" or "critical" \(ErrorTrackingSeverityRuleCreateRequestSerializer/),
  ]);
  expect(await failures(provider.severity, { filters: filters("x") })).toEqual([expect.stringMatching(/^severity is required: /)]);
  expect(await failures(provider.bypass, { filters: { type: "AND", values: [{ type: "AND", values: [] }] } })).toEqual([
    expect.stringMatching(/^filters must hold at least one property filter \("A bypass rule must have at least one filter\."/),
  ]);
  expect(await failures(provider.bypass, { filters: filters("x") })).toEqual([]);
  expect(await server.requests()).toEqual([]);
});

test("PostHog 2025-08-04 has no severity or bypass rules: a create says so", async () => {
  const { provider, projectId } = todaysSetups["2025-08-04"]!;
  await expect(provider.severity.create({ projectId, filters: filters("x"), severity: "low" })).rejects.toThrow(
    "This PostHog has no error tracking severity rules (PostHog 2025-08-04 and older serve none)",
  );
  await expect(provider.bypass.create({ projectId, filters: filters("x") })).rejects.toThrow(
    "This PostHog has no error tracking bypass rules (PostHog 2025-08-04 and older serve none)",
  );
});
