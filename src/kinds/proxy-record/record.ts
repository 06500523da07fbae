/**
 * A managed reverse proxy as PostHog answers it (ProxyRecordSerializer, posthog/api/proxy_record.py; model
 * posthog/models/proxy_record.py): `created_by` is the user's numeric id. Loose.
 */
import { z } from "zod";

export const proxyRecordSchema = z.looseObject({
  id: z.string(),
  domain: z.string(),
  target_cname: z.string(),
  status: z.string(),
  message: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  created_by: z.number().int().nullish(),
});
export type ProxyRecord = z.infer<typeof proxyRecordSchema>;
