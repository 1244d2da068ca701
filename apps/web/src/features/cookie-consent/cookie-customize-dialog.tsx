import { buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useI18n } from '@/lib/i18n/language-context';
import { type CookieConsent, ESSENTIAL_ONLY, readCookieConsent } from './consent';
import { CookiePreferencesForm } from './cookie-preferences-form';

export default function CookieCustomizeDialog({
  open,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSave(consent: CookieConsent): void;
}) {
  const { t } = useI18n();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('cookies.customize.title')}
      description={t('cookies.customize.description')}
      closeLabel={t('common.close')}
    >
      <CookiePreferencesForm
        initial={readCookieConsent() ?? ESSENTIAL_ONLY}
        onSave={onSave}
        actions={
          <>
            <button type="button" onClick={() => onOpenChange(false)} className={buttonClasses({ variant: 'ghost' })}>
              {t('common.cancel')}
            </button>
            <button type="submit" className={buttonClasses()}>
              {t('cookies.customize.save')}
            </button>
          </>
        }
      />
    </Dialog>
  );
}
