/**
 * OrganizationMember, declared once for the kit (src/kit): organization-scoped
 * (`/api/organizations/<organizationId>/members/`), keyed by the member's user UUID as PostHog routes members
 * (`lookup_field = "user__uuid"`, posthog/api/organization_member.py), identified as `<organizationId>/<userUuid>`.
 * A member is never created (people join through invites): a create takes over the member who already belongs, and
 * deleting the resource stops managing them ("release") unless `removeOnDelete` asks PostHog to remove them.
 *
 * No lockout, checked at preview (check) against PostHog's answers: the level of the key's own user is never changed
 * (PostHog refuses it too: `OrganizationMembership.validate_update`, posthog/models/organization.py, 403 "You can't
 * change your own access level."), the key's own user is never removed (PostHog would let them leave, and the run
 * would lose its access), and the organization's last owner is never demoted.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PostHogError, type Transport, users } from "../../client";
import type { ProviderConfig } from "../../kit/config";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import { providerInputsSchema, scopedApi, scopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { type Kind, parseId, placementOf, resolveWhere } from "../../kit/kind";
import { listedPages } from "../../kit/list-reads";
import type { Failure, Json } from "../../kit/lifecycle";
import { kindNames } from "../../kit/tokens";
import { isUnknown } from "../../kit/unknown";
import * as members from "./endpoints";
import { organizationMemberExample } from "./example";
import { organizationMemberFields } from "./fields";
import { type MemberRecord, organizationMemberModel, REMOVE_ON_DELETE } from "./model";
import { memberOf, type OrganizationMember } from "./record";

const PLACEMENT = { scope: "organization", key: "uuid" } as const;
const inputs = () => ({ ...tableInputs(organizationMemberFields, "organization member", placementOf(organizationMemberKind)) });

export const organizationMemberKind: Kind<"organization", MemberRecord> = {
  ...kindNames("OrganizationMember"),
  example: organizationMemberExample,
  noun: "organization member",
  scope: "organization",
  identity: { output: "userUuid", key: "uuid" },
  deletion: "release",
  importInputs: ["userUuid", "level"],
  api: scopedApi<"organization", OrganizationMember, string>(PLACEMENT, {
    get: members.getMember,
    update: members.updateMember,
    remove: members.removeMember,
  }),
  // One member is found in the list already (OrganizationMemberViewSet has no retrieve for personal API keys,
  // posthog/api/organization_member.py): reads that arrive together share one pass over it.
  listReads: listedPages(members.memberPages, memberOf),
  schema: () => ({
    description:
      "The level of someone who already belongs to a PostHog organization (people join through invites: OrganizationInvite). A change of level is made in place. Deleting the resource stops managing the member; it removes them from the organization only with `removeOnDelete: true`. Refused at preview: a change of the level of the key's own user or its removal, and the demotion of the organization's last owner.",
    inputs: {
      ...inputs(),
      userUuid: { ...inputs()["userUuid"], willReplaceOnChanges: true },
      ...providerInputsSchema(organizationMemberModel.spec.providerInputs),
    },
    outputs: tableOutputs(
      organizationMemberFields,
      "organization member",
      {
        email: { type: "string", description: "The member's email." },
        membershipId: { type: "string", description: "The membership's own UUID (what an AccessControl's organizationMemberId names)." },
      },
      placementOf(organizationMemberKind),
    ),
    required: ["userUuid", "organizationId", "level", "email", "membershipId"],
  }),
  lookups: {
    list: (http, organizationId) => members.listMembers(http, organizationId),
    uniqueBy: {
      input: "email",
      spec: {
        type: "string",
        description: "The member's email, exactly as PostHog holds it (PostHog's `email` filter is case-sensitive).",
      },
      find: members.findMemberByEmail,
    },
    outputs: {
      email: { type: "string" },
      level: { type: "string", description: '"member", "admin" or "owner".' },
      membershipId: { type: "string" },
      firstName: { type: "string" },
      lastName: { type: "string" },
      joinedAt: { type: "string", nullable: true },
    },
  },
  model: organizationMemberModel,
  lifecycle: () => new OrganizationMemberLifecycle(),
  // Every member's level comes under management as it is: the key's own user included (declared at its own level,
  // nothing is ever sent for it).
  importer: scopedImport<"organization", OrganizationMember>(PLACEMENT, organizationMemberFields, {
    defaults: {},
    label: (member) => member.email.split("@")[0] ?? member.email,
  }),
};

const levelOf = (value: unknown) => (typeof value === "string" ? value : undefined);

/** Why a member gone from the organization (removed by hand) is not put back, and what to do. */
const NOT_PUT_BACK =
  "an OrganizationMember manages someone who already belongs and cannot put anyone back: PostHog's members API only changes levels and removes (OrganizationMemberViewSet, posthog/api/organization_member.py, has no create); people join by accepting an invite. Invite them (posthog.OrganizationInvite); once they accept, `pulumi up` takes their level over.";

/**
 * The OrganizationMember lifecycle: the kit's field-table lifecycle whose create takes over a member who belongs,
 * whose check refuses what would lock the organization out, and whose delete removes the person only when told to.
 */
export class OrganizationMemberLifecycle extends FieldTableLifecycle<OrganizationMember, "organization"> {
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(organizationMemberKind, organizationMemberModel, connection);
  }

  override async check(olds: Json, news: Json): Promise<pulumi.dynamic.CheckResult<Json>> {
    const checked = await super.check(olds, news);
    if (checked.failures) return checked;
    const failures = await this.lockouts(news);
    return failures.length > 0 ? { inputs: news, failures } : checked;
  }

  /** What the inputs would do that locks the organization out, read from PostHog: each with the rule. */
  private async lockouts(news: Json): Promise<Failure[]> {
    const uuid = news["userUuid"];
    const level = levelOf(news["level"]);
    const removes = news[REMOVE_ON_DELETE] === true;
    if (typeof uuid !== "string" || isUnknown(uuid) || isUnknown(news["organizationId"]) || level === undefined || isUnknown(level))
      return [];
    // Without a key or an organization nothing can be read, nor changed: the create or update says what to set.
    if (this.config.apiKey === undefined || (news["organizationId"] ?? this.config.organizationId) === undefined) return [];
    const where = resolveWhere<"organization", string>(this.kind, this.config, news);
    const all = await members.listMembers(this.http(), where);
    const member = all.find((m) => m.id.toLowerCase() === uuid.toLowerCase());
    if (!member)
      return [
        {
          property: "userUuid",
          reason: `userUuid ${uuid} is not a member of organization ${where} (removed, or never joined): ${NOT_PUT_BACK}`,
        },
      ];
    if (member.level === level && !removes) return [];
    const failures: Failure[] = [];
    const me = await this.keyUser();
    if (member.id.toLowerCase() === me.toLowerCase()) {
      if (member.level !== level)
        failures.push({
          property: "level",
          reason: `No lockout: the level of the key's own user (${member.email}, ${String(member.level)}) is never changed. PostHog refuses a change of one's own level (OrganizationMembership.validate_update, posthog/models/organization.py: 403 "You can't change your own access level."): change it with another owner's key, or declare level "${String(member.level)}".`,
        });
      if (removes)
        failures.push({
          property: REMOVE_ON_DELETE,
          reason: `No lockout: the key's own user (${member.email}) is never removed from the organization: the run would lose the access it needs. Drop removeOnDelete, or remove them with another owner's key.`,
        });
    }
    const owners = all.filter((m) => m.level === "owner");
    if (member.level === "owner" && level !== "owner" && owners.length === 1)
      failures.push({
        property: "level",
        reason: `No lockout: ${member.email} is the organization's last owner and is never demoted: PostHog lets only an owner make an owner (OrganizationMembership.validate_update, posthog/models/organization.py), so no one could make one again. Make another member owner first.`,
      });
    return failures;
  }

  /** The UUID of the user whose key runs the program (`/api/users/@me/`, scope `user:read`). */
  private async keyUser(): Promise<string> {
    try {
      return (await users.getCurrentUser(this.http())).uuid;
    } catch (error) {
      if (error instanceof PostHogError && error.missingScope !== undefined)
        throw new Error(
          `${error.message} An OrganizationMember's level or removal is checked against the key's own user (never changed, never removed): give the key the user:read scope.`,
        );
      throw error;
    }
  }

  protected override async obtain(organizationId: string, body: Json): Promise<MemberRecord> {
    const uuid = String(body["user_uuid"]);
    try {
      return { ...(await members.getMember(this.http(), organizationId, uuid)), organization_id: organizationId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.isNotFound)) throw error;
      throw new Error(`User ${uuid} is not a member of organization ${organizationId}: ${NOT_PUT_BACK}`);
    }
  }

  /** Another member is another object; the kit's place inputs (the organization) replace as for every kind. */
  protected override replaces(olds: Json, news: Json): string[] {
    const changed =
      isUnknown(news["userUuid"]) || String(news["userUuid"] ?? "").toLowerCase() !== String(olds["userUuid"] ?? "").toLowerCase();
    return [...super.replaces(olds, news), ...(changed && olds["userUuid"] !== undefined ? ["userUuid"] : [])];
  }

  /** Stops managing the member; removes them from the organization (their DELETE) only with `removeOnDelete`. */
  override async delete(id: string, props: Json): Promise<void> {
    const declared = (props["declaredInputs"] ?? {}) as Json;
    if (declared[REMOVE_ON_DELETE] !== true) return;
    const parsed = parseId(this.kind, id);
    const where = resolveWhere<"organization", string>(this.kind, this.config, props, parsed);
    if (String(parsed.id).toLowerCase() === (await this.keyUser()).toLowerCase())
      throw new Error(
        `No lockout: the key's own user is never removed from organization ${where}; the resource was not deleted. Drop removeOnDelete (\`pulumi up\`) first, or remove them with another owner's key.`,
      );
    try {
      await members.removeMember(this.http(), where, String(parsed.id));
    } catch (error) {
      // Gone already (removed by hand): nothing left to remove.
      if (!(error instanceof PostHogError && error.isNotFound)) throw error;
    }
  }
}
