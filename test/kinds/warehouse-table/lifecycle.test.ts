/**
 * posthog.WarehouseTable's lifecycle over loopback against the local server, in both PostHog versions: the fields'
 * rules checked before anything is sent, each naming the field and PostHog's rule; the credential's key and secret
 * never in an output (PostHog never answers them), never drift, and a new one in the program sent alone (2025-08-04
 * refuses an update that sends the table's own name); a rename in place; a new URL or format a replacement, the old
 * table deleted first; a taken name and a create whose answer was lost, found by name; today's URL rules and options
 * left to the PostHog that has them; a table deleted by hand. (Its example's create, preview, drift, adoption,
 * import and delete: the contract, test/kinds/contract.test.ts.)
 */
import * as tables from "../../../src/kinds/warehouse-table/endpoints";
import { WarehouseTableLifecycle } from "../../../src/kinds/warehouse-table/kind";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Warehouse tables", (connection) => new WarehouseTableLifecycle(connection));
const KEY = "EXAMPLEKEYID0001";
const SECRET = "bucket-s3cr3t-value";

const orders = (projectId: number, name: string, extra: Json = {}): Json => ({
  projectId,
  name,
  format: "Parquet",
  urlPattern: "https://exports.s3.us-east-1.amazonaws.com/orders/*.parquet",
  credential: { access_key: KEY, access_secret: SECRET },
  ...extra,
});

/** Everything a value shows but the inputs the engine keeps (encrypted) as they were declared. */
const shown = (outs: Json) => JSON.stringify({ ...outs, declaredInputs: undefined });

test("the fields' rules, each naming the field and PostHog's rule, before anything is sent", async () => {
  const { provider, projectId } = setups.current!;
  const failures = async (extra: Json) =>
    ((await provider.check({}, orders(projectId, "checked", extra))).failures ?? []).map((f) => [f.property, f.reason]);
  expect(await failures({})).toEqual([]);
  expect(await failures({ name: "  " })).toEqual([["name", expect.stringContaining('must not be blank ("This field may not be blank."')]]);
  expect(await failures({ name: "n".repeat(129) })).toEqual([
    ["name", expect.stringContaining("at most 128 characters (DataWarehouseTable.name")],
  ]);
  expect(await failures({ format: "Avro" })).toEqual([
    ["format", expect.stringContaining("must be one of CSV, CSVWithNames, Parquet, JSONEachRow, Delta, DeltaS3Wrapper")],
  ]);
  expect(await failures({ urlPattern: `https://h.example.com/${"p".repeat(480)}` })).toEqual([
    ["urlPattern", expect.stringContaining("at most 500 characters (DataWarehouseTable.url_pattern")],
  ]);
  expect(await failures({ credential: { access_key: KEY } })).toEqual([["credential", expect.stringContaining("access_secret")]]);
  expect(await failures({ credential: { access_key: KEY, access_secret: " " } })).toEqual([
    ["credential", expect.stringContaining("credential.access_secret must not be blank")],
  ]);
  const { credential: _, ...without } = orders(projectId, "checked");
  expect((await provider.check({}, without)).failures).toEqual([{ property: "credential", reason: expect.stringContaining("required") }]);
  // The secret is in no failure.
  expect(JSON.stringify(await failures({ credential: { access_key: KEY, access_secret: `${SECRET}${"x".repeat(500)}` } }))).not.toContain(
    SECRET,
  );
});

describe.each(["current", "2025-08-04"] as const)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("create, no change; the key and secret in no output, never drift; a new secret sent alone; a rename in place; DELETE", async () => {
    const { provider, projectId, server, http } = setup();
    const inputs = orders(projectId, `orders_${version.replace(/-/g, "")}`);
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ warehouseTableId: created.id, name: inputs["name"], format: "Parquet", urlPattern: inputs["urlPattern"] });
    expect(shown(outs)).not.toContain(SECRET);
    expect(shown(outs)).not.toContain(KEY);
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    const read = await provider.read(created.id, outs);
    expect(read.inputs).toEqual(inputs);
    expect(shown(read.props as Json)).not.toContain(SECRET);

    // A new secret in the program is a change, sent alone: never the table's own name, which 2025-08-04 refuses.
    const rotated = { ...inputs, credential: { access_key: KEY, access_secret: "rotated-s3cr3t" } };
    expect(await provider.diff(created.id, outs, rotated)).toMatchObject({ changes: true, replaces: [] });
    await server.clearRequests();
    const updated = (await provider.update(created.id, outs, rotated)).outs as Json;
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["credential"]]);
    expect(shown(updated)).not.toContain("rotated-s3cr3t");
    expect((await provider.diff(created.id, updated, rotated)).changes).toBe(false);

    // A rename is an update in place.
    const renamed = { ...rotated, name: `${String(inputs["name"])}_v2` };
    expect(await provider.diff(created.id, updated, renamed)).toMatchObject({ changes: true, replaces: [] });
    const after = (await provider.update(created.id, updated, renamed)).outs as Json;
    expect((await tables.getWarehouseTable(http, projectId, created.id)).name).toBe(renamed.name);

    await provider.delete(created.id, after);
    await expect(tables.getWarehouseTable(http, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
    // Deleted already (by hand, or a delete whose answer was lost): done, not an error.
    await provider.delete(created.id, after);
  });

  test("a new URL or format replaces the table, the old one deleted first (the new one needs its name); not the credential", async () => {
    const { provider, projectId } = setup();
    const inputs = orders(projectId, `replaced_${version.replace(/-/g, "")}`);
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(await provider.diff(created.id, outs, { ...inputs, urlPattern: "https://exports.s3.amazonaws.com/v2/*.parquet" })).toMatchObject(
      {
        changes: true,
        replaces: ["urlPattern"],
        deleteBeforeReplace: true,
      },
    );
    expect(await provider.diff(created.id, outs, { ...inputs, format: "Delta" })).toMatchObject({ replaces: ["format"] });
    await provider.delete(created.id, outs);
  });

  test("a taken name is never taken over: the error names the table; a create whose answer was lost is found by its name", async () => {
    const { provider, projectId, server, http } = setup();
    const theirs = await tables.createWarehouseTable(http, projectId, {
      name: `theirs_${version.replace(/-/g, "")}`,
      format: "CSV",
      url_pattern: "https://other.example.com/x.csv",
      credential: { access_key: "other", access_secret: "other" },
    });
    await expect(provider.create(orders(projectId, theirs.name))).rejects.toThrow(
      `PostHog already has a warehouse table named ${JSON.stringify(theirs.name)}: warehouse table ${theirs.id}`,
    );
    await expect(provider.create(orders(projectId, "events"))).rejects.toThrow(
      /choose another name \(no table of the project's HogQL database/,
    );

    await server.fault({ method: "POST", path: "/warehouse_tables/?$", status: 502, afterCommit: true });
    const name = `lost_${version.replace(/-/g, "")}`;
    const created = await provider.create(orders(projectId, name));
    expect((await tables.findWarehouseTablesByName(http, projectId, name)).map((t) => t.id)).toEqual([created.id]);
  });

  test("today's rules are left to the PostHog that has them: its URL rules, its options", async () => {
    const { provider, projectId } = setup();
    const http = orders(projectId, `plain_http_${version.replace(/-/g, "")}`, { urlPattern: "http://exports.example.com/a.parquet" });
    expect((await provider.check({}, http)).failures).toBeUndefined();
    if (version === "current") await expect(provider.create(http)).rejects.toThrow("URL pattern must use https.");
    else await provider.create(http);

    const options = orders(projectId, `csv_${version.replace(/-/g, "")}`, {
      format: "CSVWithNames",
      options: { csv_allow_double_quotes: true },
    });
    if (version === "current") {
      const created = await provider.create(options);
      expect((await provider.diff(created.id, created.outs as Json, options)).changes).toBe(false);
    } else await expect(provider.create(options)).rejects.toThrow(/options/);
  });
});
