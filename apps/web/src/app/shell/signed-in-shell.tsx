import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { useMe } from '@/lib/auth/get-me';
import { useLocation } from '@/lib/router';
import { BottomNavigation, DesktopNavigation } from './app-navigation';

/**
 * The frame of every signed-in screen: the sidebar from 768 px, the bottom tab bar below it, and
 * the main landmark the skip link targets. Notifications are not built yet, so no unread badge.
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { isAuthenticated, isLoading } = useAuth();
  const profile = useMe().data?.profile;
  const navigation = {
    pathname,
    hasSession: isAuthenticated,
    profileCompleted: profile?.profile_completed ?? false,
    isLoading,
    streak: profile?.current_streak ?? 0,
    unreadCount: 0,
  };
  return (
    <div className="min-h-screen bg-canvas text-fg md:flex">
      <div id="navigation" tabIndex={-1} className="md:sticky md:top-0 md:flex md:h-screen">
        <DesktopNavigation {...navigation} />
        <BottomNavigation {...navigation} />
      </div>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 pb-24 md:pb-12">
        {children}
      </main>
    </div>
  );
}
