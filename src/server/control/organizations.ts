/** `/_control/organizations` and `/_control/keys`: organizations with their plan options, and personal API keys. */
import { z } from "zod";
import { json } from "../pipeline/http";
import { MEMBERSHIP_LEVELS, type MembershipLevel, type OrganizationRecord, PLAN_FEATURES, type PlanFeature } from "../state/types";
import { acceptInvite, ageInvite } from "../invites/routes";
import { ControlRequestError, parse, type ControlDeps, type ControlRoute } from "./route";

const createOrganizationSchema = z.strictObject({
  name: z.string().min(1).optional(),
  projectLimit: z.number().int().min(0).nullable().optional(),
  /** The default user is its owner (else it has no member): for a test of what a user's other organization changes. */
  ownedByDefaultUser: z.boolean().optional(),
});
export type CreateOrganizationRequest = z.infer<typeof createOrganizationSchema>;
export interface CreateOrganizationResponse {
  id: string;
  name: string;
}

const patchOrganizationSchema = z.strictObject({
  name: z.string().min(1).optional(),
  projectLimit: z.number().int().min(0).nullable().optional(),
  ignoredSettings: z.array(z.string()).optional(),
  newerFields: z.array(z.string().regex(/^[a-z][a-z0-9_]*$/)).optional(),
  propertyDefinitions: z.enum(["legacy", "gone"]).optional(),
  propertyValuesShape: z.enum(["results", "list"]).optional(),
  lackedFeatures: z.array(z.enum(PLAN_FEATURES)).optional(),
});
export type PatchOrganizationRequest = z.infer<typeof patchOrganizationSchema>;
export interface OrganizationView {
  id: string;
  name: string;
  projectLimit: number | null;
  ignoredSettings: string[];
  newerFields: string[];
  propertyDefinitions: "legacy" | "gone";
  propertyValuesShape: "results" | "list";
  lackedFeatures: PlanFeature[];
}

const createKeySchema = z.strictObject({
  organizationId: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  scopedOrganizations: z.array(z.string()).optional(),
  scopedTeams: z.array(z.number().int()).optional(),
  level: z.enum(["owner", "admin", "member", "none"]).optional(),
  userEmail: z.string().min(1).optional(),
  label: z.string().optional(),
});
export type CreateKeyRequest = z.infer<typeof createKeySchema>;
export interface CreateKeyResponse {
  key: string;
  id: string;
  userId: number;
}

function orgView(o: OrganizationRecord): OrganizationView {
  return {
    id: o.id,
    name: o.name,
    projectLimit: o.projectLimit,
    ignoredSettings: [...o.ignoredSettings],
    newerFields: [...(o.newerFields ?? [])],
    propertyDefinitions: o.propertyDefinitions,
    propertyValuesShape: o.propertyValuesShape,
    lackedFeatures: [...(o.lackedFeatures ?? [])],
  };
}

function organizationOr404(deps: ControlDeps, id: string): OrganizationRecord {
  const org = deps.services.store.organization(id);
  if (!org) throw new ControlRequestError(404, `organization ${id} not found`);
  return org;
}

const ageInviteSchema = z.strictObject({ days: z.number().min(0) });

function inviteOr404(found: unknown, id: string): void {
  if (!found) throw new ControlRequestError(404, `invite ${id} not found`);
}

export const organizationControlRoutes: ControlRoute[] = [
  {
    // The invitee accepts, outside any program: they join at the invite's level; its email's invites are gone.
    pattern: "/_control/invites/:id/accept",
    methods: {
      POST: (_req, params, d) => {
        const accepted = acceptInvite(d.services, params.id);
        inviteOr404(accepted, params.id);
        return json(200, accepted);
      },
    },
  },
  {
    // The invite as `days` days of time leave it (more than 3: expired).
    pattern: "/_control/invites/:id/age",
    methods: {
      POST: (req, params, d) => {
        inviteOr404(ageInvite(d.services, params.id, parse(ageInviteSchema, req).days), params.id);
        return json(200, {});
      },
    },
  },
  {
    pattern: "/_control/organizations",
    methods: {
      POST: (req, _p, d) => {
        const body = parse(createOrganizationSchema, req);
        const org = d.services.store.createOrganization({
          name: body.name ?? "Local Organization",
          projectLimit: body.projectLimit ?? null,
        });
        if (body.ownedByDefaultUser) d.services.store.setMembership(org.id, d.services.store.state.defaultUserId, 15);
        const response: CreateOrganizationResponse = { id: org.id, name: org.name };
        return json(201, response);
      },
    },
  },
  {
    pattern: "/_control/organizations/:id",
    methods: {
      GET: (_req, params, d) => json(200, orgView(organizationOr404(d, params.id))),
      PATCH: (req, params, d) => {
        const org = organizationOr404(d, params.id);
        const body = parse(patchOrganizationSchema, req);
        if (body.name !== undefined) org.name = body.name;
        if (body.projectLimit !== undefined) org.projectLimit = body.projectLimit;
        if (body.ignoredSettings !== undefined) org.ignoredSettings = [...body.ignoredSettings];
        if (body.lackedFeatures !== undefined) org.lackedFeatures = [...body.lackedFeatures];
        if (body.newerFields !== undefined) org.newerFields = [...body.newerFields];
        if (body.propertyDefinitions !== undefined) org.propertyDefinitions = body.propertyDefinitions;
        if (body.propertyValuesShape !== undefined) org.propertyValuesShape = body.propertyValuesShape;
        if (body.lackedFeatures !== undefined) org.lackedFeatures = [...body.lackedFeatures];
        d.services.store.changed();
        return json(200, orgView(org));
      },
    },
  },
  {
    pattern: "/_control/keys",
    methods: {
      POST: (req, _p, d) => {
        const body = parse(createKeySchema, req);
        const store = d.services.store;
        const org = organizationOr404(d, body.organizationId ?? store.state.defaultOrganizationId);
        let user = body.userEmail ? store.userByEmail(body.userEmail) : undefined;
        if (!user) {
          const email = body.userEmail ?? `user${store.state.nextUserId}@posthog.localhost`;
          user = store.createUser(email, email.split("@")[0]);
        }
        const levelName = body.level ?? "owner";
        const level: MembershipLevel | null = levelName === "none" ? null : MEMBERSHIP_LEVELS[levelName];
        if (level !== null || store.membershipLevel(org.id, user.id) !== null) store.setMembership(org.id, user.id, level);
        const { key, record } = store.createKey({
          userId: user.id,
          scopes: body.scopes,
          scopedOrganizations: body.scopedOrganizations,
          scopedTeams: body.scopedTeams,
          label: body.label,
        });
        const response: CreateKeyResponse = { key, id: record.id, userId: user.id };
        return json(201, response);
      },
    },
  },
];
