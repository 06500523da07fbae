/**
 * MessagingTemplate, declared once for the kit (src/kit): a project's message template of PostHog's workflows
 * (messaging), project-scoped (`/api/projects/<projectId>/messaging_templates/`), keyed by UUID, soft-deleted
 * (`PATCH {"deleted": true}`: MessageTemplatesViewSet is a ForbidDestroyModel, products/messaging/backend/api/
 * message_templates.py), identified as `<projectId>/<uuid>`. Today's PostHog serves it to personal API keys with the
 * `hog_flow` scope. PostHog 2025-08-04 has none for a program: it routes templates under /api/environments/ only, its
 * viewset `INTERNAL` (every personal API key with scopes refused) and its serializer without `deleted` (none could be
 * deleted); under /api/projects/ it answers 404, said as such. Its field table is ./fields.ts. Nothing about a template
 * is unique: a create whose answer was lost is never resent blindly.
 */
import { PostHogError } from "../../client";
import { defineKind } from "../../kit/define-kind";
import { isPlainObject } from "../../kit/json";
import type { Failure, Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { isUnknown } from "../../kit/unknown";
import * as templates from "./endpoints";
import { messagingTemplateExample } from "./example";
import { messagingTemplateFields, SERIALIZER } from "./fields";

/** PostHog 2025-08-04's 404 "Endpoint not found." for the whole route, said as what it is; undefined for any other error. */
function unservedBefore(error: unknown): Error | undefined {
  if (!(error instanceof PostHogError && error.endpointMissing)) return undefined;
  return new Error(
    `${error.message} This PostHog serves messaging templates to its web app only (PostHog 2025-08-04 and older: MessageTemplatesViewSet under /api/environments/ alone, its scope_object INTERNAL, its serializer unable to delete one): use today's PostHog, where they need the \`hog_flow\` scope.`,
  );
}

/** `validate`: a template sent as "email" with email content needs its subject. */
function subjectFailures(inputs: Json, known: Json, failed: (input: string) => boolean): Failure[] {
  if (failed("type") || failed("content") || isUnknown(inputs["content"]) || known["type"] !== "email") return [];
  const content = known["content"];
  const email = isPlainObject(content) ? content["email"] : undefined;
  if (!isPlainObject(email) || isUnknown(email["subject"]) || email["subject"]) return [];
  return [
    {
      property: "content",
      reason: `content.email.subject is required for an email template ("Subject is required for email templates.", ${SERIALIZER})`,
    },
  ];
}

export const {
  kind: messagingTemplateKind,
  model: messagingTemplateModel,
  Lifecycle: MessagingTemplateLifecycle,
} = defineKind({
  name: "MessagingTemplate",
  noun: "messaging template",
  summary: "A message template of a project's workflows: an email's subject and body, reused by workflow steps.",
  description:
    "A PostHog messaging template: a reusable message of PostHog's workflows (an email's subject, text, html or design, in Liquid). Declared fields are managed; its content is replaced whole on a change. Deleted as PostHog deletes templates (marked deleted); one deleted by hand is created again. Today's PostHog only, with the `hog_flow` scope; PostHog 2025-08-04 serves templates to its web app alone.",
  example: messagingTemplateExample,
  scope: "project",
  identity: { output: "messagingTemplateId", key: "uuid", doc: "The messaging template's UUID in PostHog." },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  endpoints: {
    get: templates.getMessagingTemplate,
    update: templates.updateMessagingTemplate,
    remove: (http, projectId, id: string) => templates.deleteMessagingTemplate(http, projectId, id),
    create: templates.createMessagingTemplate,
  },
  // The list answers each template with the serializer its retrieve answers with.
  listReads: listedPages(templates.messagingTemplatePages),
  fields: messagingTemplateFields,
  exampleInput: "description",
  // `name` is a model CharField without a default (products/messaging/backend/models/message_template.py).
  required: { name: `the template's name (MessageTemplate.name, ${SERIALIZER})` },
  moreFailures: subjectFailures,
  fixedOutputs: (record) => ({ name: record.name, type: record.type ?? null }),
  outputTypes: {
    name: { type: "string", doc: "The template's name." },
    type: { type: "string | null", doc: 'Its message channel ("email").' },
  },
  types: {
    MessagingTemplateContent: {
      type: '{\n  /** How its tags are filled in: "liquid" (PostHog\'s default and only language). */\n  templating?: "liquid";\n  /** An email\'s parts; `subject` is required for an email template. */\n  email?: { subject?: string; text?: string; html?: string; design?: Record<string, unknown> } | null;\n}',
      doc: "A messaging template's content by channel (MessageTemplateContentSerializer of PostHog's schema).",
    },
  },
  importer: {
    list: (http, projectId) => templates.listMessagingTemplates(http, projectId),
    // The MessageTemplate model's defaults.
    defaults: { description: "", type: "email", message_category: null },
    label: (template) => template.name,
  },
  lostCreate: (sent) => `among the project's messaging templates (named ${JSON.stringify(sent["name"] ?? null)})`,
  createRefusal: unservedBefore,
});
