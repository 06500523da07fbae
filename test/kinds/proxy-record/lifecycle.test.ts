/**
 * posthog.ProxyRecord's own rules over loopback against the local server, in both PostHog versions it plays: created
 * waiting with PostHog's target CNAME, a new domain replaces, a taken or too long domain (PostHog's 500s) said or
 * refused before, a domain another organization holds (the same 500, nothing of ours holding it) explained, a record being deleted is gone, destroy of one gone by hand sends nothing (PostHog's destroy 500s
 * on an unknown id). (Its example's create, preview, adoption, import and delete: the contract.)
 */
import { Transport } from "../../../src/client-entry";
import * as records from "../../../src/kinds/proxy-record/endpoints";
import { ProxyRecordLifecycle } from "../../../src/provider";
import { startLocalPostHog, type LocalPostHog } from "../../helpers/local-posthog";
import { versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

describe.each(versions)("PostHog %s", (version) => {
  let server: LocalPostHog;
  let http: Transport;
  let provider: ProxyRecordLifecycle;
  beforeAll(async () => {
    server = await startLocalPostHog({ postHogVersion: version });
    http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 1 } });
    provider = new ProxyRecordLifecycle({
      config: { host: server.url, apiKey: server.apiKey, organizationId: server.organizationId },
      transport: http,
    });
  });
  afterAll(() => server?.close());

  test("created waiting with its target CNAME; a new domain replaces; a taken domain (PostHog's 500) is never resent and names the holder; too long is refused at check", async () => {
    const created = await provider.create({ domain: "t.example.com" });
    expect(created.outs).toMatchObject({
      proxyRecordId: created.id,
      domain: "t.example.com",
      status: "waiting",
      targetCname: expect.stringMatching(/^[0-9a-f]{20}\.$/),
    });
    expect(await provider.diff(created.id, created.outs as Json, { domain: "u.example.com" })).toMatchObject({
      changes: true,
      replaces: ["domain"],
    });
    await expect(provider.create({ domain: "t.example.com" })).rejects.toThrow(
      /status 500.* It was not resent.*PostHog has a proxy record for "t\.example\.com" that this create did not make .*choose another domain \(PostHog keeps each domain once, across every organization\)/,
    );
    expect((await provider.check({}, { domain: "x".repeat(65) })).failures).toEqual([
      { property: "domain", reason: expect.stringMatching(/^domain must be at most 64 characters/) },
    ]);
    await provider.delete(created.id, created.outs as Json);
    expect(await records.listProxyRecords(http, server.organizationId)).toEqual([]);
  });

  test("a domain another organization holds: PostHog's 500 is said with what it means (the domain is another organization's) and what to do; the create is sent once", async () => {
    const other = await server.control.createOrganization({ name: "Other" });
    const theirKey = (await server.control.createKey({ organizationId: other.id, userEmail: "other@example.com", level: "owner" })).key;
    await records.createProxyRecord(
      new Transport({ host: server.url, apiKey: theirKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 1 } }),
      other.id,
      { domain: "held.example.com" },
    );
    await server.clearRequests();
    await expect(provider.create({ domain: "held.example.com" })).rejects.toThrow(
      /status 500: A server error occurred\..* No proxy record for "held\.example\.com" was created: PostHog's server error is how it refuses a domain another organization holds .* So "held\.example\.com" is most likely another organization's: delete its proxy record there .*, or choose another domain; sending the same create again fails the same way\.$/,
    );
    expect(await server.requests({ method: "POST" })).toHaveLength(1);
    expect(await records.listProxyRecords(http, server.organizationId)).toEqual([]);
  });

  test("gone by hand: a refresh drops it, and destroy sends no DELETE (PostHog's destroy answers an unknown id with 500)", async () => {
    const created = await provider.create({ domain: "gone.example.com" });
    await records.deleteProxyRecord(http, server.organizationId, created.id);
    expect(await provider.read(created.id, created.outs as Json)).toEqual({});
    await server.clearRequests();
    await provider.delete(created.id, created.outs as Json);
    expect(await server.requests({ method: "DELETE" })).toEqual([]);
  });
});
