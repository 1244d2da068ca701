import { readJson, removeItem, storageKeys, writeJson } from '@/lib/storage';

export interface CookieConsent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  personalization: boolean;
}

export type OptionalCookieCategory = 'analytics' | 'marketing' | 'personalization';
export const OPTIONAL_COOKIE_CATEGORIES: readonly OptionalCookieCategory[] = ['analytics', 'marketing', 'personalization'];

/** Spec §4: the banner appears 2 s after load, only when nothing is stored. */
export const COOKIE_BANNER_DELAY_MS = 2_000;

/** Fired on window with the new consent as `detail` whenever the visitor saves a choice. */
export const COOKIE_PREFERENCES_CHANGED_EVENT = 'parla:cookie-preferences-changed';

export const ACCEPT_ALL: CookieConsent = { necessary: true, analytics: true, marketing: true, personalization: true };
export const ESSENTIAL_ONLY: CookieConsent = { necessary: true, analytics: false, marketing: false, personalization: false };

export function parseCookieConsent(value: unknown): CookieConsent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (!OPTIONAL_COOKIE_CATEGORIES.every((category) => typeof record[category] === 'boolean')) return undefined;
  return {
    necessary: true,
    analytics: record.analytics === true,
    marketing: record.marketing === true,
    personalization: record.personalization === true,
  };
}

export function readCookieConsent(): CookieConsent | undefined {
  return readJson(storageKeys.cookieConsent, parseCookieConsent);
}

export function saveCookieConsent(consent: CookieConsent): void {
  const stored: CookieConsent = { ...consent, necessary: true };
  writeJson(storageKeys.cookieConsent, stored);
  window.dispatchEvent(new CustomEvent<CookieConsent>(COOKIE_PREFERENCES_CHANGED_EVENT, { detail: stored }));
}

export function clearCookieConsent(): void {
  removeItem(storageKeys.cookieConsent);
}
