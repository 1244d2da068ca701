import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConversationsPageSchema, MessageSchema, MessagesPageSchema } from '@parla/shared/messages.schema';
import { NotificationsPageSchema } from '@parla/shared/notifications.schema';
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/migrations-folder';
import { conversations as conversationRows, messages, notifications } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { registerLearner } from '../../test/factories';
import { MESSAGES_PER_LEARNER } from './messages.routes';
import { send as sendStatement } from './sql/send.sql';

const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
type Learner = Awaited<ReturnType<typeof learner>>;
const db = () => ctx.database.handle.db;
const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
const idOf = (account: Learner) => account.auth.user.id;

const learner = (name = 'Ana García') =>
  registerLearner(ctx.app, {
    target_language: 'es',
    timezone: 'Europe/Madrid',
    learning_styles: ['visual'],
    profile_completed: true,
    full_name: name,
  });

const follow = (from: Learner, to: Learner) => api('PUT', `/users/me/following/${idOf(to)}`, from.bearer);
const send = (from: Learner, to: string, text: string, headers: Headers = {}) =>
  api('POST', `/users/me/conversations/${to}/messages`, { ...from.bearer, ...headers }, { text });
const read = (who: Learner, other: string, query = '') =>
  api('GET', `/users/me/conversations/${other}/messages${query}`, who.bearer);
const conversations = async (who: Learner, query = '') => {
  const reply = await api('GET', `/users/me/conversations${query}`, who.bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return ConversationsPageSchema.parse(reply.json());
};

/** Two learners who follow each other. */
async function friends(a = 'Ana García', b = 'Bea López'): Promise<[Learner, Learner]> {
  const [one, two] = await Promise.all([learner(a), learner(b)]);
  expect((await follow(one, two)).statusCode).toBe(201);
  expect((await follow(two, one)).statusCode).toBe(201);
  return [one, two];
}

let minute = 0;
/** Moves the clock a second on, so each message has its own time. */
const tick = () => clock.set(new Date(Date.parse('2026-11-24T10:00:00Z') + ++minute * 1000).toISOString());

describe('sending messages', () => {
  it('stores the message, answers 201 and tells the receiver once', async () => {
    const [ana, bea] = await friends();
    tick();
    const reply = await send(ana, idOf(bea), '  ¡Hola, Bea!  ');
    expect(reply.statusCode, reply.body).toBe(201);
    const message = MessageSchema.parse(reply.json());
    expect(message).toMatchObject({ sender_id: idOf(ana), recipient_id: idOf(bea), text: '¡Hola, Bea!', read: false });

    const notes = NotificationsPageSchema.parse((await api('GET', '/users/me/notifications', bea.bearer)).json());
    const told = notes.items.filter((note) => note.kind === 'social.message');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'social',
      params: { sender_id: idOf(ana), name: 'Ana García', message_id: message.id },
    });
    const mine = NotificationsPageSchema.parse((await api('GET', '/users/me/notifications', ana.bearer)).json());
    expect(mine.items.filter((note) => note.kind === 'social.message')).toHaveLength(0);
  });

  it('refuses bad text and oneself with 400 naming the field', async () => {
    const [ana, bea] = await friends();
    for (const text of ['', '    ', 'x'.repeat(1001), 'a\u0000b']) {
      const reply = await send(ana, idOf(bea), text);
      expect(reply.statusCode, text).toBe(400);
      expect(reply.json().errors.map((error: { path: string }) => error.path)).toContain('body.text');
    }
    expect((await send(ana, idOf(bea), 'x'.repeat(1000))).statusCode).toBe(201);
    const noBody = await api('POST', `/users/me/conversations/${idOf(bea)}/messages`, ana.bearer, {});
    expect(noBody.statusCode).toBe(400);
    const self = await send(ana, idOf(ana), 'me');
    expect(self.statusCode).toBe(400);
    expect(self.json().errors[0].path).toBe('params.otherId');
    const badId = await send(ana, 'not-an-id', 'hi');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].path).toBe('params.otherId');
  });

  it('answers 401 without a token and 404 for an unknown learner', async () => {
    const [ana, bea] = await friends();
    const anonymous = await api('POST', `/users/me/conversations/${idOf(bea)}/messages`, {}, { text: 'hi' });
    expect(anonymous.statusCode).toBe(401);
    expect((await api('GET', '/users/me/conversations', {})).statusCode).toBe(401);
    expect((await api('GET', `/users/me/conversations/${idOf(bea)}/messages`, {})).statusCode).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await send(ana, unknown, 'hi')).statusCode).toBe(404);
    expect((await read(ana, unknown)).statusCode).toBe(404);
  });

  it('answers 403 unless the two follow each other', async () => {
    const [ana, bea, eva] = await Promise.all([learner(), learner('Bea López'), learner('Eva Ruiz')]);
    expect((await send(ana, idOf(bea), 'hi')).statusCode).toBe(403);
    await follow(ana, bea);
    expect((await send(ana, idOf(bea), 'hi')).statusCode).toBe(403);
    expect((await send(bea, idOf(ana), 'hi')).statusCode).toBe(403);
    await follow(bea, ana);
    expect((await send(ana, idOf(bea), 'hi')).statusCode).toBe(201);
    expect(MessagesPageSchema.parse((await read(bea, idOf(ana))).json()).items).toHaveLength(1);
    // Another learner sees nothing of the two's conversation.
    expect((await read(eva, idOf(bea))).statusCode).toBe(403);
    expect((await conversations(eva)).items).toEqual([]);
    // Unfollowing closes the conversation both ways, without deleting it; following again reopens it.
    await api('DELETE', `/users/me/following/${idOf(ana)}`, bea.bearer);
    const after = await send(ana, idOf(bea), 'still there?');
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('forbidden');
    expect((await read(ana, idOf(bea))).statusCode).toBe(403);
    expect((await read(bea, idOf(ana))).statusCode).toBe(403);
    await follow(bea, ana);
    expect(MessagesPageSchema.parse((await read(ana, idOf(bea))).json()).items).toHaveLength(1);
  });

  it('a block, either way, makes the conversation unreachable', async () => {
    const [ana, bea] = await friends();
    tick();
    expect((await send(ana, idOf(bea), 'hola')).statusCode).toBe(201);
    expect((await conversations(bea)).items).toHaveLength(1);
    expect((await api('PUT', `/users/me/blocks/${idOf(ana)}`, bea.bearer)).statusCode).toBe(201);
    for (const [from, to] of [
      [ana, bea],
      [bea, ana],
    ] as const) {
      expect((await send(from, idOf(to), 'hi')).statusCode).toBe(403);
      expect((await read(from, idOf(to))).statusCode).toBe(403);
      expect((await conversations(from)).items).toEqual([]);
    }
    // Lifting the block does not restore the follows, so messages stay closed until both follow again.
    await api('DELETE', `/users/me/blocks/${idOf(ana)}`, bea.bearer);
    expect((await send(ana, idOf(bea), 'hi')).statusCode).toBe(403);
    await follow(ana, bea);
    await follow(bea, ana);
    expect(MessagesPageSchema.parse((await read(ana, idOf(bea))).json()).items.map((item) => item.text)).toEqual(['hola']);
  });

  it('messages and a block at once: each message is stored or refused (403), never an error, and none after', async () => {
    const [ana, bea] = await friends();
    const sends = Array.from({ length: 20 }, (_, i) => send(ana, idOf(bea), `race ${i}`));
    const [blocked, ...replies] = await Promise.all([api('PUT', `/users/me/blocks/${idOf(ana)}`, bea.bearer), ...sends]);
    expect(blocked?.statusCode).toBe(201);
    expect(replies.every((reply) => reply.statusCode === 201 || reply.statusCode === 403)).toBe(true);
    expect((await send(ana, idOf(bea), 'after')).statusCode).toBe(403);
  });

  it('50 identical requests with the same X-Request-Id store one message', async () => {
    const [ana, bea] = await friends();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => send(ana, idOf(bea), 'once', { 'x-request-id': 'message-once-1' })),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const ids = new Set(replies.filter((reply) => reply.statusCode === 201).map((reply) => reply.json().id));
    expect(ids.size).toBe(1);
    const [stored] = await db()
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.senderId, idOf(ana)), eq(messages.recipientId, idOf(bea))));
    expect(stored?.n).toBe(1);
    const replay = await send(ana, idOf(bea), 'once', { 'x-request-id': 'message-once-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe([...ids][0]);
  });

  it('holds back after the per-learner limit with 429 and Retry-After', async () => {
    const [ana, bea] = await friends();
    const replies = [];
    for (let i = 0; i <= MESSAGES_PER_LEARNER.limit; i++) replies.push(await send(ana, idOf(bea), `m${i}`));
    expect(replies.slice(0, MESSAGES_PER_LEARNER.limit).every((reply) => reply.statusCode === 201)).toBe(true);
    const last = replies.at(-1);
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('reading conversations', () => {
  it('pages a conversation newest first with a keyset cursor, both directions', async () => {
    const [ana, bea] = await friends();
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) {
      tick();
      const [from, to] = i % 2 === 0 ? [ana, bea] : [bea, ana];
      const reply = await send(from, idOf(to), `message ${i}`);
      expect(reply.statusCode).toBe(201);
      sent.push(reply.json().id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const reply = await read(ana, idOf(bea), query);
      expect(reply.statusCode, reply.body).toBe(200);
      const page = MessagesPageSchema.parse(reply.json());
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...sent].reverse());
    for (const [query, path] of [
      ['?cursor=', 'querystring.cursor'],
      ['?cursor=not%20base64!', 'querystring.cursor'],
      [`?cursor=${Buffer.from('yesterday|x').toString('base64url')}`, 'querystring.cursor'],
      ['?limit=0', 'querystring.limit'],
      ['?limit=101', 'querystring.limit'],
    ]) {
      const reply = await read(ana, idOf(bea), query);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().errors[0].path).toBe(path);
    }
    expect((await api('GET', '/users/me/conversations?limit=abc', ana.bearer)).statusCode).toBe(400);
  });

  it('lists conversations latest first with the other’s name, last message and unread count; opening marks read', async () => {
    const [ana, bea] = await friends('Ana García', 'Bea López');
    const cai = await learner('Cai Wen');
    await follow(ana, cai);
    await follow(cai, ana);
    tick();
    await send(bea, idOf(ana), 'one');
    tick();
    await send(bea, idOf(ana), 'two');
    tick();
    await send(cai, idOf(ana), 'from Cai');
    tick();
    await send(ana, idOf(cai), 'to Cai');

    const list = await conversations(ana);
    expect(list.items.map((item) => [item.name, item.last_message.text, item.unread_count])).toEqual([
      ['Cai Wen', 'to Cai', 1],
      ['Bea López', 'two', 2],
    ]);
    const first = await conversations(ana, '?limit=1');
    expect(first.items.map((item) => item.user_id)).toEqual([idOf(cai)]);
    expect(first.next_cursor).not.toBeNull();
    const second = await conversations(ana, `?limit=1&cursor=${encodeURIComponent(first.next_cursor ?? '')}`);
    expect(second.items.map((item) => item.user_id)).toEqual([idOf(bea)]);
    expect(second.next_cursor).toBeNull();

    // Opening Bea's conversation marks her messages to Ana read, not Ana's to Bea, nor Cai's.
    const opened = MessagesPageSchema.parse((await read(ana, idOf(bea))).json());
    expect(opened.items.every((item) => item.read)).toBe(true);
    const after = await conversations(ana);
    expect(after.items.map((item) => item.unread_count)).toEqual([1, 0]);
    const beas = await conversations(bea);
    expect(beas.items[0]?.last_message.read).toBe(true);
    expect(beas.items[0]?.unread_count).toBe(0);
  });
});

/** Each side's row of the conversations table between the learners, as [user, other, unread, last message]. */
async function sides(...learners: Learner[]) {
  const ids = learners.map(idOf);
  const rows = await db()
    .select()
    .from(conversationRows)
    .where(and(inArray(conversationRows.userId, ids), inArray(conversationRows.otherId, ids)));
  return rows
    .map((row) => [row.userId, row.otherId, row.unreadCount, row.lastMessageId] as const)
    .sort((x, y) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`));
}

/** What the messages say each side should hold: the unread count and the latest message either way. */
async function truth(...learners: Learner[]) {
  const out = [];
  for (const me of learners) {
    for (const other of learners) {
      if (me === other) continue;
      const between = or(
        and(eq(messages.senderId, idOf(me)), eq(messages.recipientId, idOf(other))),
        and(eq(messages.senderId, idOf(other)), eq(messages.recipientId, idOf(me))),
      );
      const [latest] = await db()
        .select({ id: messages.id })
        .from(messages)
        .where(between)
        .orderBy(sql`${messages.createdAt} desc, ${messages.id} desc`)
        .limit(1);
      if (!latest) continue;
      const [unread] = await db()
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.senderId, idOf(other)), eq(messages.recipientId, idOf(me)), isNull(messages.readAt)));
      out.push([idOf(me), idOf(other), unread?.n ?? 0, latest.id] as const);
    }
  }
  return out.sort((x, y) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`));
}

describe('the conversations table (one row per side)', () => {
  it('keeps exact unread counts and the latest message when 50 messages between a pair arrive at once', async () => {
    const [ana, bea] = await friends();
    tick();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? send(bea, idOf(ana), `b${i}`) : send(ana, idOf(bea), `a${i}`))),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(201));
    const beasView = await conversations(bea);
    expect(beasView.items).toHaveLength(1);
    expect(beasView.items[0]?.unread_count).toBe(40);
    expect((await conversations(ana)).items[0]?.unread_count).toBe(10);
    expect(await sides(ana, bea)).toEqual(await truth(ana, bea));
    // The latest message (the same time for all: the highest id) is the one both lists show.
    const newest = MessagesPageSchema.parse((await read(bea, idOf(ana), '?limit=1')).json()).items[0];
    expect(beasView.items[0]?.last_message.id).toBe(newest?.id);
  });

  it('stays exact when messages and readings of the same conversation happen at once', async () => {
    const [ana, bea] = await friends();
    tick();
    const work = Array.from({ length: 50 }, (_, i) => {
      if (i % 10 === 3) return read(bea, idOf(ana));
      if (i % 10 === 7) return read(ana, idOf(bea));
      return i % 3 === 0 ? send(bea, idOf(ana), `b${i}`) : send(ana, idOf(bea), `a${i}`);
    });
    const replies = await Promise.all(work);
    expect(replies.every((reply) => reply.statusCode === 200 || reply.statusCode === 201)).toBe(true);
    expect(await sides(ana, bea)).toEqual(await truth(ana, bea));
    await read(ana, idOf(bea));
    await read(bea, idOf(ana));
    expect((await sides(ana, bea)).map((side) => side[2])).toEqual([0, 0]);
  });

  it.runIf(inject('testDatabase').kind === 'postgres')(
    'a reading that meets a message being sent lowers the count by what it marked, not to zero',
    async () => {
      const [ana, bea] = await friends();
      tick();
      expect((await send(bea, idOf(ana), 'first')).statusCode).toBe(201);
      const url = ctx.database.url;
      if (!url) throw new Error('no PostgreSQL URL');
      const sender = new pg.Client({ connectionString: url });
      const watcher = new pg.Client({ connectionString: url });
      await Promise.all([sender.connect(), watcher.connect()]);
      try {
        // A second message, inserted but not committed: it holds Ana's side of the conversation.
        await sender.query('begin');
        tick();
        await sender.query(sendStatement.text, [idOf(bea), idOf(ana), 'second', clock.now().toISOString()]);
        // Ana opens the conversation: she marks "first" and then waits for that side's row.
        const reading = read(ana, idOf(bea));
        const waiting = async () =>
          (
            await watcher.query(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
          ).rows[0].n as number;
        for (let tries = 0; (await waiting()) === 0; tries++) {
          if (tries > 100) throw new Error('the reading never waited for the send');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await sender.query('commit');
        expect((await reading).statusCode).toBe(200);
      } finally {
        await Promise.all([sender.end(), watcher.end()]);
      }
      // "second" came after the reading's snapshot: still unread, and counted.
      expect((await conversations(ana)).items[0]?.unread_count).toBe(1);
      expect(await sides(ana, bea)).toEqual(await truth(ana, bea));
    },
  );

  it('the migration’s backfill rebuilds the same rows from the messages', async () => {
    const [ana, bea] = await friends();
    const cai = await learner('Cai Wen');
    await follow(ana, cai);
    await follow(cai, ana);
    for (const [from, to] of [
      [ana, bea],
      [bea, ana],
      [bea, ana],
      [cai, ana],
      [ana, cai],
      [cai, ana],
    ] as const) {
      tick();
      expect((await send(from, idOf(to), 'hi')).statusCode).toBe(201);
    }
    await read(ana, idOf(bea));
    const kept = await sides(ana, bea, cai);
    expect(kept).toHaveLength(4);
    expect(kept).toEqual(await truth(ana, bea, cai));

    const ids = [idOf(ana), idOf(bea), idOf(cai)];
    await db().delete(conversationRows).where(inArray(conversationRows.userId, ids));
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0030_conversations.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .find((statement) => /^INSERT INTO "conversations"/m.test(statement));
    if (!backfill) throw new Error('no backfill in migration 0030');
    // Rebuild every conversation (the others' rows are already there: leave them be).
    await db().execute(sql.raw(backfill.replace(/;\s*$/, ' ON CONFLICT DO NOTHING')));
    expect(await sides(ana, bea, cai)).toEqual(kept);
  });

  it('opening a conversation marks that sender’s message notifications read, and the bell’s count follows', async () => {
    const [ana, bea] = await friends();
    const cai = await learner('Cai Wen');
    await follow(ana, cai);
    await follow(cai, ana);
    for (const [from, text] of [
      [bea, 'one'],
      [bea, 'two'],
      [cai, 'three'],
    ] as const) {
      tick();
      expect((await send(from, idOf(ana), text)).statusCode).toBe(201);
    }
    const bell = async () => (await api('GET', '/users/me', ana.bearer)).json().unread_notifications as number;
    const before = await bell();
    expect(before).toBeGreaterThanOrEqual(3);

    // An older page (with a cursor) reads without marking anything.
    const first = MessagesPageSchema.parse((await read(ana, idOf(bea), '?limit=1')).json());
    expect(await bell()).toBe(before - 2);
    expect(first.next_cursor).not.toBeNull();

    const unreadFrom = async (sender: Learner) =>
      (
        await db()
          .select({ n: count() })
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, idOf(ana)),
              eq(notifications.kind, 'social.message'),
              isNull(notifications.readAt),
              sql`${notifications.params}->>'sender_id' = ${idOf(sender)}`,
            ),
          )
      )[0]?.n;
    expect(await unreadFrom(bea)).toBe(0);
    expect(await unreadFrom(cai)).toBe(1);
    const notes = NotificationsPageSchema.parse((await api('GET', '/users/me/notifications', ana.bearer)).json());
    const fromCai = notes.items.filter((note) => note.kind === 'social.message' && note.params.sender_id === idOf(cai));
    expect(fromCai.map((note) => note.read)).toEqual([false]);
  });
});

describe('the data export', () => {
  it('holds the messages I sent, and not those sent to me', async () => {
    const [ana, bea] = await friends();
    tick();
    expect((await send(ana, idOf(bea), 'mine to Bea')).statusCode).toBe(201);
    tick();
    expect((await send(bea, idOf(ana), 'from Bea to me')).statusCode).toBe(201);
    const reply = await api('GET', '/users/me/export', ana.bearer);
    expect(reply.statusCode, reply.body).toBe(200);
    const data = JSON.parse(reply.body);
    expect(data.messages_sent).toEqual([expect.objectContaining({ to: idOf(bea), text: 'mine to Bea' })]);
    expect(reply.body).not.toContain('from Bea to me');
  });
});
