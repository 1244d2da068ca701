import { type FormEvent, type ReactNode, useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { useI18n } from '@/lib/i18n/language-context';
import { type CookieConsent, OPTIONAL_COOKIE_CATEGORIES } from './consent';

/** The four categories as switches; "necessary" is always on and cannot be turned off. */
export function CookiePreferencesForm({
  initial,
  onSave,
  actions,
}: {
  initial: CookieConsent;
  onSave(consent: CookieConsent): void;
  /** The submit button (and any other action), so each place words it as the spec does. */
  actions: ReactNode;
}) {
  const { t } = useI18n();
  const [consent, setConsent] = useState(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(consent);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col divide-y divide-line">
        <Switch
          label={t('cookies.category.necessary.label')}
          description={t('cookies.category.necessary.description')}
          checked
          disabled
        />
        {OPTIONAL_COOKIE_CATEGORIES.map((category) => (
          <Switch
            key={category}
            label={t(`cookies.category.${category}.label`)}
            description={t(`cookies.category.${category}.description`)}
            checked={consent[category]}
            onCheckedChange={(checked) => setConsent((current) => ({ ...current, [category]: checked }))}
          />
        ))}
      </div>
      <div className="flex flex-wrap justify-end gap-3">{actions}</div>
    </form>
  );
}
