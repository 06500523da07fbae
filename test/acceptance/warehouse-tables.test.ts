/**
 * posthog.WarehouseTable against a real PostHog, as far as it goes without the files: PostHog's create reads a table's
 * files before it stores the table (DataWarehouseTable.get_columns: chdb, else ClickHouse's `s3` table function), and
 * the local backend has no ClickHouse and reaches no bucket, so every create that passes PostHog's checks is refused
 * there, the error saying why, and no table is stored. What is real without the files: the provider's rules agree
 * with PostHog's refusals (each refused by both, PostHog naming the same field), a name PostHog's HogQL database holds
 * is refused before anything is stored and the error names it, the lookups answer, and a delete of a table PostHog no
 * longer has is done. Names carry the run's prefix (its "-" made "_"); nothing is left behind: no table is made.
 */
import type { Transport } from "../../src/client-entry";
import { getWarehouseTable, listWarehouseTables } from "../../src/functions";
import { useLookupConfig } from "../../src/functions/context";
import * as tables from "../../src/kinds/warehouse-table/endpoints";
import { WarehouseTableLifecycle } from "../../src/provider";
import { acceptanceTarget, inTargetProject, type AcceptanceTarget } from "./real-posthog";

type Json = Record<string, unknown>;

let target: AcceptanceTarget;
let client: Transport;
let projectId: number;
let provider: WarehouseTableLifecycle;

beforeAll(() => {
  target = acceptanceTarget();
  const inProject = inTargetProject(target);
  ({ client, projectId } = inProject);
  provider = new WarehouseTableLifecycle(inProject.connection);
  useLookupConfig((key) => ({ "posthog:host": target.url, "posthog:apiKey": inProject.apiKey })[key]);
});

const tableName = (what: string) => `${target.prefix.replace(/-/g, "_")}${what}`;
const SECRET = "acceptance-bucket-s3cr3t";
const inputs = (name: string, extra: Json = {}): Json => ({
  projectId,
  name: tableName(name),
  format: "Parquet",
  urlPattern: "https://posthog-acceptance-nowhere.s3.us-east-1.amazonaws.com/orders/*.parquet",
  credential: { access_key: "ACCEPTANCEKEYID0", access_secret: SECRET },
  ...extra,
});
/** The same as PostHog's request body. */
const body = (i: Json): Json => ({ name: i["name"], format: i["format"], url_pattern: i["urlPattern"], credential: i["credential"] });

test.each([
  ["a name over 128 characters", { name: "n".repeat(129) }, "name", "name", "max_length"],
  ["a format PostHog has not", { format: "Avro" }, "format", "format", "invalid_choice"],
  ["a URL pattern over 500 characters", { urlPattern: `https://h.example.com/${"p".repeat(480)}` }, "urlPattern", "url_pattern", "max_length"],
  ["a credential without its secret", { credential: { access_key: "K" } }, "credential", "credential__access_secret", "required"],
  ["a blank secret", { credential: { access_key: "K", access_secret: "  " } }, "credential", "credential__access_secret", "blank"],
] as const)("the provider refuses %s before anything is sent, as PostHog refuses it", async (_what, bad, input, attr, code) => {
  const declared = { ...inputs("refused"), ...bad };
  expect((await provider.check({}, declared)).failures).toEqual([{ property: input, reason: expect.any(String) }]);
  await expect(tables.createWarehouseTable(client, projectId, body(declared))).rejects.toMatchObject({ status: 400, attr, code });
});

test("a name PostHog's HogQL database holds is refused before anything is stored, and the error names the rule", async () => {
  await expect(provider.create({ ...inputs(""), name: "events" })).rejects.toThrow(
    /A warehouse table named "events" exists already, but it could not be found: choose another name \(no table of the project's HogQL database/,
  );
  expect(await tables.findWarehouseTablesByName(client, projectId, "events")).toEqual([]);
});

test("a create reads the files before it stores the table: PostHog's answer, said with why, nothing stored, the secret in no message", async () => {
  const creating = provider.create(inputs("orders"));
  await expect(creating).rejects.toThrow(/PostHog reads a warehouse table's files before it stores the table/);
  await expect(creating).rejects.not.toThrow(SECRET);
  expect(await tables.findWarehouseTablesByName(client, projectId, tableName("orders"))).toEqual([]);
});

test("the lookups: a name no table has is not found, the list answers; a delete of a table PostHog does not have is done", async () => {
  await expect(getWarehouseTable({ projectId, name: tableName("nowhere") })).rejects.toThrow(/no warehouse table/i);
  expect(await listWarehouseTables({ projectId, search: tableName("nowhere") })).toEqual([]);
  const gone = "00000000-0000-4000-8000-000000000000";
  await expect(tables.getWarehouseTable(client, projectId, gone)).rejects.toMatchObject({ isNotFound: true });
  await provider.delete(`${projectId}/${gone}`, { ...inputs("gone"), warehouseTableId: gone });
});
