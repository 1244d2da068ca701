import { AppError } from '@parla/shared/errors';
import {
  type BlockResponse,
  type BlocksResponse,
  type FollowResponse,
  type Friend,
  type FriendsQuery,
  type FriendsResponse,
  MAX_FOLLOWING,
  type SuggestionsQuery,
  type SuggestionsResponse,
} from '@parla/shared/social.schema';
import type { Clock } from '../../lib/clock';
import type { DomainEventBus } from '../../lib/domain-events';
import { courseMatches, foldText } from './course-names';
import { presentFriend, presentSuggestion } from './social.presenter';
import type { SocialRepository } from './social.repository';

/** `me` means the caller; any other id must be the caller too: whom one follows is one's own business. */
function ownId(requested: string, callerId: string): string {
  if (requested !== 'me' && requested !== callerId) throw new AppError('forbidden', 'You can only see your own friends.');
  return callerId;
}

function notYourself(callerId: string, otherId: string, what: string): void {
  if (otherId === callerId) {
    throw new AppError('validation_error', `You cannot ${what} yourself.`, [
      { path: 'params.otherId', message: `Choose another learner than yourself.` },
    ]);
  }
}

const gone = () => new AppError('token_invalid', 'This account no longer exists.');
const noSuchLearner = () => new AppError('not_found', 'There is no such learner.');

const byName = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

/**
 * Following, friends, suggestions and blocks (spec §2 "Friends", §4 "Follow"). The rules that must
 * hold under concurrent requests (a follow once, one notification, the first-friend achievement
 * once, no follow beside a block) are the database's: keys and the statements' own checks.
 */
export function createSocialService({ repo, clock, events }: { repo: SocialRepository; clock: Clock; events?: DomainEventBus }) {
  return {
    /** Follows `otherId`; `created` says whether this request made the follow (201) or found it (200). */
    async follow(callerId: string, otherId: string): Promise<{ created: boolean; body: FollowResponse }> {
      notYourself(callerId, otherId, 'follow');
      const outcome = await repo.follow(callerId, otherId, clock.now(), MAX_FOLLOWING);
      if (!outcome.meFound) throw gone();
      if (!outcome.found) throw noSuchLearner();
      // The same words whichever of the two blocked: the blocked learner does not learn who did.
      if (outcome.blocked) throw new AppError('forbidden', 'You can’t follow this learner.');
      if (!outcome.following && !outcome.room) {
        throw new AppError(
          'following_limit_reached',
          `You already follow ${MAX_FOLLOWING.toLocaleString('en')} learners, the most there can be. Unfollow someone first.`,
        );
      }
      if (outcome.earned.length > 0) {
        void events?.committed(
          outcome.earned.map((earned) => ({
            name: 'achievement.earned' as const,
            payload: { userId: callerId, achievementId: earned.id, earnedAt: earned.earnedAt },
          })),
        );
      }
      return {
        created: outcome.created,
        body: { user_id: otherId, following: outcome.following, follows_me: outcome.followsMe },
      };
    },

    /** Stops following `otherId` (idempotent: not following is fine). */
    async unfollow(callerId: string, otherId: string): Promise<FollowResponse> {
      notYourself(callerId, otherId, 'unfollow');
      const { found, followsMe } = await repo.unfollow(callerId, otherId);
      if (!found) throw noSuchLearner();
      return { user_id: otherId, following: false, follows_me: followsMe };
    },

    /** The people one follows, by name; `q` keeps those whose name or course language contains it. */
    async listFriends(requestedId: string, callerId: string, query: FriendsQuery): Promise<FriendsResponse> {
      const userId = ownId(requestedId, callerId);
      const now = clock.now();
      const rows = await repo.findFriends(userId);
      const folded = query.q === undefined ? '' : foldText(query.q);
      const matching =
        folded === '' ? rows : rows.filter((row) => foldText(row.name).includes(folded) || courseMatches(row.course, folded));
      return {
        items: matching
          .sort((a, b) => byName.compare(a.name, b.name) || (a.user_id < b.user_id ? -1 : 1))
          .map((row) => presentFriend(row, true, now)),
        total: rows.length,
      };
    },

    /** One learner's card: the Friend view, or not_found when unknown or a block stands between the two. */
    async getLearner(callerId: string, otherId: string): Promise<Friend> {
      const row = await repo.findLearner(callerId, otherId);
      if (!row) throw noSuchLearner();
      return presentFriend(row, row.following, clock.now());
    },

    async listSuggestions(callerId: string, query: SuggestionsQuery): Promise<SuggestionsResponse> {
      const now = clock.now();
      const rows = await repo.findSuggestions(callerId, query.limit);
      return { items: rows.map((row) => presentSuggestion(row, now)) };
    },

    /** Blocks `otherId`: the follows between the two go, both ways, and neither can follow the other. */
    async block(callerId: string, otherId: string): Promise<{ created: boolean; body: BlockResponse }> {
      notYourself(callerId, otherId, 'block');
      const outcome = await repo.block(callerId, otherId, clock.now());
      if (!outcome.meFound) throw gone();
      if (!outcome.found) throw noSuchLearner();
      return { created: outcome.created, body: { user_id: otherId, blocked: true } };
    },

    /** Lifts a block (idempotent); the follows it removed are not restored. */
    async unblock(callerId: string, otherId: string): Promise<BlockResponse> {
      notYourself(callerId, otherId, 'unblock');
      const { found } = await repo.unblock(callerId, otherId);
      if (!found) throw noSuchLearner();
      return { user_id: otherId, blocked: false };
    },

    async listBlocks(callerId: string): Promise<BlocksResponse> {
      const rows = await repo.findBlocks(callerId);
      return {
        items: rows.map((row) => ({ user_id: row.userId, name: row.name, blocked_at: row.blockedAt.toISOString() })),
      };
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
