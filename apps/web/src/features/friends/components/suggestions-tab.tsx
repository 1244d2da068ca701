import type { Suggestion } from '@parla/shared/social.schema';
import { RetryPanel } from '@/components/ui/retry-panel';
import { TabSkeleton } from '@/components/ui/tab-skeleton';
import { courseName } from '@/lib/course-labels';
import { useI18n } from '@/lib/i18n/language-context';
import { useSuggestions } from '../api/friends-api';
import { FollowButton } from './follow-button';
import { LearnerListItem } from './learner-list';

/** Spec §2 "Suggestions": learners followed by people I follow first, then learners of my course. */
export function SuggestionsTab() {
  const { t, language } = useI18n();
  const suggestions = useSuggestions();
  const reason = (item: Suggestion) =>
    item.reason === 'mutual'
      ? t('friends.suggestions.mutual', { count: item.mutual_count })
      : t('friends.suggestions.sameCourse', { language: courseName(item.course, language) });

  if (suggestions.isError)
    return (
      <RetryPanel message={t('friends.loadFailed')} retryLabel={t('friends.retry')} onRetry={() => void suggestions.refetch()} />
    );
  if (!suggestions.data) return <TabSkeleton heights={['h-20', 'h-20', 'h-20']} />;
  if (suggestions.data.items.length === 0)
    return (
      <p className="rounded-3xl border border-dashed border-line p-6 text-center text-muted">{t('friends.suggestions.empty')}</p>
    );
  return (
    <ul className="flex flex-col gap-3">
      {suggestions.data.items.map((item) => (
        <LearnerListItem
          key={item.user_id}
          learner={item}
          tab="suggestions"
          note={reason(item)}
          actions={<FollowButton userId={item.user_id} name={item.name} following={item.following} idle="addFriend" />}
        />
      ))}
    </ul>
  );
}
