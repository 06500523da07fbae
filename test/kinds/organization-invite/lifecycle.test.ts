/**
 * posthog.OrganizationInvite's own rules over loopback against the local server: every change sends a new invite
 * (replace), an expired invite and an accepted one are not drift and are never sent again by `up` (not even once PostHog
 * deleted the expired one, or the accepted one's member left), one deleted by hand is sent again; an invite to a member says to manage the member instead; odd emails. (Its example's create, preview,
 * adoption, import and delete: the contract, test/kinds/contract.test.ts.)
 */
import { Transport } from "../../../src/client-entry";
import * as invites from "../../../src/kinds/organization-invite/endpoints";
import * as members from "../../../src/kinds/organization-member/endpoints";
import { OrganizationInviteLifecycle } from "../../../src/kinds/organization-invite/kind";
import { startLocalPostHog, type LocalPostHog } from "../../helpers/local-posthog";

type Json = Record<string, unknown>;

let server: LocalPostHog;
let http: Transport;
let provider: OrganizationInviteLifecycle;

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 1 } });
  provider = new OrganizationInviteLifecycle({
    config: { host: server.url, apiKey: server.apiKey, organizationId: server.organizationId },
    transport: http,
  });
});
afterAll(() => server?.close());

const listed = () => invites.listInvites(http, server.organizationId);

test("every change replaces (PostHog has no update of an invite): the old invite deleted first, the new one sent", async () => {
  const inputs: Json = { targetEmail: "Dee@Example.com", firstName: "Dee", level: "member", message: "hello" };
  const created = await provider.create(inputs);
  const outs = created.outs as Json;
  expect(outs).toMatchObject({ inviteId: created.id, targetEmail: "dee@example.com", level: "member", status: "pending" });
  // PostHog's lower case of the email is the program's email.
  expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
  expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);
  for (const change of [{ level: "admin" }, { message: "bye" }, { firstName: "D" }, { targetEmail: "dee2@example.com" }])
    expect(await provider.diff(created.id, outs, { ...inputs, ...change })).toMatchObject({
      changes: true,
      replaces: Object.keys(change),
      deleteBeforeReplace: true,
    });
  await provider.delete(created.id, outs);
  expect(await listed()).toEqual([]);
});

test("expired: not drift, `up` sends nothing; accepted: not drift, kept as accepted, destroy sends nothing; deleted by hand: gone, sent again", async () => {
  const inputs: Json = { targetEmail: "eve@example.com", level: "admin" };
  const created = await provider.create(inputs);
  await server.control.ageInvite(created.id, 4);
  const expired = await provider.read(created.id, created.outs as Json);
  expect(expired.props).toMatchObject({ status: "expired" });
  expect(expired.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, expired.props as Json, inputs)).changes).toBe(false);

  const fresh = await provider.create({ targetEmail: "fay@example.com" });
  await server.control.acceptInvite(fresh.id);
  await server.clearRequests();
  const accepted = await provider.read(fresh.id, fresh.outs as Json);
  expect(accepted).toEqual({
    id: fresh.id,
    props: { ...(fresh.outs as Json), status: "accepted" },
    inputs: { targetEmail: "fay@example.com" },
  });
  expect((await provider.diff(fresh.id, accepted.props as Json, { targetEmail: "fay@example.com" })).changes).toBe(false);
  await provider.delete(fresh.id, accepted.props as Json);
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);

  // A pending invite deleted by hand is gone: the refresh drops it, and `up` sends it again.
  const pending = await provider.create({ targetEmail: "gil@example.com" });
  await invites.deleteInvite(http, server.organizationId, pending.id);
  expect(await provider.read(pending.id, pending.outs as Json)).toEqual({});
});

test("once expired or accepted, always so: an expired invite PostHog deleted (its email invited again by hand) and an accepted one whose member left are never sent again", async () => {
  const inputs: Json = { targetEmail: "hal@example.com", level: "member" };
  const created = await provider.create(inputs);
  await server.control.ageInvite(created.id, 4);
  const expired = (await provider.read(created.id, created.outs as Json)).props as Json;
  expect(expired).toMatchObject({ status: "expired" });
  // Someone invites Hal again in PostHog's interface: PostHog deletes every earlier invite of the email, expired ones too.
  const again = await invites.createInvite(http, server.organizationId, { target_email: "hal@example.com" });
  expect((await listed()).map((i) => i.id)).not.toContain(created.id);
  const kept = await provider.read(created.id, { ...expired, declaredInputs: inputs });
  expect(kept).toEqual({ id: created.id, props: { ...expired, declaredInputs: inputs, status: "expired" }, inputs });
  expect((await provider.diff(created.id, kept.props as Json, inputs)).changes).toBe(false);
  // Destroy leaves the other invite alone.
  await provider.delete(created.id, kept.props as Json);
  expect((await listed()).map((i) => i.id)).toContain(again.id);

  const ivy = await provider.create({ targetEmail: "ivy@example.com" });
  await server.control.acceptInvite(ivy.id);
  const accepted = (await provider.read(ivy.id, ivy.outs as Json)).props as Json;
  expect(accepted).toMatchObject({ status: "accepted" });
  const member = await members.findMemberByEmail(http, server.organizationId, "ivy@example.com");
  await members.removeMember(http, server.organizationId, member!.user_uuid);
  await server.clearRequests();
  const left = await provider.read(ivy.id, accepted);
  expect(left).toMatchObject({ id: ivy.id, props: { status: "accepted" } });
  expect((await provider.diff(ivy.id, left.props as Json, { targetEmail: "ivy@example.com" })).changes).toBe(false);
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
});

test("an invite to someone who belongs already says to manage them with OrganizationMember", async () => {
  await server.control.createKey({ organizationId: server.organizationId, userEmail: "gus@example.com", level: "member" });
  await expect(provider.create({ targetEmail: "GUS@example.com" })).rejects.toThrow(
    /A user with this email address already belongs to the organization\..* gus@example\.com is a member already: manage their level with posthog\.OrganizationMember/,
  );
});

test("odd emails: what PostHog's validator takes is taken, what it refuses is refused at check", async () => {
  const ok = await provider.create({ targetEmail: "o'brien+ops@sub.example.co.uk", message: "  spaced  " });
  expect((ok.outs as Json)["targetEmail"]).toBe("o'brien+ops@sub.example.co.uk");
  expect(
    (await provider.diff(ok.id, ok.outs as Json, { targetEmail: "o'brien+ops@sub.example.co.uk", message: "  spaced  " })).changes,
  ).toBe(false);
  for (const bad of ["no-at-sign", "two@@example.com", "sp ace@example.com"])
    expect((await provider.check({}, { targetEmail: bad })).failures).toEqual([
      { property: "targetEmail", reason: expect.stringMatching(/^targetEmail must be an email address/) },
    ]);
});
