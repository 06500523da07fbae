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
    pulumi.runtime.setConfig("posthog-projects:projectsFile", file);
    const program = require("../../examples/projects-from-config/index") as { projectIds: Record<string, pulumi.Output<number>> };
    expect(Object.keys(program.projectIds)).toHaveLength(count);
    const id = await new Promise((resolve) => program.projectIds["site-119"]!.apply(resolve));
    expect(id).toBe(registered.indexOf("site-119") + 1);
    expect(registered).toHaveLength(count);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
