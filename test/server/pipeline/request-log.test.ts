/** The log of /api/ and capture requests that the control surface returns (src/server/pipeline/request-log.ts). */
import { harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

describe("the request log", () => {
  test("the request log never carries credentials", async () => {
    await h.control.clearRequests();
    await h.api("GET", `${h.orgPath()}?personal_api_key=${h.server.apiKey}`, { key: null });
    await h.api("POST", h.orgPath(), { body: { name: "Logged", timezone: "UTC" } });
    const log = await h.control.requests();
    expect(log.map((e) => [e.method, e.status])).toEqual([
      ["GET", 200],
      ["POST", 201],
    ]);
    expect(log[0].query).toEqual({ personal_api_key: "[redacted]" });
    expect(log[1].bodyKeys).toEqual(["name", "timezone"]);
    expect(JSON.stringify(log)).not.toContain(h.server.apiKey);
  });
});
