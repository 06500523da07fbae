/**
 * The kit's generic diff of a project-scoped resource: PostHog moves nothing between projects, so a changed project,
 * declared (`projectId`) or configured (`posthog:projectId` when the program declares none), replaces the resource:
 * created in the new project, deleted from the old one.
 */
import type * as pulumi from "@pulumi/pulumi";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import { ActionLifecycle, AnnotationLifecycle, CohortLifecycle, FeatureFlagLifecycle, type ProviderConfig } from "../../src/provider";
import { UNKNOWN } from "../../src/kit/unknown";
import { startLocalPostHog } from "../helpers/local-posthog";

type Json = Record<string, unknown>;

/** A connection no request reaches: a diff sends nothing. */
const offline = (projectId?: string) => {
  const config: ProviderConfig = { host: "http://127.0.0.1:9", apiKey: "phx_unused", organizationId: undefined, projectId };
  return { config, transport: new Transport({ host: config.host, apiKey: "phx_unused", rateLimits: false }) };
};

/** Each project-scoped resource, with outputs of one living in project 7 and inputs that declare the same. */
const resources = [
  {
    name: "FeatureFlag",
    make: (c: ReturnType<typeof offline>) => new FeatureFlagLifecycle(c),
    inputs: { key: "f", name: "F" },
    outs: { flagId: 3, key: "f", name: "F" },
  },
  {
    name: "Action",
    make: (c: ReturnType<typeof offline>) => new ActionLifecycle(c),
    inputs: { name: "A" },
    outs: { actionId: 3, name: "A" },
  },
  {
    name: "Annotation",
    make: (c: ReturnType<typeof offline>) => new AnnotationLifecycle(c),
    inputs: { content: "C" },
    outs: { annotationId: 3, content: "C" },
  },
] as const;

describe.each(resources)("posthog.$name", ({ make, inputs, outs }) => {
  const olds: Json = { ...outs, projectId: 7, declaredInputs: { ...inputs } };

  test("a changed projectId replaces it; the same project, as a number or a string, does not", async () => {
    const provider = make(offline("7"));
    expect(await provider.diff!("3", olds, { ...inputs, projectId: 8 })).toMatchObject({ changes: true, replaces: ["projectId"] });
    expect(await provider.diff!("3", olds, { ...inputs, projectId: UNKNOWN })).toMatchObject({ changes: true, replaces: ["projectId"] });
    expect(await provider.diff!("3", olds, { ...inputs, projectId: 7 })).toMatchObject({ changes: false, replaces: [] });
    expect(await provider.diff!("3", olds, { ...inputs, projectId: "7" })).toMatchObject({ changes: false, replaces: [] });
  });

  test("with no projectId declared, a changed posthog:projectId replaces it; the same one does not", async () => {
    expect(await make(offline("8")).diff!("3", olds, { ...inputs })).toMatchObject({ changes: true, replaces: ["projectId"] });
    expect(await make(offline("7")).diff!("3", olds, { ...inputs })).toMatchObject({ changes: false, replaces: [] });
    // A declared project wins over the configured one.
    expect(await make(offline("8")).diff!("3", olds, { ...inputs, projectId: 7 })).toMatchObject({ changes: false, replaces: [] });
  });
});

test("the replacement is created in the configured new project and the old one is deleted from its own project", async () => {
  const server = await startLocalPostHog();
  try {
    const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
    const [first, second] = [
      await projects.createProject(http, server.organizationId, { name: "Old home" }),
      await projects.createProject(http, server.organizationId, { name: "New home" }),
    ];
    // As the engine configures a dynamic provider: the stack's configuration, read by full key.
    const provider = new FeatureFlagLifecycle();
    const configure = async (projectId: number) => {
      const values: Record<string, string> = {
        "posthog:host": server.url,
        "posthog:apiKey": server.apiKey,
        "posthog:projectId": String(projectId),
      };
      await provider.configure({ config: { get: (key: string) => values[key] } } as unknown as pulumi.dynamic.ConfigureRequest);
    };
    const inputs: Json = { key: "moving-flag", name: "Moving" };
    await configure(first.id);
    const created = await provider.create(inputs);
    const oldOuts = created.outs as Json;

    await configure(second.id);
    expect(await provider.diff(created.id, oldOuts, inputs)).toMatchObject({ changes: true, replaces: ["projectId"] });
    // The engine's replacement: create with the new inputs, then delete with the old outputs.
    const replacement = await provider.create(inputs);
    await provider.delete(created.id, oldOuts);
    expect(replacement.outs).toMatchObject({ projectId: second.id, key: "moving-flag" });
    expect(await featureFlags.getFeatureFlag(http, second.id, Number(replacement.id))).toMatchObject({
      key: "moving-flag",
      deleted: false,
    });
    expect(await featureFlags.getFeatureFlag(http, first.id, Number(created.id))).toMatchObject({ key: "moving-flag", deleted: true });
  } finally {
    await server.close();
  }
});

test("an update of an object deleted by hand (PostHog answers the PATCH with `deleted: true`) says it is gone, for every kind", async () => {
  const server = await startLocalPostHog();
  try {
    const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
    const projectId = (await projects.createProject(http, server.organizationId, { name: "Deleted by hand" })).id;
    const config: ProviderConfig = { host: server.url, apiKey: server.apiKey, organizationId: server.organizationId, projectId: undefined };
    const connection = { config, transport: http };
    const filters = {
      properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "a", operator: "exact", value: ["b"] }] }] },
    };
    interface Lifecycle {
      create(inputs: Json): Promise<{ id: string; outs?: Json }>;
      update(id: string, olds: Json, news: Json): Promise<unknown>;
      delete(id: string, props: Json): Promise<void>;
    }
    const kinds: Array<[string, Lifecycle, Json, Json]> = [
      ["Feature flag", new FeatureFlagLifecycle(connection), { key: "gone", name: "Before" }, { key: "gone", name: "After" }],
      ["Cohort", new CohortLifecycle(connection), { name: "Before", filters }, { name: "After", filters }],
      ["Annotation", new AnnotationLifecycle(connection), { content: "Before" }, { content: "After" }],
      ["Action", new ActionLifecycle(connection), { name: "Before" }, { name: "After" }],
    ];
    for (const [title, provider, before, after] of kinds) {
      const created = await provider.create({ projectId, ...before });
      // Deleted in PostHog's interface: the same soft delete.
      await provider.delete(created.id, created.outs ?? {});
      await expect(provider.update(created.id, created.outs ?? {}, { projectId, ...after })).rejects.toThrow(
        `${title} ${created.id} no longer exists in PostHog (it was deleted outside Pulumi), so it was not updated. Run \`pulumi refresh\``,
      );
    }
  } finally {
    await server.close();
  }
});
