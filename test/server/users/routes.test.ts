/**
 * The current user on the local server (src/server/users/, after UserViewSet of posthog/api/user.py): `@me` with the
 * key's user, `user:read` required, no other user for a non-staff user, and no numeric `id` when playing 2025-08-04
 * (its UserSerializer had none, measured at the real backend).
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
