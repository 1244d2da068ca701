import type { NativeLanguage, TargetLanguage } from '@parla/shared/content.schema';
import type { Plan } from '@parla/shared/plans';
import type { UserProfile } from '@parla/shared/users.schema';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The account every learner-owned row hangs off. E-mail is stored normalised (trimmed,
// lower-cased); a social-only account has no password hash.
export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  fullName: text().notNull(),
  passwordHash: text(),
  /** The entitlement: 'free' (one lesson session a local day) or 'premium'. */
  plan: text().$type<Plan>().notNull().default('free'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const profiles = pgTable(
  'profiles',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nativeLanguage: text().$type<NativeLanguage>().notNull().default('en'),
    targetLanguage: text().$type<TargetLanguage>().notNull().default('es'),
    proficiency: text().$type<UserProfile['proficiency']>().notNull().default('beginner'),
    learningStyles: text().array().$type<UserProfile['learning_styles']>().notNull().default(sql`'{}'::text[]`),
    goals: text().array().$type<UserProfile['goals']>().notNull().default(sql`'{}'::text[]`),
    timezone: text().notNull().default('UTC'),
    /**
     * The interface language the learner chose (setup's native language, or a pick in the app); null
     * until then, when the device's own choice stands. It follows the learner to another device.
     */
    interfaceLanguage: text().$type<NonNullable<UserProfile['interface_language']>>(),
    theme: text().$type<UserProfile['theme']>().notNull().default('system'),
    wantsGrammarExplanations: boolean().notNull().default(true),
    profileCompleted: boolean().notNull().default(false),
    // Owned by the learning engine; the profile endpoints only read them.
    totalXp: integer().notNull().default(0),
    currentStreak: integer().notNull().default(0),
    longestStreak: integer().notNull().default(0),
    lessonsCompleted: integer().notNull().default(0),
    /** Quick practices paid (for the first-practice achievement; written with the other totals, ADR 024). */
    practicesCompleted: integer().notNull().default(0),
    /** Lessons finished with 100 % (a replay counts again), for the perfect-lesson achievement (ADR 024). */
    perfectLessons: integer().notNull().default(0),
    /** Words learned: the words of the lessons completed (their cards), for the words achievements (ADR 024). */
    wordsLearned: integer().notNull().default(0),
    /** The last local day with a completed lesson or practice (for the streak). */
    lastActiveDate: date({ mode: 'string' }),
    /** Streak freezes held: one earned per 7 days of streak, at most 2, used on a missed day (packages/shared/src/streak.ts). */
    streakFreezes: integer().notNull().default(0),
    dailyGoalXp: integer().notNull().default(50),
    // Preferences (GET/PUT /users/{id}/preferences). Notification channels: the in-app list, e-mail and
    // Web Push; the reminder is sent at `reminderTime` (HH:MM, the learner's local time in `timezone`).
    notifyInApp: boolean().notNull().default(true),
    notifyEmail: boolean().notNull().default(false),
    notifyPush: boolean().notNull().default(false),
    reminderTime: text().notNull().default('19:00'),
    /**
     * A vacation pauses the streak on the local days from `vacationStart` to `vacationUntil` (both
     * included, at most 14 days); both null when none was set.
     */
    vacationStart: date({ mode: 'string' }),
    vacationUntil: date({ mode: 'string' }),
    /**
     * A private profile is not found by search, not suggested, and its numbers are shown only to
     * the learners it follows (modules/social).
     */
    isPrivate: boolean().notNull().default(false),
    /**
     * When the learner last used the app: any signed-in request, written at most once a minute
     * (modules/social/presence.ts). "Online" is a request within the last 5 minutes; null until then.
     */
    lastSeenAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Suggestions of the same course, the most recently active first: learners who finished setting up
    // and are not private (the only ones suggested).
    index('profiles_course_seen_idx')
      .on(table.targetLanguage, table.lastSeenAt.desc().nullsLast(), table.userId)
      .where(sql`${table.profileCompleted} and not ${table.isPrivate}`),
  ],
);
