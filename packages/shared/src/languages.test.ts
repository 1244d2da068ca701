import { describe, expect, it } from 'vitest';
import { getInterfaceLanguage, INTERFACE_LANGUAGES, isInterfaceLanguageCode, matchInterfaceLanguage } from './languages';

describe('interface languages', () => {
  it('lists the 16 languages of the spec, right-to-left only for Arabic and Hebrew', () => {
    expect(INTERFACE_LANGUAGES.map((language) => language.code)).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'pt',
      'ja',
      'ko',
      'zh',
      'ar',
      'he',
      'hi',
      'it',
      'el',
      'pl',
      'ru',
      'uk',
    ]);
    expect(INTERFACE_LANGUAGES.filter((language) => language.rtl).map((language) => language.code)).toEqual(['ar', 'he']);
  });

  it('rejects an unsupported code', () => {
    expect(isInterfaceLanguageCode('nl')).toBe(false);
    expect(() => getInterfaceLanguage('nl')).toThrow('Unsupported language');
    expect(getInterfaceLanguage('ja').nativeName).toBe('日本語');
  });

  it('matches browser tags by their primary subtag', () => {
    expect(matchInterfaceLanguage('pt-BR')).toBe('pt');
    expect(matchInterfaceLanguage('zh-Hant-TW')).toBe('zh');
    expect(matchInterfaceLanguage('iw')).toBe('he');
    expect(matchInterfaceLanguage('nl-NL')).toBeUndefined();
    expect(matchInterfaceLanguage('')).toBeUndefined();
  });
});
