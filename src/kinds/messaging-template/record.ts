/**
 * Messaging templates as PostHog answers them (MessageTemplateSerializer, products/messaging/backend/api/
 * message_templates.py today; model products/messaging/backend/models/message_template.py). Keyed by UUID. Loose.
 */
import { z } from "zod";

export const messagingTemplateSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  content: z.unknown().optional(),
  type: z.string().nullish(),
  message_category: z.string().nullish(),
  deleted: z.boolean().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  created_by: z.looseObject({}).nullish(),
});
export type MessagingTemplate = z.infer<typeof messagingTemplateSchema>;
