import { ErrorBodySchema } from '@parla/shared/errors';
import {
  BlockResponseSchema,
  BlocksResponseSchema,
  FollowResponseSchema,
  FriendSchema,
  FriendsQuerySchema,
  FriendsResponseSchema,
  OtherLearnerParamsSchema,
  SuggestionsQuerySchema,
  SuggestionsResponseSchema,
} from '@parla/shared/social.schema';
import { UserIdParamsSchema } from '@parla/shared/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limit, RateLimiter } from '../../lib/rate-limit';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import { routeLimit } from '../../plugins/rate-limit';
import type { SocialService } from './social.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const towardAnother = { ...errors, 404: ErrorBodySchema };

/**
 * Follow requests a learner may send an hour (new or not): a follower is announced to each
 * learner once, and this keeps one account from announcing itself to thousands an hour.
 */
export const FOLLOWS_PER_LEARNER: Limit = { limit: 200, windowSeconds: 60 * 60 };

/** Following, friends, suggestions and blocks (issue 16). */
export function socialRoutes({
  socialService,
  requireAuth,
  limiter,
}: {
  socialService: SocialService;
  requireAuth: ReturnType<typeof createRequireAuth>;
  limiter: RateLimiter;
}): FastifyPluginAsyncZod {
  const limitFollows = routeLimit(limiter, 'follow:learner', FOLLOWS_PER_LEARNER, (request) => callerOf(request).userId);
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.put(
      '/users/me/following/:otherId',
      {
        schema: {
          tags: ['social'],
          summary: 'Follow a learner (201 the first time, 200 after); not oneself, not across a block',
          params: OtherLearnerParamsSchema,
          response: {
            200: FollowResponseSchema,
            201: FollowResponseSchema,
            422: ErrorBodySchema,
            429: ErrorBodySchema,
            ...towardAnother,
          },
        },
        preHandler: limitFollows,
      },
      async (request, reply) => {
        const { created, body } = await socialService.follow(callerOf(request).userId, request.params.otherId);
        return reply.status(created ? 201 : 200).send(body);
      },
    );

    app.delete(
      '/users/me/following/:otherId',
      {
        schema: {
          tags: ['social'],
          summary: 'Stop following a learner (not following them already is fine)',
          params: OtherLearnerParamsSchema,
          response: { 200: FollowResponseSchema, ...towardAnother },
        },
      },
      (request) => socialService.unfollow(callerOf(request).userId, request.params.otherId),
    );

    app.get(
      '/users/:id/friends',
      {
        schema: {
          tags: ['social'],
          summary: 'The people one follows (`me` or one’s own id), by name; `q` searches names and course languages',
          params: UserIdParamsSchema,
          querystring: FriendsQuerySchema,
          response: { 200: FriendsResponseSchema, ...errors },
        },
      },
      (request) => socialService.listFriends(request.params.id, callerOf(request).userId, request.query),
    );

    app.get(
      '/users/:otherId',
      {
        schema: {
          tags: ['social'],
          summary:
            'A learner’s card: name, course, level, XP, streak, presence (null for a private profile that does not follow you) and the follows between you',
          params: OtherLearnerParamsSchema,
          response: { 200: FriendSchema, ...towardAnother },
        },
      },
      (request) => socialService.getLearner(callerOf(request).userId, request.params.otherId),
    );

    app.get(
      '/users/me/suggestions',
      {
        schema: {
          tags: ['social'],
          summary: 'Learners to follow: followed by people one follows first, then learners of the same course',
          querystring: SuggestionsQuerySchema,
          response: { 200: SuggestionsResponseSchema, ...errors },
        },
      },
      (request) => socialService.listSuggestions(callerOf(request).userId, request.query),
    );

    app.get(
      '/users/me/blocks',
      {
        schema: {
          tags: ['social'],
          summary: 'The learners one blocked, the latest first',
          response: { 200: BlocksResponseSchema, ...errors },
        },
      },
      (request) => socialService.listBlocks(callerOf(request).userId),
    );

    app.put(
      '/users/me/blocks/:otherId',
      {
        schema: {
          tags: ['social'],
          summary: 'Block a learner: the follows between you go, and they can no longer follow or find you',
          params: OtherLearnerParamsSchema,
          response: { 200: BlockResponseSchema, 201: BlockResponseSchema, ...towardAnother },
        },
      },
      async (request, reply) => {
        const { created, body } = await socialService.block(callerOf(request).userId, request.params.otherId);
        return reply.status(created ? 201 : 200).send(body);
      },
    );

    app.delete(
      '/users/me/blocks/:otherId',
      {
        schema: {
          tags: ['social'],
          summary: 'Lift a block (none to lift is fine); the follows it removed stay removed',
          params: OtherLearnerParamsSchema,
          response: { 200: BlockResponseSchema, ...towardAnother },
        },
      },
      (request) => socialService.unblock(callerOf(request).userId, request.params.otherId),
    );
  };
}
