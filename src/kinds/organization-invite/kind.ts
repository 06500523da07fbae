/**
 * OrganizationInvite, declared once for the kit (src/kit): organization-scoped
 * (`/api/organizations/<organizationId>/invites/`, OrganizationInviteViewSet, posthog/api/organization_invite.py),
 * keyed by UUID, identified as `<organizationId>/<id>`. PostHog has no update of an invite: a change of any input
 * sends a new one (replace; PostHog's create deletes the email's earlier invites itself).
 *
 * What `pulumi up` does with an invite, by what became of it outside the program:
 * - pending: nothing; a changed input sends a new invite.
 * - expired (PostHog's `is_expired`, 3 days after it was sent): not drift; a refresh shows `status: "expired"` and
 *   `pulumi up` sends nothing, also once PostHog has deleted it (as it does when anyone invites the email again). A
 *   changed input, or `pulumi up --replace`, sends a new one.
 * - accepted (PostHog deletes the invite when the invitee joins: `OrganizationInvite.use`,
 *   posthog/models/organization_invite.py): not drift; a refresh keeps it with `status: "accepted"` and `pulumi up`
 *   sends nothing (PostHog would refuse a new invite to a member: manage their level with OrganizationMember), also
 *   once the member has left.
 * - deleted by hand (gone, and no member has its email): drift; a refresh drops it and `pulumi up` sends it again.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PostHogError, type Transport } from "../../client";
import type { ProviderConfig } from "../../kit/config";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import { scopedApi, scopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { type Kind, parseId, placementOf, resolveWhere } from "../../kit/kind";
import { listedPages } from "../../kit/list-reads";
import type { Json } from "../../kit/lifecycle";
import { kindNames } from "../../kit/tokens";
import { isUnknown } from "../../kit/unknown";
import { listMembers } from "../organization-member/endpoints";
import * as invites from "./endpoints";
import { organizationInviteExample } from "./example";
import { organizationInviteFields } from "./fields";
import { type InviteRecord, organizationInviteModel } from "./model";
import type { OrganizationInvite } from "./record";

const PLACEMENT = { scope: "organization", key: "uuid" } as const;
const NOUN = "organization invite";
const inputs = () =>
  Object.fromEntries(
    Object.entries(tableInputs(organizationInviteFields, NOUN, placementOf(organizationInviteKind))).map(([name, spec]) => [
      name,
      name === "adoptId" ? spec : { ...spec, willReplaceOnChanges: true },
    ]),
  );

export const organizationInviteKind: Kind<"organization", InviteRecord> = {
  ...kindNames("OrganizationInvite"),
  example: organizationInviteExample,
  noun: NOUN,
  scope: "organization",
  identity: { output: "inviteId", key: "uuid" },
  deletion: "delete",
  importInputs: ["targetEmail"],
  api: scopedApi<"organization", OrganizationInvite, string>(PLACEMENT, {
    get: invites.getInvite,
    update: invites.updateInvite,
    remove: invites.deleteInvite,
  }),
  // One invite is found in the list already (OrganizationInviteViewSet has no retrieve, posthog/api/organization_invite.py):
  // reads that arrive together share one pass over it.
  listReads: listedPages(invites.invitePages),
  schema: () => ({
    description:
      'An invite to a PostHog organization. PostHog has no update of an invite: a change of any input sends a new one. Invites expire (after 3 days) and are accepted outside the program: neither is drift, and `pulumi up` never sends one again on its own (`status` says "expired" or "accepted"); an invite deleted by hand is sent again. Destroy deletes a pending invite.',
    inputs: inputs(),
    outputs: tableOutputs(
      organizationInviteFields,
      NOUN,
      {
        inviteId: { type: "string", description: "The invite's UUID in PostHog." },
        status: { type: "string", description: '"pending", "expired" or "accepted".' },
      },
      placementOf(organizationInviteKind),
    ),
    required: ["inviteId", "organizationId", "targetEmail", "level", "status"],
  }),
  model: organizationInviteModel,
  lifecycle: () => new OrganizationInviteLifecycle(),
  importer: scopedImport<"organization", OrganizationInvite>(PLACEMENT, organizationInviteFields, {
    list: (http, organizationId) => invites.listInvites(http, organizationId),
    // The OrganizationInvite model's defaults (posthog/models/organization_invite.py).
    defaults: { first_name: "", level: "member", message: null, private_project_access: null },
    label: (invite) => invite.target_email.split("@")[0] ?? invite.target_email,
    // Only pending invites are declared: an expired one is not sent again by anyone.
    skip: (invite) => (invite.is_expired ? "expired (is_expired): a program would never send it again" : undefined),
  }),
};

const ACCEPTED = "accepted";
const EXPIRED = "expired";

/**
 * The OrganizationInvite lifecycle: every change replaces; a create never sent twice blindly; an invite gone because
 * it was accepted stays in the state, as "accepted".
 */
export class OrganizationInviteLifecycle extends FieldTableLifecycle<OrganizationInvite, "organization"> {
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(organizationInviteKind, organizationInviteModel, connection);
  }

  protected override async obtain(organizationId: string, body: Json): Promise<InviteRecord> {
    const email = String(body["target_email"] ?? "").toLowerCase();
    try {
      const record = await this.createOnce(organizationId, body, () => invites.createInvite(this.http(), organizationId, body), {
        find: async () => (await invites.listInvites(this.http(), organizationId)).filter((i) => i.target_email.toLowerCase() === email),
        described: `to ${email}`,
      });
      return { ...record, organization_id: organizationId };
    } catch (error) {
      if (error instanceof PostHogError && error.status === 400 && /already belongs to the organization/.test(error.detail ?? ""))
        throw new Error(
          `${error.message} ${email} is a member already: manage their level with posthog.OrganizationMember (getOrganizationMember finds them by email), and drop this invite from the program.`,
        );
      throw error;
    }
  }

  /** PostHog changes no invite in place: every declared input that changed replaces it. */
  protected override replaces(olds: Json, news: Json): string[] {
    const declared = this.model.declaredSettings(news);
    const changed = Object.keys(this.model.differingSettings(declared, (field) => this.model.outputValue(olds, field) ?? null)).map(
      (field) => this.model.inputName(field),
    );
    const unknown = Object.keys(declared)
      .map((field) => this.model.inputName(field))
      .filter((input) => isUnknown(news[input]));
    return [...new Set([...super.replaces(olds, news), ...changed, ...unknown])];
  }

  override async diff(id: string, olds: Json, news: Json): Promise<pulumi.dynamic.DiffResult> {
    const result = await super.diff(id, olds, news);
    // Sent again whole: the earlier invite is deleted first (PostHog's create would delete it anyway).
    return result.changes ? { ...result, deleteBeforeReplace: true } : result;
  }

  /**
   * A refresh: an invite gone from PostHog whose email now belongs to a member was accepted, not deleted: it stays in
   * the state ("accepted"), as the program declared it, so that `pulumi up` sends nothing. One already recorded as
   * accepted or expired stays so when it is gone: an accepted invite's member may leave later, and an expired one is
   * deleted by PostHog whenever anyone invites its email again (`delete_existing_invites`, expired ones included,
   * posthog/api/organization_invite.py); neither is ever sent again on its own.
   */
  override async read(id: string, props?: Json): Promise<pulumi.dynamic.ReadResult<Json>> {
    const read = await super.read(id, props);
    const email = props?.["targetEmail"];
    if (read.id !== undefined || !props || typeof email !== "string") return read;
    const settled =
      props["status"] === ACCEPTED || props["status"] === EXPIRED ? String(props["status"]) : await this.joined(id, props, email);
    if (settled === undefined) return read;
    const declared = (props["declaredInputs"] ?? undefined) as Json | undefined;
    return { id, props: { ...props, status: settled }, ...(declared && { inputs: declared }) };
  }

  /** "accepted" when the email of an invite gone from PostHog now belongs to a member. */
  private async joined(id: string, props: Json, email: string): Promise<string | undefined> {
    const where = resolveWhere<"organization", string>(this.kind, this.config, props, parseId(this.kind, id));
    const members = await listMembers(this.http(), where);
    return members.some((m) => m.email.toLowerCase() === email.toLowerCase()) ? ACCEPTED : undefined;
  }

  /** An accepted invite is gone from PostHog already: nothing to delete. */
  override async delete(id: string, props: Json): Promise<void> {
    if (props["status"] === ACCEPTED) return;
    await super.delete(id, props);
  }
}
