import { LeaderboardResponseSchema, type LeaderboardScope } from '@parla/shared/leagues.schema';
import {
  BlockResponseSchema,
  FollowResponseSchema,
  type Friend,
  FriendSchema,
  FriendsResponseSchema,
  type Suggestion,
  SuggestionsResponseSchema,
} from '@parla/shared/social.schema';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/**
 * The friends screen's data, under `learnerKeys.social` (inside `progress`: a finished lesson changes
 * the boards' XP, so a completion refreshes them with the rest of the progress).
 */
export const friendsKeys = {
  all: learnerKeys.social,
  lists: [...learnerKeys.social, 'list'] as const,
  list: (q: string) => [...learnerKeys.social, 'list', q] as const,
  suggestions: [...learnerKeys.social, 'suggestions'] as const,
  boards: [...learnerKeys.social, 'board'] as const,
  board: (scope: LeaderboardScope) => [...learnerKeys.social, 'board', scope] as const,
  learner: (id: string) => [...learnerKeys.social, 'learner', id] as const,
};

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

export const friendsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: friendsKeys.list(q),
    queryFn: ({ signal }) =>
      apiRequest(`/users/me/friends${q ? `?${new URLSearchParams({ q })}` : ''}`, {
        schema: FriendsResponseSchema,
        ...withSignal(signal),
      }),
  });

export const suggestionsQueryOptions = () =>
  queryOptions({
    queryKey: friendsKeys.suggestions,
    queryFn: ({ signal }) =>
      apiRequest('/users/me/suggestions?limit=20', { schema: SuggestionsResponseSchema, ...withSignal(signal) }),
  });

export const leaderboardQueryOptions = (scope: LeaderboardScope) =>
  queryOptions({
    queryKey: friendsKeys.board(scope),
    queryFn: ({ signal }) =>
      apiRequest(`/users/leaderboard?scope=${scope}`, { schema: LeaderboardResponseSchema, ...withSignal(signal) }),
  });

export const learnerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: friendsKeys.learner(id),
    queryFn: ({ signal }) => apiRequest(`/users/${encodeURIComponent(id)}`, { schema: FriendSchema, ...withSignal(signal) }),
    retry: false,
  });

export const useFriends = (q: string) => useQuery({ ...friendsQueryOptions(q), placeholderData: (previous) => previous });
export const useSuggestions = () => useQuery(suggestionsQueryOptions());
export const useLeaderboard = (scope: LeaderboardScope) => useQuery(leaderboardQueryOptions(scope));
export const useLearner = (id: string | null) => useQuery({ ...learnerQueryOptions(id ?? ''), enabled: id !== null });

export const setFollowing = (userId: string, following: boolean) =>
  apiRequest(`/users/me/following/${encodeURIComponent(userId)}`, {
    method: following ? 'PUT' : 'DELETE',
    schema: FollowResponseSchema,
  });

export const blockLearner = (userId: string) =>
  apiRequest(`/users/me/blocks/${encodeURIComponent(userId)}`, { method: 'PUT', schema: BlockResponseSchema });

/**
 * After the server answered a follow or unfollow: every list showing that learner shows the new
 * state at once (a friend unfollowed stays in the list, with "Follow", until the list is next
 * loaded), and the boards, which count who one follows, load again.
 */
export function applyFollow(queryClient: QueryClient, answer: { user_id: string; following: boolean; follows_me: boolean }) {
  const update = <T extends Friend>(item: T): T =>
    item.user_id === answer.user_id ? { ...item, following: answer.following, follows_me: answer.follows_me } : item;
  let missing = false;
  queryClient.setQueriesData<{ items: Friend[]; total: number }>({ queryKey: friendsKeys.lists }, (data) => {
    const before = data?.items.find((item) => item.user_id === answer.user_id);
    if (!data || !before) {
      missing = true;
      return data;
    }
    const delta = before.following === answer.following ? 0 : answer.following ? 1 : -1;
    return { items: data.items.map(update), total: data.total + delta };
  });
  // Followed from elsewhere (a suggestion, a card): the list gains someone it has not loaded.
  if (missing && answer.following) void queryClient.invalidateQueries({ queryKey: friendsKeys.lists });
  queryClient.setQueryData<{ items: Suggestion[] }>(friendsKeys.suggestions, (data) =>
    data ? { ...data, items: data.items.map(update) } : data,
  );
  queryClient.setQueryData<Friend>(friendsKeys.learner(answer.user_id), (data) => (data ? update(data) : data));
  void queryClient.invalidateQueries({ queryKey: friendsKeys.boards });
}

/** After a block: the learner leaves every list and board; the lists load again. */
export function applyBlock(queryClient: QueryClient, userId: string) {
  queryClient.removeQueries({ queryKey: friendsKeys.learner(userId) });
  void queryClient.invalidateQueries({ queryKey: friendsKeys.all });
}
