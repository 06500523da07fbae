/** The local server's state: everything that is persisted to the state file. */
import type { Json, JsonObject } from "./json";

export type MembershipLevel = 1 | 8 | 15;
export const MEMBERSHIP_LEVELS = { member: 1, admin: 8, owner: 15 } as const;

export type PropertyDefinitionsMode = "legacy" | "gone";
export type PropertyValuesShape = "results" | "list";

export interface OrganizationRecord {
  id: string;
  name: string;
  createdAtMicros: number;
  /** null = PostHog Cloud's hard cap (2000 non-demo projects); a number = the plan's limit. */
  projectLimit: number | null;
  /** Project settings that are accepted (200) but silently not applied, like a plan that lacks a feature. */
  ignoredSettings: string[];
  /**
   * Project fields of a PostHog release newer than the serializer modelled here: stored as sent and echoed in project
   * records, as a field added to PostHog next month would be (for testing clients against what they do not know).
   */
  newerFields?: string[];
  /** "legacy": `/groups/property_definitions/` answers; "gone": 404 "Endpoint not found." like the newest PostHog. */
  propertyDefinitions: PropertyDefinitionsMode;
  /** "results": `{results, refreshing}` (newer); "list": a bare list (older). */
  propertyValuesShape: PropertyValuesShape;
  /**
   * The plan features (`AvailableFeature`, posthog/constants.py) the organization's plan lacks: PostHog refuses what
   * needs them (a batch export without `data_pipelines`, a definition's PATCH without `ingestion_taxonomy`, any subscription request without `subscriptions`: 402) or
   * drops it silently (tags without `tagging`). None by default: the local server plays a plan with all.
   */
  lackedFeatures?: PlanFeature[];
}

/** The plan features the local server can take away (posthog/constants.py `AvailableFeature`). */
export const PLAN_FEATURES = ["data_pipelines", "ingestion_taxonomy", "subscriptions", "tagging"] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export interface UserRecord {
  id: number;
  uuid: string;
  distinctId: string;
  email: string;
  firstName: string;
  lastName: string;
  currentOrganizationId: string | null;
  currentTeamId: number | null;
}

export interface MembershipRecord {
  organizationId: string;
  userId: number;
  level: MembershipLevel;
  /** `OrganizationMembership.id`, a UUID; given on first read to memberships stored before the members API. */
  id?: string;
  joinedAtMicros?: number;
  updatedAtMicros?: number;
}

/** An organization invite (posthog/models/organization_invite.py): `level` 1/8/15, `targetEmail` lower-cased. */
export interface StoredInvite {
  id: string;
  organizationId: string;
  targetEmail: string;
  firstName: string;
  level: MembershipLevel;
  message: string | null;
  privateProjectAccess: Json;
  createdBy: number;
  createdAtMicros: number;
  updatedAtMicros: number;
}

/** A managed reverse proxy's record (posthog/models/proxy_record.py). */
export interface StoredProxyRecord {
  id: string;
  organizationId: string;
  domain: string;
  targetCname: string;
  status: "waiting" | "issuing" | "valid" | "warning" | "erroring" | "deleting" | "timed_out";
  message: string | null;
  createdBy: number;
  createdAtMicros: number;
  updatedAtMicros: number;
}

/** A role of an organization (ee/models/rbac/role.py): UUID key, name unique in the organization case-insensitively. */
export interface RoleRecord {
  id: string;
  organizationId: string;
  name: string;
  createdAtMicros: number;
}

/** A user in a role (ee/models/rbac/role.py RoleMembership): unique per role and user. */
export interface RoleMembershipRecord {
  id: string;
  roleId: string;
  userId: number;
  joinedAtMicros: number;
  updatedAtMicros: number;
}

/**
 * An access control entry (ee/models/rbac/access_control.py AccessControl): a level of a resource for a project, one
 * object of it (`resourceId`), a member or a role (neither: everyone); unique per target ("unique resource per target").
 */
export interface AccessControlRecord {
  id: string;
  teamId: number;
  accessLevel: string;
  resource: string;
  resourceId: string | null;
  /** The organization membership's UUID (OrganizationMembership.id). */
  organizationMemberId: string | null;
  roleId: string | null;
  createdAtMicros: number;
  updatedAtMicros: number;
}

export interface PersonalApiKeyRecord {
  id: string;
  label: string;
  /** `sha256$<hex>` of the key; the plain key is never stored (except the default key, see ServerState). */
  secureValue: string;
  maskValue: string;
  userId: number;
  scopes: string[];
  scopedOrganizations: string[];
  scopedTeams: number[];
  createdAtMicros: number;
}

export interface StoredProject {
  id: number;
  organizationId: string;
  uuid: string;
  apiToken: string;
  liveEventsToken: string;
  createdAtMicros: number;
  updatedAtMicros: number;
  ingestedEvent: boolean;
  /** Every writable setting, keyed by its PostHog name (name, timezone, app_urls, ...). */
  settings: JsonObject;
  /** Out-of-band overrides of read-only fields set through the control surface. */
  overrides: JsonObject;
  /**
   * `Project.is_pending_deletion`: DELETE marks the project and a background job removes it later (projects/deletion.ts).
   * Absent in records written before deferred deletion.
   */
  pendingDeletion?: boolean;
}

/** A dashboard as state files before the dashboards API stored it (Store moves these into `objects.dashboards`). */
export interface LegacyDashboardRecord {
  id: number;
  teamId: number;
  name: string;
}

export interface GroupTypeRecord {
  teamId: number;
  groupType: string;
  groupTypeIndex: number;
  nameSingular: string | null;
  namePlural: string | null;
  detailDashboard: number | null;
  defaultColumns: string[] | null;
  createdAtMicros: number;
}

export interface GroupRecord {
  teamId: number;
  groupTypeIndex: number;
  groupKey: string;
  properties: JsonObject;
  createdAtMicros: number;
  updatedAtMicros: number;
}

export type ActivityUser =
  | { id: number; uuid: string; distinct_id: string; first_name: string; last_name: string; email: string; is_email_verified: boolean }
  | { first_name: "System"; email: null; is_system: true };

export interface ActivityChange {
  type: string;
  action: string;
  field: string | null;
  before: Json;
  after: Json;
}

export interface ActivityRecord {
  id: string;
  teamId: number;
  user: ActivityUser;
  isSystem: boolean;
  activity: string;
  scope: string;
  itemId: string;
  changes: ActivityChange[] | null;
  name: string | null;
  createdAtMicros: number;
}

/**
 * The name of a collection of project-nested objects: each is kept by the server folder whose `area` names it
 * (src/server/areas.ts gathers them; the Store refuses a name no area keeps). Dashboard tiles place an insight or a
 * text on a dashboard (posthog/models/dashboard_tile.py); alerts carry their UUID in `fields.id`, surveys and hog
 * functions in `fields.uuid`.
 */
export type ObjectKind = string;

/**
 * A feature flag, cohort, action or annotation: identity and bookkeeping here, the writable fields under their
 * PostHog names in `fields` (each resource's routes.ts knows them).
 */
export interface StoredObject {
  id: number;
  teamId: number;
  createdBy: number;
  createdAtMicros: number;
  updatedAtMicros: number;
  deleted: boolean;
  fields: JsonObject;
}

export interface ServerState {
  version: 1;
  /** HMAC secret for live events tokens. */
  secret: string;
  defaultOrganizationId: string;
  defaultUserId: number;
  defaultApiKeyId: string;
  /** The default key in clear, so that a restart from the state file hands out the same key. */
  defaultApiKey: string;
  /** The control token (pipeline/guard.ts), kept for the same reason; absent in files written before it existed. */
  controlToken?: string;
  nextTeamId: number;
  nextUserId: number;
  /** Legacy: the dashboard id counter of state files written before the dashboards API. */
  nextDashboardId?: number;
  organizations: OrganizationRecord[];
  users: UserRecord[];
  memberships: MembershipRecord[];
  keys: PersonalApiKeyRecord[];
  projects: StoredProject[];
  /** Legacy: dashboards of state files written before the dashboards API (moved into `objects.dashboards`). */
  dashboards?: LegacyDashboardRecord[];
  groupTypes: GroupTypeRecord[];
  groups: GroupRecord[];
  activity: ActivityRecord[];
  demoDataTeams: number[];
  /** Absent in state files written before the invites and proxy records APIs. */
  invites?: StoredInvite[];
  proxyRecords?: StoredProxyRecord[];
  /** Absent in state files written before these resources existed (Store.objects fills them in). */
  objects?: Record<ObjectKind, StoredObject[]>;
  /** Absent in state files written before roles existed. */
  roles?: RoleRecord[];
  roleMemberships?: RoleMembershipRecord[];
  /** Absent in state files written before access controls existed. */
  accessControls?: AccessControlRecord[];
  nextObjectIds?: Record<ObjectKind, number>;
}
