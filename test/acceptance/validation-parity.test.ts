/**
 * Validation parity against a real PostHog: every value of the table (test/helpers/validation-parity.ts) is sent as a
 * PATCH of one scratch project (every kind's value in the create of one object there), and PostHog's verdict must be the table's, so that the provider refuses exactly what
 * this PostHog refuses or does not keep, except the rows whose reason docs/validation-parity.md gives. The
 * provider's column, and both columns as the local server plays them, are checked in the fast tier
 * (test/kinds/validation-parity.test.ts). An external PostHog is taken to run today's rules (PostHog Cloud does).
 */
import { judgeAll, judgeObjects, objectParityCases, parityCases, type ParityCase } from "../helpers/validation-parity";
import { acceptanceTarget, named } from "./real-posthog";

const target = acceptanceTarget();
const column = target.version === "2025-08-04" ? "v20250804" : "today";
// The all-access key where there is one: 2025-08-04 wants team:write for the settings it keeps on environments.
const endpoint = { url: target.url, apiKey: target.keys.all ?? target.apiKey };
/** Four scratch projects, one per worker (the backend has four threads), and a fifth for every kind's objects. */
const projectIds: number[] = [];

beforeAll(async () => {
  for (const n of [1, 2, 3, 4, 5]) {
    const response = await fetch(`${target.url}/api/organizations/${target.organizationId}/projects/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${target.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: named(target, `validation parity ${n}`) }),
    });
    if (response.status !== 201) throw new Error(`creating a scratch project: ${response.status} ${await response.text()}`);
    projectIds.push(((await response.json()) as { id: number }).id);
  }
});

afterAll(async () => {
  for (const id of projectIds)
    await fetch(`${target.url}/api/projects/${id}/`, { method: "DELETE", headers: { Authorization: `Bearer ${endpoint.apiKey}` } });
});

const label = (c: ParityCase) => `${c.input} = ${JSON.stringify(c.value).slice(0, 60)}`;

test(`the PostHog at hand (${target.version}) gives every value the table's verdict`, async () => {
  const verdicts = await judgeAll(endpoint, projectIds.slice(0, 4));
  const wrong = parityCases
    .filter((c) => verdicts.get(c) !== c[column])
    .map((c) => `${label(c)}: ${verdicts.get(c)}, table says ${c[column]}`);
  expect(wrong).toEqual([]);
});

test(`the PostHog at hand (${target.version}) gives every kind's value the table's verdict`, async () => {
  // Every kind's objects go in a scratch project of their own, each deleted after: not one whose settings the rows
  // above changed (2025-08-04 answers 500 for a HogQL insight in a project with a bad personsOnEventsMode).
  const verdicts = await judgeObjects(endpoint, projectIds[4]!);
  const wrong = objectParityCases
    .filter((c) => verdicts.get(c) !== c[column])
    .map((c) => `${c.kind} ${label(c)}: ${verdicts.get(c)}, table says ${c[column]}`);
  expect(wrong).toEqual([]);
});
