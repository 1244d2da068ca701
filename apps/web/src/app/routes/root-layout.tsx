import { useEffect } from 'react';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { SkipLinks } from '@/components/ui/skip-links';
import { paths } from '@/config/paths';
import { AccessibilityButton } from '@/features/accessibility/accessibility-button';
import { CookieConsentPrompt } from '@/features/cookie-consent/cookie-consent-prompt';
import { useI18n } from '@/lib/i18n/language-context';
import { Outlet, useLocation, useNavigationType } from '@/lib/router';

// Spec §2: the floating accessibility panel is on every screen except sign-in and forgot-password.
const PATHS_WITHOUT_PANEL: readonly string[] = [paths.login, paths.forgotPassword];

/** A new page starts at its top (or at its #anchor); back and forward keep the browser's place. */
function useScrollOnNavigation() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') return;
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}

export function RootLayout() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  useScrollOnNavigation();
  return (
    <>
      <SkipLinks
        links={[
          { href: '#main', label: t('skip.main') },
          { href: '#navigation', label: t('skip.navigation') },
        ]}
      />
      <Outlet />
      {PATHS_WITHOUT_PANEL.includes(pathname) ? null : <AccessibilityButton />}
      <CookieConsentPrompt />
    </>
  );
}

export function RouteLoading() {
  const { t } = useI18n();
  return <LoadingScreen message={t('common.loading')} />;
}
