/** Request bodies as DRF's parsers read them (src/server/pipeline/http.ts): JSON, forms, 415, 413, non-objects. */
import { err, harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

describe("request bodies", () => {
  test("malformed JSON is a 400 parse_error", async () => {
    const r = await h.api("POST", h.orgPath(), { rawBody: "{nope", headers: { "Content-Type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ type: "invalid_request", code: "parse_error", attr: null });
    expect(r.body.detail).toMatch(/^JSON parse error - /);
  });

  test("a non-JSON content type is a 415", async () => {
    const r = await h.api("POST", h.orgPath(), { rawBody: "name=x", headers: { "Content-Type": "text/plain" } });
    expect([r.status, r.body]).toEqual([
      415,
      err("invalid_request", "unsupported_media_type", 'Unsupported media type "text/plain" in request.'),
    ]);
  });

  test("a form body is read as DRF's FormParser reads it", async () => {
    const r = await h.api("POST", h.orgPath(), {
      rawBody: "name=From+a+form&timezone=Asia%2FTokyo&anonymize_ips=true",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "From a form", timezone: "Asia/Tokyo", anonymize_ips: true });
  });

  test("oversized bodies are a 413", async () => {
    const r = await h.api("POST", h.orgPath(), { body: { name: "x", extra_settings: { blob: "x".repeat(1024 * 1024 + 10) } } });
    expect([r.status, r.body]).toEqual([413, err("invalid_request", "request_too_large", "Request body too large.")]);
    expect((await h.api("GET", h.orgPath())).status).toBe(200);
  });

  test("a body that is not an object is a validation error", async () => {
    const r = await h.api("POST", h.orgPath(), { body: ["x"] });
    expect([r.status, r.body]).toEqual([
      400,
      err("validation_error", "invalid_input", "Invalid data. Expected a dictionary, but got list."),
    ]);
  });
});

describe("the Date header", () => {
  // PostHog's Date (gunicorn's) and its created_at (Django's timezone.now()) read one clock: a client measuring that
  // clock by the header compares the result with the stamps (src/kit/lost-create.ts).
  test("every answer says the time, to the second below, of the clock that stamps created_at", async () => {
    const r = await h.api("POST", h.orgPath(), { body: { name: "Dated" } });
    expect(r.status).toBe(201);
    const date = r.headers.get("date")!;
    expect(date).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const created = Date.parse(r.body.created_at as string);
    expect(Date.parse(date)).toBeGreaterThanOrEqual(Math.floor(created / 1000) * 1000);
    expect(Date.parse(date)).toBeLessThanOrEqual(created + 1000);
  });
});
