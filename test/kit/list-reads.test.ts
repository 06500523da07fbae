/**
 * Reads served from a kind's list (src/kit/list-reads.ts), over loopback against the local server in both PostHog
 * versions it plays, counted in its request log: reads that arrive together cost the list's pages and no GET, answer
 * what one GET each answers, show drift made by hand as GETs do; the pages one operation read answer its later reads
 * at once, but not those of an object it wrote since nor of one they do not show; a flag deleted by hand, a list whose
 * pages change while they are read and a failing list leave those reads to their own GETs; one read alone, or a
 * lookup's reads fewer than the list's pages, is read by GET. The same for an organization's kinds and a nested one:
 * roles, and one role's memberships. Each test's reads are one operation's: a lifecycle of its own, as a host starts.
 */
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import * as members from "../../src/kinds/organization-member/endpoints";
import * as roles from "../../src/kinds/role/endpoints";
import * as memberships from "../../src/kinds/role-membership/endpoints";
import { featureFlagKind } from "../../src/kinds/feature-flag/kind";
import { featureFlagModel } from "../../src/kinds/feature-flag/model";
import type { FeatureFlag } from "../../src/kinds/feature-flag/record";
import { FeatureFlagLifecycle, RoleLifecycle, RoleMembershipLifecycle } from "../../src/provider";
import { FieldTableLifecycle } from "../../src/kit/field-lifecycle";
import { readObject } from "../../src/kit/list-reads";
import type { ListReads } from "../../src/kit/kind";
import type { Transport } from "../../src/client";
import type { ProviderConfig } from "../../src/kit/config";
import { projectScopedSetups, versions } from "../helpers/project-scoped";

type Json = Record<string, unknown>;

// Each test starts its own operations (`operation`): no provider is shared.
const setups = projectScopedSetups("List reads", () => undefined);

/** The project's flag requests since the log was cleared: list pages and GETs of one flag. */
async function flagReads(setup: {
  server: { requests(f: { method: string }): Promise<Array<{ path: string; query: Record<string, string> }>> };
}) {
  const gets = await setup.server.requests({ method: "GET" });
  return {
    lists: gets.filter((r) => /\/feature_flags\/$/.test(r.path)),
    gets: gets.filter((r) => /\/feature_flags\/\d+\/$/.test(r.path)).map((r) => Number(r.path.split("/").at(-2))),
  };
}

async function createFlags(http: Transport, projectId: number, prefix: string, n: number): Promise<FeatureFlag[]> {
  const made: FeatureFlag[] = [];
  for (let i = 0; i < n; i += 25)
    made.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(25, n - i) }, (_, j) =>
          featureFlags.createFeatureFlag(http, projectId, { key: `${prefix}-${i + j}`, name: `Flag ${i + j}` }),
        ),
      )),
    );
  return made;
}

/**
 * A lookup's read (`getFeatureFlag` by id): lookups keep no pages, so each batch the gathering closes is a pass of its
 * own, and a gathering cut short shows as another page.
 */
const lookup = (http: Transport, projectId: number, flag: FeatureFlag) => readObject(featureFlagKind, http, projectId, flag.id);

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("250 flags read together cost 3 list pages and no GET, and answer what one GET each answers", async () => {
    const { server, http, projectId } = setup();
    const provider = operation(setup());
    const flags = await createFlags(http, projectId, `many-${version}`, 250);
    const ids = flags.map((f) => String(f.id));
    // One at a time, each read is alone: its GET.
    await server.clearRequests();
    const alone: unknown[] = [];
    for (const id of ids.slice(0, 5)) alone.push(await provider.read(id));
    expect(await flagReads(setup())).toEqual({ lists: [], gets: flags.slice(0, 5).map((f) => f.id) });

    await server.clearRequests();
    const together = await Promise.all(ids.map((id) => provider.read(id)));
    const { lists, gets } = await flagReads(setup());
    const all = (await featureFlags.listFeatureFlags(http, projectId)).length;
    expect(lists.map((r) => r.query)).toEqual(
      Array.from({ length: Math.ceil(all / 100) }, (_, i) => ({ limit: "100", ...(i > 0 && { offset: String(i * 100) }) })),
    );
    expect(gets).toEqual([]);
    expect(together.slice(0, 5)).toEqual(alone);
    expect(together.map((r) => r.id)).toEqual(ids);

    // Later reads in the same operation are answered from the pages it read: no request.
    await server.clearRequests();
    expect(await Promise.all(ids.slice(0, 3).map((id) => provider.read(id)))).toEqual(together.slice(0, 3));
    expect(await flagReads(setup())).toEqual({ lists: [], gets: [] });

    // A lookup keeps no pages: fewer of its reads together than the list has pages are their GETs, which are cheaper.
    await server.clearRequests();
    await Promise.all(flags.slice(0, 3).map((f) => readObject(featureFlagKind, http, projectId, f.id)));
    expect(await flagReads(setup())).toEqual({ lists: [], gets: flags.slice(0, 3).map((f) => f.id) });
  });

  test("drift made by hand between two refreshes shows as with GETs; a flag deleted by hand is confirmed gone by its GET", async () => {
    const { server, http } = setup();
    const provider = operation(setup());
    // A project of their own: a list of one page.
    const projectId = (await projects.createProject(http, server.organizationId, { name: `Drift ${version}` })).id;
    const inputs = (i: number): Json => ({ projectId, key: `drift-${version}-${i}`, name: `Drift ${i}`, active: true });
    const created: Array<{ id: string; outs?: unknown }> = [];
    for (let i = 0; i < 3; i++) created.push(await provider.create(inputs(i)));
    // Each refresh is an operation of its own.
    const refresh = () => {
      const refreshing = operation(setup());
      return Promise.all(created.map((c) => refreshing.read(c.id, c.outs as Json)));
    };

    await server.clearRequests();
    const first = await refresh();
    for (const [i, read] of first.entries()) expect(read.inputs).toEqual(inputs(i));

    await featureFlags.updateFeatureFlag(http, projectId, Number(created[1]!.id), { name: "Renamed by hand", active: false });
    await featureFlags.deleteFeatureFlag(http, projectId, Number(created[2]!.id));
    await server.clearRequests();
    const second = await refresh();
    expect(second[0]!.inputs).toEqual(inputs(0));
    expect(second[1]!.inputs).toEqual({ ...inputs(1), name: "Renamed by hand", active: false });
    expect((await provider.diff(created[1]!.id, second[1]!.props as Json, inputs(1))).changes).toBe(true);
    // Gone from the list: its own GET decides (deleted: the state drops it).
    expect(second[2]).toEqual({});
    const { lists, gets } = await flagReads(setup());
    expect(lists.length).toBeGreaterThan(0);
    expect(gets).toEqual([Number(created[2]!.id)]);
  });

  test("reads let through 8 at a time, as the engine's default --parallel on 2 cores does, oldest first (on the list's last page), cost the list's 3 pages once and no GET: the first batch's pass answers every later read", async () => {
    const { server, http } = setup();
    const provider = operation(setup());
    // A project of its own, its flags read in the order they were made, as a refresh reads a stack's: the list shows
    // the newest first, so the first reads are on its last page.
    const projectId = (await projects.createProject(http, server.organizationId, { name: `Parallel ${version}` })).id;
    const flags = await createFlags(http, projectId, `parallel-${version}`, 250);
    const queue = flags.map((f) => String(f.id));
    await server.clearRequests();
    // The engine's limit: it sends the next read only when one is answered.
    const answered: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift())
          answered.push((await provider.read(id, { projectId } as Json)).id!);
      }),
    );
    expect(answered.sort()).toEqual(flags.map((f) => String(f.id)).sort());
    const { lists, gets } = await flagReads(setup());
    expect({ lists: lists.map((r) => r.query), gets }).toEqual({
      lists: [{ limit: "100" }, { limit: "100", offset: "100" }, { limit: "100", offset: "200" }],
      gets: [],
    });
  });

  test("within an operation, once a page was read, a place's first read starts its pass at once: another project's flags read one at a time (as the engine's slots free up) cost one page of their list, no GET, and wait for no silence", async () => {
    const { server, http } = setup();
    const provider = operation(setup());
    const [first, second] = await Promise.all(
      ["first", "second"].map(async (name) => {
        const projectId = (await projects.createProject(http, server.organizationId, { name: `Paged ${name} ${version}` })).id;
        return { projectId, flags: await createFlags(http, projectId, `paged-${name}-${version}`, 5) };
      }),
    );
    // The operation's first reads, together: a page of the first project's list.
    await Promise.all(first!.flags.map((f) => provider.read(String(f.id), { projectId: first!.projectId } as Json)));
    await server.clearRequests();
    const started = Date.now();
    for (const flag of second!.flags) await provider.read(String(flag.id), { projectId: second!.projectId } as Json);
    const ms = Date.now() - started;
    const { lists, gets } = await flagReads(setup());
    expect({ lists: lists.map((r) => r.path), gets }).toEqual({ lists: [`/api/projects/${second!.projectId}/feature_flags/`], gets: [] });
    // Alone, each read would have waited for company (100 ms of silence) before its GET.
    expect(ms).toBeLessThan(5 * 100);
  });

  test("reads that trickle in slower and slower, as to a busy host, are still one batch served by one page", async () => {
    const { server, http } = setup();
    const projectId = (await projects.createProject(http, server.organizationId, { name: `Trickle ${version}` })).id;
    const flags = await createFlags(http, projectId, `trickle-${version}`, 5);
    // A command of its own: the engine's holding back, seen by the test before, ages out after a second.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.clearRequests();
    // The second read within the 100 ms a read alone waits; then gaps past the 300 ms quiet window of reads that come
    // together, each within twice the longest before it.
    const gaps = [0, 60, 280, 420, 420];
    const reads: Promise<unknown>[] = [];
    for (const [i, gap] of gaps.entries()) {
      await new Promise((resolve) => setTimeout(resolve, gap));
      reads.push(lookup(http, projectId, flags[i]!));
    }
    await Promise.all(reads);
    const { lists, gets } = await flagReads(setup());
    expect({ lists: lists.length, gets }).toEqual({ lists: 1, gets: [] });
  });

  /** Reads of `flags` sent in clumps: each clump's reads `within` ms apart, `pause` ms between clumps. */
  async function readInClumps(
    http: Transport,
    projectId: number,
    clumps: readonly (readonly FeatureFlag[])[],
    { within, pause }: { within: number; pause: number },
  ) {
    const reads: Promise<unknown>[] = [];
    for (const [c, clump] of clumps.entries()) {
      if (c > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      for (const [i, flag] of clump.entries()) {
        if (i > 0 && within > 0) await new Promise((resolve) => setTimeout(resolve, within));
        reads.push(lookup(http, projectId, flag));
      }
    }
    return Promise.all(reads);
  }

  test("reads that come in clumps for longer than two seconds, pausing up to 250 ms between clumps (as a preview --refresh of a large program sends them), are one batch served by one page", async () => {
    const { server, http } = setup();
    const projectId = (await projects.createProject(http, server.organizationId, { name: `Clumps ${version}` })).id;
    const flags = await createFlags(http, projectId, `clumps-${version}`, 90);
    await server.clearRequests();
    const clumps = Array.from({ length: 9 }, (_, c) => flags.slice(c * 10, c * 10 + 10));
    await readInClumps(http, projectId, clumps, { within: 0, pause: 250 });
    const { lists, gets } = await flagReads(setup());
    expect({ lists: lists.length, gets }).toEqual({ lists: 1, gets: [] });
  });

  test("reads of several places mixed in one stream, one place's reads 350 ms apart between the others' (as an organization's drift check sends them), are one batch per place: one page each, no GET", async () => {
    const { server, http } = setup();
    const made = await Promise.all(
      ["A", "B", "C"].map(async (name) => {
        const projectId = (await projects.createProject(http, server.organizationId, { name: `Stream ${name} ${version}` })).id;
        return { projectId, flags: await createFlags(http, projectId, `stream-${name}-${version}`, name === "C" ? 4 : 24) };
      }),
    );
    const [a, b, c] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.clearRequests();
    // One read every 25 ms, A's and B's in turn, and in every fourteenth slot one of C's: C's reads come 350 ms apart,
    // longer than any quiet window, while the stream never pauses.
    const order: [typeof a, FeatureFlag][] = a.flags.flatMap(
      (flag, i) =>
        [
          [a, flag],
          [b, b.flags[i]!],
        ] as [typeof a, FeatureFlag][],
    );
    for (const [i, flag] of c.flags.entries()) order.splice(i * 14, 0, [c, flag]);
    const reads: Promise<unknown>[] = [];
    for (const [slot, [place, flag]] of order.entries()) {
      if (slot > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      reads.push(lookup(http, place.projectId, flag));
    }
    await Promise.all(reads);
    const gets = await server.requests({ method: "GET" });
    const ofPlace = (projectId: number) =>
      gets.filter((r) => r.path.includes(`/${projectId}/feature_flags/`)).map((r) => r.path.split(`/${projectId}/`)[1]);
    expect(made.map((place) => ofPlace(place.projectId))).toEqual([["feature_flags/"], ["feature_flags/"], ["feature_flags/"]]);
  });

  test("more reads at once than waited at the last silence are not cut at that number: the engine was not holding them back", async () => {
    const { server, http } = setup();
    const projectId = (await projects.createProject(http, server.organizationId, { name: `Outgrown ${version}` })).id;
    const flags = await createFlags(http, projectId, `outgrown-${version}`, 22);
    await server.clearRequests();
    // Five reads, a silence that closes their batch; then eleven, a pause shorter than the quiet window, and six more.
    await readInClumps(http, projectId, [flags.slice(0, 5)], { within: 0, pause: 0 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await readInClumps(http, projectId, [flags.slice(5, 16), flags.slice(16)], { within: 0, pause: 150 });
    const { lists, gets } = await flagReads(setup());
    expect({ lists: lists.length, gets }).toEqual({ lists: 2, gets: [] });
  });

  test("pages changing while read (a flag deleted by hand after the first page, one created by hand after the second): the read a page misses takes its GET", async () => {
    const { server, http, projectId } = setup();
    const flags = await createFlags(http, projectId, `moving-${version}`, 150);
    // Newest first: the new flags are the first 150 of the list.
    const listed = (await featureFlags.listFeatureFlags(http, projectId)).map((f) => f.id);
    const pages: ListReads<number> = async function* (h, where) {
      let n = 0;
      for await (const page of featureFlags.featureFlagPages(h, where)) {
        yield page;
        n++;
        // After page 1, its first flag is deleted: page 2 begins one later, and the flag that began it is on no page read.
        if (n === 1) await featureFlags.deleteFeatureFlag(http, projectId, listed[0]!);
        // After page 2, a flag is created: the rest moves down one, nothing read is missed.
        if (n === 2) await featureFlags.createFeatureFlag(http, projectId, { key: `moving-${version}-new` });
      }
    };
    const probe = probeLifecycle({ ...featureFlagKind, listReads: pages }, setup());
    await server.clearRequests();
    const reads = await Promise.all(flags.map((f) => probe.read(String(f.id))));
    // Every flag was live when its read arrived and when the list was asked for: each is read, from its page or its GET.
    expect(reads.map((r) => r.id)).toEqual(flags.map((f) => String(f.id)));
    const { lists, gets } = await flagReads(setup());
    expect(gets).toEqual([listed[100]]);
    expect(lists.length).toBeGreaterThanOrEqual(2);
  });

  test("an organization's roles read together cost one page of its list, one role's memberships one of theirs, and no GET", async () => {
    const { server, http } = setup();
    const organizationId = server.organizationId;
    const connection = { config: { host: server.url, apiKey: server.apiKey, organizationId }, transport: http };
    const made = await Promise.all([0, 1, 2].map((i) => roles.createRole(http, organizationId, { name: `Listed ${version} ${i}` })));
    const emails = [0, 1, 2].map((i) => `listed-${i}-${version}@example.com`.toLowerCase());
    for (const userEmail of emails) await server.control.createKey({ organizationId, userEmail, level: "member" });
    const users = (await members.listMembers(http, organizationId)).filter((m) => emails.includes(m.email));
    const role = { scope: organizationId, parent: made[0]!.id };
    const joined = await Promise.all(users.map((m) => memberships.createRoleMembership(http, role, { user_uuid: m.user_uuid })));
    const roleReads = new RoleLifecycle(connection);
    const membershipReads = new RoleMembershipLifecycle(connection);
    const alone = await roleReads.read(made[0]!.id);

    await server.clearRequests();
    const [readRoles, readMemberships] = await Promise.all([
      Promise.all(made.map((r) => roleReads.read(r.id))),
      Promise.all(joined.map((m) => membershipReads.read(`${made[0]!.id}/${m.id}`))),
    ]);
    expect(readRoles[0]).toEqual(alone);
    expect(readRoles.map((r) => (r.props as Json)["name"])).toEqual(made.map((r) => r.name));
    expect(readMemberships.map((r) => (r.props as Json)["userUuid"])).toEqual(users.map((m) => m.user_uuid));
    const gets = (await server.requests({ method: "GET" })).map((r) => ({ path: r.path.replace(organizationId, "<org>"), query: r.query }));
    // PostHog 2025-08-04 filters roles by every query parameter (RoleViewSet): the roles' list is asked for without one.
    expect(gets).toEqual(
      expect.arrayContaining([
        { path: "/api/organizations/<org>/roles/", query: {} },
        { path: `/api/organizations/<org>/roles/${made[0]!.id}/role_memberships/`, query: { limit: "100" } },
      ]),
    );
    expect(gets).toHaveLength(2);
  });

  test("a failing list leaves every read to its GET", async () => {
    const { server, http, projectId } = setup();
    const provider = operation(setup());
    await createFlags(http, projectId, `failing-${version}`, 4);
    const flags = await featureFlags.listFeatureFlags(http, projectId);
    await server.fault({ method: "GET", path: "/feature_flags/$", status: 500, count: 10 });
    await server.clearRequests();
    const reads = await Promise.all(flags.map((f) => provider.read(String(f.id))));
    expect(reads.map((r) => (r.props as Json)["key"])).toEqual(flags.map((f) => f.key));
    const { lists, gets } = await flagReads(setup());
    expect(lists.length).toBeGreaterThan(0);
    expect(gets.sort()).toEqual(flags.map((f) => f.id).sort());
    await server.control.clearFaults();
  });

  test("within an operation, a read of an object it wrote since its page was read, or of one its pages do not show, takes its GET; a change made by hand after the page was read shows at the next operation", async () => {
    const { server, http } = setup();
    const projectId = (await projects.createProject(http, server.organizationId, { name: `Written ${version}` })).id;
    const made = await Promise.all(
      [0, 1, 2].map((i) => operation(setup()).create({ projectId, key: `written-${version}-${i}`, name: `Flag ${i}` })),
    );
    const provider = operation(setup());
    await Promise.all(made.map((m) => provider.read(m.id, m.outs as Json)));
    // After the pass: one flag updated by this operation, one renamed by hand, one created by hand.
    await provider.update(made[0]!.id, made[0]!.outs as Json, { projectId, key: `written-${version}-0`, name: "Updated by Pulumi" });
    await featureFlags.updateFeatureFlag(http, projectId, Number(made[1]!.id), { name: "Renamed by hand" });
    const byHand = await featureFlags.createFeatureFlag(http, projectId, { key: `written-${version}-by-hand` });
    await server.clearRequests();
    const [updated, renamed, unchanged, created] = await Promise.all([
      ...made.map((m) => provider.read(m.id, m.outs as Json)),
      provider.read(String(byHand.id), { projectId } as Json),
    ]);
    expect((updated!.props as Json)["name"]).toBe("Updated by Pulumi");
    // As the operation's page showed it: the change by hand came after.
    expect((renamed!.props as Json)["name"]).toBe("Flag 1");
    expect((unchanged!.props as Json)["name"]).toBe("Flag 2");
    // Not on the pages read: its own GET finds it, never judged gone.
    expect(created!.id).toBe(String(byHand.id));
    expect(await flagReads(setup())).toEqual({ lists: [], gets: [Number(made[0]!.id), byHand.id] });

    await server.clearRequests();
    const next = await operation(setup()).read(made[1]!.id, made[1]!.outs as Json);
    expect((next.props as Json)["name"]).toBe("Renamed by hand");
  });
});

/** How a setup's provider connects: its server, transport and project. */
function connectionOf(setup: { server: { url: string; apiKey: string; organizationId: string }; http: Transport; projectId: number }) {
  const { server, http, projectId } = setup;
  const config: ProviderConfig = {
    host: server.url,
    apiKey: server.apiKey,
    organizationId: server.organizationId,
    projectId: String(projectId),
  };
  return { config, transport: http };
}

/** A flag lifecycle for one operation, as a host starts one: the lists it reads are its own. */
function operation(setup: Parameters<typeof connectionOf>[0]) {
  return new FeatureFlagLifecycle(connectionOf(setup));
}

/** A flag lifecycle over another kind's facts (its list), for reads, connected as the setup's provider is. */
function probeLifecycle(kind: typeof featureFlagKind, setup: Parameters<typeof connectionOf>[0]) {
  class Probe extends FieldTableLifecycle<FeatureFlag> {
    protected override obtain(): never {
      throw new Error("reads only");
    }
  }
  return new Probe(kind, featureFlagModel, connectionOf(setup));
}
