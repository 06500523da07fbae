/**
 * Error tracking rules on the local server (src/server/error-tracking-rules/, after PostHog's three viewsets): only
 * under /api/environments/, assignees stored and answered as sent, updates answering 204 and changing only what is
 * sent, `reorder` refused to personal API keys, and each version's own checks and answers.
 */
import { err, harness, type Harness } from "../helpers";

const group = (key: string) => ({
  type: "AND",
  values: [{ type: "AND", values: [{ key, type: "event", value: "x", operator: "icontains" }] }],
});
const V = "validation_error";

describe.each(["current", "2025-08-04"] as const)("PostHog %s", (version) => {
  let h: Harness;
  let env = "";
  let role = "";
  beforeAll(async () => {
    h = await harness({ postHogVersion: version });
    const id = (await h.createProject({ name: "Rules" })).id;
    env = `/api/environments/${id}/error_tracking`;
    role = (await h.api("POST", `/api/organizations/${h.server.organizationId}/roles/`, { body: { name: "Oncall" } })).body.id;
    expect((await h.api("GET", `/api/projects/${id}/error_tracking/assignment_rules/`)).status).toBe(404);
  });
  afterAll(() => h.server.close());

  test("an assignment rule: created at order 0, its assignee a user or a role, updated by a 204 that changes only what is truthy, deleted for good", async () => {
    const made = await h.api("POST", `${env}/assignment_rules/`, {
      body: { filters: group("$exception_types"), assignee: { type: "user", id: 1 } },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      order_key: 0,
      assignee: { type: "user", id: 1 },
      disabled_data: null,
    });
    expect(Object.hasOwn(made.body, "created_at")).toBe(version === "current");
    const item = `${env}/assignment_rules/${made.body.id}/`;
    const patched = await h.api("PATCH", item, {
      body: { assignee: { type: "role", id: role.toUpperCase() }, ...(version === "2025-08-04" && { filters: {} }) },
    });
    expect([patched.status, patched.text]).toEqual([204, ""]);
    expect((await h.api("GET", item)).body).toMatchObject({ assignee: { type: "role", id: role }, filters: group("$exception_types") });
    const scoped = (await h.control.createKey({ scopes: ["error_tracking:write"] })).key;
    expect(
      (await h.api("PATCH", `${env}/assignment_rules/reorder/`, { body: { orders: { [made.body.id]: 3 } }, key: scoped })).body,
    ).toEqual(
      err(
        "authentication_error",
        "permission_denied",
        `This action does not support ${version === "current" ? "personal API key" : "Personal API Key"} access`,
      ),
    );
    expect((await h.api("DELETE", item)).status).toBe(204);
    expect((await h.api("GET", item)).status).toBe(404);
  });

  test("a rule assigning to a role is deleted with the role (ErrorTrackingAssignmentRule.role, CASCADE)", async () => {
    const roles = `/api/organizations/${h.server.organizationId}/roles/`;
    const doomed = (await h.api("POST", roles, { body: { name: "Doomed oncall" } })).body.id;
    const kept = await h.api("POST", `${env}/assignment_rules/`, { body: { filters: group("a"), assignee: { type: "role", id: role } } });
    const gone = await h.api("POST", `${env}/assignment_rules/`, { body: { filters: group("b"), assignee: { type: "role", id: doomed } } });
    expect((await h.api("DELETE", `${roles}${doomed}/`)).status).toBe(204);
    expect((await h.api("GET", `${env}/assignment_rules/${gone.body.id}/`)).status).toBe(404);
    expect((await h.api("GET", `${env}/assignment_rules/${kept.body.id}/`)).body).toMatchObject({ assignee: { type: "role", id: role } });
    expect((await h.api("DELETE", `${env}/assignment_rules/${kept.body.id}/`)).status).toBe(204);
  });

  test("what a create refuses", async () => {
    const post = (path: string, body: unknown) => h.api("POST", `${env}/${path}/`, { body });
    if (version === "2025-08-04") {
      expect((await post("assignment_rules", { filters: group("a") })).body).toEqual({ error: "Assignee is required" });
      expect((await post("grouping_rules", {})).body).toEqual({ error: "Filters are required" });
      expect((await post("assignment_rules", { filters: { type: "XOR", values: [] }, assignee: { type: "user", id: 1 } })).status).toBe(
        500,
      );
      expect(
        (await post("assignment_rules", { filters: group("a"), assignee: { type: "role", id: "01a2192f-c81a-0000-c9f6-0c98433f666b" } }))
          .status,
      ).toBe(500);
      // Its suppression rules parse nothing; its grouping rules store a description they never answer.
      expect((await post("suppression_rules", { filters: { anything: true } })).status).toBe(201);
      const grouping = await post("grouping_rules", { filters: group("a"), description: "kept, not answered" });
      expect(Object.keys(grouping.body).sort()).toEqual(["assignee", "disabled_data", "filters", "id", "order_key"]);
      expect(Object.keys((await post("suppression_rules", { filters: group("b") })).body).sort()).toEqual(["filters", "id", "order_key"]);
    } else {
      expect((await post("assignment_rules", { filters: group("a") })).body).toEqual(
        err(V, "required", "This field is required.", "assignee"),
      );
      expect((await post("assignment_rules", { filters: group("a"), assignee: { type: "user", id: role } })).body).toEqual(
        err(V, "invalid_input", "User assignee IDs must be integers.", "assignee__id"),
      );
      expect((await post("grouping_rules", { filters: { type: "AND", values: [] } })).body).toEqual(
        err(V, "invalid_input", "Filters must contain at least one filter value.", "filters"),
      );
      const everything = await post("suppression_rules", {});
      expect(everything.body).toMatchObject({ filters: { type: "AND", values: [] }, sampling_rate: 1, disabled_data: null });
      expect((await post("suppression_rules", { sampling_rate: 2 })).body.attr).toBe("sampling_rate");
      expect(
        (await post("assignment_rules", { filters: group("a"), assignee: { type: "user", id: 1 }, order_key: 4 })).body.order_key,
      ).toBe(4);
    }
  });

  test("lists: by order key, 100 to a page (today's grouping rules whole)", async () => {
    const listed = await h.api("GET", `${env}/grouping_rules/`);
    expect(Object.hasOwn(listed.body, "next")).toBe(version === "2025-08-04");
    const assignment = await h.api("GET", `${env}/assignment_rules/`);
    expect(assignment.body).toMatchObject({ count: expect.any(Number), next: null });
  });
});
