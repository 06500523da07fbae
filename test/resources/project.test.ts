/** Layer 2: the program side under pulumi.runtime.setMocks: type token, secret outputs, output names, serialization. */
import * as pulumi from "@pulumi/pulumi";

const registered: Array<{ type: string; name: string; inputs: Record<string, unknown> }> = [];
pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push({ type: args.type, name: args.name, inputs: args.inputs });
      return { id: "42", state: { ...args.inputs, apiToken: "phc_mocked", projectId: 42 } };
    },
    call: () => ({}),
  },
  "project",
  "stack",
  false,
);

// The engine, not the SDK, applies additionalSecretOutputs: the request the SDK sends is where the option shows.
type RegisterRequest = { getName(): string; getAdditionalsecretoutputsList(): string[] };
const secretOptions = new Map<string, string[]>();
const monitor = pulumi.runtime.getMonitor() as unknown as { registerResource(req: RegisterRequest, cb: unknown): Promise<void> };
const register = monitor.registerResource.bind(monitor);
monitor.registerResource = (req, cb) => {
  secretOptions.set(req.getName(), req.getAdditionalsecretoutputsList());
  return register(req, cb);
};

// Imported after setMocks, as Pulumi's docs require.
import { FeatureFlag, Project } from "../../src";
import { serializedProvider } from "../../src/resources/declared";

/** The serialized provider `new Project(...)` puts in `__provider`. */
const SERIALIZED_PROVIDER = serializedProvider("projectProvider");
import { outputNames } from "../../src/provider";

const resolved = <T>(output: pulumi.Output<T>) => new Promise<T>((resolve) => output.apply(resolve));

test("Project registers the posthog:Project dynamic type with the serialized provider and defaults the name", async () => {
  const web = new Project("web", { timezone: "Europe/Amsterdam" });
  await resolved(web.urn);
  const entry = registered.find((r) => r.name === "web")!;
  expect(entry.type).toBe("pulumi-nodejs:dynamic/posthog:Project");
  expect(entry.inputs).toMatchObject({ name: "web", timezone: "Europe/Amsterdam" });
  // The same short module on every machine: it loads pulumi-posthog/provider by name where it runs.
  expect(entry.inputs["__provider"]).toBe(SERIALIZED_PROVIDER);
  expect(Project.isInstance(web)).toBe(true);
  expect(Project.isInstance({})).toBe(false);
});

test("the token, and the declared inputs the outputs keep when an input may be secret, are requested as secret outputs", async () => {
  const web = new Project("secrets", { name: "Secrets" }, { additionalSecretOutputs: ["name"] });
  await resolved(web.urn);
  // Plain values cannot be secret: declaredInputs stays plain (a secret costs the state twice the bytes).
  expect(secretOptions.get("secrets")?.sort()).toEqual(["apiToken", "name"]);
  expect(await resolved(web.projectId)).toBe(42);
  const hidden = new Project("hidden", { name: "Hidden", productDescription: pulumi.secret("x") });
  await resolved(hidden.urn);
  expect(secretOptions.get("hidden")?.sort()).toEqual(["apiToken", "declaredInputs"]);
  // A flag's projectId, a Project's output, never lands in declaredInputs (the output of the same name holds it).
  const flag = new FeatureFlag("flag-of-web", { projectId: hidden.projectId, key: "k" });
  await resolved(flag.urn);
  expect(secretOptions.get("flag-of-web")).toEqual([]);
  const named = new FeatureFlag("flag-named", { projectId: 42, key: "k", name: pulumi.output("n") });
  await resolved(named.urn);
  expect(secretOptions.get("flag-named")).toEqual(["declaredInputs"]);
});

test("the ids, the referenced fields and each declared setting are outputs; undeclared settings are getProject's", () => {
  const web = new Project("outputs", { timezone: "UTC" });
  const properties = web as unknown as Record<string, unknown>;
  for (const name of outputNames) expect(pulumi.Output.isInstance(properties[name])).toBe(true);
  expect(outputNames).toEqual(expect.arrayContaining(["projectId", "apiToken", "organizationId", "name", "uuid"]));
  expect(outputNames).not.toContain("id");
  expect(pulumi.Output.isInstance(properties["timezone"])).toBe(true);
  expect(properties["sessionRecordingSampleRate"]).toBeUndefined();
});

test("Project.get reads by id with the organization", async () => {
  const existing = Project.get("existing", "7", { organizationId: "org" });
  expect(await resolved(existing.id)).toBe("7");
});

test("a key every JavaScript object has, at any depth of a setting, stops the program with the path and the reason", () => {
  // Pulumi's SDK itself failed on `toString` ("Cannot convert object to primitive value") before any check ran.
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ onboardingTasks: { toString: "done" } }, "onboardingTasks.toString"],
    [{ additionalSettings: { constructor: 1 } }, "additionalSettings.constructor"],
    [{ additionalSettings: JSON.parse('{"new_setting": {"__proto__": 1}}') }, "additionalSettings.new_setting.__proto__"],
  ];
  for (const [args, where] of cases) {
    expect(() => new Project("prototype", args as never)).toThrow(
      new RegExp(
        `^posthog\\.Project "prototype": ${where.replace(/\./g, "\\.")} is a key named like a property every JavaScript object has`,
      ),
    );
  }
  expect(() => new Project("fine", { additionalSettings: { constructor_name: pulumi.output("x") } } as never)).not.toThrow();
});
