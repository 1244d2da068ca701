import Cookie from 'lucide-react/icons/cookie';
import { lazy, Suspense, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { ACCEPT_ALL, type CookieConsent, ESSENTIAL_ONLY, saveCookieConsent } from './consent';

const loadCustomizeDialog = () => import('./cookie-customize-dialog');
const CookieCustomizeDialog = lazy(loadCustomizeDialog);

/** The banner itself; CookieConsentPrompt decides when it appears. Every choice is stored and closes it. */
export default function CookieBanner() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(true);
  const [customizing, setCustomizing] = useState(false);

  const choose = (consent: CookieConsent) => {
    saveCookieConsent(consent);
    setCustomizing(false);
    setVisible(false);
  };

  return (
    <>
      {visible && !customizing ? (
        <section
          aria-labelledby="cookie-banner-title"
          className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-3xl border border-line bg-surface p-5 text-fg shadow-2xl motion-safe:animate-slide-up sm:p-6"
        >
          <div className="flex flex-col gap-4 md:flex-row md:items-center">
            <div className="flex flex-1 gap-3">
              <Cookie aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-accent" />
              <div>
                <h2 id="cookie-banner-title" className="text-base font-bold">
                  {t('cookies.banner.title')}
                </h2>
                <p className="text-sm text-muted">
                  {t('cookies.banner.text')}{' '}
                  <Link to={paths.cookies} className="font-semibold text-brand-text underline underline-offset-2">
                    {t('cookies.banner.policyLink')}
                  </Link>
                </p>
              </div>
            </div>
            <div className="flex flex-wrap gap-2 md:flex-nowrap">
              <button
                type="button"
                onPointerEnter={() => void loadCustomizeDialog()}
                onFocus={() => void loadCustomizeDialog()}
                onClick={() => setCustomizing(true)}
                className={buttonClasses({ variant: 'ghost', size: 'sm' })}
              >
                {t('cookies.banner.customize')}
              </button>
              <button
                type="button"
                onClick={() => choose(ESSENTIAL_ONLY)}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                {t('cookies.banner.essentialOnly')}
              </button>
              <button type="button" onClick={() => choose(ACCEPT_ALL)} className={buttonClasses({ size: 'sm' })}>
                {t('cookies.banner.acceptAll')}
              </button>
            </div>
          </div>
        </section>
      ) : null}
      {customizing ? (
        <Suspense fallback={null}>
          <CookieCustomizeDialog
            open
            onOpenChange={(open) => {
              // Spec §4: the banner closes in every case, Cancel included.
              if (!open) {
                setCustomizing(false);
                setVisible(false);
              }
            }}
            onSave={choose}
          />
        </Suspense>
      ) : null}
    </>
  );
}
