/**
 * The tier as someone runs it against a PostHog of their own (the guide's command, docs/guide.md): only
 * POSTHOG_ACCEPTANCE_HOST, _API_KEY and _ORGANIZATION_ID, with a key of exactly the scopes the guide lists, no project
 * id and no version. Pointed at the local backend as if it were someone's own, a few of the tier's files run again in
 * a child Jest: the target is resolved as for any PostHog (its version told by probing, a project made for the run
 * and deleted after), and every test passes with that key alone.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as projects from "../../src/kinds/project/endpoints";
import { ACCEPTANCE_SCOPES, type AcceptanceTarget, acceptanceTarget, isStale, provision, repoRoot, transport } from "./real-posthog";

/** Files that need the target's project, tell the versions apart, and use most of the scopes between them. */
const FILES = ["feature-flags.test.ts", "surveys.test.ts"];

const target: AcceptanceTarget = acceptanceTarget();

test("the guide (docs/guide.md) lists exactly the scopes the tier's key needs", () => {
  const guide = fs.readFileSync(path.join(repoRoot, "docs", "guide.md"), "utf8");
  const paragraph = /^ {2}The key needs ([^\n]+(?:\n {2}[^\n]+)*)/m.exec(guide)?.[1] ?? "";
  expect([...paragraph.matchAll(/`([a-z_]+:(?:read|write))`/g)].map((m) => m[1]).sort()).toEqual([...ACCEPTANCE_SCOPES].sort());
});

/** A logged-in session of the local backend's user: personal API keys cannot manage keys (posthog/api/personal_api_key.py). */
async function session(account: { email: string; password: string }) {
  const cookies = new Map<string, string>();
  const send = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${target.url}${route}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        // Django's CSRF check of a session's unsafe requests: the token its cookie holds, sent back.
        "X-CSRFToken": cookies.get("posthog_csrftoken") ?? "",
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
    return text === "" ? undefined : (JSON.parse(text) as unknown);
  };
  await send("POST", "/api/login/", account);
  return send;
}

(target.account ? test : test.skip)(
  "against the local backend as someone's own PostHog, with the guide's scopes and nothing else: every test passes",
  async () => {
    const send = await session(target.account!);
    const key = await mint(send, "external", ACCEPTANCE_SCOPES);
    try {
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("POSTHOG_ACCEPTANCE_")));
      const output = await jest(FILES, {
        ...env,
        POSTHOG_ACCEPTANCE_HOST: target.url,
        POSTHOG_ACCEPTANCE_API_KEY: key.value,
        POSTHOG_ACCEPTANCE_ORGANIZATION_ID: target.organizationId,
      });
      const resolved = /Acceptance target: (.*)/.exec(output)?.[1] ?? output;
      expect(resolved).toContain(`(PostHog ${target.version}, detected: its project list rows `);
      const made = /project (\d+) \(made for this run: (acc-[0-9a-z]+-[0-9a-z]{4}-)target\)/.exec(resolved);
      expect(made).not.toBeNull();
      expect(output).toMatch(/Tests: +\d+ passed, \d+ total/);
      expect(output).not.toMatch(/Tests:.*failed/);
      // The project made for the run is gone with the rest of what it made.
      const left = (await projects.listProjects(transport(target), target.organizationId)).filter((p) => p.name.startsWith(made![2]!));
      expect(left.filter((p) => p.is_pending_deletion !== true).map((p) => p.name)).toEqual([]);
    } finally {
      await send("DELETE", `/api/personal_api_keys/${key.id}/`);
    }
  },
);

/** A key of these scopes for the session's user, labelled with the run's prefix; keys of runs that died go first. */
async function mint(send: Awaited<ReturnType<typeof session>>, label: string, scopes: readonly string[]) {
  // A user may hold ten keys.
  for (const old of (await send("GET", "/api/personal_api_keys/")) as Array<{ id: string; label: string }>)
    if (isStale(old.label)) await send("DELETE", `/api/personal_api_keys/${old.id}/`);
  const body = { label: `${target.prefix}${label}`, scopes, scoped_teams: [], scoped_organizations: [] };
  return (await send("POST", "/api/personal_api_keys/", body)) as { id: string; value: string };
}

(target.account ? test : test.skip)(
  "a key lacking a scope the tier needs: refused before anything is made, naming what it lacks",
  async () => {
    const send = await session(target.account!);
    const key = await mint(
      send,
      "lacking",
      ACCEPTANCE_SCOPES.filter((scope) => scope !== "survey:write"),
    );
    const ours = () => Object.keys(process.env).filter((name) => name.startsWith("POSTHOG_ACCEPTANCE_"));
    const saved = Object.fromEntries(ours().map((name) => [name, process.env[name]]));
    try {
      for (const name of ours()) delete process.env[name];
      Object.assign(process.env, {
        POSTHOG_ACCEPTANCE_HOST: target.url,
        POSTHOG_ACCEPTANCE_API_KEY: key.value,
        POSTHOG_ACCEPTANCE_ORGANIZATION_ID: target.organizationId,
      });
      await expect(provision()).rejects.toThrow(
        `POSTHOG_ACCEPTANCE_API_KEY lacks survey:write: the tier needs ${ACCEPTANCE_SCOPES.join(", ")}.`,
      );
    } finally {
      for (const name of ours()) delete process.env[name];
      Object.assign(process.env, saved);
      await send("DELETE", `/api/personal_api_keys/${key.id}/`);
    }
  },
);

/** The tier's Jest on these files, one at a time (the tier's other files run alongside); its output. */
function jest(files: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const bin = path.join(repoRoot, "node_modules", "jest", "bin", "jest.js");
  const args = [bin, "-c", path.join(repoRoot, "jest.acceptance.config.js"), "--runInBand", ...files.map((f) => `test/acceptance/${f}`)];
  const child = spawn(process.execPath, args, { cwd: repoRoot, env });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => (status === 0 ? resolve(output) : reject(new Error(`jest exited ${status}:\n${output.slice(-6000)}`))));
  });
}
