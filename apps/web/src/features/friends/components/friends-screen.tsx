import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';

/** Spec §2 Friends: my friends, the leaderboard and suggestions. */
export function FriendsScreen() {
  const { t } = useI18n();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <PageHeader title={t('title.friends')} back={{ to: paths.app.dashboard, label: t('progress.back') }} />
    </div>
  );
}
