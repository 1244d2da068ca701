import { AppError } from '@parla/shared/errors';
import type { ConversationsPage, ConversationsQuery, Message, MessagesPage, MessagesQuery } from '@parla/shared/messages.schema';
import type { Clock } from '../../lib/clock';
import type { MessageRow, MessagesRepository, PageCursor } from './messages.repository';

// Cursors are opaque to clients: base64url of "<created_at ISO>|<id>".
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string | undefined): PageCursor | undefined {
  if (cursor === undefined) return undefined;
  const match = /^[A-Za-z0-9_-]+$/.test(cursor) ? CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  if (!match?.[1] || !match[2] || Number.isNaN(Date.parse(match[1]))) {
    throw new AppError('validation_error', 'The cursor is not one this list handed out.', [
      { path: 'querystring.cursor', message: 'Pass the next_cursor of the page before, unchanged.' },
    ]);
  }
  return { createdAt: match[1], id: match[2] };
}

export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    sender_id: row.sender_id,
    recipient_id: row.recipient_id,
    text: row.body,
    read: row.read,
    created_at: row.created_at,
  };
}

function notYourself(callerId: string, otherId: string): void {
  if (otherId === callerId) {
    throw new AppError('validation_error', 'You cannot message yourself.', [
      { path: 'params.otherId', message: 'Choose another learner than yourself.' },
    ]);
  }
}

const gone = () => new AppError('token_invalid', 'This account no longer exists.');
const noSuchLearner = () => new AppError('not_found', 'There is no such learner.');
// The same words whichever of the two blocked or stopped following: the caller does not learn which.
const notReachable = () => new AppError('forbidden', 'You can only message learners who follow you back.');

/**
 * Messages between learners who follow each other (issue 16). A conversation is open, to read and
 * to write, while both follow each other and no block stands between them (the insert checks again
 * itself); an unfollow or a block closes it (403) without deleting it, and following each other
 * again reopens it. The first page of a conversation marks the other's messages read.
 */
export function createMessagesService({ repo, clock }: { repo: MessagesRepository; clock: Clock }) {
  async function reachable(callerId: string, otherId: string, mustBeMutual: boolean): Promise<void> {
    notYourself(callerId, otherId);
    const relation = await repo.relation(callerId, otherId);
    if (!relation.meFound) throw gone();
    if (!relation.found) throw noSuchLearner();
    if (relation.blocked || (mustBeMutual && !relation.mutual)) throw notReachable();
  }

  return {
    async send(callerId: string, otherId: string, text: string): Promise<Message> {
      await reachable(callerId, otherId, true);
      const row = await repo.send(callerId, otherId, text, clock.now());
      // A block or unfollow that landed between the check and the insert.
      if (!row) throw notReachable();
      return presentMessage(row);
    },

    async listMessages(callerId: string, otherId: string, query: MessagesQuery): Promise<MessagesPage> {
      const cursor = decodeCursor(query.cursor);
      await reachable(callerId, otherId, true);
      if (cursor === undefined) await repo.markRead(callerId, otherId, clock.now());
      const rows = await repo.findMessages(callerId, otherId, cursor, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentMessage),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null,
      };
    },

    async listConversations(callerId: string, query: ConversationsQuery): Promise<ConversationsPage> {
      const cursor = decodeCursor(query.cursor);
      const rows = await repo.findConversations(callerId, cursor, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          user_id: row.other_id,
          name: row.name,
          last_message: presentMessage(row),
          unread_count: row.unread_count,
        })),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last.created_at, last.other_id) : null,
      };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
