/**
 * Between Pulumi's view of a proxy record and PostHog's: the kit's field-table model over its table
 * (src/kinds/proxy-record/fields.ts), with PostHog's own answers (`targetCname`, `status`) as outputs.
 */
import { fieldModel, type InOrganization } from "../../kit/field-model";
import { proxyRecordFields } from "./fields";
import type { ProxyRecord } from "./record";

export type ProxyRecordRecord = InOrganization<ProxyRecord>;

export const proxyRecordModel = fieldModel<ProxyRecord, ProxyRecordRecord>({
  className: "ProxyRecord",
  noun: "proxy record",
  summary: "A managed reverse proxy: the domain a team points at `targetCname` so that PostHog's scripts load from it.",
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
});
