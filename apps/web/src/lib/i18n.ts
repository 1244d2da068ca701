import { isInterfaceLanguageCode } from '@parla/shared/languages';
import i18next, { type i18n as I18n } from 'i18next';

export type Translations = Record<string, string>;

// One chunk per language file, fetched only when that language is chosen (spec §7). A language
// without a file yet simply has no entry here, and loading it fails with the §8 toast.
const localeLoaders = import.meta.glob<Translations>('../locales/*.json', { import: 'default' });

export class TranslationsUnavailableError extends Error {
  constructor(readonly code: string) {
    super(`No translations file for ${code}`);
    this.name = 'TranslationsUnavailableError';
  }
}

export async function loadTranslations(code: string): Promise<Translations> {
  if (!isInterfaceLanguageCode(code)) throw new Error('Unsupported language');
  const load = localeLoaders[`../locales/${code}.json`];
  if (!load) throw new TranslationsUnavailableError(code);
  return load();
}

/**
 * A fresh i18next instance with no cached translations (spec §4: the cache is cleared at start).
 * Keys are flat ("landing.hero.title"), so dots are not separators.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {},
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}
