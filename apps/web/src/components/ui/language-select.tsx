import { INTERFACE_LANGUAGES, type InterfaceLanguageCode, isInterfaceLanguageCode } from '@parla/shared/languages';
import { clsx } from 'clsx';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useId } from 'react';
import { useI18n } from '@/lib/i18n/language-context';

/**
 * The interface-language selector: flag and native name for each of the 16 languages. A choice
 * here is a manual one (spec §4); `onChosen` hears of it once it applies (the account menu saves
 * it in the learner's profile).
 */
export function LanguageSelect({
  className,
  onChosen,
  showLabel = false,
}: {
  className?: string;
  onChosen?: (code: InterfaceLanguageCode) => void;
  /** Shows the label above the field (in a menu); otherwise it is for screen readers only. */
  showLabel?: boolean;
}) {
  const { t, language, changeLanguage, isLoading } = useI18n();
  const id = useId();
  return (
    <div className={clsx('relative', className)}>
      <label htmlFor={id} className={showLabel ? 'mb-1 block text-sm font-semibold text-muted' : 'sr-only'}>
        {t('i18n.select.label')}
      </label>
      {/* Not disabled while loading: that would drop keyboard focus; aria-busy says it instead. */}
      <select
        id={id}
        value={language}
        aria-busy={isLoading}
        onChange={async (event) => {
          const code = event.target.value;
          if ((await changeLanguage(code)) && isInterfaceLanguageCode(code)) onChosen?.(code);
        }}
        className="h-10 w-full cursor-pointer appearance-none rounded-full border border-line bg-surface ps-4 pe-9 text-sm font-semibold text-fg shadow-sm transition hover:border-brand"
      >
        {INTERFACE_LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {`${option.flag} ${option.nativeName}`}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute end-3 bottom-3 size-4 text-muted" />
    </div>
  );
}
