/**
 * The fast half of validation parity: the provider's column and today's PostHog's (the local server) for every value
 * of the table, and docs/validation-parity.md as the table generates it. The real PostHog's column is checked by
 * test/acceptance/validation-parity.test.ts.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import {
  agrees,
  judgeAll,
  judgeObjects,
  objectParityCases,
  objectProviderVerdict,
  parityCases,
  parityDoc,
  providerVerdict,
} from "../helpers/validation-parity";

const DOC = path.join(__dirname, "..", "..", "docs", "validation-parity.md");
const label = (c: (typeof parityCases)[number]) => `${c.input} = ${JSON.stringify(c.value).slice(0, 60)}`;

test("the table has at least 50 values, valid and invalid", () => {
  expect(parityCases.length).toBeGreaterThanOrEqual(50);
  expect(parityCases.filter((c) => c.provider === "accepts").length).toBeGreaterThanOrEqual(20);
  expect(parityCases.filter((c) => c.provider === "refuses").length).toBeGreaterThanOrEqual(20);
});

test.each(parityCases.map((c) => [label(c), c] as const))("the provider's check: %s", (_, c) => {
  expect(providerVerdict(c)).toBe(c.provider);
});

test.each(objectParityCases.map((c) => [`${c.kind} ${label(c)}`, c] as const))("the kind's check: %s", (_, c) => {
  expect(objectProviderVerdict(c)).toBe(c.provider);
});

test("a reason is given exactly where the provider and a PostHog disagree", () => {
  const wrong = [...parityCases, ...objectParityCases].filter(
    (c) => (c.why !== undefined) === (agrees(c.provider, c.today) && agrees(c.provider, c.v20250804)),
  );
  expect(wrong.map(label)).toEqual([]);
});

// The local server plays today's PostHog by default and the 2025-08-04 one on request: both columns in the fast tier.
describe.each([
  ["today's PostHog", "current", "today"],
  ["PostHog 2025-08-04", "2025-08-04", "v20250804"],
] as const)("%s as the local server plays it", (_, version, column) => {
  let server: LocalPostHog;
  let projectId: number;

  beforeAll(async () => {
    server = await startLocalPostHog({ postHogVersion: version });
    const created = await fetch(`${server.url}/api/organizations/${server.organizationId}/projects/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${server.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Validation parity" }),
    });
    projectId = ((await created.json()) as { id: number }).id;
  });
  afterAll(() => server.close());

  test("every value gets the verdict the table gives it", async () => {
    const verdicts = await judgeAll({ url: server.url, apiKey: server.apiKey }, [projectId]);
    const wrong = parityCases
      .filter((c) => verdicts.get(c) !== c[column])
      .map((c) => `${label(c)}: ${verdicts.get(c)}, table says ${c[column]}`);
    expect(wrong).toEqual([]);
  });

  test("every kind's value gets the verdict the table gives it", async () => {
    const verdicts = await judgeObjects({ url: server.url, apiKey: server.apiKey }, projectId);
    const wrong = objectParityCases
      .filter((c) => verdicts.get(c) !== c[column])
      .map((c) => `${c.kind} ${label(c)}: ${verdicts.get(c)}, table says ${c[column]}`);
    expect(wrong).toEqual([]);
  });
});

test("docs/validation-parity.md is the one the table generates", () => {
  if (process.env.PARITY_DOCS === "write") fs.writeFileSync(DOC, parityDoc());
  expect(fs.readFileSync(DOC, "utf8")).toBe(parityDoc());
});
