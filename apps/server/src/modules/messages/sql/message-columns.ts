import { z } from 'zod';

/** A message as the statements return it (`created_at` as an ISO string with milliseconds). */
export const MessageRowSchema = z.object({
  id: z.string(),
  sender_id: z.string(),
  recipient_id: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type MessageRow = z.infer<typeof MessageRowSchema>;

/** The columns of MessageRowSchema from a `messages` row aliased `alias`. */
export function messageColumns(alias: string): string {
  return `${alias}.id, ${alias}.sender_id, ${alias}.recipient_id, ${alias}.body, ${alias}.read_at is not null as read,
          to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;
}
