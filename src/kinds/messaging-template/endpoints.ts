/**
 * The messaging template endpoints (MessageTemplatesViewSet, `/api/projects/<id>/messaging_templates/`: today
 * products/messaging/backend/api/message_templates.py, routed by products/messaging/backend/routes.py under
 * `/api/projects/<id>/` and `/api/environments/<id>/`), one function each. Keyed by UUID; deleted by
 * `PATCH {"deleted": true}` (a ForbidDestroyModel: DELETE answers 405), after which it is answered 404. Scope
 * `hog_flow`. PostHog 2025-08-04 routes it under environments only (posthog/api/__init__.py), for its web app
 * (`scope_object = "INTERNAL"`), with a serializer that cannot delete one (no `deleted`): under projects it answers 404,
 * which says this PostHog has none for a program.
 */
import { messagingTemplateSchema } from "./record";
import * as objects from "../../client/project-objects";

const templates = objects.endpoints<typeof messagingTemplateSchema, string>({
  path: "messaging_templates",
  noun: "messaging template",
  schema: messagingTemplateSchema,
});

/** Every template of the project that is not deleted, the newest first. */
export const listMessagingTemplates = templates.listAll;

export const getMessagingTemplate = templates.get;

/** Never resent once it may have reached PostHog: names are not unique, a resend makes a second template. */
export const createMessagingTemplate = templates.create;

export const updateMessagingTemplate = templates.update;

export const deleteMessagingTemplate = templates.softDelete;

/** Every page of the unfiltered list. */
export const messagingTemplatePages = templates.pages;
