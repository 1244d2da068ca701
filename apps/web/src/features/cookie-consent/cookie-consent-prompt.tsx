import { lazy, Suspense, useEffect, useState } from 'react';
import { COOKIE_BANNER_DELAY_MS, readCookieConsent } from './consent';

const loadBanner = () => import('./cookie-banner');
const CookieBanner = lazy(loadBanner);

/**
 * Spec §4: the cookie banner appears 2 s after load, only when no consent is stored. Its code is
 * fetched during those 2 s instead of with the page.
 */
export function CookieConsentPrompt() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (readCookieConsent()) return;
    void loadBanner();
    const timer = window.setTimeout(() => setShow(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}
