/**
 * The log alert destination's field table: what LogsAlertCreateDestinationSerializer takes
 * (products/logs/backend/alerts_api.py; `validate_destination_data`, products/logs/backend/alert_destinations.py, says
 * what each type needs: the model's rule, ./model.ts). PostHog updates no destination: a change of any field replaces
 * it. PostHog answers a webhook URL reduced to its scheme and host and a PagerDuty key to its last four characters,
 * and a Slack channel's name never: each is compared in that form (a change made elsewhere to their secret parts
 * cannot be seen). PostHog 2025-08-04 has no log alerts.
 */
import { z } from "zod";
import { type Equality, type FieldDef, sameJson, type ApiTypes } from "../../kit/field-table";
import { urlFieldTakes } from "../../kit/url-field";

export const SERIALIZER = "LogsAlertCreateDestinationSerializer, products/logs/backend/alerts_api.py";
/** LogsAlertDestinationTypeEnum (products/logs/frontend/generated/api.schemas.ts). */
export const DESTINATION_TYPES = ["slack", "webhook", "teams", "pagerduty"] as const;

/** A URL's scheme and host, as PostHog answers a destination's (the rest carries the secret); undefined when no URL. */
export function urlOrigin(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}`;
  } catch {
    return undefined;
  }
}

const sameOrigin: Equality = (declared, live) => sameJson(urlOrigin(declared) ?? declared ?? null, live ?? null);
/** A text as its CharField stores it: trimmed. */
const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : (value ?? null));
const sameTrimmed: Equality = (declared, live) => sameJson(trimmed(declared), live ?? null);
const sameLastFour: Equality = (declared, live) => {
  const key = trimmed(declared);
  return sameJson(typeof key === "string" ? key.slice(-4) : key, live ?? null);
};
/** Never answered: what was declared is what was sent. */
const writeOnly: Equality = () => true;

/** DRF's URLField: Django's URLValidator (../../kit/url-field). */
const url = z.string({ error: "must be a URL" }).refine(urlFieldTakes, {
  error: `must be a URL Django's URLValidator takes: scheme http, https, ftp or ftps and a valid host ("Enter a valid URL.", URLField, ${SERIALIZER})`,
});

/** A CharField without `allow_blank`: trimmed, then "This field may not be blank." */
const text = (error: string) =>
  z
    .string({ error })
    .refine((value) => value.trim() !== "", { error: `must not be blank ("This field may not be blank.", ${SERIALIZER})` });

export const logsAlertDestinationFields = {
  type: {
    input: z.enum(DESTINATION_TYPES, { error: `must be one of ${DESTINATION_TYPES.join(", ")} (${SERIALIZER})` }),
    doc: 'Where notifications go: "slack" (needs `slackWorkspaceId` and `slackChannelId`), "webhook" or "teams" (Microsoft Teams; need `webhookUrl`), "pagerduty" (needs `pagerdutyRoutingKey`).',
  },
  slack_workspace_id: {
    input: z
      .number({ error: "must be the numeric id of a Slack integration" })
      .int({ error: "must be the numeric id of a Slack integration" }),
    doc: "The project's Slack integration to post through (its numeric id, made by connecting Slack in PostHog).",
  },
  slack_channel_id: {
    input: text("must be a Slack channel id"),
    equal: sameTrimmed,
    doc: "The Slack channel to post into, by id (`C0123456789`): a channel renamed in Slack stays the same.",
  },
  slack_channel_name: {
    input: z.string({ error: "must be a string" }),
    equal: writeOnly,
    doc: "The channel's name, for the destination's label in PostHog only; PostHog never answers it, so it is never drift.",
  },
  webhook_url: {
    input: url,
    equal: sameOrigin,
    doc: "The URL notifications are posted to (an incoming webhook of Microsoft Teams for `teams`). A Pulumi secret: whoever holds it can post to it. PostHog answers its scheme and host only, so a change of the rest made elsewhere is not seen.",
  },
  pagerduty_routing_key: {
    input: text("must be a PagerDuty integration key"),
    equal: sameLastFour,
    doc: "The integration key of a PagerDuty Events API v2 integration. A Pulumi secret; PostHog answers its last four characters only.",
  },
  pagerduty_severity: {
    input: z.enum(["critical", "error", "warning", "info"], { error: `must be "critical", "error", "warning" or "info" (${SERIALIZER})` }),
    doc: "The severity PagerDuty records on the incident.",
  },
  pagerduty_region: {
    input: z.enum(["us", "eu"], { error: `must be "us" or "eu" (${SERIALIZER})` }),
    doc: "The region of the PagerDuty account.",
  },
} as const satisfies Record<string, FieldDef>;

/** The table's inputs PostHog never answers whole: absent from its answer is no sign of a PostHog without them. */
export const UNANSWERED = ["slack_channel_name"] as const;

/**
 * Where PostHog's generated API types state this kind: the request of the alert's destinations action
 * (test/kinds/posthog-api-facts.test.ts holds the table to it).
 */
export const logsAlertDestinationApiTypes: ApiTypes = {
  file: "products/logs/frontend/generated/api.schemas.ts",
  schemas: ["LogsAlertCreateDestinationApi"],
};
