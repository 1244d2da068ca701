import { PreferencesSchema } from '@parla/shared/preferences.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../api-client';
import { useOptionalTheme } from '../theme/theme-provider';
import { setCachedProfile, useMe } from './get-me';
import { learnerKeys } from './learner-keys';

/**
 * Keeps the theme and the learner's profile in step, so the appearance follows them to another
 * device: the profile's theme applies when it arrives or changes on the server, and a theme picked
 * here (the settings screen, the accessibility panel) is saved to the profile. Rendered by the
 * session provider beside FollowProfileLanguage.
 */
export function FollowProfileTheme() {
  const theme = useOptionalTheme();
  const queryClient = useQueryClient();
  const profileTheme = useMe().data?.profile.theme;
  /** The theme the profile and this device last agreed on. */
  const agreed = useRef<string | null>(null);
  const previous = useRef(theme?.preference);
  const setPreference = theme?.setPreference;
  const preference = theme?.preference;

  useEffect(() => {
    if (!profileTheme || profileTheme === agreed.current) return;
    agreed.current = profileTheme;
    setPreference?.(profileTheme);
  }, [profileTheme, setPreference]);

  useEffect(() => {
    if (preference === previous.current) return;
    previous.current = preference;
    if (!preference || agreed.current === null || preference === agreed.current) return;
    agreed.current = preference;
    apiRequest('/users/me/preferences', { method: 'PUT', body: { theme: preference }, schema: PreferencesSchema })
      .then((saved) => {
        setCachedProfile(queryClient, { theme: saved.theme });
        queryClient.setQueryData(learnerKeys.preferences, saved);
      })
      // Not saved: the choice still stands on this device.
      .catch((error: unknown) => console.error(error));
  }, [preference, queryClient]);

  return null;
}
