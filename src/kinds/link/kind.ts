/**
 * Link (a short link), declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/links/`),
 * keyed by UUID, deleted by DELETE (LinkViewSet is a ModelViewSet, products/links/backend/api.py), identified as
 * `<projectId>/<uuid>`. The same in PostHog 2025-08-04 (routed by posthog/api/__init__.py there). Personal API keys
 * need `link:read`/`link:write` (`scope_object = "link"`, posthog/scopes.py). Its field table is ./fields.ts.
 */
import { defineKind } from "../../kit/define-kind";
import { listedPages } from "../../kit/list-reads";
import * as links from "./endpoints";
import { linkExample } from "./example";
import { LINK_SERIALIZER, linkFields } from "./fields";

export const {
  kind: linkKind,
  model: linkModel,
  Lifecycle: LinkLifecycle,
} = defineKind({
  name: "Link",
  noun: "link",
  summary: "A short link of a project: a code on PostHog's short link domain that redirects to a URL.",
  description:
    'A PostHog short link: a code on PostHog\'s short link domain ("phog.gg") that redirects to a URL. Declared fields are managed; deleted with DELETE; one deleted by hand is created again. A short code is unique on its domain across every PostHog project.',
  example: linkExample,
  scope: "project",
  identity: { output: "linkId", key: "uuid", doc: "The link's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "redirectUrl", "shortLinkDomain", "shortCode"],
  endpoints: { get: links.getLink, update: links.updateLink, remove: links.deleteLink, create: links.createLink },
  // LinkViewSet lists with LinkSerializer, as it retrieves (products/links/backend/api.py).
  listReads: listedPages(links.linkPages),
  fields: linkFields,
  exampleInput: "description",
  // `redirect_url` and `short_link_domain` are model fields without defaults, `short_code` is declared
  // `required=True` (LinkSerializer, products/links/backend/api.py).
  required: {
    redirectUrl: `where the link redirects (${LINK_SERIALIZER})`,
    shortLinkDomain: `the domain it is served on (${LINK_SERIALIZER})`,
    shortCode: `its path on the domain (${LINK_SERIALIZER})`,
  },
  // The outputs every Link has besides its kind's (its id, its project): where it redirects, its domain and code.
  fixedOutputs: (record) => ({
    redirectUrl: record.redirect_url,
    shortLinkDomain: record.short_link_domain,
    shortCode: record.short_code,
  }),
  outputTypes: {
    redirectUrl: { type: "string", doc: "Where the short link sends its visitors." },
    shortLinkDomain: { type: "string", doc: "The domain the short link is served on." },
    shortCode: { type: "string", doc: "The short link's path on its domain." },
  },
  // No lookups: no PostHog object names a link. The list answers every field: no GET each.
  importer: {
    list: (http, projectId) => links.listLinks(http, projectId),
    defaults: { description: null },
    label: (link) => `${link.short_link_domain}/${link.short_code}`,
  },
  /**
   * A short code is unique on its domain (`unique_short_link_domain_short_code`, products/links/backend/models.py):
   * after an unclear answer the project's link of the sent domain and code is looked for, and taken only when it is
   * shown to be this create's.
   */
  findBy: {
    field: "short_code",
    find: async (http, projectId, code, sent) =>
      (await links.listLinks(http, projectId)).filter(
        (link) => link.short_link_domain === sent["short_link_domain"] && link.short_code === code,
      ),
    described: (code, sent) => `with short code ${JSON.stringify(code ?? null)} on ${JSON.stringify(sent["short_link_domain"] ?? null)}`,
    // LinkSerializer's unique together validator of that constraint (DRF's UniqueConstraint support): 400, "The
    // fields short_link_domain, short_code must make a unique set."
    taken: (error) => error.status === 400 && /short_link_domain, short_code must make a unique set/.test(error.message),
    otherwise: "choose another short code",
  },
});
