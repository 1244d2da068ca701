import { clsx } from 'clsx';
import BookOpen from 'lucide-react/icons/book-open';
import ChartColumn from 'lucide-react/icons/chart-column';
import House from 'lucide-react/icons/house';
import Settings from 'lucide-react/icons/settings';
import Users from 'lucide-react/icons/users';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import {
  type AppScreen,
  formatBadgeCount,
  isNavigationVisible,
  NAV_ITEMS,
  type NavItemId,
  screenForPath,
} from './navigation-rules';

const ICONS: Record<NavItemId, typeof House> = {
  dashboard: House,
  lesson: BookOpen,
  progress: ChartColumn,
  friends: Users,
  settings: Settings,
};

export interface AppNavigationProps {
  pathname: string;
  hasSession: boolean;
  profileCompleted: boolean;
  /** The app is on its loading screen (no navigation then). */
  isLoading?: boolean;
  /** Current streak in days: an orange badge on Home when above 0. */
  streak: number;
  /** Unread notifications: a red badge on Friends when above 0. */
  unreadCount: number;
}

function useNavState(props: AppNavigationProps) {
  const screen: AppScreen = props.isLoading ? 'loading' : screenForPath(props.pathname);
  const visible = isNavigationVisible({ hasSession: props.hasSession, profileCompleted: props.profileCompleted, screen });
  const badges: Partial<Record<NavItemId, { text: string; labelKey: string; count: number; tone: string }>> = {};
  const streak = formatBadgeCount(props.streak);
  if (streak) badges.dashboard = { text: streak, labelKey: 'nav.streakBadge', count: props.streak, tone: 'bg-orange-600' };
  const unread = formatBadgeCount(props.unreadCount);
  if (unread) badges.friends = { text: unread, labelKey: 'nav.unreadBadge', count: props.unreadCount, tone: 'bg-red-600' };
  return { screen, visible, badges };
}

function NavLinks({ props, layout }: { props: AppNavigationProps; layout: 'bottom' | 'side' }) {
  const { t } = useI18n();
  const { screen, badges } = useNavState(props);
  return (
    <ul className={layout === 'bottom' ? 'grid grid-cols-5' : 'flex flex-col gap-1'}>
      {NAV_ITEMS.map((item) => {
        const Icon = ICONS[item.id];
        const current = item.activeOn.includes(screen);
        const badge = badges[item.id];
        return (
          <li key={item.id}>
            <Link
              to={item.to}
              aria-current={current ? 'page' : undefined}
              className={clsx(
                'relative flex items-center font-semibold transition',
                layout === 'bottom'
                  ? 'flex-col gap-0.5 px-1 py-2 text-xs'
                  : 'gap-3 rounded-2xl px-4 py-3 text-base hover:bg-surface-muted',
                current ? 'text-brand-text' : 'text-muted hover:text-fg',
                current && layout === 'side' && 'bg-brand-soft',
              )}
            >
              <span className="relative">
                <Icon aria-hidden="true" className="size-6" />
                {badge ? (
                  <span
                    data-testid={`badge-${item.id}`}
                    className={clsx(
                      'absolute -end-2.5 -top-1.5 grid h-5 min-w-5 place-items-center rounded-full px-1 text-[0.7rem] font-bold text-white',
                      badge.tone,
                    )}
                  >
                    <span aria-hidden="true">{badge.text}</span>
                  </span>
                ) : null}
              </span>
              {t(item.labelKey)}
              {badge ? <span className="sr-only">{`, ${t(badge.labelKey, { value: badge.count })}`}</span> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The phone tab bar (spec §2): below 768 px only. */
export function BottomNavigation(props: AppNavigationProps) {
  const { t } = useI18n();
  if (!useNavState(props).visible) return null;
  return (
    <nav
      id="bottom-navigation"
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <NavLinks props={props} layout="bottom" />
    </nav>
  );
}

/** The same destinations as a sidebar from 768 px up. */
export function DesktopNavigation(props: AppNavigationProps) {
  const { t } = useI18n();
  if (!useNavState(props).visible) return null;
  return (
    <nav aria-label={t('nav.label')} className="hidden w-60 shrink-0 border-e border-line bg-surface p-4 md:block">
      <NavLinks props={props} layout="side" />
    </nav>
  );
}
