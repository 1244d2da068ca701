import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { RetryPanel } from '@/components/ui/retry-panel';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { useI18n } from '@/lib/i18n/language-context';
import { usePreferences } from '../api/settings-api';
import { AccountSection } from './account-section';
import { DataRightsSection } from './data-rights-section';
import { AppearanceSection, LearningSection, NotificationsSection } from './preferences-sections';
import { PrivacySection } from './privacy-section';
import { ProfileSection } from './profile-section';

/** A titled card of settings; its heading names the region for screen-reader navigation. */
export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 shadow-sm">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Spec §2 Settings, with what issue 15 adds: every preference is stored on the server
 * (GET/PUT /users/me/preferences), so it follows the learner to another device; the profile is the
 * setup's fields plus the name; the account part changes the password, ends every session or logs out.
 */
export function SettingsScreen() {
  const { t } = useI18n();
  const preferences = usePreferences();
  const me = useMe();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <PageHeader
        back={{ to: paths.app.dashboard, label: t('settings.back') }}
        title={t('title.settings')}
        subtitle={t('settings.subtitle')}
      />
      <AppearanceSection />
      {preferences.isError ? (
        <RetryPanel
          message={t('settings.loadFailed')}
          retryLabel={t('settings.retry')}
          onRetry={() => void preferences.refetch()}
        />
      ) : preferences.data ? (
        <>
          <NotificationsSection preferences={preferences.data} />
          <LearningSection preferences={preferences.data} />
        </>
      ) : (
        <p role="status" className="text-muted">
          {t('common.loading')}
        </p>
      )}
      {me.data ? <ProfileSection me={me.data} /> : null}
      <PrivacySection preferences={preferences.data} />
      <AccountSection />
      <DataRightsSection />
    </div>
  );
}
