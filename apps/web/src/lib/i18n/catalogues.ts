import type { Messages } from '@lingui/core';
import { isInterfaceLanguageCode } from '@parla/shared/languages';
import type { StringGroup } from '../string-groups';

// One file per language, fetched only when that language is chosen (spec §7), in one chunk per
// string group (lib/string-groups.ts), each a Lingui catalogue compiled by the build (vite.config.ts).
// A language without a file yet simply has no entry here, and loading it fails with the §8 toast. The
// keys are relative to the locales folder (`./en.json`), short because the landing's first chunk
// carries one per file and group.
const catalogueLoaders: Record<StringGroup, Record<string, () => Promise<Messages>>> = {
  core: import.meta.glob<Messages>('./*.json', { base: '../../locales', query: '?group=core', import: 'default' }),
  landing: import.meta.glob<Messages>('./*.json', { base: '../../locales', query: '?group=landing', import: 'default' }),
  legal: import.meta.glob<Messages>('./*.json', { base: '../../locales', query: '?group=legal', import: 'default' }),
  app: import.meta.glob<Messages>('./*.json', { base: '../../locales', query: '?group=app', import: 'default' }),
};

export class TranslationsUnavailableError extends Error {
  constructor(readonly code: string) {
    super(`No translations file for ${code}`);
    this.name = 'TranslationsUnavailableError';
  }
}

/** The compiled messages of one string group of one language. */
export async function loadCatalogue(code: string, group: StringGroup = 'core'): Promise<Messages> {
  if (!isInterfaceLanguageCode(code)) throw new Error('Unsupported language');
  const load = catalogueLoaders[group][`./${code}.json`];
  if (!load) throw new TranslationsUnavailableError(code);
  return load();
}
