/**
 * ProxyRecord, declared once for the kit (src/kit): organization-scoped
 * (`/api/organizations/<organizationId>/proxy_records/`, ProxyRecordViewset, posthog/api/proxy_record.py), keyed by
 * UUID, identified as `<organizationId>/<id>`. Its field table is ./fields.ts, with PostHog's own answers
 * (`targetCname`, `status`) as outputs. Nothing of it changes in place: a new domain is a new record; a record being
 * deleted is gone.
 */
import { defineKind } from "../../kit/define-kind";
import { wholeList } from "../../kit/list-reads";
import { isUnknown } from "../../kit/unknown";
import * as records from "./endpoints";
import { proxyRecordExample } from "./example";
import { proxyRecordFields } from "./fields";

export const {
  kind: proxyRecordKind,
  model: proxyRecordModel,
  Lifecycle: ProxyRecordLifecycle,
} = defineKind({
  name: "ProxyRecord",
  noun: "proxy record",
  summary: "A managed reverse proxy: the domain a team points at `targetCname` so that PostHog's scripts load from it.",
  description:
    'A PostHog managed reverse proxy: the domain a team points its DNS at `targetCname` for. PostHog issues its certificate in the background: `status` is "waiting" until then (and stays so on a PostHog without its Temporal worker). A new domain replaces the record; destroy deletes it (one already issued is marked "deleting" and removed by PostHog).',
  example: proxyRecordExample,
  scope: "organization",
  identity: { output: "proxyRecordId", key: "uuid", doc: "The proxy record's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["domain"],
  endpoints: {
    get: records.getProxyRecord,
    update: records.updateProxyRecord,
    // The list first: PostHog's destroy answers an unknown id with a 500, and one being deleted is gone already.
    remove: async (http, organizationId, id: string) => {
      const key = id.toLowerCase();
      const live = (await records.listProxyRecords(http, organizationId)).find((r) => r.id.toLowerCase() === key);
      if (!live || live.status === "deleting") return;
      await records.deleteProxyRecord(http, organizationId, live.id);
    },
    create: records.createProxyRecord,
  },
  // One record is found in the list already (ProxyRecordViewset declares no queryset, so its retrieve fails,
  // posthog/api/proxy_record.py): reads that arrive together share the one answer.
  listReads: wholeList(records.listProxyRecords),
  inputs: (table) => ({ ...table, domain: { ...table["domain"], willReplaceOnChanges: true } }),
  outputs: {
    targetCname: { type: "string", description: "Where the domain's CNAME record must point." },
    status: {
      type: "string",
      description: 'PostHog\'s progress: "waiting", "issuing", "valid", "warning", "erroring", "timed_out" or "deleting".',
    },
  },
  fields: proxyRecordFields,
  exampleInput: "domain",
  required: { domain: "PostHog's create makes the record's target CNAME from it (and fails without one)" },
  fixedOutputs: (record) => ({
    domain: record.domain,
    targetCname: record.target_cname,
    status: record.status,
  }),
  outputTypes: {
    domain: { type: "string", doc: "The domain." },
    targetCname: { type: "string", doc: "Where the domain's CNAME record must point (PostHog's `target_cname`)." },
    status: {
      type: "string",
      doc: '"waiting" until PostHog issues the certificate (a Temporal workflow: it stays "waiting" on a PostHog without its worker), then "issuing", "valid", "warning", "erroring", "timed_out"; "deleting" after a delete of an issued one.',
    },
  },
  importer: {
    list: (http, organizationId) => records.listProxyRecords(http, organizationId),
    defaults: {},
    label: (record) => record.domain,
    skip: (record) => (record.status === "deleting" ? "being deleted (status deleting)" : undefined),
  },
  /**
   * PostHog fails a create with a 500 where it may have stored the record (Temporal unreachable after the insert,
   * ProxyRecordViewset.create in posthog/api/proxy_record.py) and where it stored nothing: a domain taken, even by
   * another organization (ProxyRecord.domain unique=True in posthog/models/proxy_record.py), fails the insert so too.
   * Never resent: the record of this domain is looked for and taken only when this key's user made it just now; none
   * in this organization means another holds the domain (a longer one is refused at check), said with what to do.
   */
  findBy: {
    field: "domain",
    find: async (http, organizationId, domain) => (await records.listProxyRecords(http, organizationId)).filter((r) => r.domain === domain),
    described: (domain) => `for ${JSON.stringify(domain)}`,
    otherwise: "choose another domain (PostHog keeps each domain once, across every organization)",
    none: (domain) =>
      `PostHog's server error is how it refuses a domain another organization holds (each domain is kept once across every organization: ProxyRecord.domain is unique, posthog/models/proxy_record.py, and the failed insert is answered as a 500, not as the domain being taken). So ${JSON.stringify(domain)} is most likely another organization's: delete its proxy record there (or ask who holds it to), or choose another domain; sending the same create again fails the same way.`,
  },
  hooks: {
    replaces(olds, news) {
      const changed = isUnknown(news["domain"]) || (olds["domain"] !== undefined && news["domain"] !== olds["domain"]);
      return [...this.kit.replaces(olds, news), ...(changed ? ["domain"] : [])];
    },
    /** A record PostHog is deleting (status `deleting`, after the delete of an issued one) is gone. */
    isGone: (record) => record.status === "deleting",
  },
});
