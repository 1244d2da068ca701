import type { InterfaceLanguageCode } from '@parla/shared/languages';
import { UserProfileSchema } from '@parla/shared/users.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect } from 'react';
import { apiRequest } from '../api-client';
import { LanguageContext } from '../i18n/language-context';
import { setCachedProfile, useMe } from './get-me';

/**
 * Tells the language provider (above the session, on every page) which interface language the
 * signed-in learner's profile holds; it applies it by spec §4's rules. Rendered by the session
 * provider, so every screen behind an account follows the learner's profile.
 */
export function FollowProfileLanguage() {
  // Optional: a test may render the session without the language provider.
  const follow = useContext(LanguageContext)?.followProfileLanguage;
  const code = useMe().data?.profile.interface_language ?? null;
  useEffect(() => {
    follow?.(code);
  }, [follow, code]);
  // Signed out (or this page left the account area): no profile speaks any more.
  useEffect(() => () => follow?.(null), [follow]);
  return null;
}

/**
 * Saves a language the learner picked by hand in their profile, so it follows them to their other
 * devices; resolves false when the server did not take it (the choice still stands on this device).
 */
export function useSaveInterfaceLanguage() {
  const queryClient = useQueryClient();
  return useCallback(
    async (code: InterfaceLanguageCode): Promise<boolean> => {
      try {
        const profile = await apiRequest('/users/me/profile', {
          method: 'PUT',
          body: { interface_language: code },
          schema: UserProfileSchema,
        });
        setCachedProfile(queryClient, profile);
        return true;
      } catch (error) {
        console.error(error);
        return false;
      }
    },
    [queryClient],
  );
}
