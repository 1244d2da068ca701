import { isInterfaceLanguageCode } from '@parla/shared/languages';
import i18next, { type i18n as I18n } from 'i18next';
import type { StringGroup } from '../string-groups';

export type Translations = Record<string, string>;

// One file per language, fetched only when that language is chosen (spec §7), in one chunk per
// string group (lib/string-groups.ts; vite.config.ts splits the file). A language without a file
// yet simply has no entry here, and loading it fails with the §8 toast. The keys are relative to the
// locales folder (`./en.json`), short because the landing's first chunk carries one per file and group.
const localeLoaders: Record<StringGroup, Record<string, () => Promise<Translations>>> = {
  core: import.meta.glob<Translations>('./*.json', { base: '../../locales', query: '?group=core', import: 'default' }),
  landing: import.meta.glob<Translations>('./*.json', { base: '../../locales', query: '?group=landing', import: 'default' }),
  legal: import.meta.glob<Translations>('./*.json', { base: '../../locales', query: '?group=legal', import: 'default' }),
  app: import.meta.glob<Translations>('./*.json', { base: '../../locales', query: '?group=app', import: 'default' }),
};

export class TranslationsUnavailableError extends Error {
  constructor(readonly code: string) {
    super(`No translations file for ${code}`);
    this.name = 'TranslationsUnavailableError';
  }
}

export async function loadTranslations(code: string, group: StringGroup = 'core'): Promise<Translations> {
  if (!isInterfaceLanguageCode(code)) throw new Error('Unsupported language');
  const load = localeLoaders[group][`./${code}.json`];
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
