/**
 * AccessControl, declared once for the kit (src/kit): project-scoped, one entry of PostHog's access control
 * (AccessControlViewSetMixin, ee/api/rbac/access_control.py; routes in ./endpoints.ts), identified as
 * `<projectId>/<key>`, the key written from what the entry is of and for (`entryKey`, ./record.ts):
 * `project:default`, `feature_flag:role:<uuid>`, `dashboard.42:member:<uuid>`. A change of level is an update (the
 * PUT's upsert); another resource, object, role or member is another entry (a replacement); deleting the resource
 * PUTs `access_level: null`. A create is the same upsert: sent twice (its answer lost), it leaves one entry at the
 * level sent, so it is resent like any PUT; an entry already there (another stack's, or made in PostHog's interface)
 * is named, not taken over, unless `adoptId` says to.
 *
 * No lockout, checked at preview (check) and before a delete against PostHog's answers: an entry never lowers the key's
 * own user below what the run needs: project admin, for an entry of the project (every access control write needs
 * it), or editor, for a kind or one object (writing its objects needs it). Organization admins and owners, and an
 * object's creator, keep the highest level whatever the entries say, and are never refused. PostHog refuses no such
 * write itself: it asks only whether the writer may change entries (check_can_modify_access_levels_for_object,
 * posthog/rbac/user_access_control.py), not what the write leaves them.
 *
 * The stack's entries are judged together: one `up` that lowers two entries giving the key's user its level (its own
 * and its role's) would otherwise pass each check against the other's live level, and lock the user out whichever
 * order the engine ran them in. The engine sends every resource of a run to one provider process (the plugin, or the
 * dynamic-provider host), which holds one lifecycle per kind: it keeps the level each check let through, and judges
 * each later check and delete against the lower of every entry's live and declared level, one at a time.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PostHogError, type Transport, users } from "../../client";
import type { ProviderConfig } from "../../kit/config";
import { FieldTableLifecycle, unservedWithoutEnterprise } from "../../kit/field-lifecycle";
import { scopedApi, scopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { type Kind, type ObjectId, parseId, resolveWhere } from "../../kit/kind";
import type { Json } from "../../kit/lifecycle";
import { kindNames } from "../../kit/tokens";
import { isUnknown } from "../../kit/unknown";
import * as dashboards from "../dashboard/endpoints";
import { featureFlagKind } from "../feature-flag/kind";
import * as insights from "../insight/endpoints";
import { listMembers } from "../organization-member/endpoints";
import { listRoles } from "../role/endpoints";
import * as entries from "./endpoints";
import { accessControlExample } from "./example";
import { accessControlFields, levelsOf } from "./fields";
import { type AccessControlRecord, accessControlModel } from "./model";
import { type AccessControl, dashedUuid, entryKey, PROJECT, parseEntryKey, type Target } from "./record";

const PLACEMENT = { scope: "project", key: "text" } as const;

/** The inputs naming the entry (PostHog's upsert key): another value is another entry. */
const TARGET_INPUTS = {
  resource: "resource",
  resourceId: "resource_id",
  roleId: "role_id",
  organizationMemberId: "organization_member_id",
};

function inputs() {
  const specs = tableInputs(accessControlFields, "access control", PLACEMENT);
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [
      name,
      Object.hasOwn(TARGET_INPUTS, name) ? { ...spec, willReplaceOnChanges: true } : spec,
    ]),
  );
}

export const accessControlKind: Kind<"project", AccessControlRecord> = {
  ...kindNames("AccessControl"),
  example: accessControlExample,
  noun: "access control",
  scope: "project",
  identity: { output: "accessControlId", key: "text" },
  deletion: "delete",
  importInputs: ["projectId", "resource", "resourceId", "accessLevel", "roleId", "organizationMemberId"],
  api: scopedApi<"project", AccessControl, string>(PLACEMENT, {
    get: entries.getAccessControl,
    update: entries.updateAccessControl,
    remove: entries.deleteAccessControl,
  }),
  schema: () => ({
    description:
      'A PostHog access control entry, as its interface sets them: the level of the project ("none", "member", "admin"), of a kind of object project-wide or of one feature flag, dashboard or insight ("none", "viewer", "editor", "manager"), for everyone (the default), a role or a member. A change of level is made in place. Organization admins and owners always have the highest level. Refused at preview: an entry that lowers the key\'s own user below what the run needs. Access control is a paid feature on PostHog Cloud (a self-hosted PostHog needs its licence): PostHog stores entries on any plan and refuses none, but without the feature (advanced permissions) it applies its defaults and lets only organization admins, owners and the creator of an object change entries (`access_controls_supported` in posthog/rbac/user_access_control.py); entries take effect once the plan has it, which is why the no-lockout check applies on every plan.',
    inputs: inputs(),
    outputs: tableOutputs(
      accessControlFields,
      "access control",
      {
        accessControlId: { type: "string", description: "The entry's key: `<resource>[.<resourceId>]:default|role:<uuid>|member:<uuid>`." },
      },
      PLACEMENT,
    ),
    required: ["accessControlId", "projectId", "resource", "accessLevel"],
  }),
  lookups: {
    list: (http, projectId) => entries.listAccessControls(http, projectId),
    outputs: {
      resource: { type: "string" },
      resourceId: { type: "string", nullable: true },
      accessLevel: { type: "string" },
      roleId: { type: "string", nullable: true },
      organizationMemberId: { type: "string", nullable: true },
    },
  },
  model: accessControlModel,
  lifecycle: () => new AccessControlLifecycle(),
  // The project's own entries, its kinds', and those of each feature flag, dashboard and insight: PostHog lists one
  // object's entries only under that object's route (`_get_access_controls`, ee/api/rbac/access_control.py), so one GET
  // each, over the lists the flags, dashboards and insights are imported from.
  importer: scopedImport<"project", AccessControl>(PLACEMENT, accessControlFields, {
    list: async (http, projectId, read) => {
      const objects = [
        ...(await read(featureFlagKind.lookups!.list)).map((flag) => ["feature_flag", Number(flag.id)] as const),
        ...(await read(dashboards.listDashboards)).map((dashboard) => ["dashboard", dashboard.id] as const),
        ...(await read(insights.listInsights)).map((insight) => ["insight", insight.id] as const),
      ];
      const found = await entries.listAccessControls(http, projectId);
      for (const [resource, id] of objects) {
        try {
          found.push(...(await entries.listObjectAccessControls(http, projectId, resource, id)));
        } catch (error) {
          // Deleted since it was listed: nothing to declare.
          if (!(error instanceof PostHogError && error.isNotFound)) throw error;
        }
      }
      return found;
    },
    defaults: { resource_id: null, role_id: null, organization_member_id: null },
    label: (entry) => entry.id.replace(/:(role|member):([0-9a-f]{8}).*$/, "-$1-$2").replace(/:default$/, "-default"),
  }),
};

const isSet = (value: unknown) => value !== undefined && value !== null;
const unserved = unservedWithoutEnterprise("access controls");

/**
 * The AccessControl lifecycle: the kit's field-table lifecycle whose create is PostHog's upsert, whose other target
 * replaces, and whose check and delete refuse what would lock the key's own user out.
 */
export class AccessControlLifecycle extends FieldTableLifecycle<AccessControl> {
  /**
   * The levels this run's checks let through, by `<projectId>/<key>` (null: the entry removed): a later judgement
   * counts each entry at the lower of its live and declared level, whichever of their writes the engine runs first.
   */
  private readonly declared = new Map<string, string | null>();
  /** The judgements (and each delete's removal), one at a time: the next one sees what the last let through. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(accessControlKind, accessControlModel, connection);
  }

  /** `work` after every judgement before it. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const done = this.turn.then(work, work);
    this.turn = done.catch(() => undefined);
    return done;
  }

  private declare(projectId: number, target: Target, level: string | null): void {
    this.declared.set(`${projectId}/${entryKey(target)}`, level);
  }

  override async check(olds: Json, news: Json): Promise<pulumi.dynamic.CheckResult<Json>> {
    const checked = await super.check(olds, news);
    if (checked.failures) return checked;
    const values = [
      news["projectId"],
      news["resource"],
      news["resourceId"],
      news["roleId"],
      news["organizationMemberId"],
      news["accessLevel"],
    ];
    if (values.some(isUnknown) || this.config.apiKey === undefined || (news["projectId"] ?? this.config.projectId) === undefined)
      return checked;
    const projectId = resolveWhere<"project", number>(this.kind, this.config, news);
    const target = targetOfInputs(news);
    const level = String(news["accessLevel"]);
    const lockout = await this.inTurn(async () => {
      const found =
        (await this.lockout(projectId, target, level).catch(unserved)) ?? (await this.replacedLockout(olds, news).catch(unserved));
      if (found === undefined) {
        if (this.replacing(olds, news))
          this.declare(resolveWhere<"project", number>(this.kind, this.config, olds), targetOfInputs(olds), null);
        this.declare(projectId, target, level);
      }
      return found;
    });
    return lockout ? { inputs: news, failures: [{ property: "accessLevel", reason: lockout }] } : checked;
  }

  /** Whether these inputs name another entry than the olds' (a replacement removes the olds' one). */
  private replacing(olds: Json, news: Json): boolean {
    return typeof olds["resource"] === "string" && this.replaces(olds, news).length > 0;
  }

  /**
   * Why the entry these inputs replace (another target: `replaces`) may not be removed, or undefined: a replacement
   * removes it at `pulumi up`, after the new one is made, so it is refused here, at preview, like its removal.
   */
  private async replacedLockout(olds: Json, news: Json): Promise<string | undefined> {
    if (!this.replacing(olds, news)) return undefined;
    const replaced = targetOfInputs(olds);
    const lockout = await this.lockout(resolveWhere<"project", number>(this.kind, this.config, olds), replaced, null);
    return lockout && `${lockout} This change replaces entry ${entryKey(replaced)}, which removes it.`;
  }

  /**
   * PostHog's PUT is an upsert on the target (AccessControlViewSetMixin, ee/api/rbac/access_control.py): sent for an
   * entry already there, it would take that entry over without a word (another stack's, or one set in PostHog's
   * interface), and this stack's destroy would then remove it. So the target's entry is looked for first and, if there
   * is one, named with the `adoptId` that takes it over when the program means to. The PUT itself is idempotent (resent
   * when its answer is lost, it leaves one entry at the level sent).
   */
  protected override async obtain(projectId: number, body: Json): Promise<AccessControlRecord> {
    const target = targetOfBody(body);
    const key = entryKey(target);
    const made = await this.createOnce(
      projectId,
      body,
      async () => (await entries.putAccessControl(this.http(), projectId, target, String(body["access_level"])).catch(explained))!,
      {
        find: async () => (await entries.entriesOfRoute(this.http(), projectId, target)).filter((entry) => entry.id === key),
        described: `with the key ${key} in project ${projectId}`,
        lookFirst: true,
        otherwise:
          "drop this declaration, or declare the entry once (PostHog keeps one entry per resource, object and role, member or everyone: ee/models/rbac/access_control.py)",
      },
    ).catch(unserved);
    return { ...made, project_id: projectId };
  }

  protected override write(projectId: number, id: ObjectId, body: Json, declared: readonly string[]) {
    return super.write(projectId, id, body, declared).catch(explained);
  }

  /** Another resource, object, role or member is another entry. */
  protected override replaces(olds: Json, news: Json): string[] {
    const changed = Object.entries(TARGET_INPUTS).filter(
      ([input, field]) =>
        isUnknown(news[input]) ||
        (olds[input] !== undefined && !accessControlModel.valuesEqual(field, news[input] ?? null, olds[input] ?? null)),
    );
    return [...super.replaces(olds, news), ...changed.map(([input]) => input)];
  }

  /** The entry removed, unless that would lock the key's own user out. */
  override async delete(id: string, props: Json): Promise<void> {
    const parsed = parseId(this.kind, id);
    const projectId = resolveWhere<"project", number>(this.kind, this.config, props, parsed);
    const target = parseEntryKey(String(parsed.id));
    // In turn, removal included: the engine runs the deletes of a run side by side, and each must see the last's.
    await this.inTurn(async () => {
      const lockout = target && (await this.lockout(projectId, target, null));
      if (lockout) throw new Error(`${lockout} The entry was not removed.`);
      await super.delete(id, props).catch(explained);
    });
  }

  /**
   * Why setting the target's entry to `level` (null: removing it) would lower the key's own user below what the run
   * needs, or undefined. PostHog's rules (posthog/rbac/user_access_control.py, `access_level_for_object` and
   * `access_level_for_resource`): organization admins and owners, and an object's creator, have the highest level;
   * anyone else the highest of the entries for everyone, for their membership and for their roles, or without any
   * entry the resource's default ("editor" for a kind; for the project, "admin", though modifying access controls
   * takes an entry that says admin: `check_can_modify_access_levels_for_object` asks with `explicit=True`).
   */
  private async lockout(projectId: number, target: Target, level: string | null): Promise<string | undefined> {
    const http = this.http();
    const me = await this.keyUser();
    const organizationId = await entries.projectOrganization(http, projectId);
    const member = (await listMembers(http, organizationId)).find((m) => m.user_uuid.toLowerCase() === me.toLowerCase());
    // Not a member: PostHog refuses the key everything in the project, this write too.
    if (!member || member.level === "admin" || member.level === "owner") return undefined;
    const roles = (await listRoles(http, organizationId))
      .filter((role) =>
        (role.members ?? []).some(
          (m) => String((m["user"] as { uuid?: unknown } | undefined)?.uuid ?? "").toLowerCase() === me.toLowerCase(),
        ),
      )
      .map((role) => role.id);
    const forMe = (t: Target) =>
      t.role_id === null
        ? t.organization_member_id === null || t.organization_member_id === member.membership_id
        : roles.includes(t.role_id);
    if (!forMe(target)) return undefined;
    if (target.resource_id !== null && (await entries.objectCreator(http, projectId, target.resource, target.resource_id)) === me)
      return undefined;
    const key = entryKey(target);
    const mine = (await entries.entriesOfRoute(http, projectId, target)).filter(
      (e) => e.resource === target.resource && e.resource_id === target.resource_id && forMe(e),
    );
    const levels = levelsOf(target.resource);
    const project = target.resource === PROJECT;
    const needed = project ? "admin" : "editor";
    const highest = (list: readonly string[]) =>
      list.length === 0 ? (project ? "none" : "editor") : list.reduce((a, b) => (levels.indexOf(b) > levels.indexOf(a) ? b : a));
    const before = highest(mine.map((e) => e.access_level));
    // Every other entry at the lower of its live level and the one this run declared for it (none: removed).
    const others = mine.filter((e) => e.id !== key).map((e) => ({ entry: e, declared: this.declared.get(`${projectId}/${e.id}`) }));
    const lower = (a: string, b: string) => (levels.indexOf(b) < levels.indexOf(a) ? b : a);
    const counted = others.flatMap(({ entry, declared }) =>
      declared === undefined ? [entry.access_level] : declared === null ? [] : [lower(entry.access_level, declared)],
    );
    const after = highest([...counted, ...(level === null ? [] : [level])]);
    if (levels.indexOf(before) < levels.indexOf(needed) || levels.indexOf(after) >= levels.indexOf(needed)) return undefined;
    const what = project
      ? `project ${projectId}`
      : target.resource_id === null
        ? `every ${target.resource} of project ${projectId}`
        : `${target.resource} ${target.resource_id}`;
    const why = project
      ? "every access control write in the project needs (AccessControlPermission, posthog/permissions.py: the project's write level; AccessControlSerializer.validate, ee/api/rbac/access_control.py: an explicit project admin), this entry's own change and removal included"
      : `writing ${target.resource_id === null ? "them" : "it"} needs (AccessControlPermission, posthog/permissions.py: a resource's write level is editor)`;
    const doing = level === null ? "Removing this entry" : `Setting this entry to "${level}"`;
    const alongside = others
      .filter(({ entry, declared }) => declared !== undefined && declared !== entry.access_level)
      .map(({ entry, declared }) => `${entry.id} ${declared === null ? "removed" : `set to "${declared}"`}`);
    const together =
      alongside.length === 0 ? "" : `, with what this stack declares for its other entries in this run (${alongside.join(", ")}),`;
    return `No lockout: ${doing}${together} would lower the key's own user (${member.email}, an organization ${String(member.level)}) from "${before}" to "${after}" on ${what}, below the "${needed}" ${why}. PostHog gives a member the highest of the entries for everyone, for them and for their roles (posthog/rbac/user_access_control.py); organization admins and owners always the highest. Keep an entry that gives them "${needed}" (applied by an earlier \`pulumi up\`), or run this with an organization admin's key.`;
  }

  /** The UUID of the user whose key runs the program (`/api/users/@me/`, scope `user:read`). */
  private async keyUser(): Promise<string> {
    try {
      return (await users.getCurrentUser(this.http())).uuid;
    } catch (error) {
      if (error instanceof PostHogError && error.missingScope !== undefined)
        throw new Error(
          `${error.message} An AccessControl is checked against the key's own user (never locked out of the project): give the key the user:read scope.`,
        );
      throw error;
    }
  }
}

/**
 * PostHog's refusal of an access control write to a key whose user may not change them (AccessControlSerializer.validate,
 * ee/api/rbac/access_control.py: "Must be an Organization admin to modify project-wide permissions.", "Must be <level>
 * to modify <resource> permissions."), said with who may and why a member's own admin entry may not count: entries
 * count only on a plan with access control (`access_controls_supported`, posthog/rbac/user_access_control.py).
 */
function explained(error: unknown): never {
  if (error instanceof PostHogError && error.status === 403 && / to modify .*permissions\./.test(error.message))
    throw new Error(
      `${error.message} PostHog lets these change access controls: organization admins and owners, an object's creator, and a member whose own entry makes them the project's admin (or an object's manager) (check_can_modify_access_levels_for_object, posthog/rbac/user_access_control.py). Such entries count only when the organization's plan has access control (advanced permissions: a paid feature on PostHog Cloud; a self-hosted PostHog needs its licence); without it only admins, owners and creators may. Run this with an organization admin's key, or give the key's user that entry on a plan that has the feature.`,
    );
  throw error;
}

/** The target the inputs name (their values known). */
function targetOfInputs(inputs: Json): Target {
  const text = (value: unknown) => (isSet(value) ? String(value) : null);
  return {
    resource: String(inputs["resource"]),
    resource_id: inputs["resource"] === PROJECT ? null : text(inputs["resourceId"]),
    role_id: isSet(inputs["roleId"]) ? dashedUuid(String(inputs["roleId"])) : null,
    organization_member_id: isSet(inputs["organizationMemberId"]) ? dashedUuid(String(inputs["organizationMemberId"])) : null,
  };
}

/** The target a create's body names, by PostHog's names. */
function targetOfBody(body: Json): Target {
  return targetOfInputs({
    resource: body["resource"],
    resourceId: body["resource_id"],
    roleId: body["role_id"],
    organizationMemberId: body["organization_member_id"],
  });
}
