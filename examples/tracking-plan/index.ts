/**
 * A tracking plan as code: the events of a sign-up funnel and their properties, described, typed, tagged and verified
 * in the project whose application sends them, and the sign-up's schema (what it must carry); then the typed capture
 * that application compiles against, in which the schema's required properties are required.
 *
 *   pulumi config set posthog:projectId <project id>
 *   pulumi config set --secret posthog:apiKey phx_…   # event_definition:write and property_definition:write
 *   pulumi up
 *   npx pulumi-posthog types --out app/events.ts       # then app/signup.ts is checked by the compiler
 *
 * PostHog makes a definition when the first event (or property) of its name arrives: `pulumi up` takes each one over,
 * and says which the project has not received yet (today's PostHog creates event definitions by name; no PostHog
 * creates property definitions over its API). Descriptions, owners, `verified` and `hidden` need the organization's
 * `ingestion_taxonomy` plan feature, tags `tagging`. Deleting a resource leaves the definition in PostHog as it is.
 */
import * as posthog from "pulumi-posthog";

const funnel = ["signup-funnel"];
const owner = posthog.getCurrentUserOutput({}).apply((user) => user.id!);

const steps = [
  { name: "pricing_viewed", description: "A visitor opened the pricing page: the funnel's first step." },
  { name: "signed_up", description: "A visitor created an account." },
  { name: "onboarding_completed", description: "A new user finished onboarding: the funnel's last step." },
];
const definitions = steps.map((step) => new posthog.EventDefinition(step.name, { ...step, tags: funnel, verified: true, ownerId: owner }));
export const events = definitions.map((definition) => definition.eventDefinitionId);

// What every sign-up must carry (PostHog's schema management, today's PostHog): its plan, one of three, and its seats.
const signUp = new posthog.SchemaPropertyGroup("sign-up", {
  name: "Sign-up",
  properties: [
    { name: "plan", property_type: "String", is_required: true, validation_rules: { enum: ["free", "team", "enterprise"] } },
    { name: "seats", property_type: "Numeric", is_required: true, validation_rules: { minimum: 1 } },
    { name: "referrer_code", property_type: "String" },
  ],
});
export const signedUpSchema = new posthog.EventSchema("signed-up-schema", {
  eventDefinitionId: definitions[1]!.eventDefinitionId,
  propertyGroupId: signUp.propertyGroupId,
}).eventSchemaId;

const properties = [
  { name: "plan", propertyType: "String", description: "The plan chosen: free, team or enterprise." },
  { name: "seats", propertyType: "Numeric", description: "How many seats the account started with." },
  { name: "referrer_code", propertyType: "String", description: "The partner code the visitor came with, if any." },
] as const;
export const eventProperties = properties.map(
  (property) =>
    new posthog.PropertyDefinition(property.name, { ...property, type: "event", tags: funnel, verified: true }).propertyDefinitionId,
);
