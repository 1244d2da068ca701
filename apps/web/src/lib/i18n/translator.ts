import { type I18n, type MessageId, type Messages, setupI18n } from '@lingui/core';
import type en from '@/locales/en.json';

// Lingui's typed message ids: a key that is not in en.json is a type error wherever the compiler
// can see it (lib/i18n/language-context.ts's `t`, and any direct `i18n._`).
declare module '@lingui/core' {
  interface Register {
    messageIds: keyof typeof en;
  }
}

/** A key of en.json. */
export type TranslationKey = MessageId;
/** Values for a message's `{placeholders}`; a plural's argument is a number. */
export type TranslateValues = Record<string, string | number>;

/**
 * The interface languages' messages: one Lingui instance per language, each active in its own locale
 * (its plural rules and number formats), fed one string group at a time. A key a language lacks is
 * shown from English, then as the key itself; `has` tells the caller so it can say so.
 */
export interface Translator {
  add(code: string, messages: Messages): void;
  has(code: string, key: string): boolean;
  translate(code: string, key: string, values?: TranslateValues): string;
}

export function createTranslator(): Translator {
  const instances = new Map<string, I18n>();
  const instanceFor = (code: string) => {
    let instance = instances.get(code);
    if (!instance) {
      instance = setupI18n({ locale: code, messages: { [code]: {} } });
      instances.set(code, instance);
    }
    return instance;
  };
  const has = (code: string, key: string) => Object.hasOwn(instanceFor(code).messages, key);
  return {
    add: (code, messages) => instanceFor(code).load(code, messages),
    has,
    translate(code, key, values) {
      const from = has(code, key) ? code : has('en', key) ? 'en' : null;
      // Keys held in a `string` reach here unchecked: Lingui's id type is en.json's keys.
      return from ? instanceFor(from)._(key as TranslationKey, values) : key;
    },
  };
}
