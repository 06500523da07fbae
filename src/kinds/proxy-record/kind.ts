/**
 * ProxyRecord, declared once for the kit (src/kit): organization-scoped
 * (`/api/organizations/<organizationId>/proxy_records/`, ProxyRecordViewset, posthog/api/proxy_record.py), keyed by
 * UUID, identified as `<organizationId>/<id>`. Nothing of it changes in place: a new domain is a new record.
 */
import type { Transport } from "../../client";
import type { ProviderConfig } from "../../kit/config";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import { scopedApi, scopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { type Kind, parseId, placementOf, resolveWhere } from "../../kit/kind";
import { wholeList } from "../../kit/list-reads";
import type { Json } from "../../kit/lifecycle";
import { kindNames } from "../../kit/tokens";
import { isUnknown } from "../../kit/unknown";
import * as records from "./endpoints";
import { proxyRecordExample } from "./example";
import { proxyRecordFields } from "./fields";
import { proxyRecordModel, type ProxyRecordRecord } from "./model";
import type { ProxyRecord } from "./record";

const PLACEMENT = { scope: "organization", key: "uuid" } as const;
const inputs = () => tableInputs(proxyRecordFields, "proxy record", placementOf(proxyRecordKind));

export const proxyRecordKind: Kind<"organization", ProxyRecordRecord> = {
  ...kindNames("ProxyRecord"),
  example: proxyRecordExample,
  noun: "proxy record",
  scope: "organization",
  identity: { output: "proxyRecordId", key: "uuid" },
  deletion: "delete",
  importInputs: ["domain"],
  api: scopedApi<"organization", ProxyRecord, string>(PLACEMENT, {
    get: records.getProxyRecord,
    update: records.updateProxyRecord,
    remove: records.deleteProxyRecord,
  }),
  // One record is found in the list already (ProxyRecordViewset declares no queryset, so its retrieve fails,
  // posthog/api/proxy_record.py): reads that arrive together share the one answer.
  listReads: wholeList(records.listProxyRecords),
  schema: () => ({
    description:
      'A PostHog managed reverse proxy: the domain a team points its DNS at `targetCname` for. PostHog issues its certificate in the background: `status` is "waiting" until then (and stays so on a PostHog without its Temporal worker). A new domain replaces the record; destroy deletes it (one already issued is marked "deleting" and removed by PostHog).',
    inputs: { ...inputs(), domain: { ...inputs()["domain"], willReplaceOnChanges: true } },
    outputs: tableOutputs(
      proxyRecordFields,
      "proxy record",
      {
        proxyRecordId: { type: "string", description: "The proxy record's UUID in PostHog." },
        targetCname: { type: "string", description: "Where the domain's CNAME record must point." },
        status: {
          type: "string",
          description: 'PostHog\'s progress: "waiting", "issuing", "valid", "warning", "erroring", "timed_out" or "deleting".',
        },
      },
      placementOf(proxyRecordKind),
    ),
    required: ["proxyRecordId", "organizationId", "domain", "targetCname", "status"],
  }),
  model: proxyRecordModel,
  lifecycle: () => new ProxyRecordLifecycle(),
  importer: scopedImport<"organization", ProxyRecord>(PLACEMENT, proxyRecordFields, {
    list: (http, organizationId) => records.listProxyRecords(http, organizationId),
    defaults: {},
    label: (record) => record.domain,
    skip: (record) => (record.status === "deleting" ? "being deleted (status deleting)" : undefined),
  }),
};

/**
 * The ProxyRecord lifecycle: a create never sent twice blindly, a domain that replaces, a record being deleted taken
 * as gone, and a delete that asks the list first (PostHog's destroy answers an unknown id with a 500).
 */
export class ProxyRecordLifecycle extends FieldTableLifecycle<ProxyRecord, "organization"> {
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(proxyRecordKind, proxyRecordModel, connection);
  }

  /**
   * PostHog fails a create with a 500 where it may have stored the record (Temporal unreachable after the insert,
   * ProxyRecordViewset.create in posthog/api/proxy_record.py) and where it stored nothing: a domain taken, even by
   * another organization (ProxyRecord.domain unique=True in posthog/models/proxy_record.py), fails the insert so too.
   * Never resent: the record of this domain is looked for and taken only when this key's user made it just now; none
   * in this organization means another holds the domain (a longer one is refused at check), said with what to do.
   */
  protected override async obtain(organizationId: string, body: Json): Promise<ProxyRecordRecord> {
    const domain = body["domain"];
    const record = await this.createOnce(organizationId, body, () => records.createProxyRecord(this.http(), organizationId, body), {
      find: async () => (await records.listProxyRecords(this.http(), organizationId)).filter((r) => r.domain === domain),
      described: `for ${JSON.stringify(domain)}`,
      otherwise: "choose another domain (PostHog keeps each domain once, across every organization)",
      none: `PostHog's server error is how it refuses a domain another organization holds (each domain is kept once across every organization: ProxyRecord.domain is unique, posthog/models/proxy_record.py, and the failed insert is answered as a 500, not as the domain being taken). So ${JSON.stringify(domain)} is most likely another organization's: delete its proxy record there (or ask who holds it to), or choose another domain; sending the same create again fails the same way.`,
    });
    return { ...record, organization_id: organizationId };
  }

  protected override replaces(olds: Json, news: Json): string[] {
    const changed = isUnknown(news["domain"]) || (olds["domain"] !== undefined && news["domain"] !== olds["domain"]);
    return [...super.replaces(olds, news), ...(changed ? ["domain"] : [])];
  }

  /** A record PostHog is deleting (status `deleting`, after the delete of an issued one) is gone. */
  protected override isGone(record: ProxyRecordRecord): boolean {
    return record.status === "deleting";
  }

  override async delete(id: string, props: Json): Promise<void> {
    const parsed = parseId(this.kind, id);
    const where = resolveWhere<"organization", string>(this.kind, this.config, props, parsed);
    const key = String(parsed.id).toLowerCase();
    const live = (await records.listProxyRecords(this.http(), where)).find((r) => r.id.toLowerCase() === key);
    if (!live || live.status === "deleting") return;
    await records.deleteProxyRecord(this.http(), where, live.id);
  }
}
