/**
 * In-memory state with JSON persistence. Every mutation calls `changed()`; the file is written (tmp + rename)
 * shortly after, and `flush()` writes it at once (used by close()).
 */
import { randomBytes, randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { nowMicros } from "./time";
import { generatePersonalApiKey, hashPersonalApiKey, uuidt } from "./tokens";
import type {
  MembershipLevel,
  ObjectKind,
  OrganizationRecord,
  PlanFeature,
  PersonalApiKeyRecord,
  MembershipRecord,
  RoleMembershipRecord,
  AccessControlRecord,
  RoleRecord,
  ServerState,
  StoredObject,
  StoredProject,
  UserRecord,
} from "./types";

const SAVE_DELAY_MS = 20;

export interface NewOrganization {
  name?: string;
  projectLimit?: number | null;
}

export interface NewKey {
  userId: number;
  scopes?: string[];
  scopedOrganizations?: string[];
  scopedTeams?: number[];
  label?: string;
}

export class Store {
  state: ServerState;
  private readonly statePath: string | undefined;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    state: ServerState,
    statePath: string | undefined,
    /** The collections of project-nested objects the server's areas keep (`ServerArea.collections`). */
    private readonly collections: readonly ObjectKind[],
  ) {
    this.state = state;
    this.statePath = statePath;
  }

  /** Load the state file if it exists, otherwise start fresh (one organization, one owner, one legacy key). */
  static open(statePath: string | undefined, collections: readonly ObjectKind[]): Store {
    if (statePath && fs.existsSync(statePath)) {
      const remedy = "Move it away or delete it to start with a fresh state (a new organization and keys), or pass another --state file.";
      let text: string;
      try {
        text = fs.readFileSync(statePath, "utf8");
      } catch (error) {
        throw new Error(`The state file ${statePath} could not be read (${(error as Error).message}). ${remedy}`);
      }
      if (text.trim() === "") throw new Error(`The state file ${statePath} is empty, so it holds no server state. ${remedy}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw new Error(`The state file ${statePath} is not valid JSON (${(error as Error).message}). ${remedy}`);
      }
      if (typeof parsed !== "object" || parsed === null || (parsed as { version?: unknown }).version !== 1) {
        throw new Error(`${statePath} is not a pulumi-posthog local server state file (version 1). ${remedy}`);
      }
      return new Store(parsed as ServerState, statePath, collections);
    }
    const store = new Store(Store.freshState(), statePath, collections);
    store.changed();
    return store;
  }

  private static freshState(): ServerState {
    const state: ServerState = {
      version: 1,
      secret: randomBytes(32).toString("hex"),
      defaultOrganizationId: "",
      defaultUserId: 0,
      defaultApiKeyId: "",
      defaultApiKey: "",
      nextTeamId: 1,
      nextUserId: 1,
      organizations: [],
      users: [],
      memberships: [],
      keys: [],
      projects: [],
      groupTypes: [],
      groups: [],
      activity: [],
      demoDataTeams: [],
    };
    const tmp = new Store(state, undefined, []);
    const org = tmp.createOrganization({ name: "Local Organization" });
    const user = tmp.createUser("local@posthog.localhost", "Local");
    tmp.setMembership(org.id, user.id, 15);
    const { key, record } = tmp.createKey({ userId: user.id, label: "Local server default key" });
    state.defaultOrganizationId = org.id;
    state.defaultUserId = user.id;
    state.defaultApiKeyId = record.id;
    state.defaultApiKey = key;
    return state;
  }

  /** Drop everything except the default organization (options reset), its owner and the default key. */
  reset(): void {
    const s = this.state;
    const org = this.organization(s.defaultOrganizationId);
    const user = this.user(s.defaultUserId);
    const key = s.keys.find((k) => k.id === s.defaultApiKeyId);
    if (!org || !user || !key) throw new Error("state lost its default organization, user or key");
    org.projectLimit = null;
    org.ignoredSettings = [];
    org.newerFields = [];
    org.propertyDefinitions = "legacy";
    org.propertyValuesShape = "results";
    delete org.lackedFeatures;
    user.currentOrganizationId = org.id;
    user.currentTeamId = null;
    s.organizations = [org];
    s.users = [user];
    s.memberships = [{ organizationId: org.id, userId: user.id, level: 15 }];
    s.keys = [key];
    s.projects = [];
    s.groupTypes = [];
    s.groups = [];
    s.activity = [];
    s.demoDataTeams = [];
    s.invites = [];
    s.proxyRecords = [];
    s.objects = this.emptyObjects();
    s.nextObjectIds = this.firstObjectIds();
    s.roles = [];
    s.roleMemberships = [];
    s.accessControls = [];
    this.changed();
  }

  // ---- persistence ----

  changed(): void {
    if (!this.statePath || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.writeNow();
    }, SAVE_DELAY_MS);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.writeNow();
  }

  private writeNow(): void {
    if (!this.statePath) return;
    const dir = path.dirname(this.statePath);
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${this.statePath}.${process.pid}.tmp`;
    // Owner-only: the file holds the default API key and the control token in clear.
    fs.writeFileSync(tmp, JSON.stringify(this.state), { mode: 0o600 });
    fs.renameSync(tmp, this.statePath);
  }

  // ---- organizations, users, keys ----

  organization(id: string): OrganizationRecord | undefined {
    return this.state.organizations.find((o) => o.id === id);
  }

  /** Whether the organization's plan lacks a plan feature (`lackedFeatures`: none by default). */
  lacks(organizationId: string, feature: PlanFeature): boolean {
    return this.organization(organizationId)?.lackedFeatures?.includes(feature) ?? false;
  }

  createOrganization(input: NewOrganization): OrganizationRecord {
    const org: OrganizationRecord = {
      id: uuidt(),
      name: input.name ?? "Local Organization",
      createdAtMicros: nowMicros(),
      projectLimit: input.projectLimit ?? null,
      ignoredSettings: [],
      propertyDefinitions: "legacy",
      propertyValuesShape: "results",
    };
    this.state.organizations.push(org);
    this.changed();
    return org;
  }

  user(id: number): UserRecord | undefined {
    return this.state.users.find((u) => u.id === id);
  }

  userByEmail(email: string): UserRecord | undefined {
    const lower = email.toLowerCase();
    return this.state.users.find((u) => u.email.toLowerCase() === lower);
  }

  createUser(email: string, firstName: string): UserRecord {
    const user: UserRecord = {
      id: this.state.nextUserId++,
      uuid: uuidt(),
      distinctId: randomUUID(),
      email,
      firstName,
      lastName: "",
      currentOrganizationId: null,
      currentTeamId: null,
    };
    this.state.users.push(user);
    this.changed();
    return user;
  }

  membershipLevel(organizationId: string, userId: number): MembershipLevel | null {
    return this.state.memberships.find((m) => m.organizationId === organizationId && m.userId === userId)?.level ?? null;
  }

  setMembership(organizationId: string, userId: number, level: MembershipLevel | null): void {
    const s = this.state;
    const existing = s.memberships.find((m) => m.organizationId === organizationId && m.userId === userId);
    s.memberships = s.memberships.filter((m) => m !== existing);
    // AccessControl.organization_member: `on_delete=models.CASCADE` (ee/models/rbac/access_control.py).
    if (level === null && existing?.id !== undefined)
      s.accessControls = this.accessControls().filter((e) => e.organizationMemberId !== existing.id);
    // A change of level keeps the membership (its id and join time), as PostHog's PATCH of a member does.
    const now = nowMicros();
    if (level !== null)
      s.memberships.push({ id: uuidt(), joinedAtMicros: now, ...existing, organizationId, userId, level, updatedAtMicros: now });
    const user = this.user(userId);
    // User.join makes the organization current and one of its projects with it (posthog/models/user.py).
    if (user && level !== null && user.currentOrganizationId === null) {
      user.currentOrganizationId = organizationId;
      user.currentTeamId ??= this.firstProjectOf(organizationId)?.id ?? null;
    }
    if (user && level === null && user.currentOrganizationId === organizationId) {
      user.currentOrganizationId = s.memberships.find((m) => m.userId === userId)?.organizationId ?? null;
    }
    this.changed();
  }

  /** `OrganizationMembership.id` of a member, given (and kept) the first time it is asked for; null for a non-member. */
  membershipId(organizationId: string, userId: number): string | null {
    const membership = this.state.memberships.find((m) => m.organizationId === organizationId && m.userId === userId);
    return membership ? this.identified(membership).id : null;
  }

  /**
   * A membership with its id and join time: memberships stored before the members API (state files of older
   * versions of this server) get them the first time they are read, and keep them.
   */
  identified(membership: MembershipRecord): MembershipRecord & { id: string } {
    if (membership.id === undefined) {
      const now = nowMicros();
      Object.assign(membership, {
        id: uuidt(),
        joinedAtMicros: membership.joinedAtMicros ?? now,
        updatedAtMicros: membership.updatedAtMicros ?? now,
      });
      this.changed();
    }
    return membership as MembershipRecord & { id: string };
  }

  /** The roles of every organization (ee/models/rbac/role.py). */
  roles(): RoleRecord[] {
    this.state.roles ??= [];
    return this.state.roles;
  }

  /** The role memberships of every role; a role's deletion deletes its own (`on_delete=CASCADE`). */
  roleMemberships(): RoleMembershipRecord[] {
    this.state.roleMemberships ??= [];
    return this.state.roleMemberships;
  }

  /** The access control entries of every project (ee/models/rbac/access_control.py). */
  accessControls(): AccessControlRecord[] {
    this.state.accessControls ??= [];
    return this.state.accessControls;
  }

  createKey(input: NewKey): { key: string; record: PersonalApiKeyRecord } {
    const key = generatePersonalApiKey();
    const record: PersonalApiKeyRecord = {
      id: uuidt(),
      label: input.label ?? "Local server key",
      secureValue: hashPersonalApiKey(key),
      maskValue: `${key.slice(0, 4)}...${key.slice(-4)}`,
      userId: input.userId,
      scopes: input.scopes ?? [],
      scopedOrganizations: input.scopedOrganizations ?? [],
      scopedTeams: input.scopedTeams ?? [],
      createdAtMicros: nowMicros(),
    };
    this.state.keys.push(record);
    this.changed();
    return { key, record };
  }

  keyByValue(key: string): PersonalApiKeyRecord | undefined {
    const hashed = hashPersonalApiKey(key);
    return this.state.keys.find((k) => k.secureValue === hashed);
  }

  // ---- projects ----

  project(id: number): StoredProject | undefined {
    return this.state.projects.find((p) => p.id === id);
  }

  projectByToken(token: string): StoredProject | undefined {
    return this.state.projects.find((p) => p.apiToken === token);
  }

  projectsOf(organizationId: string): StoredProject[] {
    return this.state.projects.filter((p) => p.organizationId === organizationId);
  }

  /**
   * The project PostHog makes a user's current one in an organization: on joining it (`User.join`), on selecting it
   * (UserSerializer.update) and when the current one is gone (`User.team`): its first (posthog/models/user.py).
   */
  firstProjectOf(organizationId: string): StoredProject | undefined {
    return this.state.projects.find((p) => p.organizationId === organizationId);
  }

  /** A dashboard PostHog makes by itself (a project's first one), by the default user. */
  createDashboard(teamId: number, name: string): number {
    return this.addObject("dashboards", teamId, this.state.defaultUserId, { name, creation_mode: "default" }).id;
  }

  /** Remove a project and everything that belongs to it. */
  removeProject(id: number): void {
    const s = this.state;
    s.projects = s.projects.filter((p) => p.id !== id);
    s.groupTypes = s.groupTypes.filter((g) => g.teamId !== id);
    s.groups = s.groups.filter((g) => g.teamId !== id);
    s.activity = s.activity.filter((a) => a.teamId !== id);
    s.demoDataTeams = s.demoDataTeams.filter((t) => t !== id);
    const objects = this.allObjects();
    for (const kind of this.collections) objects[kind] = (objects[kind] ?? []).filter((o) => o.teamId !== id);
    for (const u of s.users) if (u.currentTeamId === id) u.currentTeamId = null;
    this.changed();
  }

  /** The user's current team (`@current`): the last one used if still visible, else the first visible one. */
  currentTeam(user: UserRecord): StoredProject | undefined {
    const visible = (p: StoredProject) => this.membershipLevel(p.organizationId, user.id) !== null;
    if (user.currentTeamId !== null) {
      const current = this.project(user.currentTeamId);
      if (current && visible(current)) return current;
    }
    const orgId = user.currentOrganizationId;
    return this.state.projects.find((p) => p.organizationId === orgId && visible(p)) ?? this.state.projects.find(visible);
  }

  // ---- the project-nested objects (ObjectKind) ----

  private allObjects(): Record<ObjectKind, StoredObject[]> {
    const s = this.state;
    // Files written before a kind existed lack it.
    if (!s.objects || !s.nextObjectIds || this.collections.some((k) => !s.objects?.[k] || !s.nextObjectIds?.[k])) {
      s.objects = { ...this.emptyObjects(), ...s.objects };
      s.nextObjectIds = { ...this.firstObjectIds(), ...s.nextObjectIds };
    }
    // State files written before the dashboards API kept dashboards apart: they become dashboards like any other.
    if (s.dashboards) {
      for (const d of s.dashboards) {
        s.objects.dashboards.push({
          id: d.id,
          teamId: d.teamId,
          createdBy: s.defaultUserId,
          createdAtMicros: 0,
          updatedAtMicros: 0,
          deleted: false,
          fields: { name: d.name, creation_mode: "default" },
        });
      }
      const ids = s.nextObjectIds ?? this.firstObjectIds();
      ids.dashboards = Math.max(ids.dashboards, s.nextDashboardId ?? 1);
      s.nextObjectIds = ids;
      delete s.dashboards;
      delete s.nextDashboardId;
    }
    return s.objects;
  }

  /** Every stored object of a kind, deleted ones included, in creation order. */
  objects(kind: ObjectKind): StoredObject[] {
    // A name no area keeps is a mistake in the server's code, not an empty collection.
    if (!this.collections.includes(kind))
      throw new Error(`no area of the local server keeps a collection "${kind}" (ServerArea.collections)`);
    // State files written before a kind existed lack its list.
    const objects = this.allObjects();
    objects[kind] ??= [];
    return objects[kind];
  }

  object(kind: ObjectKind, id: number): StoredObject | undefined {
    return this.objects(kind).find((o) => o.id === id);
  }

  /** A new object with the kind's next id (ids are per kind, like PostgreSQL's serial columns). */
  addObject(kind: ObjectKind, teamId: number, createdBy: number, fields: StoredObject["fields"]): StoredObject {
    const objects = this.objects(kind);
    const ids = this.state.nextObjectIds ?? this.firstObjectIds();
    const now = nowMicros();
    const record: StoredObject = { id: ids[kind]++, teamId, createdBy, createdAtMicros: now, updatedAtMicros: now, deleted: false, fields };
    objects.push(record);
    this.changed();
    return record;
  }

  /** The kind's next id, taken for an object PostHog has and the local server keeps no record of. */
  reserveObjectId(kind: ObjectKind): number {
    this.allObjects();
    const ids = this.state.nextObjectIds ?? this.firstObjectIds();
    const id = ids[kind]++;
    this.changed();
    return id;
  }

  /** A hard delete (PostHog does this to a soft-deleted flag whose key is taken again). */
  removeObject(kind: ObjectKind, id: number): void {
    const kept = this.objects(kind).filter((o) => o.id !== id);
    this.allObjects()[kind] = kept;
    this.changed();
  }

  isGeneratingDemoData(teamId: number): boolean {
    return this.state.demoDataTeams.includes(teamId);
  }

  setGeneratingDemoData(teamId: number, generating: boolean): void {
    const s = this.state;
    s.demoDataTeams = s.demoDataTeams.filter((t) => t !== teamId);
    if (generating) s.demoDataTeams.push(teamId);
    this.changed();
  }

  private emptyObjects(): Record<ObjectKind, StoredObject[]> {
    return Object.fromEntries(this.collections.map((k) => [k, []]));
  }

  private firstObjectIds(): Record<ObjectKind, number> {
    return Object.fromEntries(this.collections.map((k) => [k, 1]));
  }
}
