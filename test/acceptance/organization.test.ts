/**
 * Members, invites and proxy records against a real PostHog, beyond the contract (test/acceptance/contract.test.ts):
 * PostHog's own refusal of a change of one's own level, which OrganizationMember refuses first at check naming the
 * rule; an invite to someone who belongs; a proxy record gone by hand (PostHog's GET of one and its DELETE of an
 * unknown one both 500: the lifecycle asks the list).
 */
import { users } from "../../src/client-entry";
import * as members from "../../src/kinds/organization-member/endpoints";
import { OrganizationMemberLifecycle } from "../../src/kinds/organization-member/kind";
import { OrganizationInviteLifecycle } from "../../src/kinds/organization-invite/kind";
import * as proxyRecords from "../../src/kinds/proxy-record/endpoints";
import { ProxyRecordLifecycle } from "../../src/kinds/proxy-record/kind";
import { acceptanceTarget, named, transport } from "./real-posthog";

const target = acceptanceTarget();
const apiKey = target.keys.all ?? target.apiKey;
const http = transport(target, apiKey);
const connection = { config: { host: target.url, apiKey, organizationId: target.organizationId }, transport: http };

test("PostHog refuses a change of one's own level (403); OrganizationMember refuses it first, at check, naming the rule", async () => {
  const me = await users.getCurrentUser(http);
  const mine = await members.getMember(http, target.organizationId, me.uuid);
  const other = mine.level === "owner" ? "admin" : "member";
  await expect(members.updateMember(http, target.organizationId, me.uuid, { level: other })).rejects.toThrow(
    "You can't change your own access level.",
  );
  const failures = (await new OrganizationMemberLifecycle(connection).check({}, { userUuid: me.uuid, level: other })).failures ?? [];
  expect(failures[0]).toEqual({
    property: "level",
    reason: expect.stringMatching(/^No lockout: the level of the key's own user .*You can't change your own access level/),
  });
});

test("an invite to someone who belongs: PostHog's 400, and what to use instead", async () => {
  const me = await users.getCurrentUser(http);
  await expect(new OrganizationInviteLifecycle(connection).create({ targetEmail: me.email })).rejects.toThrow(
    /A user with this email address already belongs to the organization\..* is a member already: manage their level with posthog\.OrganizationMember/,
  );
});

test("a proxy record gone by hand: a refresh drops it and destroy sends no DELETE (PostHog's would 500)", async () => {
  const provider = new ProxyRecordLifecycle(connection);
  const created = await provider.create({ domain: `${named(target, "gone")}.example.com` });
  expect(created.outs).toMatchObject({ status: "waiting", targetCname: expect.stringMatching(/^[0-9a-f]{20}\./) });
  await proxyRecords.deleteProxyRecord(http, target.organizationId, created.id);
  await expect(proxyRecords.deleteProxyRecord(http, target.organizationId, created.id)).rejects.toThrow(/500/);
  expect(await provider.read(created.id, created.outs as Record<string, unknown>)).toEqual({});
  await provider.delete(created.id, created.outs as Record<string, unknown>);
});
