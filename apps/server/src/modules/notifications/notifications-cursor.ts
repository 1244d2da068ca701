import { AppError } from '@parla/shared/errors';
import type { NotificationRow, NotificationsCursor } from './notifications.repository';

// The cursor is opaque to clients: base64url of "<created_at in µs since the epoch>.<id>".
const DECODED = /^(\d{1,18})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(row: Pick<NotificationRow, 'created_us' | 'id'>): string {
  return Buffer.from(`${row.created_us}.${row.id}`).toString('base64url');
}

/** The cursor a page handed out, or a 400 naming the field. */
export function decodeCursor(cursor: string): NotificationsCursor {
  const match = /^[A-Za-z0-9_-]+$/.test(cursor) ? DECODED.exec(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  if (!match?.[1] || !match[2]) {
    throw new AppError('validation_error', 'The cursor is not one this list handed out.', [
      { path: 'querystring.cursor', message: 'Pass the next_cursor of the page before, unchanged.' },
    ]);
  }
  return { createdUs: match[1], id: match[2] };
}
