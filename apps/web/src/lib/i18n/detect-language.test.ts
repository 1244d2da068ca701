import { describe, expect, it } from 'vitest';
import { detectInterfaceLanguage, interfaceLanguageAfterSetup, shouldApplyProfileLanguage } from './detect-language';

describe('detectInterfaceLanguage (spec §4 order)', () => {
  it('takes a supported profile preference first', () => {
    expect(
      detectInterfaceLanguage({ profileLanguage: 'ja', manualChoice: 'es', savedPreference: 'fr', browserLanguages: ['de-DE'] }),
    ).toBe('ja');
  });

  it('then the manually saved language', () => {
    expect(
      detectInterfaceLanguage({ profileLanguage: 'xx', manualChoice: 'es', savedPreference: 'fr', browserLanguages: ['de'] }),
    ).toBe('es');
  });

  it('then the saved preference, then the browser language', () => {
    expect(detectInterfaceLanguage({ savedPreference: 'fr', browserLanguages: ['de'] })).toBe('fr');
    expect(detectInterfaceLanguage({ savedPreference: 'tlh', browserLanguages: ['nl-NL', 'ar-EG', 'de'] })).toBe('ar');
  });

  it('falls back to English when nothing matches', () => {
    expect(detectInterfaceLanguage({ browserLanguages: ['nl', 'sv-SE'] })).toBe('en');
    expect(detectInterfaceLanguage({ browserLanguages: [] })).toBe('en');
  });
});

describe('shouldApplyProfileLanguage (a manual choice has priority)', () => {
  it('applies a new profile language when no manual choice disagrees', () => {
    expect(shouldApplyProfileLanguage({ profileLanguage: 'fr', currentLanguage: 'en', manualChoice: null })).toBe(true);
    expect(shouldApplyProfileLanguage({ profileLanguage: 'fr', currentLanguage: 'en', manualChoice: 'fr' })).toBe(true);
  });

  it('keeps a different manual choice, an unchanged language and unsupported codes', () => {
    expect(shouldApplyProfileLanguage({ profileLanguage: 'fr', currentLanguage: 'es', manualChoice: 'es' })).toBe(false);
    expect(shouldApplyProfileLanguage({ profileLanguage: 'es', currentLanguage: 'es', manualChoice: null })).toBe(false);
    expect(shouldApplyProfileLanguage({ profileLanguage: 'nl', currentLanguage: 'en', manualChoice: null })).toBe(false);
  });
});

describe('interfaceLanguageAfterSetup (setup’s native language sets the interface language)', () => {
  it('takes the native language picked in setup', () => {
    expect(interfaceLanguageAfterSetup({ nativeLanguage: 'fr', manualChoice: null, profileChoice: null })).toBe('fr');
  });

  it('keeps a language the visitor chose by hand, even one that is not a setup language', () => {
    expect(interfaceLanguageAfterSetup({ nativeLanguage: 'fr', manualChoice: 'ar', profileChoice: null })).toBe('ar');
    expect(interfaceLanguageAfterSetup({ nativeLanguage: 'fr', manualChoice: 'es', profileChoice: 'de' })).toBe('es');
  });

  it('keeps a choice already in the profile, and ignores unsupported values', () => {
    expect(interfaceLanguageAfterSetup({ nativeLanguage: 'fr', manualChoice: 'tlh', profileChoice: 'de' })).toBe('de');
    expect(interfaceLanguageAfterSetup({ nativeLanguage: 'ko', manualChoice: 'tlh', profileChoice: 'xx' })).toBe('ko');
  });
});
