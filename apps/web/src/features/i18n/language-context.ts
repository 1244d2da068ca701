import type { InterfaceLanguage, InterfaceLanguageCode } from '@parla/shared/languages';
import { createContext, useContext } from 'react';

export type TranslateOptions = Record<string, string | number>;
export type Translate = (key: string, options?: TranslateOptions) => string;

export interface LanguageContextValue {
  language: InterfaceLanguageCode;
  languageInfo: InterfaceLanguage;
  dir: 'ltr' | 'rtl';
  /** True while the start-up detection or a language switch is loading translations. */
  isLoading: boolean;
  t: Translate;
  /** A manual choice: saved, loaded, applied, announced with a toast. Resolves false on failure. */
  changeLanguage(code: string): Promise<boolean>;
}

export const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useI18n(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useI18n must be used within a LanguageProvider');
  return value;
}
