import { type InterfaceLanguageCode, isInterfaceLanguageCode, matchInterfaceLanguage } from '@parla/shared/languages';

export interface LanguageSources {
  /** The signed-in learner's profile preference, when known at start-up. */
  profileLanguage?: string | null | undefined;
  /** What the visitor picked by hand in a language selector. */
  manualChoice?: string | null | undefined;
  /** The language applied on the last visit, whatever chose it. */
  savedPreference?: string | null | undefined;
  /** navigator.languages, most preferred first. */
  browserLanguages: readonly string[];
}

/**
 * Spec §4: profile preference if supported; else the manually saved language; else
 * auto-detection — saved preference, then browser language, then English.
 * The spec's auto-detection also has a "location check" that yields nothing after 100 ms; it has
 * no data source, so it is left out rather than made to wait.
 */
export function detectInterfaceLanguage(sources: LanguageSources): InterfaceLanguageCode {
  if (isInterfaceLanguageCode(sources.profileLanguage)) return sources.profileLanguage;
  if (isInterfaceLanguageCode(sources.manualChoice)) return sources.manualChoice;
  if (isInterfaceLanguageCode(sources.savedPreference)) return sources.savedPreference;
  for (const tag of sources.browserLanguages) {
    const match = matchInterfaceLanguage(tag);
    if (match) return match;
  }
  return 'en';
}

/**
 * Spec §4: a profile preference that arrives later applies only when it differs from the current
 * language and no manual choice says otherwise — a manual choice has priority.
 */
export function shouldApplyProfileLanguage(options: {
  profileLanguage: string | null | undefined;
  currentLanguage: string;
  manualChoice: string | null | undefined;
}): boolean {
  const { profileLanguage, currentLanguage, manualChoice } = options;
  if (!isInterfaceLanguageCode(profileLanguage) || profileLanguage === currentLanguage) return false;
  return !isInterfaceLanguageCode(manualChoice) || manualChoice === profileLanguage;
}

/**
 * The interface language profile setup saves (issue 14): the native language the learner just
 * picked — the ten setup languages are all interface languages — unless they had chosen one,
 * by hand on this device (it has priority, spec §4) or earlier in their profile.
 */
export function interfaceLanguageAfterSetup(options: {
  nativeLanguage: InterfaceLanguageCode;
  manualChoice: string | null | undefined;
  profileChoice: string | null | undefined;
}): InterfaceLanguageCode {
  if (isInterfaceLanguageCode(options.manualChoice)) return options.manualChoice;
  if (isInterfaceLanguageCode(options.profileChoice)) return options.profileChoice;
  return options.nativeLanguage;
}
