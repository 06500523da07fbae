/**
 * examples/warehouse-export under pulumi.runtime.setMocks: its batch export passes the provider's check, and its
 * destination, which holds the database's user and password, reaches the engine as a secret. Needs the built lib/
 * (the program imports pulumi-posthog).
 */
import * as pulumi from "@pulumi/pulumi";
import { kindOf } from "../../src/kinds/index";
import { unwrapSecrets } from "../../src/plugin/provider";

const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const registered: Array<{ type: string; name: string; inputs: Record<string, unknown> }> = [];
pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push({ type: args.type, name: args.name, inputs: args.inputs });
      return { id: `${registered.length}`, state: { ...args.inputs, projectId: 3, batchExportId: "0190f1c2-0000-0000-0000-000000000001" } };
    },
    call: () => ({}),
  },
  "posthog-warehouse-export",
  "stack",
  false,
);

test("examples/warehouse-export: the batch export passes the check; its destination is a secret", async () => {
  pulumi.runtime.setAllConfig(
    {
      "posthog-warehouse-export:warehouseHost": "db.example.com",
      "posthog-warehouse-export:warehouseUser": "ph_writer",
      "posthog-warehouse-export:warehousePassword": "Zq7-xK9-vT4",
    },
    ["posthog-warehouse-export:warehouseUser", "posthog-warehouse-export:warehousePassword"],
  );
  let program: Record<string, pulumi.Output<unknown>> = {};
  jest.isolateModules(() => {
    program = require("../../examples/warehouse-export/index") as typeof program;
  });
  await Promise.all(Object.values(program).map((output) => new Promise((resolve) => output.apply(resolve))));
  const exported = registered.find((r) => r.type === "pulumi-nodejs:dynamic/posthog:BatchExport");
  expect(exported?.name).toBe("warehouse");
  const destination = exported!.inputs["destination"] as Record<string, unknown>;
  expect(Object.keys(destination)).toContain(SECRET_SIG);
  const { __provider: _, ...plain } = unwrapSecrets(exported!.inputs) as Record<string, unknown>;
  expect((plain["destination"] as { config: Record<string, unknown> }).config).toMatchObject({
    user: "ph_writer",
    password: "Zq7-xK9-vT4",
    port: 5432,
  });
  expect((await kindOf("posthog:index:BatchExport")!.lifecycle().check!({}, plain)).failures ?? []).toEqual([]);
});
