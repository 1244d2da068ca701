import type { ReactNode } from 'react';
import { Toasters } from '../components/ui/toaster';
import { AccessibilityProvider } from '../features/accessibility/accessibility-provider';
import { useI18n } from '../features/i18n/language-context';
import { LanguageProvider } from '../features/i18n/language-provider';
import { ThemeProvider, useTheme } from '../features/theme/theme-provider';

function AppToasters() {
  const { resolvedTheme } = useTheme();
  const { t, dir } = useI18n();
  return <Toasters theme={resolvedTheme} dir={dir} label={t('toast.region')} />;
}

// TanStack Query is not here on purpose: the public pages make no queries, and the signed-in
// area brings its QueryClientProvider (lib/query-client.ts) with its own lazily loaded routes.
export function AppProviders({ children, profileLanguage }: { children: ReactNode; profileLanguage?: string | null }) {
  return (
    <ThemeProvider>
      <AccessibilityProvider>
        <LanguageProvider profileLanguage={profileLanguage}>
          <AppToasters />
          {children}
        </LanguageProvider>
      </AccessibilityProvider>
    </ThemeProvider>
  );
}
