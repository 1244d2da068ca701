/**
 * Each language file is served in parts, so the landing's first load carries only the strings
 * its first paint needs (DESIGN §6: ≤ 110 KB of JavaScript). Translators still edit one file per
 * language; the build splits it by key (vite.config.ts), and a screen that needs a later part
 * asks for it with `useStringGroup` (lib/i18n/language-context.ts).
 *
 * - core: the shell (skip links, navigation, cookie banner, accessibility, language toasts) and
 *   the landing's header and hero.
 * - landing: the rest of the landing page, loaded with its below-the-fold chunk.
 * - legal: the privacy policy, terms and cookie policy pages.
 * - app: the sign-in screens and everything behind an account.
 */
export const STRING_GROUPS = ['core', 'landing', 'legal', 'app'] as const;
export type StringGroup = (typeof STRING_GROUPS)[number];
export type LaterStringGroup = Exclude<StringGroup, 'core'>;

const FIRST_PAINT_LANDING_PREFIXES = ['landing.meta.', 'landing.hero.', 'landing.nav.', 'landing.demo.'];
const APP_PREFIXES = [
  'auth.',
  'setup.',
  'dashboard.',
  'lesson.',
  'practice.',
  'review.',
  'languages.',
  'settings.',
  'progress.',
  'achievement.',
  'friends.',
  'messages.',
  'search.',
];

/** The part of the language file a key is served in; keys nobody assigned stay in core. */
export function stringGroupOf(key: string): StringGroup {
  if (key.startsWith('legal.')) return 'legal';
  if (key.startsWith('landing.')) {
    return FIRST_PAINT_LANDING_PREFIXES.some((prefix) => key.startsWith(prefix)) ? 'core' : 'landing';
  }
  if (APP_PREFIXES.some((prefix) => key.startsWith(prefix))) return 'app';
  return 'core';
}

export function isStringGroup(value: string): value is StringGroup {
  return (STRING_GROUPS as readonly string[]).includes(value);
}

/** The keys of one language file that belong to `group`. */
export function pickStringGroup(translations: Record<string, string>, group: StringGroup): Record<string, string> {
  return Object.fromEntries(Object.entries(translations).filter(([key]) => stringGroupOf(key) === group));
}

/**
 * The later group a page needs for its first paint when it is opened directly, so its strings
 * load beside the core ones instead of after the page's code.
 */
export function stringGroupsForPath(pathname: string): LaterStringGroup[] {
  const [first = ''] = pathname.split('/').filter(Boolean);
  if (['privacy', 'terms', 'cookies'].includes(first)) return ['legal'];
  if (['login', 'signup', 'forgot-password', 'reset-password', 'setup', 'app'].includes(first)) return ['app'];
  return [];
}
