/**
 * posthog.Action's lifecycle over loopback against the local server, in both PostHog versions it plays (2025-08-04
 * answers a PATCH without `name` with a 500): create, no change after PostHog's normalisations, drift as the live
 * inputs, restore, rename, deleted by hand, soft delete, a create whose answer is lost, the lookups. (Its example's
 * import by each id form: the contract, test/kinds/contract.test.ts.)
 */
import * as actions from "../../../src/kinds/action/endpoints";
import { getAction, listActions } from "../../../src/functions";
import { useLookupConfig } from "../../../src/functions/context";
import { ActionLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Actions", (connection) => new ActionLifecycle(connection));

const steps = [{ event: "$pageview", url: "/welcome", url_matching: "contains" }];

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("create, no change, drift as old => new, restore with the name, rename, deleted by hand, soft delete", async () => {
    const { provider, http, projectId, server } = setup();
    const inputs: Json = { projectId, name: `Signed up ${version}`, description: "Welcome page", steps };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ actionId: Number(created.id), projectId, name: inputs["name"] });
    // PostHog answers every step field.
    expect(Object.keys((await actions.getAction(http, projectId, Number(created.id))).steps[0]!)).toContain("selector");

    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    const read = await provider.read(created.id, outs);
    expect(read.inputs).toEqual(inputs);

    await actions.updateAction(http, projectId, Number(created.id), { name: inputs["name"] as string, description: "By hand" });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toEqual({ ...inputs, description: "By hand" });

    // The restore changes the description only, and still sends the name (2025-08-04 answers 500 without it).
    await server.clearRequests();
    const restored = await provider.update(created.id, drifted.props as Json, inputs);
    expect(restored.outs).toMatchObject({ description: "Welcome page" });
    const patches = (await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys);
    expect(patches).toEqual([["description", "name"]]);

    const renamed = { ...inputs, name: `Renamed ${version}` };
    const after = await provider.update(created.id, restored.outs as Json, renamed);
    expect((after.outs as Json)["name"]).toBe(renamed["name"]);

    await actions.deleteAction(http, projectId, Number(created.id), renamed["name"] as string);
    expect(await provider.read(created.id, after.outs as Json)).toEqual({});
    const again = await provider.create(renamed);
    expect(again.id).not.toBe(created.id);

    await provider.delete(again.id, again.outs as Json);
    expect((await actions.getAction(http, projectId, Number(again.id))).deleted).toBe(true);
    expect(await server.requests({ method: "DELETE" })).toEqual([]);
  });

  test("the Slack message: no change after PostHog trims it, drift shown, restored", async () => {
    const { provider, http, projectId } = setup();
    const inputs: Json = {
      projectId,
      name: `Slack ${version}`,
      steps,
      postToSlack: true,
      slackMessageFormat: " [action.name] was matched ",
    };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.create(inputs);
    expect(await actions.getAction(http, projectId, Number(created.id))).toMatchObject({
      post_to_slack: true,
      slack_message_format: "[action.name] was matched",
    });
    expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, created.outs as Json)).inputs).toEqual(inputs);

    await actions.updateAction(http, projectId, Number(created.id), {
      name: inputs["name"] as string,
      post_to_slack: false,
      slack_message_format: "",
    });
    const drifted = await provider.read(created.id, created.outs as Json);
    expect(drifted.inputs).toEqual({ ...inputs, postToSlack: false, slackMessageFormat: "" });
    const restored = await provider.update(created.id, drifted.props as Json, inputs);
    expect((await provider.diff(created.id, restored.outs as Json, inputs)).changes).toBe(false);
    await provider.delete(created.id, restored.outs as Json);
  });

  test("adoptId takes over an existing action: a GET and no POST, a PATCH of what differs only; a deleted one is refused", async () => {
    const { provider, http, projectId, server } = setup();
    const made = await actions.createAction(http, projectId, { name: `Adopted ${version}`, description: "By hand", steps });
    const inputs: Json = { projectId, name: made.name, description: "By hand", steps, adoptId: made.id };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    await server.clearRequests();
    const adopted = await provider.create(inputs);
    expect(adopted.id).toBe(String(made.id));
    expect((await server.requests()).map((r) => r.method)).toEqual(["GET"]);
    expect((await provider.diff(adopted.id, adopted.outs as Json, inputs)).changes).toBe(false);

    await server.clearRequests();
    await provider.create({ ...inputs, description: "Declared" });
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["description", "name"]]);

    await actions.deleteAction(http, projectId, made.id, made.name);
    await expect(provider.create(inputs)).rejects.toThrow(
      `Action ${made.id} of project ${projectId} is deleted in PostHog and cannot be adopted: remove adoptId`,
    );
    await expect(provider.create({ ...inputs, adoptId: 987654 })).rejects.toThrow("PostHog has no such action. Check adoptId");
    expect((await provider.check({}, { ...inputs, adoptId: -1 })).failures).toEqual([
      {
        property: "adoptId",
        reason: "adoptId must be the numeric id of an existing Action of the project (PostHog's `id`)",
      },
    ]);
  });

  test("a create whose answer is lost after PostHog committed is found by its name, not created twice", async () => {
    const { provider, server, http, projectId } = setup();
    await server.fault({ method: "POST", path: "/actions/?$", status: 502, afterCommit: true });
    const created = await provider.create({ projectId, name: `lost-${version}`, steps });
    const live = (await actions.listActions(http, projectId)).filter((a) => a.name === `lost-${version}`).map((a) => a.id);
    expect(live).toEqual([Number(created.id)]);
  });

  test("the lookups by id, by name and listed", async () => {
    const { http, projectId, server } = setup();
    const action = await actions.createAction(http, projectId, { name: `import-${version}`, steps });
    useLookupConfig((key) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey })[key]);
    expect(await getAction({ projectId, actionId: action.id })).toMatchObject({ actionId: action.id, name: `import-${version}` });
    expect(await getAction({ projectId, name: `import-${version}` })).toMatchObject({
      actionId: action.id,
      steps: [{ event: "$pageview" }],
    });
    await expect(getAction({ projectId, name: "nothing" })).rejects.toThrow('has no action with name "nothing"');
    expect((await listActions({ projectId, search: `IMPORT-${version}` })).map((a) => a.actionId)).toEqual([action.id]);
  });
});
