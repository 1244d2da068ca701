import { NOTIFICATION_TYPES, NotificationParamsValueSchema } from '@parla/shared/notifications.schema';
import { z } from 'zod';

/** A notification as the statements return it (NOTIFICATION_COLUMNS). */
export const notificationRow = z.object({
  id: z.string(),
  user_id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  kind: z.string(),
  params: z.record(z.string(), NotificationParamsValueSchema),
  read: z.boolean(),
  created_us: z.string().regex(/^\d+$/),
});
export type NotificationRow = z.infer<typeof notificationRow>;
