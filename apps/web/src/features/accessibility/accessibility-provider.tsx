import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  type AccessibilitySetting,
  type AccessibilitySettings,
  applyAccessibilitySettings,
  clearAccessibilitySettings,
  DEFAULT_ACCESSIBILITY_SETTINGS,
  HIGH_CONTRAST_QUERY,
  initialAccessibilitySettings,
  REDUCED_MOTION_QUERY,
  readSavedAccessibilitySettings,
  saveAccessibilitySettings,
} from './settings';

interface AccessibilityContextValue {
  settings: AccessibilitySettings;
  updateSetting(setting: AccessibilitySetting, value: boolean): void;
  resetSettings(): void;
}

const AccessibilityContext = createContext<AccessibilityContextValue | null>(null);

export function useAccessibility(): AccessibilityContextValue {
  const value = useContext(AccessibilityContext);
  if (!value) throw new Error('useAccessibility must be used within an AccessibilityProvider');
  return value;
}

function systemAsks(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export function AccessibilityProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(() =>
    initialAccessibilitySettings({
      saved: readSavedAccessibilitySettings(),
      systemReducedMotion: systemAsks(REDUCED_MOTION_QUERY),
      systemHighContrast: systemAsks(HIGH_CONTRAST_QUERY),
    }),
  );

  useEffect(() => applyAccessibilitySettings(settings), [settings]);

  const updateSetting = useCallback((setting: AccessibilitySetting, value: boolean) => {
    setSettings((current) => {
      const next = { ...current, [setting]: value };
      saveAccessibilitySettings(next);
      return next;
    });
  }, []);

  const resetSettings = useCallback(() => {
    clearAccessibilitySettings();
    setSettings({ ...DEFAULT_ACCESSIBILITY_SETTINGS });
  }, []);

  const value = useMemo(() => ({ settings, updateSetting, resetSettings }), [settings, updateSetting, resetSettings]);
  return <AccessibilityContext.Provider value={value}>{children}</AccessibilityContext.Provider>;
}
