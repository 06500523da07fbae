/** Layer 2: posthog.Dashboard, posthog.Insight and posthog.Alert on the program side under pulumi.runtime.setMocks: type, serialized provider, outputs, get. */
import { mockResources, resolved } from "../helpers/resource-mocks";

const registered = mockResources((inputs) => ({
  dashboardId: 9,
  insightId: 9,
  shortId: "AbCd1234",
  alertId: "0b8c5b8e-8a62-4a4c-9c1e-111111111111",
  state: "Not firing",
  projectId: 3,
  name: inputs["name"] ?? null,
}));

// Imported after setMocks, as Pulumi's docs require.
import { Alert, type AlertArgs, Dashboard, type DashboardArgs, Insight, type InsightArgs } from "../../src";
import { serializedProvider } from "../../src/resources/declared";
import type { alertFields } from "../../src/kinds/alert/fields";
import type { dashboardFields } from "../../src/kinds/dashboard/fields";
import type { insightFields } from "../../src/kinds/insight/fields";
import type { CamelCase } from "../../src/kit/names";

test("Dashboard and Insight register their dynamic types with their serialized providers; a dashboard's id places the insight", async () => {
  const board = new Dashboard("web", { projectId: 3, name: "Web", textTiles: [{ body: "# Hi" }] });
  const views = new Insight("views", {
    projectId: 3,
    name: "Views",
    dashboards: [board.dashboardId],
    query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [] } },
  });
  expect(await resolved(board.dashboardId)).toBe(9);
  expect(await resolved(views.shortId)).toBe("AbCd1234");
  const entry = registered.find((r) => r.name === "web")!;
  expect(entry.type).toBe("pulumi-nodejs:dynamic/posthog:Dashboard");
  expect(entry.inputs["__provider"]).toBe(serializedProvider("dashboardProvider"));
  const insight = registered.find((r) => r.name === "views")!;
  expect(insight.type).toBe("pulumi-nodejs:dynamic/posthog:Insight");
  expect(insight.inputs["__provider"]).toBe(serializedProvider("insightProvider"));
  expect(insight.inputs["dashboards"]).toEqual([9]);
  expect(Dashboard.isInstance(board)).toBe(true);
  expect(Insight.isInstance(board)).toBe(false);
});

test("an Alert takes an Insight's id; Alert.get reads by <projectId>/<uuid>", async () => {
  const views = new Insight("watched", { projectId: 3, query: { kind: "HogQLQuery", query: "select 1" } });
  const alert = new Alert("spike", {
    projectId: 3,
    insight: views.insightId,
    subscribedUsers: [1],
    threshold: { configuration: { type: "absolute", bounds: { upper: 10 } } },
  });
  expect(await resolved(alert.alertId)).toBe("0b8c5b8e-8a62-4a4c-9c1e-111111111111");
  expect(await resolved(alert.state)).toBe("Not firing");
  const entry = registered.find((r) => r.name === "spike")!;
  expect(entry.type).toBe("pulumi-nodejs:dynamic/posthog:Alert");
  expect(entry.inputs["__provider"]).toBe(serializedProvider("alertProvider"));
  expect(entry.inputs["insight"]).toBe(9);
  const id = "3/0b8c5b8e-8a62-4a4c-9c1e-111111111111";
  expect(await resolved(Alert.get("existing-alert", id).id)).toBe(id);
});

test("Dashboard.get and Insight.get read by <projectId>/<id>", async () => {
  expect(await resolved(Dashboard.get("existing", "3/9").dashboardId)).toBe(9);
  expect(await resolved(Insight.get("existing-insight", "3/9").insightId)).toBe(9);
});

// The generated inputs are the field tables', camelCase, projectId and adoptId (npm run typecheck fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const dashboardInputs: Same<keyof DashboardArgs, CamelCase<keyof typeof dashboardFields> | "projectId" | "adoptId"> = true;
const insightInputs: Same<keyof InsightArgs, CamelCase<keyof typeof insightFields> | "projectId" | "adoptId"> = true;
const alertInputs: Same<keyof AlertArgs, CamelCase<keyof typeof alertFields> | "projectId" | "adoptId"> = true;

test("DashboardArgs, InsightArgs and AlertArgs name every field of their tables", () => {
  expect([dashboardInputs, insightInputs, alertInputs]).toEqual([true, true, true]);
});
