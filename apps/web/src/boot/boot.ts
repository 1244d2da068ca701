/**
 * The page's first script: a classic script in <head> (index.html; the CSP allows no inline
 * script), run before the first paint so that paint already has the saved theme, accessibility
 * settings and text direction — no flash of the wrong theme. It uses the app's own functions and
 * storage keys (the providers apply the same again once React runs) and is built on its own, small
 * and without React (vite/boot-script.ts). It sends no API call: the app makes its first calls
 * itself, as soon as its entry script runs (lib/early-requests.ts).
 */
import {
  applyAccessibilitySettings,
  HIGH_CONTRAST_QUERY,
  initialAccessibilitySettings,
  REDUCED_MOTION_QUERY,
  readSavedAccessibilitySettings,
} from '@/features/accessibility/settings';
import { readString, storageKeys } from '@/lib/storage';
import { applyTheme, DARK_QUERY, readThemePreference, resolveTheme } from '@/lib/theme/theme';

/** The right-to-left interface languages, taken from packages/shared's catalogue at build time (a few bytes instead of the catalogue). */
declare const __PARLA_RTL_LANGUAGES__: readonly string[];

const systemAsks = (query: string) => matchMedia(query).matches;

try {
  applyTheme(resolveTheme(readThemePreference(), systemAsks(DARK_QUERY)));
  applyAccessibilitySettings(
    initialAccessibilitySettings({
      saved: readSavedAccessibilitySettings(),
      systemReducedMotion: systemAsks(REDUCED_MOTION_QUERY),
      systemHighContrast: systemAsks(HIGH_CONTRAST_QUERY),
    }),
  );
  // The language applied on the last visit; the app confirms or changes it once its strings are in.
  if (__PARLA_RTL_LANGUAGES__.includes(readString(storageKeys.interfaceLanguage) ?? '')) document.documentElement.dir = 'rtl';
} catch (error) {
  // An old browser without matchMedia: the providers decide once the app runs.
  console.warn('boot: the saved display settings apply once the app has loaded', error);
}
