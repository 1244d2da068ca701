import type { DatabaseHandle } from '../../db/client';
import { prepareStatement, runStatement } from '../../db/statements';
import { lockLearners } from '../social/sql/lock-learners.sql';
import { listConversations } from './sql/list-conversations.sql';
import { listMessages } from './sql/list-messages.sql';
import { markRead } from './sql/mark-read.sql';
import type { MessageRow } from './sql/message-columns';
import { relation } from './sql/relation.sql';
import { send } from './sql/send.sql';

export type { MessageRow } from './sql/message-columns';

export interface Relation {
  meFound: boolean;
  found: boolean;
  mutual: boolean;
  blocked: boolean;
}

export interface ConversationRow extends MessageRow {
  other_id: string;
  name: string;
  unread_count: number;
}

/** Where a page ends: the last row's created_at (ISO) and the id it is ordered by after that. */
export interface PageCursor {
  createdAt: string;
  id: string;
}

// Statements prepared under fixed names: one repository per database handle.
const repositories = new WeakMap<DatabaseHandle, ReturnType<typeof newMessagesRepository>>();

export function createMessagesRepository(database: DatabaseHandle) {
  let repository = repositories.get(database);
  if (!repository) {
    repository = newMessagesRepository(database);
    repositories.set(database, repository);
  }
  return repository;
}

function newMessagesRepository(database: DatabaseHandle) {
  const relationOf = prepareStatement(database, relation);
  const mark = prepareStatement(database, markRead);
  const page = prepareStatement(database, listMessages);
  const conversations = prepareStatement(database, listConversations);

  return {
    async relation(me: string, other: string): Promise<Relation> {
      const [row] = await relationOf([me, other]);
      return {
        meFound: row?.me_found ?? false,
        found: row?.found ?? false,
        mutual: row?.mutual ?? false,
        blocked: row?.blocked ?? false,
      };
    },

    /** The stored message, or undefined when the two no longer follow each other or a block stands. */
    async send(me: string, other: string, text: string, at: Date): Promise<MessageRow | undefined> {
      // Under the two learners' social locks (ADR 029): a block being written at the same moment
      // commits first or waits, so a message never lands beside a block it could not see.
      return database.db.transaction(async (tx) => {
        await runStatement(tx, lockLearners, [`{${me},${other}}`]);
        const [row] = await runStatement(tx, send, [me, other, text, at.toISOString()]);
        return row;
      });
    },

    async markRead(me: string, other: string, at: Date): Promise<number> {
      const [row] = await mark([me, other, at.toISOString()]);
      return row?.marked ?? 0;
    },

    findMessages: (me: string, other: string, cursor: PageCursor | undefined, limit: number): Promise<MessageRow[]> =>
      page([me, other, cursor?.createdAt ?? null, cursor?.id ?? null, limit]),

    findConversations: (me: string, cursor: PageCursor | undefined, limit: number): Promise<ConversationRow[]> =>
      conversations([me, cursor?.createdAt ?? null, cursor?.id ?? null, limit]),
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
