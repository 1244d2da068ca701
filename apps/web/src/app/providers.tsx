import type { ReactNode } from 'react';
import { Toasters } from '@/components/ui/toaster';
import { AccessibilityProvider } from '@/features/accessibility/accessibility-provider';
import { useI18n } from '@/lib/i18n/language-context';
import { LanguageProvider } from '@/lib/i18n/language-provider';
import type { LaterStringGroup } from '@/lib/string-groups';
import { ThemeProvider, useTheme } from '@/lib/theme/theme-provider';

function AppToasters() {
  const { resolvedTheme } = useTheme();
  const { t, dir } = useI18n();
  return <Toasters theme={resolvedTheme} dir={dir} label={t('toast.region')} />;
}

// TanStack Query is not here on purpose: the public pages make no queries, and the signed-in
// area brings its QueryClientProvider (lib/query-client.ts) with its own lazily loaded routes.
export function AppProviders({
  children,
  profileLanguage,
  initialStringGroups,
}: {
  children: ReactNode;
  profileLanguage?: string | null;
  initialStringGroups?: readonly LaterStringGroup[];
}) {
  return (
    <ThemeProvider>
      <AccessibilityProvider>
        <LanguageProvider profileLanguage={profileLanguage} initialStringGroups={initialStringGroups}>
          <AppToasters />
          {children}
        </LanguageProvider>
      </AccessibilityProvider>
    </ThemeProvider>
  );
}
