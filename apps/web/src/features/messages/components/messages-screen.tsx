import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';

/** Conversations between learners who follow each other (issue 16). */
export function MessagesScreen() {
  const { t } = useI18n();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <PageHeader title={t('title.messages')} back={{ to: paths.app.friends, label: t('progress.back') }} />
    </div>
  );
}
