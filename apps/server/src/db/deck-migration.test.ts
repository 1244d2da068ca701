import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetLessonResponseSchema, ListLessonsResponseSchema } from '@parla/shared/lessons.schema';
import { DueCardsResponseSchema, WeakAreasResponseSchema } from '@parla/shared/practice.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testClock } from '../test/build-test-app';
import { apiCaller, registerLearner } from '../test/factories';
import { MIGRATIONS_FOLDER } from './migrations-folder';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

const { get } = apiCaller(() => ctx.app);

/** The statements of migration 0007 that move the cards and drop the old table. */
function deckMoveStatements(): string[] {
  const text = readFileSync(join(MIGRATIONS_FOLDER, '0007_deck_in_lesson_progress.sql'), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^(INSERT|DROP)/m.test(statement) && !statement.startsWith('ALTER'));
}

describe('migration 0007: the review deck moves into lesson_progress', () => {
  it('keeps every card, one row per lesson, and leaves the lessons taken as they were', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    const words = async (lessonId: string) =>
      GetLessonResponseSchema.parse((await get(`/lessons/${lessonId}`, account.bearer)).json()).words.map((word) => word.id);
    const [hello, goodbye] = await words('greetings-1');
    const [fish] = await words('food-1');
    if (!hello || !goodbye || !fish) throw new Error('missing words');

    // The deck as the earlier schema kept it: one row per word. greetings-1 was taken (best 80).
    const db = ctx.database.handle.db;
    await db.execute(sql`
      create table review_cards (user_id uuid not null, course text not null, word_id text not null,
        due timestamptz not null, stability float8 not null, difficulty float8 not null, scheduled_days int not null,
        learning_steps int not null, reps int not null, lapses int not null, state int not null, last_review timestamptz,
        primary key (user_id, course, word_id))`);
    await db.execute(sql`
      insert into review_cards values
        (${userId}, 'es', ${hello}, '2026-11-25T08:00:00Z', 3.2, 5.1, 4, 0, 1, 0, 2, '2026-11-21T08:00:00Z'),
        (${userId}, 'es', ${goodbye}, '2026-11-21T08:01:00Z', 0.4, 7.2, 0, 1, 1, 1, 1, '2026-11-21T08:00:00Z'),
        (${userId}, 'es', ${fish}, '2026-11-20T09:00:00Z', 0, 0, 0, 0, 0, 0, 0, null)`);
    await db.execute(sql`
      insert into lesson_progress (user_id, course, lesson_id, best_score, completions, last_completed_at)
      values (${userId}, 'es', 'greetings-1', 80, 1, '2026-11-21T08:00:00Z')`);

    for (const statement of deckMoveStatements()) await db.execute(sql.raw(statement));

    // Due now: the relearning card and the new one; the studied cards keep their schedules.
    const due = DueCardsResponseSchema.parse((await get('/review/users/me/spaced_repetition', account.bearer)).json());
    expect(due.cards.map((card) => card.word_id).sort()).toEqual([fish, goodbye].sort());
    const weak = WeakAreasResponseSchema.parse((await get('/review/users/me/weak_areas', account.bearer)).json());
    expect(weak.cards.map((card) => card.word_id).sort()).toEqual([goodbye, hello].sort());
    const helloCard = weak.cards.find((card) => card.word_id === hello);
    expect(helloCard).toMatchObject({ reps: 1, lapses: 0, state: 'review' });
    expect(new Date(helloCard?.due ?? 0).toISOString()).toBe('2026-11-25T08:00:00.000Z');

    const lessons = ListLessonsResponseSchema.parse((await get('/lessons', account.bearer)).json()).units.flatMap(
      (unit) => unit.lessons,
    );
    expect(lessons.filter((lesson) => lesson.completed).map((lesson) => [lesson.id, lesson.progress])).toEqual([
      ['greetings-1', 80],
    ]);
    const rows = await db.execute(sql`select lesson_id from lesson_progress where user_id = ${userId} order by lesson_id`);
    expect((rows as unknown as { rows: { lesson_id: string }[] }).rows.map((row) => row.lesson_id)).toEqual([
      'food-1',
      'greetings-1',
    ]);
    const left = await db.execute(sql`select to_regclass('review_cards') as old`);
    expect((left as unknown as { rows: { old: string | null }[] }).rows[0]?.old).toBeNull();
  });
});
