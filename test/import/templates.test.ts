/**
 * The importer and the templates, over loopback against the local server: a project's dashboard template and
 * messaging template declared as PostHog holds them (PostHog's own defaults left out), a deleted one not; PostHog
 * 2025-08-04, which serves messaging templates to its web app only, has them left out, said so, and the rest imported.
 */
import { Transport } from "../../src/client-entry";
import { readOrganization } from "../../src/import";
import * as dashboardTemplates from "../../src/kinds/dashboard-template/endpoints";
import * as messagingTemplates from "../../src/kinds/messaging-template/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import { importProjects } from "../helpers/import-run";
import { startLocalPostHog } from "../helpers/local-posthog";

const tiles = [{ type: "TEXT", body: "Read me" }];

test("a project's dashboard and messaging templates are declared as PostHog holds them; a deleted one is not", async () => {
  const server = await startLocalPostHog();
  try {
    const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
    const web = await projects.createProject(http, server.organizationId, { name: "Templates" });
    await dashboardTemplates.createDashboardTemplate(http, web.id, { template_name: "Weekly review", tiles, tags: ["weekly"] });
    const gone = await dashboardTemplates.createDashboardTemplate(http, web.id, { template_name: "Old", tiles });
    await dashboardTemplates.deleteDashboardTemplate(http, web.id, gone.id);
    await messagingTemplates.createMessagingTemplate(http, web.id, {
      name: "Welcome",
      content: { email: { subject: "Hi {{ person.properties.first_name }}", html: "<p>Hi</p>" } },
    });
    const { written, said } = await importProjects(server, "typescript", web.id);
    expect(written).toMatch(
      /new posthog\.DashboardTemplate\([^)]*templateName: "Weekly review",\s*tiles: \[[\s\S]*tags: \[\s*"weekly",\s*\]/,
    );
    expect(written).not.toMatch(/templateName: "Old"/);
    // Its content as PostHog holds it: the design PostHog wrapped the html in is declared along.
    expect(written).toMatch(
      /new posthog\.MessagingTemplate\([^)]*name: "Welcome",\s*content: \{\s*templating: "liquid",\s*email: \{\s*subject: "Hi \{\{ person\.properties\.first_name \}\}",\s*html: "<p>Hi<\/p>",\s*design: \{/,
    );
    // PostHog's own defaults are not declared.
    expect(written).not.toMatch(/type: "email"/);
    expect(said).not.toMatch(/not declared/);
  } finally {
    await server.close();
  }
});

test("PostHog 2025-08-04 serves messaging templates to its web app only: they are left out, said so, and the rest imported", async () => {
  const server = await startLocalPostHog({ postHogVersion: "2025-08-04" });
  try {
    const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
    const web = await projects.createProject(http, server.organizationId, { name: "Old" });
    const progress: string[] = [];
    const found = await readOrganization(http, server.organizationId, [web.id], (line) => progress.push(line));
    expect(found.map((f) => f.kind.name)).toEqual(["Project", "Dashboard"]);
    expect(progress).toContainEqual(expect.stringMatching(new RegExp(`^project ${web.id}: messaging templates not imported: .*404`)));
    expect(progress.at(-1)).toMatch(/messaging templates not readable(,|$)/);
  } finally {
    await server.close();
  }
});
