/**
 * The local server's members, invites and proxy records against what PostHog answers (posthog/api/organization_member.py,
 * organization_invite.py, proxy_record.py; measured against the 2025-08-04 backend where noted), in both versions.
 */
import { harness, type Harness } from "../helpers";

const versions = ["current", "2025-08-04"] as const;

describe.each(versions)("PostHog %s", (version) => {
  let h: Harness;
  let owner: string;
  let ana: string;
  beforeAll(async () => {
    h = await harness({ postHogVersion: version });
    await h.control.createKey({ userEmail: "ana@example.com", level: "member" });
    const list = (await h.api("GET", org("/members/"))).body;
    owner = list.results.find((m: { level: number }) => m.level === 15).user.uuid;
    ana = list.results.find((m: { user: { email: string } }) => m.user.email === "ana@example.com").user.uuid;
  });
  afterAll(() => h.server.close());
  const org = (suffix: string) => `/api/organizations/${h.server.organizationId}${suffix}`;
  const member = (uuid: string, suffix = "") => org(`/members/${uuid}/${suffix}`);

  test("members: listed with their user, level and times; filtered by exact email; no GET of one", async () => {
    const list = await h.api("GET", org("/members/?email=ana@example.com"));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(Object.keys(list.body.results[0])).toEqual([
      "id",
      "user",
      "level",
      "joined_at",
      "updated_at",
      "is_2fa_enabled",
      "has_social_auth",
      "last_login",
    ]);
    expect((await h.api("GET", org("/members/?email=ANA@example.com"))).body.count).toBe(0);
    expect((await h.api("GET", member(ana))).status).toBe(405);
    const scoped = (await h.control.createKey({ scopes: ["*"] })).key;
    expect((await h.api("GET", member(ana), { key: scoped })).body.detail).toMatch(
      /does not support Personal API Key access|does not support personal API key access/,
    );
  });

  test("members: a level is one of 1, 8, 15; never one's own; a key that is no UUID is a 500", async () => {
    expect((await h.api("PATCH", member(ana), { body: { level: 3 } })).body).toEqual({
      type: "validation_error",
      code: "invalid_choice",
      detail: '"3" is not a valid choice.',
      attr: "level",
    });
    expect((await h.api("PATCH", member(ana), { body: { level: "admin" } })).body.detail).toBe('"admin" is not a valid choice.');
    const own = await h.api("PATCH", member(owner), { body: { level: 8 } });
    expect([own.status, own.body.detail]).toEqual([403, "You can't change your own access level."]);
    const ok = await h.api("PATCH", member(ana), { body: { level: 8 } });
    expect([ok.status, ok.body.level]).toEqual([200, 8]);
    await h.api("PATCH", member(ana), { body: { level: 1 } });
    expect((await h.api("PATCH", member("00000000-0000-0000-0000-000000000000"), { body: { level: 8 } })).status).toBe(404);
    expect((await h.api("PATCH", member("xyz"), { body: { level: 8 } })).status).toBe(500);
  });

  test("members: an admin edits no owner nor makes one; no owner leaves (400); a member leaves (204)", async () => {
    const adminKey = (await h.control.createKey({ userEmail: "adm@example.com", level: "admin" })).key;
    expect((await h.api("PATCH", member(owner), { body: { level: 1 }, key: adminKey })).body.detail).toBe(
      "Your cannot edit other organization members.",
    );
    expect((await h.api("PATCH", member(ana), { body: { level: 15 }, key: adminKey })).body.detail).toBe(
      "You can only make another member owner if you're this organization's owner.",
    );
    const leave = await h.api("DELETE", member(owner));
    expect([leave.status, leave.body.detail]).toEqual([400, "Cannot leave the organization as its owner!"]);
    await h.control.createKey({ userEmail: "gone@example.com", level: "member" });
    const gone = (await h.api("GET", org("/members/?email=gone@example.com"))).body.results[0].user.uuid;
    expect((await h.api("DELETE", member(gone))).status).toBe(204);
    expect((await h.api("GET", org("/members/?email=gone@example.com"))).body.count).toBe(0);
  });

  test("invites: 201 with PostHog's fields (email lower-cased), no GET or PATCH of one, a new one replaces the email's, refused to a member; accepted, they are gone", async () => {
    const sent = await h.api("POST", org("/invites/"), {
      body: { target_email: "Bo@Example.com", first_name: " Bo ", level: 1, message: "hi" },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      target_email: "bo@example.com",
      first_name: "Bo",
      level: 1,
      is_expired: false,
      message: "hi",
      private_project_access: null,
    });
    expect(Object.keys(sent.body)).not.toContain("send_email");
    expect((await h.api("GET", org(`/invites/${sent.body.id}/`))).status).toBe(405);
    const again = await h.api("POST", org("/invites/"), { body: { target_email: "bo@example.com", level: 8 } });
    const listed = (await h.api("GET", org("/invites/"))).body.results.map((i: { id: string }) => i.id);
    expect(listed).toEqual([again.body.id]);
    expect((await h.api("POST", org("/invites/"), { body: { target_email: "ana@example.com" } })).body.detail).toBe(
      "A user with this email address already belongs to the organization.",
    );
    expect((await h.api("POST", org("/invites/"), { body: { target_email: "x@example.com", first_name: "x".repeat(31) } })).body.attr).toBe(
      "first_name",
    );
    await h.control.ageInvite(again.body.id, 4);
    expect((await h.api("GET", org("/invites/"))).body.results[0].is_expired).toBe(true);
    await h.control.acceptInvite(again.body.id);
    expect((await h.api("GET", org("/invites/"))).body.count).toBe(0);
    expect((await h.api("GET", org("/members/?email=bo@example.com"))).body.results[0].level).toBe(8);
  });

  test("proxy records: created waiting (200) with PostHog's target CNAME; no GET of one (500); listed as this version lists; DELETE of a waiting one, then of an unknown one (500)", async () => {
    const made = await h.api("POST", org("/proxy_records/"), { body: { domain: "e.example.com" } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ domain: "e.example.com", status: "waiting", message: null });
    expect(made.body.target_cname).toMatch(/^[0-9a-f]{20}\.$/);
    expect((await h.api("GET", org(`/proxy_records/${made.body.id}/`))).status).toBe(500);
    expect((await h.api("POST", org("/proxy_records/"), { body: { domain: "e.example.com" } })).status).toBe(500);
    expect((await h.api("POST", org("/proxy_records/"), { body: { domain: "x".repeat(65) } })).status).toBe(500);
    const listed = (await h.api("GET", org("/proxy_records/"))).body;
    if (version === "2025-08-04") expect(listed).toEqual([made.body]);
    else expect(listed).toEqual({ results: [made.body], max_proxy_records: 2 });
    expect((await h.api("DELETE", org(`/proxy_records/${made.body.id}/`))).body).toEqual({ success: true });
    expect((await h.api("DELETE", org(`/proxy_records/${made.body.id}/`))).status).toBe(500);
  });
});
