import { readJson, removeItem, storageKeys, writeJson } from '@/lib/storage';

export interface AccessibilitySettings {
  reducedMotion: boolean;
  highContrast: boolean;
  largeText: boolean;
  focusVisible: boolean;
  screenReaderOptimizations: boolean;
}

export type AccessibilitySetting = keyof AccessibilitySettings;

export const DEFAULT_ACCESSIBILITY_SETTINGS: Readonly<AccessibilitySettings> = Object.freeze({
  reducedMotion: false,
  highContrast: false,
  largeText: false,
  focusVisible: false,
  screenReaderOptimizations: false,
});

export const ACCESSIBILITY_SETTINGS = Object.keys(DEFAULT_ACCESSIBILITY_SETTINGS) as AccessibilitySetting[];

/** The class each setting puts on <html>; styles.css gives each its effect. */
export const SETTING_CLASS: Record<AccessibilitySetting, string> = {
  reducedMotion: 'a11y-reduced-motion',
  highContrast: 'a11y-high-contrast',
  largeText: 'a11y-large-text',
  focusVisible: 'a11y-focus',
  screenReaderOptimizations: 'a11y-screen-reader',
};

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
export const HIGH_CONTRAST_QUERY = '(prefers-contrast: more)';

/** A stored object is taken field by field: known boolean fields only, the rest ignored. */
export function parseAccessibilitySettings(value: unknown): Partial<AccessibilitySettings> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const result: Partial<AccessibilitySettings> = {};
  for (const setting of ACCESSIBILITY_SETTINGS) {
    const field = (value as Record<string, unknown>)[setting];
    if (typeof field === 'boolean') result[setting] = field;
  }
  return result;
}

/**
 * Spec §4: saved settings load over the defaults — unless the system asks for reduced motion or
 * more contrast; then what it asks for is on and everything else is back to default, whatever
 * was saved.
 */
export function initialAccessibilitySettings(options: {
  saved: Partial<AccessibilitySettings> | undefined;
  systemReducedMotion: boolean;
  systemHighContrast: boolean;
}): AccessibilitySettings {
  const { saved, systemReducedMotion, systemHighContrast } = options;
  if (systemReducedMotion || systemHighContrast) {
    return { ...DEFAULT_ACCESSIBILITY_SETTINGS, reducedMotion: systemReducedMotion, highContrast: systemHighContrast };
  }
  return { ...DEFAULT_ACCESSIBILITY_SETTINGS, ...saved };
}

export function readSavedAccessibilitySettings(): Partial<AccessibilitySettings> | undefined {
  return readJson(storageKeys.accessibility, parseAccessibilitySettings);
}

export function saveAccessibilitySettings(settings: AccessibilitySettings): void {
  writeJson(storageKeys.accessibility, settings);
}

export function clearAccessibilitySettings(): void {
  removeItem(storageKeys.accessibility);
}

export function applyAccessibilitySettings(settings: AccessibilitySettings): void {
  const root = document.documentElement;
  for (const setting of ACCESSIBILITY_SETTINGS) root.classList.toggle(SETTING_CLASS[setting], settings[setting]);
}
