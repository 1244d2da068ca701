/**
 * What every statement here returns about a notification: `created_us` is its instant in
 * microseconds since the epoch, as text: the cursor keeps PostgreSQL's full precision (a
 * JavaScript Date would drop the microseconds and page past rows created in the same millisecond).
 */
export const NOTIFICATION_COLUMNS = `id, user_id, type, kind, params, read_at is not null as read,
         ((extract(epoch from created_at) * 1000000)::bigint)::text as created_us`;
