import { type ChangePasswordBody, OkResponseSchema } from '@parla/shared/auth.schema';
import { type Preferences, PreferencesSchema } from '@parla/shared/preferences.schema';
import { BlockResponseSchema, type BlocksResponse, BlocksResponseSchema } from '@parla/shared/social.schema';
import { UserProfileSchema } from '@parla/shared/users.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { setCachedProfile } from '@/lib/auth/get-me';
import { learnerKeys } from '@/lib/auth/learner-keys';

/**
 * What PUT /users/me/preferences takes (the server validates it: packages/shared
 * preferences-update.schema.ts, kept out of the web bundle with its list of time zones).
 */
export interface PreferencesChange {
  interface_language?: Preferences['interface_language'];
  theme?: Preferences['theme'];
  notifications?: Partial<Preferences['notifications']>;
  reminder_time?: string;
  daily_goal_xp?: number;
  timezone?: string;
  vacation_until?: string | null;
  private_profile?: boolean;
}

/** This feature's own query keys; under the learner's, so they leave the cache with the session. */
export const settingsKeys = {
  /** GET /users/me/blocks. */
  blocks: [...learnerKeys.all, 'settings', 'blocks'] as const,
};

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: learnerKeys.preferences,
    queryFn: ({ signal }) => apiRequest('/users/me/preferences', { schema: PreferencesSchema, signal }),
  });

export const usePreferences = () => useQuery(preferencesQueryOptions());

/** Saves some preferences; the profile in the cache and the screens that count days or XP follow. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, requestId }: { change: PreferencesChange; requestId: string }) =>
      apiRequest('/users/me/preferences', { method: 'PUT', body: change, schema: PreferencesSchema, requestId }),
    onSuccess: (saved, { change }) => {
      queryClient.setQueryData(learnerKeys.preferences, saved);
      setCachedProfile(queryClient, {
        theme: saved.theme,
        interface_language: saved.interface_language,
        timezone: saved.timezone,
      });
      // The dashboard's daily goal and every per-day figure move with these two.
      if (change.daily_goal_xp !== undefined || change.timezone !== undefined || change.vacation_until !== undefined) {
        void queryClient.invalidateQueries({ queryKey: learnerKeys.progress });
      }
    },
  });
}

/** The profile fields the settings screen edits (the setup's, plus the name). */
export interface ProfileChange {
  full_name?: string;
  native_language?: z.infer<typeof UserProfileSchema>['native_language'];
  proficiency?: z.infer<typeof UserProfileSchema>['proficiency'];
  learning_styles?: z.infer<typeof UserProfileSchema>['learning_styles'];
  goals?: z.infer<typeof UserProfileSchema>['goals'];
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, requestId }: { change: ProfileChange; requestId: string }) =>
      apiRequest('/users/me/profile', { method: 'PUT', body: change, schema: UserProfileSchema, requestId }),
    onSuccess: (profile, { change }) => {
      setCachedProfile(queryClient, profile);
      // The name lives on the account: GET /users/me again.
      if (change.full_name !== undefined) void queryClient.invalidateQueries({ queryKey: learnerKeys.me });
      void queryClient.invalidateQueries({ queryKey: learnerKeys.progress });
    },
  });
}

export const changePassword = (body: ChangePasswordBody) =>
  apiRequest('/auth/password/change', { method: 'POST', body, schema: OkResponseSchema });

export const signOutEverywhere = () => apiRequest('/auth/logout-all', { method: 'POST', schema: OkResponseSchema });

/**
 * The learners one blocked, the latest first. Blocking happens elsewhere (a learner's card), so the
 * list is fetched again whenever the screen opens, never shown stale from an earlier visit.
 */
export const blocksQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.blocks,
    queryFn: ({ signal }) => apiRequest('/users/me/blocks', { schema: BlocksResponseSchema, signal }),
    staleTime: 0,
  });

export const useBlocks = () => useQuery(blocksQueryOptions());

/** Lifts a block; the learner leaves the list at once. */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`/users/me/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE', schema: BlockResponseSchema }),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData<BlocksResponse>(settingsKeys.blocks, (list) =>
        list ? { items: list.items.filter((learner) => learner.user_id !== userId) } : list,
      );
      // They may be suggested again and appear on boards: the friends screen loads afresh.
      void queryClient.invalidateQueries({ queryKey: learnerKeys.social });
    },
  });
}
