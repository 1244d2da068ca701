import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import {
  achievements,
  authIdentities,
  blocks,
  dailyActivity,
  follows,
  leagueCohorts,
  leagueMembers,
  leagueTiers,
  lessonProgress,
  lessonSessions,
  lessonVariants,
  messages,
  newsletterSubscriptions,
  notifications,
  profiles,
  pushSubscriptions,
  refreshTokens,
  reminderDeliveries,
  users,
  weeklyXp,
  xpEvents,
} from '../../db/schema/index';
import type { AuthRepository } from '../auth/auth.repository';

/** Lesson sessions are read (and written out) this many at a time, so an export's memory stays bounded. */
export const SESSION_PAGE = 50;

export type LessonSessionRow = typeof lessonSessions.$inferSelect;

/**
 * What the account module reads and deletes: every row stored about one learner, and the
 * deletion itself. Secrets (the password hash, token hashes, push keys) are never selected for
 * the export. No HTTP, no rules.
 */
export function createAccountRepository(database: DatabaseHandle, auth: Pick<AuthRepository, 'revokeUserFamilies'>) {
  const { db } = database;
  return {
    async findAccount(userId: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** When the sign-in behind a session family happened: its first refresh token's creation. */
    async signedInAt(familyId: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: sql<string | Date | null>`min(${refreshTokens.createdAt})` })
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, familyId));
      return row?.at == null ? undefined : new Date(row.at);
    },

    /** Everything but the lesson sessions, which are paged (sessionsAfter). Undefined: no such learner. */
    async exportRecords(userId: string) {
      const [account] = await db
        .select({
          id: users.id,
          email: users.email,
          fullName: users.fullName,
          plan: users.plan,
          hasPassword: sql<boolean>`${users.passwordHash} is not null`,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!account) return undefined;
      const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      const [identities, newsletter, progress, earned, xp, days, weeks, inbox, devices, reminders, social, leagues] =
        await Promise.all([
          db
            .select({ provider: authIdentities.provider, email: authIdentities.email, createdAt: authIdentities.createdAt })
            .from(authIdentities)
            .where(eq(authIdentities.userId, userId))
            .orderBy(asc(authIdentities.createdAt)),
          db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, account.email)),
          db
            .select()
            .from(lessonProgress)
            .where(eq(lessonProgress.userId, userId))
            .orderBy(asc(lessonProgress.course), asc(lessonProgress.lessonId)),
          db.select().from(achievements).where(eq(achievements.userId, userId)).orderBy(asc(achievements.earnedAt)),
          db.select().from(xpEvents).where(eq(xpEvents.userId, userId)).orderBy(asc(xpEvents.createdAt)),
          db.select().from(dailyActivity).where(eq(dailyActivity.userId, userId)).orderBy(asc(dailyActivity.localDate)),
          db.select().from(weeklyXp).where(eq(weeklyXp.userId, userId)).orderBy(asc(weeklyXp.weekStart)),
          db
            .select()
            .from(notifications)
            .where(eq(notifications.userId, userId))
            .orderBy(asc(notifications.createdAt), asc(notifications.id)),
          // The keys (p256dh, auth) are the device's secrets, not the learner's data: never read here.
          db
            .select({
              id: pushSubscriptions.id,
              endpoint: pushSubscriptions.endpoint,
              userAgent: pushSubscriptions.userAgent,
              createdAt: pushSubscriptions.createdAt,
              lastSuccessAt: pushSubscriptions.lastSuccessAt,
            })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, userId))
            .orderBy(asc(pushSubscriptions.createdAt)),
          db
            .select()
            .from(reminderDeliveries)
            .where(eq(reminderDeliveries.userId, userId))
            .orderBy(asc(reminderDeliveries.localDate)),
          // The people I follow, who follow me, and whom I blocked; never who blocked me (the blocker's to know).
          Promise.all([
            db
              .select({ userId: follows.followeeId, since: follows.createdAt })
              .from(follows)
              .where(eq(follows.followerId, userId))
              .orderBy(asc(follows.createdAt)),
            db
              .select({ userId: follows.followerId, since: follows.createdAt })
              .from(follows)
              .where(eq(follows.followeeId, userId))
              .orderBy(asc(follows.createdAt)),
            db
              .select({ userId: blocks.blockedId, since: blocks.createdAt })
              .from(blocks)
              .where(eq(blocks.blockerId, userId))
              .orderBy(asc(blocks.createdAt)),
            // The messages I sent (what others sent me is theirs to export).
            db
              .select({
                id: messages.id,
                to: messages.recipientId,
                text: messages.body,
                sentAt: messages.createdAt,
                readAt: messages.readAt,
              })
              .from(messages)
              .where(eq(messages.senderId, userId))
              .orderBy(asc(messages.createdAt), asc(messages.id)),
          ]),
          // The weeks' leagues I was placed in (the cohort and its tier), and the tier I hold for the weeks to come.
          Promise.all([
            db
              .select({
                weekStart: leagueMembers.weekStart,
                cohortId: leagueMembers.cohortId,
                tier: leagueCohorts.tier,
                placedAt: leagueMembers.placedAt,
              })
              .from(leagueMembers)
              .innerJoin(leagueCohorts, eq(leagueCohorts.id, leagueMembers.cohortId))
              .where(eq(leagueMembers.userId, userId))
              .orderBy(asc(leagueMembers.weekStart)),
            db.select({ tier: leagueTiers.tier }).from(leagueTiers).where(eq(leagueTiers.userId, userId)),
          ]),
        ]);
      const [memberships, [tier]] = leagues;
      const [following, followers, blocked, sent] = social;
      return {
        account,
        profile,
        identities,
        newsletter: newsletter[0],
        progress,
        earned,
        xp,
        days,
        weeks,
        inbox,
        devices,
        reminders,
        following,
        followers,
        blocked,
        messagesSent: sent,
        leagueMemberships: memberships,
        leagueTier: tier?.tier,
      };
    },

    /** The learner's lesson sessions after `after` (started_at, id), oldest first; by the (user_id, local_date, lesson_id) index. */
    async sessionsAfter(userId: string, after: { startedAt: Date; id: string } | undefined): Promise<LessonSessionRow[]> {
      const where = after
        ? and(
            eq(lessonSessions.userId, userId),
            or(
              gt(lessonSessions.startedAt, after.startedAt),
              and(eq(lessonSessions.startedAt, after.startedAt), gt(lessonSessions.id, after.id)),
            ),
          )
        : eq(lessonSessions.userId, userId);
      const rows = await db
        .select({ session: lessonSessions, variantExercises: lessonVariants.exercises })
        .from(lessonSessions)
        .leftJoin(lessonVariants, eq(lessonVariants.id, lessonSessions.variantId))
        .where(where)
        .orderBy(asc(lessonSessions.startedAt), asc(lessonSessions.id))
        .limit(SESSION_PAGE);
      // A session drawing a lesson variant (ADR 032) exports the variant's exercises as its own.
      return rows.map(({ session, variantExercises }) => ({ ...session, exercises: session.exercises ?? variantExercises }));
    },

    /** Every lesson_progress row of the learner: the words met, for the vocabulary file. */
    async deckRows(userId: string) {
      return db
        .select({ course: lessonProgress.course, lessonId: lessonProgress.lessonId, cards: lessonProgress.cards })
        .from(lessonProgress)
        .where(eq(lessonProgress.userId, userId))
        .orderBy(asc(lessonProgress.course), asc(lessonProgress.lessonId));
    },

    /**
     * Ends every session of the learner and deletes the account in one transaction: the user row
     * is locked first, so of several deletions at once one deletes and the others find nothing.
     * Every learner-owned table cascades from users; the revocations have no foreign key and stay
     * until pruned, so every replica learns the sessions ended. The newsletter subscription, kept
     * by e-mail, goes too. Returns the session families ended, or undefined when already deleted.
     */
    deleteAccount(userId: string, now: Date): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
        if (!locked) return undefined;
        const ended = await auth.revokeUserFamilies(tx, userId, now);
        await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, locked.email));
        await tx.delete(users).where(eq(users.id, userId));
        return ended;
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
