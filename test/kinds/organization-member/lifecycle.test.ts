/**
 * posthog.OrganizationMember's own rules over loopback against the local server: a change of level is an update made
 * in place, drift shows old => new; no lockout (the key's own user's level is never changed nor the user removed, the
 * last owner never demoted: each refused at check, naming the rule); delete stops managing unless removeOnDelete; a
 * member removed by hand; someone who does not belong. (Create, preview, drift, adoption, import and delete of its
 * example: the contract, test/kinds/contract.test.ts.)
 */
import { Transport, users } from "../../../src/client-entry";
import * as members from "../../../src/kinds/organization-member/endpoints";
import { OrganizationMemberLifecycle, organizationMemberKind } from "../../../src/kinds/organization-member/kind";
import { startLocalPostHog, type LocalPostHog } from "../../helpers/local-posthog";

type Json = Record<string, unknown>;

let server: LocalPostHog;
let http: Transport;
let me: string;
let ana: string;

const connect = (apiKey: string) => {
  const transport = new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 1 } });
  return { config: { host: server.url, apiKey, organizationId: server.organizationId }, transport };
};
const lifecycle = (apiKey = server.apiKey) => new OrganizationMemberLifecycle(connect(apiKey));
const levelOf = async (uuid: string) => (await members.getMember(http, server.organizationId, uuid)).level;

beforeAll(async () => {
  server = await startLocalPostHog();
  http = connect(server.apiKey).transport;
  me = (await users.getCurrentUser(http)).uuid;
  await server.control.createKey({ organizationId: server.organizationId, userEmail: "ana@example.com", level: "member" });
  ana = (await members.findMemberByEmail(http, server.organizationId, "ana@example.com"))!.id;
});
afterAll(() => server?.close());

test("a change of level is an update made in place (one PATCH of level 8), and a change by hand shows old => new", async () => {
  const provider = lifecycle();
  const inputs: Json = { userUuid: ana, level: "admin" };
  expect((await provider.check({}, inputs)).failures).toBeUndefined();
  await server.clearRequests();
  const created = await provider.create(inputs);
  expect(created.id).toBe(ana);
  expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["level"]]);
  expect(await levelOf(ana)).toBe("admin");
  const outs = created.outs as Json;
  expect(outs).toMatchObject({ userUuid: ana, level: "admin", email: "ana@example.com" });

  expect(await provider.diff(ana, outs, { ...inputs, level: "member" })).toMatchObject({ changes: true, replaces: [] });
  await members.updateMember(http, server.organizationId, ana, { level: "member" });
  const drifted = await provider.read(ana, outs);
  expect(drifted.inputs).toEqual({ ...inputs, level: "member" });
  const restored = await provider.update(ana, drifted.props as Json, inputs);
  expect((restored.outs as Json)["level"]).toBe("admin");
  expect(await levelOf(ana)).toBe("admin");
  await members.updateMember(http, server.organizationId, ana, { level: "member" });
});

test("no lockout: the key's own user's level is never changed (refused at check, naming PostHog's own 403); declared at its own level it is managed", async () => {
  const provider = lifecycle();
  const checked = await provider.check({}, { userUuid: me, level: "admin" });
  expect(checked.failures).toEqual([
    {
      property: "level",
      reason: expect.stringMatching(
        /^No lockout: the level of the key's own user \(local@posthog\.localhost, owner\) is never changed\. PostHog refuses .*You can't change your own access level/,
      ),
    },
    // The key's user is the only owner, too.
    { property: "level", reason: expect.stringMatching(/last owner/) },
  ]);
  // PostHog's own answer to the same change.
  await expect(members.updateMember(http, server.organizationId, me, { level: "admin" })).rejects.toThrow(
    "You can't change your own access level.",
  );
  // Imported as it is: nothing to change, nothing refused.
  expect((await provider.check({}, { userUuid: me, level: "owner" })).failures).toBeUndefined();
});

test("no lockout: removeOnDelete is refused for the key's own user, and for any owner (PostHog lets no owner leave)", async () => {
  await server.control.createKey({ organizationId: server.organizationId, userEmail: "admin@example.com", level: "admin" });
  const admin = (await members.findMemberByEmail(http, server.organizationId, "admin@example.com"))!.id;
  const adminKey = (
    await server.control.createKey({ organizationId: server.organizationId, userEmail: "admin@example.com", level: "admin" })
  ).key;
  const byAdmin = lifecycle(adminKey);
  expect((await byAdmin.check({}, { userUuid: admin, level: "admin", removeOnDelete: true })).failures).toEqual([
    {
      property: "removeOnDelete",
      reason: expect.stringMatching(/^No lockout: the key's own user \(admin@example\.com\) is never removed/),
    },
  ]);
  expect((await lifecycle().check({}, { userUuid: me, level: "owner", removeOnDelete: true })).failures).toEqual([
    { property: "removeOnDelete", reason: expect.stringMatching(/cannot remove an owner.*Cannot leave the organization as its owner!/) },
  ]);
  // A state written before (another key): the delete refuses too, sending nothing.
  await server.clearRequests();
  await expect(
    byAdmin.delete(admin, { userUuid: admin, declaredInputs: { userUuid: admin, level: "admin", removeOnDelete: true } }),
  ).rejects.toThrow(/^No lockout: the key's own user is never removed/);
  expect(await server.requests({ method: "DELETE" })).toEqual([]);
});

test("no lockout: the organization's last owner is never demoted, whoever's key asks", async () => {
  const adminKey = (
    await server.control.createKey({ organizationId: server.organizationId, userEmail: "admin2@example.com", level: "admin" })
  ).key;
  const failures = (await lifecycle(adminKey).check({}, { userUuid: me, level: "admin" })).failures;
  expect(failures).toEqual([
    {
      property: "level",
      reason: expect.stringMatching(/^No lockout: local@posthog\.localhost is the organization's last owner and is never demoted/),
    },
  ]);
  // With a second owner, the first may be demoted (by another owner's key).
  await server.control.createKey({ organizationId: server.organizationId, userEmail: "owner2@example.com", level: "owner" });
  expect((await lifecycle(adminKey).check({}, { userUuid: me, level: "admin" })).failures).toBeUndefined();
});

test("delete stops managing (nothing sent); with removeOnDelete the person leaves; removed by hand, a refresh drops it and up says why it cannot put them back and to invite them", async () => {
  const provider = lifecycle();
  await server.control.createKey({ organizationId: server.organizationId, userEmail: "cy@example.com", level: "member" });
  const cy = (await members.findMemberByEmail(http, server.organizationId, "cy@example.com"))!.id;
  const kept = await provider.create({ userUuid: cy, level: "member" });
  await server.clearRequests();
  await provider.delete(cy, kept.outs as Json);
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  expect(await levelOf(cy)).toBe("member");

  const removing = await provider.create({ userUuid: cy, level: "member", removeOnDelete: true });
  await provider.delete(cy, removing.outs as Json);
  expect((await server.requests({ method: "DELETE" })).map((r) => r.status)).toEqual([204]);
  await expect(members.getMember(http, server.organizationId, cy)).rejects.toThrow(/404|Not found/);

  // Gone (removed by hand): the refresh drops it; up cannot put a person back, and says why (PostHog adds no member
  // through its API) and how (an invite).
  expect(await provider.read(cy, removing.outs as Json)).toEqual({});
  const why =
    /cannot put anyone back: PostHog's members API only changes levels and removes \(OrganizationMemberViewSet, posthog\/api\/organization_member\.py, has no create\); people join by accepting an invite\. Invite them \(posthog\.OrganizationInvite\)/;
  expect((await provider.check({}, { userUuid: cy, level: "member" })).failures).toEqual([
    {
      property: "userUuid",
      reason: expect.stringMatching(new RegExp(`is not a member of organization .* \\(removed, or never joined\\): .*${why.source}`)),
    },
  ]);
  await expect(provider.create({ userUuid: cy, level: "member" })).rejects.toThrow(why);
});

test("getOrganizationMember finds a member by exact email (PostHog's filter is case-sensitive)", async () => {
  const find = organizationMemberKind.lookups!.uniqueBy!.find;
  expect(await find(http, server.organizationId, "ana@example.com")).toMatchObject({ id: ana, email: "ana@example.com", level: "member" });
  expect(await find(http, server.organizationId, "ANA@example.com")).toBeNull();
});
