import type { DatabaseHandle } from '../../db/client';
import { prepareStatement, runStatement } from '../../db/statements';
import { block } from './sql/block.sql';
import { findLearner } from './sql/find-learner.sql';
import { follow } from './sql/follow.sql';
import type { LearnerRow } from './sql/learner-columns';
import { listBlocks } from './sql/list-blocks.sql';
import { listFriends } from './sql/list-friends.sql';
import { lockLearners } from './sql/lock-learners.sql';
import { suggestions } from './sql/suggestions.sql';
import { touchPresence } from './sql/touch-presence.sql';
import { unblock } from './sql/unblock.sql';
import { unfollow } from './sql/unfollow.sql';

export type { LearnerRow } from './sql/learner-columns';

export interface FollowOutcome {
  meFound: boolean;
  found: boolean;
  blocked: boolean;
  /** False when the follower already follows MAX_FOLLOWING learners. */
  room: boolean;
  following: boolean;
  /** This call created the follow (and told the followee). */
  created: boolean;
  followsMe: boolean;
  /** Achievements this follow earned the follower (first friend), with when. */
  earned: { id: string; earnedAt: Date }[];
}

export interface SuggestionRow extends LearnerRow {
  reason: 'mutual' | 'same_course';
  mutual_count: number;
}

// Statements prepared under fixed names: one repository per database handle.
const repositories = new WeakMap<DatabaseHandle, ReturnType<typeof newSocialRepository>>();

export function createSocialRepository(database: DatabaseHandle) {
  let repository = repositories.get(database);
  if (!repository) {
    repository = newSocialRepository(database);
    repositories.set(database, repository);
  }
  return repository;
}

function newSocialRepository(database: DatabaseHandle) {
  const { db } = database;
  const friends = prepareStatement(database, listFriends);
  const suggest = prepareStatement(database, suggestions);
  const blocked = prepareStatement(database, listBlocks);
  const stopFollowing = prepareStatement(database, unfollow);
  const liftBlock = prepareStatement(database, unblock);
  const touch = prepareStatement(database, touchPresence);
  const learner = prepareStatement(database, findLearner);

  return {
    /**
     * Follows and blocks between two learners run one after the other (a transaction holding both
     * learners' advisory locks), so a follow never lands beside a block written at the same time.
     */
    async follow(followerId: string, followeeId: string, at: Date, maxFollowing: number): Promise<FollowOutcome> {
      const row = await db.transaction(async (tx) => {
        await runStatement(tx, lockLearners, [`{${followerId},${followeeId}}`]);
        const [result] = await runStatement(tx, follow, [followerId, followeeId, at.toISOString(), maxFollowing]);
        return result;
      });
      if (!row) throw new Error('social_follow returned no row');
      return {
        meFound: row.me_found,
        found: row.found,
        blocked: row.blocked,
        room: row.room,
        following: row.following,
        created: row.created,
        followsMe: row.follows_me,
        earned: row.earned.map((earned) => ({ id: earned.id, earnedAt: new Date(earned.earned_at_ms) })),
      };
    },

    async unfollow(followerId: string, followeeId: string): Promise<{ found: boolean; followsMe: boolean }> {
      const [row] = await stopFollowing([followerId, followeeId]);
      return { found: row?.found ?? false, followsMe: row?.follows_me ?? false };
    },

    async block(blockerId: string, blockedId: string, at: Date): Promise<{ meFound: boolean; found: boolean; created: boolean }> {
      const row = await db.transaction(async (tx) => {
        await runStatement(tx, lockLearners, [`{${blockerId},${blockedId}}`]);
        const [result] = await runStatement(tx, block, [blockerId, blockedId, at.toISOString()]);
        return result;
      });
      return { meFound: row?.me_found ?? false, found: row?.found ?? false, created: row?.created ?? false };
    },

    async unblock(blockerId: string, blockedId: string): Promise<{ found: boolean }> {
      const [row] = await liftBlock([blockerId, blockedId]);
      return { found: row?.found ?? false };
    },

    /** The learners one follows (unordered), each with whether they follow back. */
    findFriends: (userId: string): Promise<LearnerRow[]> => friends([userId]),

    /** Another learner as `viewerId` sees them; undefined when unknown or a block stands between them. */
    async findLearner(viewerId: string, otherId: string): Promise<(LearnerRow & { following: boolean }) | undefined> {
      const [row] = await learner([viewerId, otherId]);
      return row;
    },

    findSuggestions: (userId: string, limit: number): Promise<SuggestionRow[]> => suggest([userId, limit]),

    async findBlocks(userId: string): Promise<{ userId: string; name: string; blockedAt: Date }[]> {
      const rows = await blocked([userId]);
      return rows.map((row) => ({ userId: row.user_id, name: row.name, blockedAt: new Date(row.blocked_at_ms) }));
    },

    /** Records a signed-in request; false when one within the last minute already had. */
    async touchPresence(userId: string, at: Date): Promise<boolean> {
      return (await touch([userId, at.toISOString()])).length > 0;
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
