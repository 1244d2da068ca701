import * as RadioGroup from '@radix-ui/react-radio-group';
import Monitor from 'lucide-react/icons/monitor';
import Moon from 'lucide-react/icons/moon';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Sun from 'lucide-react/icons/sun';
import { buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { useI18n } from '@/lib/i18n/language-context';
import { isThemePreference, THEME_PREFERENCES, type ThemePreference } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/theme-provider';
import { useAccessibility } from './accessibility-provider';
import { ACCESSIBILITY_SETTINGS, type AccessibilitySetting } from './settings';

const THEME_ICONS: Record<ThemePreference, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

const SETTING_KEYS: Record<AccessibilitySetting, string> = {
  highContrast: 'highContrast',
  largeText: 'largeText',
  focusVisible: 'focusVisible',
  reducedMotion: 'reducedMotion',
  screenReaderOptimizations: 'screenReader',
};

export default function AccessibilityPanel({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useI18n();
  const { preference, setPreference } = useTheme();
  const { settings, updateSetting, resetSettings } = useAccessibility();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      layout="sheet"
      title={t('a11y.panel.title')}
      description={t('a11y.panel.description')}
      closeLabel={t('common.close')}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-base font-semibold">{t('a11y.theme.label')}</legend>
        <RadioGroup.Root
          value={preference}
          onValueChange={(value) => isThemePreference(value) && setPreference(value)}
          aria-label={t('a11y.theme.label')}
          className="grid grid-cols-3 gap-2"
        >
          {THEME_PREFERENCES.map((option) => {
            const Icon = THEME_ICONS[option];
            return (
              <RadioGroup.Item
                key={option}
                value={option}
                className="flex flex-col items-center gap-1 rounded-2xl border-2 border-line bg-surface px-2 py-3 text-sm font-semibold text-muted transition hover:border-brand data-[state=checked]:border-brand data-[state=checked]:bg-brand-soft data-[state=checked]:text-brand-text"
              >
                <Icon aria-hidden="true" className="size-5" />
                {t(`a11y.theme.${option}`)}
              </RadioGroup.Item>
            );
          })}
        </RadioGroup.Root>
      </fieldset>

      <div className="flex flex-col divide-y divide-line">
        {ACCESSIBILITY_SETTINGS.map((setting) => (
          <Switch
            key={setting}
            label={t(`a11y.${SETTING_KEYS[setting]}.label`)}
            description={t(`a11y.${SETTING_KEYS[setting]}.description`)}
            checked={settings[setting]}
            onCheckedChange={(checked) => updateSetting(setting, checked)}
          />
        ))}
      </div>

      <button type="button" onClick={resetSettings} className={buttonClasses({ variant: 'secondary', className: 'mt-auto' })}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('a11y.reset')}
      </button>
    </Dialog>
  );
}
