/**
 * `pulumi-posthog import` of some projects of a local server into a fresh directory, in one language: the program it
 * writes (its files joined) and what it said on stdout and stderr.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main } from "../../src/import/cli";
import type { LocalPostHog } from "./local-posthog";

export async function importProjects(
  server: LocalPostHog,
  language: string,
  projectId: number,
): Promise<{ written: string; said: string }> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "import-run-"));
  const said: string[] = [];
  const capture = (chunk: unknown) => {
    said.push(String(chunk));
    return true;
  };
  const write = jest.spyOn(process.stdout, "write").mockImplementation(capture);
  const error = jest.spyOn(process.stderr, "write").mockImplementation(capture);
  try {
    await main(["import", "--out", out, "--language", language, "--project", String(projectId)], {
      POSTHOG_API_KEY: server.apiKey,
      POSTHOG_ORGANIZATION_ID: server.organizationId,
      POSTHOG_HOST: server.url,
    });
  } finally {
    write.mockRestore();
    error.mockRestore();
  }
  const written = fs
    .readdirSync(out)
    .map((file) => fs.readFileSync(path.join(out, file), "utf8"))
    .join("\n");
  fs.rmSync(out, { recursive: true, force: true });
  return { written, said: said.join("") };
}
