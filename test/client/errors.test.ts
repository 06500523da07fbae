import * as http2 from "node:http";
import { PostHogError, groups, Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let http: Transport;
let projectId: number;
beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry: { attempts: 1 } });
  projectId = (await projects.createProject(http, server.organizationId, { name: "Errors" })).id;
});
afterAll(() => server.close());

const as = (apiKey: string) => new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 1 } });

async function failure(promise: Promise<unknown>): Promise<PostHogError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PostHogError);
  return error as PostHogError;
}

describe("PostHog's error bodies become one error class with advice", () => {
  test("401: an invalid personal API key", async () => {
    const error = await failure(projects.listProjects(as("phx_not_a_real_key"), server.organizationId));
    expect(error).toMatchObject({
      status: 401,
      type: "authentication_error",
      code: "authentication_failed",
      detail: "Personal API key found in request Authorization header is invalid.",
      method: "GET",
    });
    expect(error.message).toMatch(/personal API key \(phx_…\), not a project token/);
    expect(error.message).not.toContain("phx_not_a_real_key");
  });

  test("a client without a key refuses to start", () => {
    expect(() => new Transport({ host: server.url, apiKey: "" })).toThrow(/personal API key is required/);
  });

  test("403: a missing scope is named, with what to do", async () => {
    const readOnly = await server.key({ scopes: ["project:read"] });
    const error = await failure(projects.updateProject(as(readOnly), server.organizationId, projectId, { timezone: "UTC" }));
    expect(error).toMatchObject({ status: 403, code: "permission_denied", detail: "API key missing required scope 'project:write'" });
    expect(error.missingScope).toBe("project:write");
    expect(error.message).toMatch(/lacks the scope 'project:write'.*Personal API keys/);
  });

  test("403: actions scoped keys cannot use at all", async () => {
    const everything = await server.key({ scopes: ["*"] });
    const error = await failure(projects.resetProjectToken(as(everything), server.organizationId, projectId));
    expect(error).toMatchObject({ status: 403, detail: "This action does not support personal API key access" });
    expect(error.message).toMatch(
      /refuses PATCH .*reset_token.* to personal API keys of every scope, all access \(\*\) included .*Do it in PostHog.s web app/,
    );
  });

  test("403: group:read is needed for groups", async () => {
    const projectOnly = await server.key({ scopes: ["project:read"] });
    const error = await failure(groups.listGroupTypes(as(projectOnly), projectId));
    expect(error).toMatchObject({ status: 403, detail: "API key missing required scope 'group:read'" });
  });

  test("404: names what was not found", async () => {
    const error = await failure(projects.getProject(http, server.organizationId, 999999));
    expect(error).toMatchObject({ status: 404, type: "invalid_request", code: "not_found", detail: "Not found.", attr: null });
    expect(error.message).toContain(`project 999999 in organization ${server.organizationId}`);
  });

  test("400: names the field and PostHog's rule", async () => {
    const error = await failure(projects.updateProject(http, server.organizationId, projectId, { timezone: "America/I_Dont_Exist" }));
    expect(error).toMatchObject({
      status: 400,
      type: "validation_error",
      code: "invalid_choice",
      detail: '"America/I_Dont_Exist" is not a valid choice.',
      attr: "timezone",
    });
    expect(error.message).toMatch(/refused `timezone`/);
  });

  test("400: the group list without a group type", async () => {
    const error = await failure(http.request({ method: "GET", path: `/api/projects/${projectId}/groups/`, schema: undefined }));
    expect(error).toMatchObject({
      status: 400,
      attr: "group_type_index",
      detail: "You must pass ?group_type_index= in this URL. To get a list of valid group types, call /api/:project_id/groups_types/.",
    });
  });

  test("a 2xx body of the wrong shape names the field", async () => {
    await server.fault({
      method: "GET",
      path: "/projects/\\d+/?$",
      status: 200,
      body: { id: "seven", uuid: "u", organization: "o", api_token: "t", name: "n", created_at: "c" },
    });
    const error = await failure(projects.getProject(http, server.organizationId, projectId));
    expect(error.kind).toBe("response");
    expect(error.message).toMatch(/field `id`/);
  });

  test("records from older or newer PostHog versions parse: absent fields are allowed, unknown ones pass through", async () => {
    const minimal = {
      id: projectId,
      uuid: "u",
      organization: server.organizationId,
      api_token: "phc_x",
      name: "Errors",
      created_at: "2026-01-01T00:00:00Z",
      brand_new_setting: { on: true },
    };
    await server.fault({ method: "GET", path: "/projects/\\d+/?$", status: 200, body: minimal });
    const record = await projects.getProject(http, server.organizationId, projectId);
    expect(record).toEqual(minimal);
    expect(record.slack_incoming_webhook).toBeUndefined();
  });

  test("500 is reported with PostHog's detail", async () => {
    await server.fault({
      path: "/projects/\\d+/?$",
      status: 500,
      body: { type: "server_error", code: "error", detail: "A server error occurred.", attr: null },
    });
    const error = await failure(projects.getProject(http, server.organizationId, projectId));
    expect(error).toMatchObject({ status: 500, type: "server_error", detail: "A server error occurred." });
  });
});

describe("nothing secret reaches a message, whatever the server sends", () => {
  test("project tokens and personal API keys in an error body are redacted", async () => {
    const token = "phc_AbCdEf0123456789AbCdEf0123456789AbCdEf01234";
    const body = {
      type: "server_error",
      code: "error",
      detail: `Boom while saving ${token} for ${server.apiKey} (other key phx_ZZZZZZZZZZZZZZZZ)`,
      attr: null,
    };
    await server.fault({ method: "GET", path: `/projects/${projectId}/?$`, status: 500, body });
    const error = await failure(projects.getProject(http, server.organizationId, projectId));
    for (const text of [error.message, error.detail ?? "", String(error.stack)]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(server.apiKey);
      expect(text).not.toContain("phx_ZZZZZZZZZZZZZZZZ");
    }
    expect(error.message).toMatch(/Boom while saving phc_…\[redacted\] for \[redacted\]/);
  });

  test("a body that is not JSON (a proxy page quoting the token) is redacted too", async () => {
    const token = "phc_ProxyPageToken0123456789";
    await server.fault({ method: "GET", path: `/projects/${projectId}/?$`, status: 200, body: `<html>token=${token}</html>` });
    const error = await failure(projects.getProject(http, server.organizationId, projectId));
    expect(error.kind).toBe("response");
    expect(error.message).not.toContain(token);
  });
});

test("a redirect is not followed, and the message says where it points", async () => {
  const elsewhere = http2.createServer((req, res) => {
    seen.push(String(req.headers.authorization));
    res.writeHead(307, { location: "https://eu.posthog.com/api/organizations/x/projects/" }).end();
  });
  const seen: string[] = [];
  await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
  try {
    const port = (elsewhere.address() as { port: number }).port;
    const client = new Transport({
      host: `http://127.0.0.1:${port}`,
      apiKey: "phx_redirected_key_123",
      rateLimits: false,
      retry: { attempts: 1 },
    });
    const error = await failure(projects.listProjects(client, "@current"));
    expect(error.status).toBe(307);
    expect(error.location).toBe("https://eu.posthog.com/api/organizations/x/projects/");
    expect(error.message).toMatch(
      /redirect \(307\) to https:\/\/eu\.posthog\.com\/api\/organizations\/x\/projects\/\. It was not followed/,
    );
    expect(error.message).toMatch(/set posthog:host/);
    expect(seen).toHaveLength(1);
  } finally {
    await new Promise((resolve) => elsewhere.close(resolve));
  }
});
