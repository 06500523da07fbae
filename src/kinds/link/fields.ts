/**
 * The link's field table: the writable fields of LinkSerializer (products/links/backend/api.py in PostHog/posthog,
 * `Meta.fields` less `read_only_fields` and `created_by`; model products/links/backend/models.py, `posthog_link`),
 * each with PostHog's rule. PostHog 2025-08-04 has the same serializer (products/links/backend/api.py there, model
 * posthog/models/link.py). What it leaves out, and why: `linkLeftOut` below.
 */
import { z } from "zod";
import { type ApiTypes, CREATE_IN_FOLDER, type FieldDef, type LeftOut } from "../../kit/field-table";

export const LINK_SERIALIZER = "LinkSerializer, products/links/backend/api.py";

/** The one domain LinkSerializer.create accepts ("Only phog.gg is allowed as a short link domain"). */
export const SHORT_LINK_DOMAIN = "phog.gg";

/**
 * Django's URLValidator (`Link.redirect_url` is a URLField) as far as it can be told without its host grammar: one of
 * its schemes (http, https, ftp, ftps), `://`, something after it, no whitespace. PostHog checks the host's form itself.
 */
const URL_SHAPE = /^(?:https?|ftps?):\/\/[^\s/?#]+[^\s]*$/i;

export const linkFields = {
  redirect_url: {
    input: z
      .string({ error: "must be a string" })
      .max(2048, { error: `must be at most 2048 characters (Link.redirect_url, ${LINK_SERIALIZER})` })
      .refine((v) => URL_SHAPE.test(v), {
        error: `must be a URL (http, https, ftp or ftps; Django's URLValidator, ${LINK_SERIALIZER})`,
      }),
    doc: "Where the short link sends its visitors: a URL of at most 2048 characters.",
  },
  short_link_domain: {
    input: z
      .string({ error: "must be a string" })
      .max(255, { error: `must be at most 255 characters (Link.short_link_domain, ${LINK_SERIALIZER})` }),
    doc: `The domain the short link is served on: PostHog creates links on "${SHORT_LINK_DOMAIN}" only (LinkSerializer.create refuses any other).`,
  },
  short_code: {
    apiTypesDiffer:
      "LinkSerializer declares `short_code` as a CharField of its own without max_length, so the types state no limit; its column is `CharField(max_length=255)` (products/links/backend/models.py), and a longer code fails in the database with a 500 after the request is sent",
    input: z
      .string({ error: "must be a string" })
      .min(1, { error: `must not be blank (${LINK_SERIALIZER})` })
      .max(255, { error: `must be at most 255 characters (Link.short_code)` }),
    doc: "The short link's path on its domain (`abc123` in https://phog.gg/abc123): unique on the domain, across every PostHog project.",
  },
  description: {
    input: z.string({ error: "must be a string or null" }).nullable(),
    doc: "A note of what the link is for.",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const linkLeftOut: LeftOut = { ...CREATE_IN_FOLDER };

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const linkApiTypes: ApiTypes = { file: "products/links/frontend/generated/api.schemas.ts", schemas: ["LinkApi", "PatchedLinkApi"] };
