import MessageCircle from 'lucide-react/icons/message-circle';
import { lazy, Suspense } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { useFriends, useSuggestions } from '../api/friends-api';
import { type Board, boardOf, type FriendsTab, friendsTabOf } from '../friends-rules';
import { FriendsTab as FriendsList } from './friends-tab';
import { LeaderboardTab } from './leaderboard-tab';
import { SuggestionsTab } from './suggestions-tab';

// The card (and the dialog code under it) loads when a card is first opened, not with the screen.
const LearnerCard = lazy(() => import('./learner-card').then((module) => ({ default: module.LearnerCard })));

const addressOf = (tab: FriendsTab, board: Board, learner: string | null) => {
  const query = new URLSearchParams();
  if (tab !== 'friends') query.set('tab', tab);
  if (tab === 'leaderboard' && board === 'league') query.set('board', 'league');
  if (learner) query.set('learner', learner);
  const search = query.toString();
  return search ? `${paths.app.friends}?${search}` : paths.app.friends;
};

/**
 * Spec §2 Friends: the three tabs (My friends with its count, Leaderboard, Suggestions with its
 * count). The tab, the board and an open learner card are in the address, so a link (a search
 * result, a notification) can open any of them.
 */
export function FriendsScreen() {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const params = useSearchParams();
  const tab = friendsTabOf(params.get('tab'));
  const board = boardOf(params.get('board'));
  const learner = params.get('learner');
  const friendsCount = useFriends('').data?.total;
  const suggestionsCount = useSuggestions().data?.items.length;
  const number = new Intl.NumberFormat(language);
  const tabs = [
    {
      id: 'friends',
      label:
        friendsCount === undefined
          ? t('friends.tabs.friends')
          : t('friends.tabs.friendsCount', { count: number.format(friendsCount) }),
    },
    { id: 'leaderboard', label: t('friends.tabs.leaderboard') },
    {
      id: 'suggestions',
      label:
        suggestionsCount === undefined
          ? t('friends.tabs.suggestions')
          : t('friends.tabs.suggestionsCount', { count: number.format(suggestionsCount) }),
    },
  ] as const;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <PageHeader
        title={t('title.friends')}
        subtitle={t('friends.subtitle')}
        back={{ to: paths.app.dashboard, label: t('friends.back') }}
        actions={
          <Link
            to={paths.app.messages}
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'min-h-11 shrink-0' })}
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            {t('friends.messages')}
          </Link>
        }
      />
      <Tabs
        label={t('friends.tabs.label')}
        tabs={tabs}
        selected={tab}
        columns="grid-cols-3"
        onSelect={(next) => navigate(addressOf(next, board, null), { replace: true })}
        renderPanel={(id) =>
          id === 'friends' ? (
            <FriendsList onFindPeople={() => navigate(addressOf('suggestions', board, null), { replace: true })} />
          ) : id === 'leaderboard' ? (
            <LeaderboardTab board={board} onBoard={(next) => navigate(addressOf(tab, next, null), { replace: true })} />
          ) : (
            <SuggestionsTab />
          )
        }
      />
      {learner ? (
        <Suspense fallback={null}>
          <LearnerCard key={learner} userId={learner} onClose={() => navigate(addressOf(tab, board, null), { replace: true })} />
        </Suspense>
      ) : null}
    </div>
  );
}
