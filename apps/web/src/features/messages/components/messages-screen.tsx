import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { useParams } from '@/lib/router';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';

/** Conversations between learners who follow each other (issue 16): the list, or one conversation (`/app/messages/:id`). */
export function MessagesScreen() {
  const { t } = useI18n();
  const { id } = useParams();
  if (id) return <ConversationView key={id} otherId={id} />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <PageHeader
        title={t('title.messages')}
        subtitle={t('messages.list.subtitle')}
        back={{ to: paths.app.friends, label: t('nav.friends') }}
      />
      <ConversationList />
    </div>
  );
}
