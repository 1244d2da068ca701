import { paths } from '@/config/paths';

export type AppScreen =
  | 'loading'
  | 'login'
  | 'forgot-password'
  | 'profile-setup'
  | 'dashboard'
  | 'lesson'
  | 'progress'
  | 'language-selection'
  | 'friends'
  | 'settings'
  | 'other';

export type NavItemId = 'dashboard' | 'lesson' | 'progress' | 'friends' | 'settings';

export interface NavItem {
  id: NavItemId;
  labelKey: string;
  to: string;
  /** Screens on which this tab shows as current. */
  activeOn: readonly AppScreen[];
}

/**
 * Spec §2: Home, Learn (also current on language selection), Progress, Friends, Settings. Learn opens
 * the course map (issue 14); quick practice is reached from it and from the dashboard.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'dashboard', labelKey: 'nav.home', to: paths.app.dashboard, activeOn: ['dashboard'] },
  { id: 'lesson', labelKey: 'nav.learn', to: paths.app.learn, activeOn: ['lesson', 'language-selection'] },
  { id: 'progress', labelKey: 'nav.progress', to: paths.app.progress, activeOn: ['progress'] },
  { id: 'friends', labelKey: 'nav.friends', to: paths.app.friends, activeOn: ['friends'] },
  { id: 'settings', labelKey: 'nav.settings', to: paths.app.settings, activeOn: ['settings'] },
];

/** The spec's screens are URLs here (DESIGN §4); this maps one back to its screen. */
export function screenForPath(pathname: string): AppScreen {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === paths.login || path === paths.signup) return 'login';
  if (path === paths.forgotPassword) return 'forgot-password';
  if (path === paths.setup) return 'profile-setup';
  if (path === paths.app.dashboard || path === '/app/notifications' || path === '/app/search') return 'dashboard';
  if (path === paths.app.learn || path === paths.app.practice || path.startsWith(`${paths.app.lesson}/`)) return 'lesson';
  if (path === paths.app.progress) return 'progress';
  if (path === paths.app.languages) return 'language-selection';
  // A conversation is reached from Friends: the tab stays current on the messages and each conversation.
  if (path === paths.app.friends || path === paths.app.messages || path.startsWith(`${paths.app.messages}/`)) return 'friends';
  if (path === paths.app.settings) return 'settings';
  return 'other';
}

const SCREENS_WITHOUT_NAVIGATION: readonly AppScreen[] = ['loading', 'login', 'forgot-password', 'profile-setup'];

/**
 * Spec §2: shown only when a session exists, the profile is completed, and the screen is not
 * loading, login, forgot-password or profile setup.
 */
export function isNavigationVisible(options: { hasSession: boolean; profileCompleted: boolean; screen: AppScreen }): boolean {
  return options.hasSession && options.profileCompleted && !SCREENS_WITHOUT_NAVIGATION.includes(options.screen);
}

/** Badge text: nothing for zero, the number up to 9, then "9+". */
export function formatBadgeCount(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

/** The lesson player fills the screen with its own header (quit, progress) and main landmark. */
export function isFullScreen(pathname: string): boolean {
  return pathname.startsWith(`${paths.app.lesson}/`);
}
