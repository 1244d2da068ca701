import Search from 'lucide-react/icons/search';
import { useId, useState } from 'react';
import { RetryPanel } from '@/components/ui/retry-panel';
import { TabSkeleton } from '@/components/ui/tab-skeleton';
import { useI18n } from '@/lib/i18n/language-context';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFriends } from '../api/friends-api';
import { FollowButton } from './follow-button';
import { canMessage, LearnerListItem, MessageLink } from './learner-list';

/** Spec §2 "My friends": the people I follow, searchable by name or language, with message and follow buttons. */
export function FriendsTab({ onFindPeople }: { onFindPeople(): void }) {
  const { t } = useI18n();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), 250);
  const friends = useFriends(q);

  return (
    <div className="flex flex-col gap-4">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t('friends.search.label')}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-muted" />
        <input
          id={searchId}
          type="search"
          value={query}
          maxLength={100}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('friends.search.placeholder')}
          className="h-12 w-full rounded-2xl border-2 border-line bg-surface ps-12 pe-4 text-base text-fg placeholder:text-muted/80 hover:border-brand/60 focus:border-brand"
        />
      </div>
      {friends.data ? (
        friends.data.items.length > 0 ? (
          <ul className="flex flex-col gap-3" aria-busy={friends.isFetching && q !== ''}>
            {friends.data.items.map((friend) => (
              <LearnerListItem
                key={friend.user_id}
                learner={friend}
                tab="friends"
                actions={
                  <>
                    {canMessage(friend) ? <MessageLink learner={friend} /> : null}
                    <FollowButton userId={friend.user_id} name={friend.name} following={friend.following} />
                  </>
                }
              />
            ))}
          </ul>
        ) : q ? (
          <p role="status" className="rounded-3xl border border-dashed border-line p-6 text-center text-muted">
            {t('friends.emptySearch', { query: q })}
          </p>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-line p-6 text-center">
            <p className="text-muted">{t('friends.empty')}</p>
            <button type="button" className="font-semibold text-brand-text underline underline-offset-4" onClick={onFindPeople}>
              {t('friends.findPeople')}
            </button>
          </div>
        )
      ) : friends.isError ? (
        <RetryPanel message={t('friends.loadFailed')} retryLabel={t('friends.retry')} onRetry={() => void friends.refetch()} />
      ) : (
        <TabSkeleton heights={['h-20', 'h-20', 'h-20']} />
      )}
    </div>
  );
}
