// Everything the app keeps in the browser (spec §7's list). One place for the keys, so the
// privacy policy and the code cannot drift apart.
export const storageKeys = {
  interfaceLanguage: 'parla.interface-language',
  manualInterfaceLanguage: 'parla.interface-language.manual',
  theme: 'parla.theme',
  cookieConsent: 'parla.cookie-consent',
  accessibility: 'parla.accessibility',
  /** Set while a session is open, so the landing can offer "Go to my lessons" without asking the server. */
  signedIn: 'parla.signed-in',
} as const;

// Storage can throw (disabled cookies, private mode quotas); the app must keep working without it.
export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted: the choice still applies for this visit.
  }
}

export function removeItem(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored then.
  }
}

/**
 * Reads a JSON value and lets `parse` vouch for it. Unparsable or foreign data is logged and
 * ignored (spec §8), never thrown: a bad value must not break the page.
 */
export function readJson<T>(key: string, parse: (value: unknown) => T | undefined): T | undefined {
  const raw = readString(key);
  if (raw === null) return undefined;
  try {
    const value = parse(JSON.parse(raw));
    if (value === undefined) console.warn(`Ignoring stored ${key}: unexpected shape`);
    return value;
  } catch (error) {
    console.warn(`Ignoring stored ${key}: not valid JSON`, error);
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}
