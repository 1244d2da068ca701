import { useEffect } from 'react';
import { useI18n } from './i18n/language-context';
import type { TranslationKey } from './i18n/translator';

/**
 * Names the screen in the browser's tab and history (WCAG 2.4.2): "<screen> · Parla" in the
 * interface language, updated when the language changes. `bare` shows the text alone (the landing's
 * own title already says Parla).
 */
export function useDocumentTitle(key: TranslationKey, options: { bare?: boolean } = {}): void {
  const { t } = useI18n();
  const screen = t(key);
  // The product's name and the separator are the same in every language.
  const title = options.bare ? screen : `${screen} · Parla`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
