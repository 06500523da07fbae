/**
 * The root program (examples/projects-from-config) under pulumi.runtime.setMocks, its projects read from the JSON
 * file `projectsFile` names. Pulumi passes a program its whole configuration in one environment variable
 * (PULUMI_CONFIG), which Linux caps at 128 KiB (MAX_ARG_STRLEN): above about 500 projects in `projects`, the CLI
 * fails with "argument list too long"; a file has no such limit. Needs the built lib/ (the program imports pulumi-posthog).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";

const registered: string[] = [];
pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push(args.name);
      return { id: String(registered.length), state: { ...args.inputs, projectId: registered.length } };
    },
    call: () => ({}),
  },
  "posthog-projects",
  "stack",
  false,
);

const projectList = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    resourceName: `site-${i}`,
    name: `Customer site ${i}`,
    timezone: "Europe/Amsterdam",
    anonymizeIps: true,
    appUrls: [`https://site-${i}.example.com`],
    sessionRecordingOptIn: true,
    sessionRecordingSampleRate: 0.25,
  }));

type Program = { projectIds: Record<string, pulumi.Output<number>> };
/** The program with `projects` as the whole configuration; resolves once its resources are registered. */
const run = async (projects: unknown): Promise<string[]> => {
  pulumi.runtime.setAllConfig({ "posthog-projects:projects": JSON.stringify(projects) });
  registered.length = 0;
  let program: Program | undefined;
  jest.isolateModules(() => {
    program = require("../../examples/projects-from-config/index") as Program;
  });
  await Promise.all(Object.values(program!.projectIds).map((id) => new Promise((resolve) => id.apply(resolve))));
  return [...registered].sort();
};

describe("resource names never come from the PostHog name or the position", () => {
  test("a map keyed by resource name: renaming a project keeps its resource name", async () => {
    expect(await run({ web: { name: "Web" }, docs: { name: "Docs" } })).toEqual(["docs", "web"]);
    expect(await run({ web: { name: "Web App" }, docs: { name: "Docs" } })).toEqual(["docs", "web"]);
  });

  test("a list entry without resourceName is refused, naming the entry and the name to add", async () => {
    await expect(run([{ resourceName: "web", name: "Web" }, { name: "Marketing site" }, { timezone: "UTC" }])).rejects.toThrow(
      "projects[1] needs `resourceName: marketing-site`; projects[2] needs `resourceName: project-3` (the name it had so far, so that nothing is replaced)",
    );
  });

  test("removing the first entry of a list leaves the other's name as it was", async () => {
    const two = [
      { resourceName: "web", name: "Web" },
      { resourceName: "docs", name: "Docs" },
    ];
    expect(await run(two)).toEqual(["docs", "web"]);
    expect(await run(two.slice(1))).toEqual(["docs"]);
  });
});

test("600 such projects in `projects` would not fit in the one environment variable", () => {
  const config = JSON.stringify({ "posthog-projects:projects": JSON.stringify(projectList(600)) });
  expect(Buffer.byteLength(`PULUMI_CONFIG=${config}`)).toBeGreaterThan(128 * 1024);
});

test("projectsFile: the projects from a JSON file", async () => {
  // Fewer than 600 keep the test quick: the file's size does not matter to Pulumi.
  const count = 120;
  const projects = projectList(count);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "projects-file-"));
  try {
    const file = path.join(dir, "projects.json");
    fs.writeFileSync(file, JSON.stringify(projects));
    pulumi.runtime.setAllConfig({ "posthog-projects:projectsFile": file });
    registered.length = 0;
    const program = require("../../examples/projects-from-config/index") as { projectIds: Record<string, pulumi.Output<number>> };
    expect(Object.keys(program.projectIds)).toHaveLength(count);
    const id = await new Promise((resolve) => program.projectIds["site-119"]!.apply(resolve));
    expect(id).toBe(registered.indexOf("site-119") + 1);
    expect(registered).toHaveLength(count);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
