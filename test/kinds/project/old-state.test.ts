/**
 * A stack written before Project joined the kit keeps working: the state that code's create stored (captured from it,
 * test/fixtures/project-state-0.x.json: outputs with `declaredInputs`, `apiTokenRotation` and `additionalSettings`)
 * goes through today's diff, read and update with nothing to change and nothing sent.
 */
import { readFileSync } from "node:fs";
import { Transport } from "../../../src/client-entry";
import * as projects from "../../../src/kinds/project/endpoints";
import { ProjectLifecycle, type ProviderConfig } from "../../../src/provider";
import { startLocalPostHog, type LocalPostHog } from "../../helpers/local-posthog";

type Json = Record<string, unknown>;
const fixture = JSON.parse(readFileSync(`${__dirname}/../../fixtures/project-state-0.x.json`, "utf8")) as {
  inputs: Json;
  outputs: Json;
};

let server: LocalPostHog;
let provider: ProjectLifecycle;
let http: Transport;

beforeAll(async () => {
  server = await startLocalPostHog();
  const config: ProviderConfig = { host: server.url, apiKey: server.apiKey, organizationId: server.organizationId };
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  provider = new ProjectLifecycle({ config, transport: http });
});
afterAll(() => server.close());

/** The project the old state describes, made in PostHog directly, and the state with its ids and token. */
async function oldStack(): Promise<{ id: string; olds: Json }> {
  await server.control.reset();
  await server.control.patchOrganization(server.organizationId, { newerFields: ["brand_new_setting"] });
  const { outputs } = fixture;
  const record = await projects.createProject(http, server.organizationId, {
    name: outputs["name"],
    timezone: outputs["timezone"],
    anonymize_ips: outputs["anonymizeIps"],
    session_recording_sample_rate: 0.5,
    app_urls: outputs["appUrls"],
    modifiers: outputs["modifiers"],
    test_account_filters: outputs["testAccountFilters"],
    brand_new_setting: (outputs["additionalSettings"] as Json)["brand_new_setting"],
  });
  const olds = { ...outputs, projectId: record.id, organizationId: record.organization, uuid: record.uuid, apiToken: record.api_token };
  return { id: String(record.id), olds };
}

test("the old state's settings differ in nothing from the program that wrote it: no change, no replacement", async () => {
  const { id, olds } = await oldStack();
  expect(await provider.diff(id, olds as never, fixture.inputs as never)).toEqual({
    changes: false,
    replaces: [],
    deleteBeforeReplace: false,
  });
});

test("refresh of the old state shows nothing changed: the same outputs, the declared inputs as the program wrote them", async () => {
  const { id, olds } = await oldStack();
  await server.clearRequests();
  const read = await provider.read(id, olds as never);
  expect(read.id).toBe(id);
  expect(read.props).toEqual(olds);
  expect(read.inputs).toEqual(fixture.outputs["declaredInputs"]);
  expect((await server.requests()).every((r) => r.method === "GET")).toBe(true);
});

test("update of the old state with the same program sends nothing and keeps the outputs", async () => {
  const { id, olds } = await oldStack();
  await server.clearRequests();
  const updated = await provider.update(id, olds as never, fixture.inputs as never);
  expect(await server.requests()).toEqual([]);
  expect(updated.outs).toEqual(olds);
});

test("a change to the old state's program is one PATCH of that setting; the rotation and additional settings stay recorded", async () => {
  const { id, olds } = await oldStack();
  await server.clearRequests();
  const updated = await provider.update(id, olds as never, { ...fixture.inputs, anonymizeIps: false } as never);
  expect((await server.requests()).map((r) => [r.method, r.bodyKeys])).toEqual([["PATCH", ["anonymize_ips"]]]);
  expect(updated.outs).toEqual({
    ...olds,
    anonymizeIps: false,
    declaredInputs: { ...(olds["declaredInputs"] as Json), anonymizeIps: false },
  });
});
