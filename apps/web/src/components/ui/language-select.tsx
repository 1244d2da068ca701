import { INTERFACE_LANGUAGES } from '@parla/shared/languages';
import { clsx } from 'clsx';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useId } from 'react';
import { useI18n } from '@/lib/i18n/language-context';

/** The interface-language selector: flag and native name for each of the 16 languages. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, language, changeLanguage, isLoading } = useI18n();
  const id = useId();
  return (
    <div className={clsx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {t('i18n.select.label')}
      </label>
      {/* Not disabled while loading: that would drop keyboard focus; aria-busy says it instead. */}
      <select
        id={id}
        value={language}
        aria-busy={isLoading}
        onChange={(event) => void changeLanguage(event.target.value)}
        className="h-10 w-full cursor-pointer appearance-none rounded-full border border-line bg-surface ps-4 pe-9 text-sm font-semibold text-fg shadow-sm transition hover:border-brand"
      >
        {INTERFACE_LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {`${option.flag} ${option.nativeName}`}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
    </div>
  );
}
