import { collect, Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let http: Transport;
beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
});
afterAll(() => server.close());
beforeEach(() => server.control.reset());

describe("project endpoints", () => {
  test("create returns the full record with PostHog's defaults and a phc_ token", async () => {
    const project = await projects.createProject(http, server.organizationId, { name: "Web", timezone: "Europe/Amsterdam" });
    expect(project).toMatchObject({ name: "Web", timezone: "Europe/Amsterdam", organization: server.organizationId, anonymize_ips: false });
    expect(project.api_token).toMatch(/^phc_[2-9a-km-zA-HJ-NP-Z]{44}$/);
    expect(project.session_recording_sample_rate).toBeNull();
  });

  test("retrieve, update, reset_token, activity, demo data and delete", async () => {
    const created = await projects.createProject(http, server.organizationId, { name: "Life cycle" });
    const id = created.id;
    expect((await projects.getProject(http, server.organizationId, id)).name).toBe("Life cycle");

    const updated = await projects.updateProject(http, server.organizationId, id, {
      session_recording_sample_rate: 0.5,
      anonymize_ips: true,
    });
    expect(updated.session_recording_sample_rate).toBe("0.50");
    expect(updated.anonymize_ips).toBe(true);

    const rotated = await projects.resetProjectToken(http, server.organizationId, id);
    expect(rotated.api_token).not.toBe(created.api_token);
    expect(rotated.uuid).toBe(created.uuid);

    const activity = await collect(projects.iterateProjectActivity(http, server.organizationId, id, 1));
    expect(activity.map((a) => a.activity)).toEqual(expect.arrayContaining(["created", "updated"]));
    expect(activity.length).toBeGreaterThanOrEqual(3);

    expect(await projects.isGeneratingDemoData(http, server.organizationId, id)).toBe(false);
    await server.control.setDemoData(id, true);
    expect(await projects.isGeneratingDemoData(http, server.organizationId, id)).toBe(true);

    // Today's PostHog deletes in the background: the project reads as pending deletion until it is purged.
    await projects.deleteProject(http, server.organizationId, id);
    expect((await projects.getProject(http, server.organizationId, id))["is_pending_deletion"]).toBe(true);
    await server.control.purge();
    await expect(projects.getProject(http, server.organizationId, id)).rejects.toMatchObject({ status: 404, code: "not_found" });
  });

  test("the list follows limit/offset pages to the end, one request per page", async () => {
    for (let i = 1; i <= 5; i++) await projects.createProject(http, server.organizationId, { name: `P${i}` });
    await server.clearRequests();
    const page = await projects.listProjectsPage(http, server.organizationId, { limit: 2 });
    expect(page.count).toBe(5);
    expect(page.next).toBe(`${server.url}/api/organizations/${server.organizationId}/projects/?limit=2&offset=2`);
    expect(page.previous).toBeNull();

    const all = await projects.listProjects(http, server.organizationId, { pageSize: 2 });
    expect(all.map((p) => p.name)).toEqual(["P1", "P2", "P3", "P4", "P5"]);
    const listed = await server.requests({ method: "GET", path: /projects\/?$/ });
    expect(listed).toHaveLength(1 + 3);
  });

  test("a host with a path prefix and a trailing slash reaches the same API", async () => {
    const withSlash = new Transport({ host: `${server.url}/`, apiKey: server.apiKey, rateLimits: false });
    await expect(projects.listProjects(withSlash, server.organizationId)).resolves.toEqual([]);
    const prefixed = new Transport({ host: `${server.url}/prefix/`, apiKey: server.apiKey, rateLimits: false });
    // The local server has nothing under /prefix: its 404 shows the prefix was kept in front of /api/.
    await expect(projects.listProjects(prefixed, server.organizationId)).rejects.toMatchObject({ status: 404 });
  });
});

describe("an answer about another project is never taken for the one asked for", () => {
  test("GET, PATCH and reset_token answered with another project's record fail clearly", async () => {
    const mine = await projects.createProject(http, server.organizationId, { name: "Mine" });
    const other = await projects.createProject(http, server.organizationId, { name: "Other" });
    const path = `/projects/${mine.id}/`;
    await server.fault({ method: "GET", path, status: 200, body: other, count: 10 });
    await server.fault({ method: "PATCH", path, status: 200, body: other, count: 2 });
    const wrong = new RegExp(`the record of project ${other.id} \\("Other"\\) instead of project ${mine.id}, so it was not used`);
    await expect(projects.getProject(http, server.organizationId, mine.id)).rejects.toThrow(wrong);
    await expect(projects.updateProject(http, server.organizationId, mine.id, { timezone: "Asia/Tokyo" })).rejects.toThrow(wrong);
    await expect(projects.resetProjectToken(http, server.organizationId, mine.id)).rejects.toThrow(wrong);
  });

  test("a create answered with another project's record is ambiguous, whatever differs", async () => {
    const other = await projects.createProject(http, server.organizationId, { name: "Existing" });
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [other, /its name is not "Fresh"/],
      [{ ...other, name: "Fresh", organization: "0190aaaa-0000-0000-0000-000000000000" }, /it is in another organization/],
      [{ ...other, name: "Fresh", created_at: "2020-01-01T00:00:00Z" }, /it was created before this request was sent/],
    ];
    for (const [body, reason] of cases) {
      await server.fault({ method: "POST", path: "/projects/?$", status: 201, body });
      const error = await projects.createProject(http, server.organizationId, { name: "Fresh" }).catch((e: Error & { kind?: string }) => e);
      expect(error).toMatchObject({ kind: "ambiguous" });
      expect((error as Error).message).toMatch(
        new RegExp(`PostHog answered with project ${other.id} .*which is not the project this create asked for`),
      );
      expect((error as Error).message).toMatch(reason);
    }
  });
});
