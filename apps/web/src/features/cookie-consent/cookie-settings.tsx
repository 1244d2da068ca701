import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { useI18n } from '@/lib/i18n/language-context';
import { clearCookieConsent, ESSENTIAL_ONLY, readCookieConsent, saveCookieConsent } from './consent';
import { CookiePreferencesForm } from './cookie-preferences-form';

/** The cookie page's settings: Save Changes stores and broadcasts; Reset clears and reloads. */
export function CookieSettings() {
  const { t } = useI18n();
  const [initial] = useState(() => readCookieConsent() ?? ESSENTIAL_ONLY);

  return (
    <section aria-labelledby="cookie-settings-title" className="rounded-3xl border border-line bg-surface p-6 shadow-sm">
      <h2 id="cookie-settings-title" className="text-2xl font-bold">
        {t('cookies.settings.title')}
      </h2>
      <p className="mt-1 text-base text-muted">{t('cookies.settings.description')}</p>
      <div className="mt-4">
        <CookiePreferencesForm
          initial={initial}
          onSave={(consent) => {
            saveCookieConsent(consent);
            notify.success(t('cookies.settings.saved'));
          }}
          actions={
            <>
              <button
                type="button"
                onClick={() => {
                  clearCookieConsent();
                  window.location.reload();
                }}
                className={buttonClasses({ variant: 'secondary' })}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {t('cookies.settings.reset')}
              </button>
              <button type="submit" className={buttonClasses()}>
                {t('cookies.settings.save')}
              </button>
            </>
          }
        />
      </div>
    </section>
  );
}
