/**
 * The importer and product tours, over loopback against the local server: a tour that launches itself, with a survey
 * step, is declared as one ProductTour; the internal targeting flag and the step's survey PostHog made for it are the
 * tour's, left out of the flags and surveys and said so. PostHog 2025-08-04, which serves no product tours, saved
 * logs views or logs sampling rules, has the three left out, said so, and the rest imported.
 */
import { Transport } from "../../src/client-entry";
import { readOrganization } from "../../src/import";
import * as projects from "../../src/kinds/project/endpoints";
import * as tours from "../../src/kinds/product-tour/endpoints";
import { importProjects } from "../helpers/import-run";
import { startLocalPostHog } from "../helpers/local-posthog";

test("a tour with its internal targeting flag and a survey step's survey is one ProductTour", async () => {
  const server = await startLocalPostHog();
  try {
    const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
    const web = await projects.createProject(http, server.organizationId, { name: "Tours" });
    await tours.createProductTour(http, web.id, {
      name: "Welcome",
      auto_launch: true,
      content: { steps: [{ id: "rate", survey: { type: "open", questionText: "Anything missing?" } }] },
      targeting_flag_filters: { groups: [{ properties: [{ key: "email", type: "person", operator: "is_set", value: "is_set" }] }] },
    });
    const { written, said } = await importProjects(server, "typescript", web.id);
    expect(written).toMatch(/new posthog\.ProductTour\(/);
    expect(written).not.toMatch(/new posthog\.(FeatureFlag|Survey)\(/);
    expect(said).toMatch(/a product tour's internal targeting flag, which PostHog makes, changes and deletes with the tour/);
    expect(said).toMatch(/a product tour's survey step's survey, which PostHog makes, launches and ends with the tour/);
  } finally {
    await server.close();
  }
});

test("PostHog 2025-08-04 serves no product tours, saved logs views or logs sampling rules: left out, said so", async () => {
  const server = await startLocalPostHog({ postHogVersion: "2025-08-04" });
  try {
    const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
    const web = await projects.createProject(http, server.organizationId, { name: "Old" });
    const progress: string[] = [];
    const found = await readOrganization(http, server.organizationId, [web.id], (line) => progress.push(line));
    expect(found.map((f) => f.kind.name)).toEqual(["Project", "Dashboard"]);
    for (const what of ["product tours", "saved logs views", "logs sampling rules"])
      expect(progress).toContainEqual(expect.stringMatching(new RegExp(`^project ${web.id}: ${what} not imported: .*404`)));
  } finally {
    await server.close();
  }
});
