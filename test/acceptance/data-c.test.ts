/**
 * posthog.HogFlow and posthog.ExternalDataSource against a real PostHog. PostHog 2025-08-04 serves neither to any
 * personal API key (HogFlowViewSet and ExternalDataSourceViewSet have `scope_object = "INTERNAL"`), all access (`*`)
 * included: each create is refused, with PostHog's reason and what a later PostHog does, and nothing is made. A later
 * PostHog (an external target) serves workflows to `hog_flow` and sources to `external_data_source` keys: a draft
 * workflow goes through create, no change and delete; a Stripe source needs Stripe itself to accept its key (PostHog
 * checks the credentials on create), so with a made-up key the create is refused by PostHog and nothing is left.
 */
import * as hogFlows from "../../src/kinds/hog-flow/endpoints";
import * as sources from "../../src/kinds/external-data-source/endpoints";
import { ExternalDataSourceLifecycle, HogFlowLifecycle } from "../../src/provider";
import { acceptanceTarget, inTargetProject, named, type AcceptanceTarget } from "./real-posthog";

type Json = Record<string, unknown>;

let target: AcceptanceTarget;
let inProject: ReturnType<typeof inTargetProject>;

beforeAll(() => {
  target = acceptanceTarget();
  inProject = inTargetProject(target);
});

const SECRET = "tok_acceptance_s3cr3t";

const workflow = (projectId: number): Json => ({
  projectId,
  name: named(target, "workflow"),
  status: "draft",
  actions: [
    {
      id: "trigger_node",
      name: "Sign-up",
      type: "trigger",
      config: { type: "event", filters: { events: [{ id: "signed_up", type: "events" }] } },
    },
    {
      id: "hook",
      name: "Hook",
      type: "function",
      config: { template_id: "template-webhook", inputs: { url: { value: "https://example.com" }, token: { value: SECRET } } },
    },
    { id: "exit_node", name: "Exit", type: "exit", config: { reason: "done" } },
  ],
  edges: [
    { from: "trigger_node", to: "hook", type: "continue" },
    { from: "hook", to: "exit_node", type: "continue" },
  ],
});

const stripe = (projectId: number): Json => ({
  projectId,
  sourceType: "Stripe",
  prefix: named(target, "billing").replace(/-/g, "_"),
  jobInputs: { stripe_secret_key: "rk_test_not_a_real_key" },
  schemas: [{ name: "Customer", should_sync: false }],
});

test("HogFlow: PostHog 2025-08-04 refuses every personal API key (INTERNAL), all access included; a later PostHog's draft workflow is made, unchanged, deleted", async () => {
  const { projectId, connection, client } = inProject;
  const provider = new HogFlowLifecycle(connection);
  const inputs = workflow(projectId);
  if (target.version === "2025-08-04") {
    const refused = provider.create(inputs);
    await expect(refused).rejects.toThrow(
      /refuses POST \/api\/projects\/\d+\/hog_flows\/ to personal API keys of every scope.*This action does not support Personal API Key access.*the `hog_flow` scope/s,
    );
    await expect(refused).rejects.not.toThrow(SECRET);
    // Nothing could have been made: the list itself is refused.
    await expect(hogFlows.listHogFlows(client, projectId)).rejects.toMatchObject({ status: 403 });
    return;
  }
  const created = await provider.create(inputs);
  try {
    expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
  } finally {
    await provider.delete(created.id, created.outs as Json);
  }
  await expect(hogFlows.getHogFlow(client, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
});

test("ExternalDataSource: PostHog 2025-08-04 refuses every personal API key (INTERNAL); a later PostHog checks a Stripe key with Stripe and refuses a made-up one", async () => {
  const { projectId, connection, client } = inProject;
  const provider = new ExternalDataSourceLifecycle(connection);
  const inputs = stripe(projectId);
  const refused = provider.create(inputs);
  if (target.version === "2025-08-04") {
    // The lookup of a source of this type and prefix comes first, and is refused already.
    await expect(refused).rejects.toThrow(
      /refuses GET \/api\/projects\/\d+\/external_data_sources\/ to personal API keys of every scope.*the `external_data_source` scope/s,
    );
    await expect(sources.listExternalDataSources(client, projectId)).rejects.toMatchObject({ status: 403 });
    return;
  }
  await expect(refused).rejects.toThrow(/Stripe/);
  await expect(refused).rejects.not.toThrow("rk_test_not_a_real_key");
  const prefix = String(inputs["prefix"]);
  expect((await sources.listExternalDataSources(client, projectId)).filter((s) => s.prefix === prefix)).toEqual([]);
});
