import { clsx } from 'clsx';
import { Suspense } from 'react';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';
import { useAuth } from '@/lib/auth/auth-context';
import { useMe } from '@/lib/auth/get-me';
import { useI18n } from '@/lib/i18n/language-context';
import { Outlet, useLocation } from '@/lib/router';
import { BottomNavigation, DesktopNavigation } from './app-navigation';
import { isFullScreen } from './navigation-rules';

/**
 * The frame of every signed-in screen, a layout route: the sidebar from 768 px, the bottom tab bar
 * below it, and the main landmark the skip link targets, around the screen's <Outlet />. It stays
 * mounted from one screen to the next; only the screen changes (and, while its code loads, a
 * spinner takes its place inside the frame). The lesson player fills the screen with its own header
 * and main: the frame hides its navigation then, without unmounting it. The Friends tab carries the
 * unread notifications' count (spec §2), Home the streak.
 */
export function SignedInShell() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { isAuthenticated, isLoading } = useAuth();
  const profile = useMe().data?.profile;
  const fullScreen = isFullScreen(pathname);
  const navigation = {
    pathname,
    hasSession: isAuthenticated,
    profileCompleted: profile?.profile_completed ?? false,
    isLoading,
    streak: profile?.current_streak ?? 0,
    unreadCount: useUnreadCount(),
  };
  const screen = (
    <Suspense fallback={<LoadingScreen message={t('common.loading')} className={fullScreen ? undefined : 'min-h-[60vh]'} />}>
      <Outlet />
    </Suspense>
  );
  return (
    <div className={clsx('min-h-screen bg-canvas text-fg', !fullScreen && 'md:flex')}>
      <div
        id="navigation"
        tabIndex={-1}
        hidden={fullScreen}
        className={fullScreen ? undefined : 'md:sticky md:top-0 md:flex md:h-screen'}
      >
        <DesktopNavigation {...navigation} />
        <BottomNavigation {...navigation} />
      </div>
      {fullScreen ? (
        screen
      ) : (
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 pb-42 md:pb-12">
          {screen}
        </main>
      )}
    </div>
  );
}
