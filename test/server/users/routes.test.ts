/**
 * The current user on the local server (src/server/users/, after UserViewSet of posthog/api/user.py): `@me` with the
 * key's user, `user:read` required, no other user for a non-staff user, no numeric `id` when playing 2025-08-04
 * (its UserSerializer had none, measured at the real backend), and the selection of the current organization.
 */
import { harness, type Harness } from "../helpers";

let h: Harness;
let old: Harness;
beforeAll(async () => {
  h = await harness();
  old = await harness({ postHogVersion: "2025-08-04" });
});
afterAll(() => Promise.all([h.server.close(), old.server.close()]));

test("@me answers the key's user, its id among today's fields", async () => {
  const key = await h.control.createKey({ scopes: ["user:read"] });
  const res = await h.api("GET", "/api/users/@me/", { key: key.key });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id: key.userId, uuid: expect.any(String), email: expect.stringContaining("@") });
});

test("user:read is required; another user is refused to a non-staff user", async () => {
  const key = await h.control.createKey({ scopes: ["project:read"] });
  expect((await h.api("GET", "/api/users/@me/", { key: key.key })).body).toMatchObject({
    detail: "API key missing required scope 'user:read'",
  });
  expect((await h.api("GET", "/api/users/1/")).body).toMatchObject({
    detail: "As a non-staff user you're only allowed to access the `@me` user instance.",
  });
});

test("PostHog 2025-08-04's user record has no numeric id", async () => {
  const res = await old.api("GET", "/api/users/@me/");
  expect(res.status).toBe(200);
  expect(res.body).not.toHaveProperty("id");
  expect(res.body).toHaveProperty("uuid");
});

test("PATCH set_current_organization selects a member's organization and its first project; user:write; another organization does not exist", async () => {
  const other = await h.control.createOrganization({ name: "Other", ownedByDefaultUser: true });
  const stranger = await h.control.createOrganization({ name: "Stranger" });
  const reader = await h.control.createKey({ scopes: ["user:read"] });
  expect((await h.api("PATCH", "/api/users/@me/", { key: reader.key, body: { set_current_organization: other.id } })).body).toMatchObject({
    detail: "API key missing required scope 'user:write'",
  });
  expect((await h.api("PATCH", "/api/users/@me/", { body: { set_current_organization: stranger.id } })).body).toMatchObject({
    attr: "set_current_organization",
    code: "does_not_exist",
    detail: `Object with id=${stranger.id} does not exist.`,
  });
  const selected = await h.api("PATCH", "/api/users/@me/", { body: { set_current_organization: other.id } });
  expect(selected.status).toBe(200);
  expect(selected.body).toMatchObject({ organization: { id: other.id, name: "Other" }, team: null });
  expect((await h.api("PATCH", "/api/users/@me/", { body: { set_current_organization: h.server.organizationId } })).status).toBe(200);
});
