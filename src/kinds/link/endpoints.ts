/**
 * The link endpoints (LinkViewSet, `/api/projects/<id>/links/`, products/links/backend/routes.py; registered in
 * posthog/api/__init__.py in PostHog 2025-08-04), one function each. Deleted by DELETE (a ModelViewSet: gone for good).
 * Personal API keys need `link:read`/`link:write` (`scope_object = "link"`, posthog/scopes.py).
 */
import { linkSchema } from "./record";
import * as objects from "../../client/project-objects";

const links = objects.endpoints<typeof linkSchema, string>({ path: "links", noun: "link", schema: linkSchema });

/** Every link of the project, the newest first (`safely_get_queryset`). */
export const listLinks = links.listAll;

export const getLink = links.get;

/** Never resent once it may have reached PostHog: a resend is refused (the short code is taken on its domain). */
export const createLink = links.create;

export const updateLink = links.update;

export const deleteLink = links.destroy;

/** Every page of the unfiltered list. */
export const linkPages = links.pages;
