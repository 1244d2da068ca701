import { z } from 'zod';
import { TARGET_LANGUAGES } from './content.schema';
import { userText } from './user-text.schema';

// Friends (spec §2 "Friends", §3 "Friend", §4 "Friends tabs", "Follow"): following another learner,
// the people one follows, suggestions, and blocking. A private profile's numbers (level, XP,
// streak, presence) are shown only to the learners it follows; to anyone else they are null.

/** How many learners one may follow: keeps the friends list, the friends board and suggestions bounded. */
export const MAX_FOLLOWING = 1000;
/** "Online" means a signed-in request within this many minutes. */
export const ONLINE_WINDOW_MINUTES = 5;
export const SUGGESTIONS_DEFAULT_LIMIT = 10;
export const SUGGESTIONS_MAX_LIMIT = 20;

export const SUGGESTION_REASONS = ['mutual', 'same_course'] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];

/** `PUT`/`DELETE /users/me/following/{otherId}` and `/users/me/blocks/{otherId}`. */
export const OtherLearnerParamsSchema = z.object({
  otherId: z.uuid({ error: 'Must be a learner’s id.' }),
});

export const FriendsQuerySchema = z.object({
  q: userText()
    .trim()
    .max(100, 'Type at most 100 characters.')
    .optional()
    .describe('Only friends whose name, or course language (its code or its name in any interface language), contains this'),
});
export type FriendsQuery = z.infer<typeof FriendsQuerySchema>;

const hidden = ' (null: a private profile that does not follow you)';

export const FriendSchema = z
  .object({
    user_id: z.uuid(),
    name: z.string(),
    course: z.enum(TARGET_LANGUAGES).describe('The language the learner is learning'),
    level: z.number().int().positive().nullable().describe(`The level from total XP${hidden}`),
    total_xp: z.number().int().nonnegative().nullable().describe(`Total XP${hidden}`),
    streak: z.number().int().nonnegative().nullable().describe(`The streak as of the learner’s own today${hidden}`),
    online: z.boolean().nullable().describe(`Active within the last ${ONLINE_WINDOW_MINUTES} minutes${hidden}`),
    last_seen_at: z.iso.datetime().nullable().describe(`When the learner was last active; null when never, or${hidden}`),
    following: z.boolean().describe('Whether you follow them'),
    follows_me: z.boolean().describe('Whether they follow you'),
  })
  .meta({ id: 'Friend' });
export type Friend = z.infer<typeof FriendSchema>;

export const FriendsResponseSchema = z
  .object({
    items: z.array(FriendSchema).describe('The people you follow (matching `q`), by name'),
    total: z.number().int().nonnegative().describe('How many people you follow, whatever `q`'),
  })
  .meta({ id: 'Friends' });
export type FriendsResponse = z.infer<typeof FriendsResponseSchema>;

export const SuggestionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SUGGESTIONS_MAX_LIMIT).default(SUGGESTIONS_DEFAULT_LIMIT),
});
export type SuggestionsQuery = z.infer<typeof SuggestionsQuerySchema>;

export const SuggestionSchema = FriendSchema.extend({
  reason: z
    .enum(SUGGESTION_REASONS)
    .describe('mutual: followed by people you follow; same_course: learning the same language as you'),
  mutual_count: z.number().int().nonnegative().describe('How many of the people you follow follow them'),
}).meta({ id: 'Suggestion' });
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SuggestionsResponseSchema = z
  .object({
    items: z
      .array(SuggestionSchema)
      .max(SUGGESTIONS_MAX_LIMIT)
      .describe('Mutual follows first (most shared), then the same course'),
  })
  .meta({ id: 'Suggestions' });
export type SuggestionsResponse = z.infer<typeof SuggestionsResponseSchema>;

export const FollowResponseSchema = z
  .object({
    user_id: z.uuid(),
    following: z.boolean(),
    follows_me: z.boolean(),
  })
  .meta({ id: 'Follow' });
export type FollowResponse = z.infer<typeof FollowResponseSchema>;

export const BlockResponseSchema = z
  .object({
    user_id: z.uuid(),
    blocked: z.boolean(),
  })
  .meta({ id: 'Block' });
export type BlockResponse = z.infer<typeof BlockResponseSchema>;

export const BlockedLearnerSchema = z
  .object({
    user_id: z.uuid(),
    name: z.string(),
    blocked_at: z.iso.datetime(),
  })
  .meta({ id: 'BlockedLearner' });
export type BlockedLearner = z.infer<typeof BlockedLearnerSchema>;

export const BlocksResponseSchema = z
  .object({ items: z.array(BlockedLearnerSchema).describe('The learners you blocked, the latest first') })
  .meta({ id: 'Blocks' });
export type BlocksResponse = z.infer<typeof BlocksResponseSchema>;
