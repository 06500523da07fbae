/**
 * posthog.EventDefinition and posthog.PropertyDefinition against a real PostHog. Definitions are made by ingestion,
 * which the local backend does not run, and PostHog 2025-08-04 has no create for them: one Django run
 * (./grant-features.py, through ./plan-features.ts) grants an organization of the tier's own `ingestion_taxonomy`
 * and `tagging` and makes the definitions ingestion would, there and in the tier's own project (whose organization
 * has neither). PostHog 2025-08-04 judges those plan features on the organization the key's user has selected in
 * PostHog (`request.user.organization`, posthog/api/event_definition.py, posthog/taxonomy/property_definition_api.py,
 * posthog/api/tagged_item.py), not on the project's: each part selects the organization it needs first
 * (`set_current_organization`, posthog/api/user.py) and the tier's is selected again at the end.
 *
 * With the features, an ingested definition is taken over by name, read back without drift, updated, drifted by
 * hand and released (it stays in PostHog); without them PostHog refuses every write but a property's value type
 * (402), and the provider says which plan feature and which organization, and records what cannot be applied rather
 * than trying again; a name nothing ingested is refused saying how PostHog makes one. Everything carries the run's
 * prefix; the definitions made for the run are deleted afterwards.
 */
import { z } from "zod";
import { PostHogError, type Transport } from "../../src/client-entry";
import * as events from "../../src/kinds/event-definition/endpoints";
import * as properties from "../../src/kinds/property-definition/endpoints";
import { EventDefinitionLifecycle, PropertyDefinitionLifecycle } from "../../src/provider";
import { type FeaturedOrganization, organizationWithFeatures } from "./plan-features";
import { type AcceptanceTarget, acceptanceTarget, inTargetProject, named } from "./real-posthog";

type Json = Record<string, unknown>;

let target: AcceptanceTarget;
let client: Transport;
let connection: ReturnType<typeof inTargetProject>["connection"];
let featured: FeaturedOrganization | undefined;

const name = (what: string) => named(target, what);

beforeAll(() => {
  target = acceptanceTarget();
  ({ client, connection } = inTargetProject(target));
  featured = organizationWithFeatures(
    target,
    "acceptance: taxonomy",
    ["ingestion_taxonomy", "tagging"],
    [
      {
        projectId: null,
        events: [name("signed_up")],
        properties: [
          { name: name("plan"), type: "event" },
          { name: name("industry"), type: "group", groupTypeIndex: 0 },
        ],
      },
      { projectId: target.projectId, events: [name("plain_event")], properties: [{ name: name("plain_plan"), type: "event" }] },
    ],
  );
});

afterAll(async () => {
  if (!featured) return;
  for (const made of featured.seeded) {
    const remove = made.type === undefined ? events.deleteEventDefinition : properties.deletePropertyDefinition;
    await remove(client, made.projectId, made.id).catch((error: unknown) => {
      if (!(error instanceof PostHogError && error.isNotFound)) throw error;
    });
  }
  await selectOrganization(target.organizationId);
});

/** Makes `organizationId` the key's user's current organization: the one whose plan PostHog 2025-08-04 judges. */
async function selectOrganization(organizationId: string): Promise<void> {
  await client.request({
    method: "PATCH",
    path: "/api/users/@me/",
    body: { set_current_organization: organizationId },
    schema: z.looseObject({}),
    subject: "the current user",
  });
}

const seeded = (projectId: number, what: string) => {
  const found = featured?.seeded.find((d) => d.projectId === projectId && d.name === name(what));
  if (!found) throw new Error(`${name(what)} was not seeded in project ${projectId}`);
  return found.id;
};

/** A provider connection to the featured organization's project. */
const inFeatured = (f: FeaturedOrganization) => ({
  ...connection,
  config: { ...connection.config, organizationId: f.organizationId, projectId: String(f.projectId) },
});

const skipped = () => {
  console.warn("No plan features or definitions can be given to this target: the taxonomy cases are skipped.");
};

type Lifecycle = EventDefinitionLifecycle | PropertyDefinitionLifecycle;

/** Takes the seeded definition over: checked, created as that definition, read back as declared, no change. */
async function takenOver(provider: Lifecycle, inputs: Json, seededId: string): Promise<{ id: string; outs: Json }> {
  expect((await provider.check({}, inputs)).failures).toBeUndefined();
  const created = await provider.create(inputs);
  // The definition ingestion made, not a new one.
  expect(created.id).toBe(seededId);
  const read = await provider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);
  return { id: created.id, outs: read.props as Json };
}

/** A description changed in PostHog is drift on read; delete releases the definition, which PostHog keeps as it is. */
async function driftedAndReleased(
  provider: Lifecycle,
  made: { id: string; outs: Json },
  declared: Json,
  inPostHog: { patch: (body: Json) => Promise<unknown>; get: () => Promise<{ description?: string | null }> },
): Promise<void> {
  await inPostHog.patch({ description: "Changed in PostHog." });
  const drifted = await provider.read(made.id, made.outs);
  expect(drifted.inputs).toMatchObject({ description: "Changed in PostHog." });
  expect((await provider.diff(made.id, drifted.props as Json, declared)).changes).toBe(true);
  await provider.delete(made.id, drifted.props as Json);
  expect(await inPostHog.get()).toMatchObject({ description: "Changed in PostHog." });
}

describe("in an organization whose plan has ingestion_taxonomy and tagging", () => {
  beforeAll(async () => {
    if (featured) await selectOrganization(featured.organizationId);
  });

  test("an ingested event definition is taken over by name, read back without drift, updated, drifted by hand, and released", async () => {
    if (!featured) return skipped();
    const projectId = featured.projectId;
    const provider = new EventDefinitionLifecycle(inFeatured(featured));
    const members = await client.request({
      method: "GET",
      path: `/api/organizations/${featured.organizationId}/members/`,
      schema: z.looseObject({ results: z.array(z.looseObject({ user: z.looseObject({ id: z.number(), email: z.string() }) })) }),
    });
    const ownerId = members.results.find((m) => m.user.email === target.account?.email)?.user.id;
    const inputs: Json = {
      projectId,
      name: name("signed_up"),
      description: "A visitor created an account.",
      tags: ["funnel"],
      verified: true,
      ownerId,
    };
    const made = await takenOver(provider, inputs, seeded(projectId, "signed_up"));

    // Hidden unverifies (EnterpriseEventDefinitionSerializer.update); PostHog lower-cases tags.
    const changed: Json = { ...inputs, description: "An account was made.", tags: ["funnel", "activation"], verified: false, hidden: true };
    expect((await provider.diff(made.id, made.outs, changed)).changes).toBe(true);
    const updated = (await provider.update(made.id, made.outs, changed)).outs as Json;
    const live = await events.getEventDefinition(client, projectId, made.id);
    expect(live).toMatchObject({ description: "An account was made.", verified: false, hidden: true, owner_id: ownerId });
    expect([...(live.tags ?? [])].sort()).toEqual(["activation", "funnel"]);
    expect((await provider.diff(made.id, updated, changed)).changes).toBe(false);

    await driftedAndReleased(provider, { id: made.id, outs: updated }, changed, {
      patch: (body) => events.updateEventDefinition(client, projectId, made.id, body),
      get: () => events.getEventDefinition(client, projectId, made.id),
    });
  });

  test("ingested property definitions, an event's and a group type's (groupTypeIndex 0), are taken over, typed, updated, drifted by hand, and released", async () => {
    if (!featured) return skipped();
    const projectId = featured.projectId;
    const provider = new PropertyDefinitionLifecycle(inFeatured(featured));
    const inputs: Json = {
      projectId,
      name: name("plan"),
      type: "event",
      propertyType: "String",
      description: "The plan chosen at sign-up.",
      tags: ["funnel"],
      verified: true,
    };
    const made = await takenOver(provider, inputs, seeded(projectId, "plan"));

    const changed: Json = { ...inputs, propertyType: "Numeric", description: "Seats bought at sign-up.", tags: ["billing"] };
    const updated = (await provider.update(made.id, made.outs, changed)).outs as Json;
    expect(updated).toMatchObject({ propertyType: "Numeric", isNumerical: true, tags: ["billing"] });
    expect((await provider.diff(made.id, updated, changed)).changes).toBe(false);

    await driftedAndReleased(provider, { id: made.id, outs: updated }, changed, {
      patch: (body) => properties.updatePropertyDefinition(client, projectId, made.id, body),
      get: () => properties.getPropertyDefinition(client, projectId, made.id),
    });

    const group: Json = {
      projectId,
      name: name("industry"),
      type: "group",
      groupTypeIndex: 0,
      propertyType: "String",
      description: "The company's industry.",
    };
    const grouped = await provider.create(group);
    expect(grouped.id).toBe(seeded(projectId, "industry"));
    expect(grouped.outs).toMatchObject({ type: "group", groupTypeIndex: 0, propertyType: "String" });
    // An import reads it by its id alone, with a client that never listed it: the type is found by its name.
    const imported = await new PropertyDefinitionLifecycle(inFeatured(featured)).read(`${projectId}/${grouped.id}`);
    expect(imported.props).toMatchObject({ name: name("industry"), type: "group", groupTypeIndex: 0 });
    await provider.delete(grouped.id, grouped.outs as Json);
  });

  test("a name nothing ingested: refused, saying how PostHog makes one (PostHog 2025-08-04 has no create)", async () => {
    if (!featured) return skipped();
    const projectId = featured.projectId;
    await expect(new EventDefinitionLifecycle(inFeatured(featured)).create({ projectId, name: name("never_sent") })).rejects.toThrow(
      new RegExp(
        `named "${name("never_sent")}" does not exist in project ${projectId}, and this PostHog cannot create one: PostHog makes definitions when events arrive \\(ingestion\\)\\. Send one event named "${name("never_sent")}"`,
      ),
    );
    await expect(
      new PropertyDefinitionLifecycle(inFeatured(featured)).create({ projectId, name: name("never_sent"), type: "person" }),
    ).rejects.toThrow(
      /this PostHog cannot create one: PostHog makes definitions when events arrive \(ingestion\)\. Set the person property/,
    );
  });
});

describe("in a project whose organization's plan has neither", () => {
  beforeAll(async () => {
    if (featured) await selectOrganization(target.organizationId);
  });

  /** The error a create ended with, and what it recorded (a PartialSuccess: the definition is taken, the rest not). */
  const failed = (create: Promise<unknown>) =>
    create.then(
      () => undefined,
      (error: Error & { id?: string; properties?: Json }) => error,
    );

  test("an event definition: PostHog refuses its description, tags and verified (402), the provider names the plan feature and whose plan counts, and records them as not applicable rather than trying again", async () => {
    if (!featured) return skipped();
    const projectId = target.projectId;
    const provider = new EventDefinitionLifecycle(connection);
    const inputs: Json = { projectId, name: name("plain_event"), description: "A plain event.", tags: ["funnel"], verified: true };
    const failure = await failed(provider.create(inputs));
    expect(failure?.message).toBe(
      "PostHog cannot apply description, tags, verified to this event definition: where the plan lacks the `ingestion_taxonomy` plan feature (AvailableFeature.INGESTION_TAXONOMY) it answers event definitions without their description, owner, verified and hidden, and refuses to write anything (402: EnterpriseFeatureException, posthog/api/event_definition.py, posthog/taxonomy/property_definition_api.py). PostHog 2025-08-04 judges the plan of the organization the key's user has selected in PostHog (`request.user.organization`), not the project's: select one whose plan has it, upgrade the plan, or remove description, tags, verified from the program.",
    );
    // The definition ingestion made is taken, unchanged: nothing was dropped silently, all was refused.
    expect(failure?.id).toBe(seeded(projectId, "plain_event"));
    const live = await events.getEventDefinition(client, projectId, seeded(projectId, "plain_event"));
    expect(live).toMatchObject({ tags: [] });
    expect(live).not.toHaveProperty("description");
    // No churn: the next preview says it before sending anything.
    await expect(provider.diff(String(failure?.id), failure?.properties ?? {}, inputs)).rejects.toThrow(
      /PostHog cannot apply description, tags, verified to this event definition: .*\(as the last `pulumi up` or refresh found\)$/,
    );
  });

  test("a property definition: PostHog writes its propertyType alone, refuses the description (402), which the provider records as not applicable", async () => {
    if (!featured) return skipped();
    const projectId = target.projectId;
    const provider = new PropertyDefinitionLifecycle(connection);
    const inputs: Json = { projectId, name: name("plain_plan"), type: "event", propertyType: "Numeric", description: "Seats." };
    const failure = await failed(provider.create(inputs));
    expect(failure?.message).toMatch(
      /^PostHog cannot apply description to this property definition: .* refuses to write anything but propertyType \(alone\) \(402/,
    );
    expect(failure?.properties).toMatchObject({ propertyType: "Numeric", isNumerical: true });
    expect(await properties.getPropertyDefinition(client, projectId, seeded(projectId, "plain_plan"))).toMatchObject({
      property_type: "Numeric",
      is_numerical: true,
    });
    await expect(provider.diff(String(failure?.id), failure?.properties ?? {}, inputs)).rejects.toThrow(
      /PostHog cannot apply description .*\(as the last `pulumi up` or refresh found\)$/,
    );
  });

  test("the organization with the features, while the key's user has this one selected: PostHog judges the user's, and answers as without them", async () => {
    if (!featured) return skipped();
    const projectId = featured.projectId;
    // Released above with this description, which PostHog now does not even answer.
    const failure = await failed(
      new EventDefinitionLifecycle(inFeatured(featured)).create({ projectId, name: name("signed_up"), description: "Changed in PostHog." }),
    );
    expect(failure?.message).toMatch(/^PostHog cannot apply description to this event definition: .*not the project's/);
    expect(failure?.id).toBe(seeded(projectId, "signed_up"));
  });
});
