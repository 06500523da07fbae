/** Deferred deletion (src/server/projects/deletion.ts, after posthog/api/project.py ProjectViewSet.perform_destroy). */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startServer } from "../../../src/server";
import { parseArgs } from "../../../src/server/run-cli";
import { err, harness, wrap, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  // Purged only when a test says so (POST /_control/purge), or at reset.
  h = await harness({ demoDataMs: 0, deletionPurgeMs: 60_000 });
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("deferred deletion", () => {
  // posthog/api/test/test_project.py test_project_deletion_sets_pending_deletion_flag, test_project_deletion_returns_pending_deletion_in_api
  test("test_project_deletion_returns_pending_deletion_in_api: 204, then still read (flagged) and listed", async () => {
    const p = await h.createProject({ name: "Bye" });
    const r = await h.api("DELETE", h.orgPath(`${p.id}/`));
    expect([r.status, r.text]).toEqual([204, ""]);
    const read = await h.api("GET", h.orgPath(`${p.id}/`));
    expect([read.status, read.body.is_pending_deletion]).toEqual([200, true]);
    expect((await h.api("GET", `/api/projects/${p.id}/`)).body.is_pending_deletion).toBe(true);
    expect((await h.api("GET", h.orgPath())).body.results.map((x: { id: number }) => x.id)).toEqual([p.id]);
    const activity = (await h.api("GET", h.orgPath(`${p.id}/activity/`))).body.results;
    expect(activity[0].activity).toBe("deleted");
  });

  // test_delete_project_already_pending_deletion_returns_400
  test("test_delete_project_already_pending_deletion_returns_400", async () => {
    const p = await h.createProject({ name: "Twice" });
    expect((await h.api("DELETE", h.orgPath(`${p.id}/`))).status).toBe(204);
    const again = await h.api("DELETE", h.orgPath(`${p.id}/`));
    expect([again.status, again.body]).toEqual([400, err("validation_error", "invalid_input", "This project is already being deleted.")]);
  });

  test("a project pending deletion does not hold its name: creating or renaming to it succeeds", async () => {
    const p = await h.createProject({ name: "Reused" });
    await h.api("DELETE", h.orgPath(`${p.id}/`));
    const again = await h.api("POST", h.orgPath(), { body: { name: " reused " } });
    expect([again.status, again.body.name]).toEqual([201, "reused"]);
    expect((await h.api("POST", h.orgPath(), { body: { name: "REUSED" } })).status).toBe(409);
  });

  test("POST /_control/purge removes the pending projects now; DELETE /_control/projects/:id removes at once", async () => {
    const a = await h.createProject({ name: "A" });
    const b = await h.createProject({ name: "B" });
    await h.api("DELETE", h.orgPath(`${a.id}/`));
    expect(await h.control.purge()).toEqual({ purged: [a.id] });
    expect((await h.api("GET", h.orgPath(`${a.id}/`))).status).toBe(404);
    await h.control.deleteProject(b.id);
    expect((await h.api("GET", h.orgPath(`${b.id}/`))).status).toBe(404);
    expect(await h.control.purge()).toEqual({ purged: [] });
  });

  test("the background purge comes deletionPurgeMs after the DELETE; 0 purges within the DELETE", async () => {
    const later = await harness({ deletionPurgeMs: 150 });
    const atOnce = await harness({ deletionPurgeMs: 0 });
    try {
      const p = await later.createProject({ name: "Later" });
      await later.api("DELETE", later.orgPath(`${p.id}/`));
      expect((await later.api("GET", later.orgPath(`${p.id}/`))).status).toBe(200);
      await sleep(300);
      expect((await later.api("GET", later.orgPath(`${p.id}/`))).status).toBe(404);
      const q = await atOnce.createProject({ name: "Now" });
      expect((await atOnce.api("DELETE", atOnce.orgPath(`${q.id}/`))).status).toBe(204);
      expect((await atOnce.api("GET", atOnce.orgPath(`${q.id}/`))).status).toBe(404);
    } finally {
      await later.server.close();
      await atOnce.server.close();
    }
  });

  test("a project left pending in the state file is purged after a restart; --deletion-purge-ms", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-deletion-"));
    try {
      const statePath = path.join(dir, "state.json");
      const first = wrap(await startServer({ port: 0, statePath, deletionPurgeMs: 60_000 }));
      const p = await first.createProject({ name: "Pending" });
      await first.api("DELETE", first.orgPath(`${p.id}/`));
      await first.server.close();
      const second = wrap(await startServer({ port: 0, statePath, deletionPurgeMs: 0 }));
      try {
        expect((await second.api("GET", second.orgPath(`${p.id}/`))).status).toBe(404);
      } finally {
        await second.server.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(parseArgs(["--deletion-purge-ms", "0"]).deletionPurgeMs).toBe(0);
    expect(() => parseArgs(["--deletion-purge-ms=-1"])).toThrow(/--deletion-purge-ms/);
  });
});
