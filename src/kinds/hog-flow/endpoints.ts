/**
 * The hog flow (workflow) endpoints (HogFlowViewSet, `/api/projects/<id>/hog_flows/`, posthog/api/hog_flow.py), one
 * function each. Keyed by UUID; deleted by DELETE (a ModelViewSet: gone for good). Today's scope is `hog_flow`;
 * PostHog 2025-08-04's viewset is `INTERNAL` and refuses every personal API key with scopes (403 "This action does not
 * support Personal API Key access", measured; a legacy key without scopes passes, posthog/permissions.py). The list is limit/offset, most recently updated first.
 */
import { hogFlowSchema } from "./record";
import * as objects from "../../client/project-objects";

const hogFlows = objects.endpoints<typeof hogFlowSchema, string>({
  path: "hog_flows",
  noun: "hog flow",
  schema: hogFlowSchema,
});

export const listHogFlows = hogFlows.listAll;

export const getHogFlow = hogFlows.get;

/** Never resent once it may have reached PostHog: names are not unique, a resend makes a second flow. */
export const createHogFlow = hogFlows.create;

export const updateHogFlow = hogFlows.update;

export const deleteHogFlow = hogFlows.destroy;

/** Every page of the unfiltered list. */
export const hogFlowPages = hogFlows.pages;
