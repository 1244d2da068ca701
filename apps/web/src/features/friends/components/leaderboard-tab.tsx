import type { FriendsLeaderboard, LeaderboardRow, LeagueLeaderboard } from '@parla/shared/leagues.schema';
import { LEAGUE_TIERS } from '@parla/shared/leagues.schema';
import { clsx } from 'clsx';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Shield from 'lucide-react/icons/shield';
import Trophy from 'lucide-react/icons/trophy';
import { Fragment, type ReactNode } from 'react';
import { LearnerAvatar } from '@/components/ui/learner-avatar';
import { RetryPanel } from '@/components/ui/retry-panel';
import { TabSkeleton } from '@/components/ui/tab-skeleton';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { useLeaderboard } from '../api/friends-api';
import { type Board, type LeagueZone, zoneOf } from '../friends-rules';
import { learnerCardPath } from './learner-list';

/** One place on a board: rank (a trophy for the first), who, and the XP that ranks them. */
function BoardRow({ row, xp, zone = 'safe' }: { row: LeaderboardRow; xp: ReactNode; zone?: LeagueZone }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  return (
    <li
      aria-current={row.is_me ? 'true' : undefined}
      className={clsx(
        'flex items-center gap-3 rounded-2xl px-3 py-2.5',
        row.is_me ? 'bg-brand-soft ring-2 ring-brand' : 'bg-surface',
        zone === 'promotion' && !row.is_me && 'bg-success-soft/60',
        zone === 'demotion' && !row.is_me && 'bg-danger-soft/60',
      )}
    >
      <span className="grid w-8 shrink-0 place-items-center text-base font-extrabold tabular-nums">
        {row.rank === 1 ? (
          <Trophy role="img" aria-label={t('friends.board.first')} className="size-6 text-amber-500" />
        ) : (
          <span>
            <span className="sr-only">{t('friends.board.rank')} </span>
            {number.format(row.rank)}
          </span>
        )}
      </span>
      <LearnerAvatar userId={row.user_id} name={row.name} />
      <span className="flex min-w-0 flex-1 flex-col">
        {row.is_me ? (
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate font-bold">{row.name}</span>
            <span className="shrink-0 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-on-brand">
              {t('friends.board.you')}
            </span>
          </span>
        ) : (
          <Link
            to={learnerCardPath(row.user_id, 'leaderboard')}
            className="truncate font-bold underline-offset-4 hover:underline"
          >
            {row.name}
          </Link>
        )}
        <span className="text-sm text-muted">{t('friends.level', { level: number.format(row.level) })}</span>
      </span>
      <span className="shrink-0 text-end text-sm">{xp}</span>
    </li>
  );
}

function FriendsBoard({ board }: { board: FriendsLeaderboard }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-2" aria-label={t('friends.board.friendsLabel')}>
        {board.items.map((row) => (
          <BoardRow
            key={row.user_id}
            row={row}
            xp={
              <>
                <span className="block font-bold">{t('friends.xp', { xp: number.format(row.total_xp) })}</span>
                <span className="block text-muted">{t('friends.board.weekXp', { xp: number.format(row.week_xp) })}</span>
              </>
            }
          />
        ))}
      </ol>
      {board.items.length <= 1 ? <p className="text-center text-muted">{t('friends.board.friendsEmpty')}</p> : null}
    </div>
  );
}

function ZoneHeading({ zone, count }: { zone: 'promotion' | 'demotion'; count: number }) {
  const { t } = useI18n();
  const Icon = zone === 'promotion' ? ArrowUp : ArrowDown;
  return (
    <li
      className={clsx(
        'flex items-center gap-2 px-3 pt-2 text-sm font-bold',
        zone === 'promotion' ? 'text-success' : 'text-danger',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {zone === 'promotion' ? t('friends.league.promotion', { count }) : t('friends.league.demotion', { count })}
    </li>
  );
}

function LeagueBoard({ league }: { league: LeagueLeaderboard }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const tierName = t(`friends.league.tier${league.tier}`);
  const demoted = league.demotion_from === null ? 0 : Math.max(0, league.cohort_size - league.demotion_from + 1);
  const zones = league.items.map((row) => zoneOf(row.rank, league));
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby="league-name"
        className="flex items-center gap-4 rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 p-5 text-white shadow-lg"
      >
        <span aria-hidden="true" className="grid size-14 shrink-0 place-items-center rounded-2xl bg-white/15">
          <Shield className="size-7" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h2 id="league-name" className="text-xl font-extrabold">
            {tierName}
          </h2>
          <p className="text-indigo-100">
            {t('friends.league.tierOf', { tier: number.format(league.tier), tiers: number.format(LEAGUE_TIERS) })}
            {' · '}
            {league.days_left > 0 ? t('friends.league.daysLeft', { count: league.days_left }) : t('friends.league.endsToday')}
          </p>
        </div>
        {league.my_rank !== null ? (
          <p className="shrink-0 text-end text-lg font-bold">
            {t('friends.league.myRank', { rank: number.format(league.my_rank), size: number.format(league.cohort_size) })}
          </p>
        ) : null}
      </section>
      {league.placed ? (
        <ol className="flex flex-col gap-2" aria-label={tierName}>
          {league.items.map((row, index) => {
            const zone = zones[index] ?? 'safe';
            const startsZone = zone !== 'safe' && zones[index - 1] !== zone;
            return (
              <Fragment key={row.user_id}>
                {startsZone ? <ZoneHeading zone={zone} count={zone === 'promotion' ? league.promotion_until : demoted} /> : null}
                <BoardRow
                  row={row}
                  zone={zone}
                  xp={<span className="font-bold">{t('friends.board.weekXp', { xp: number.format(row.week_xp) })}</span>}
                />
              </Fragment>
            );
          })}
        </ol>
      ) : (
        <p className="rounded-3xl border border-dashed border-line p-6 text-center text-muted">{t('friends.league.notPlaced')}</p>
      )}
    </div>
  );
}

/** Spec §2 "Leaderboard": the friends board by XP, and this week's league. */
export function LeaderboardTab({ board, onBoard }: { board: Board; onBoard(board: Board): void }) {
  const { t } = useI18n();
  const data = useLeaderboard(board);
  const boards = [
    { id: 'friends', label: t('friends.board.friends') },
    { id: 'league', label: t('friends.board.league') },
  ] as const;
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex gap-1 self-start rounded-full bg-surface-muted p-1">
        <legend className="sr-only">{t('friends.board.label')}</legend>
        {boards.map((option) => (
          <button
            key={option.id}
            type="button"
            aria-pressed={board === option.id}
            onClick={() => onBoard(option.id)}
            className={clsx(
              'min-h-11 rounded-full px-4 text-sm font-bold transition',
              board === option.id ? 'bg-surface text-brand-text shadow-sm' : 'text-muted hover:text-fg',
            )}
          >
            {option.label}
          </button>
        ))}
      </fieldset>
      {data.data ? (
        data.data.scope === 'league' ? (
          <LeagueBoard league={data.data} />
        ) : (
          <FriendsBoard board={data.data} />
        )
      ) : data.isError ? (
        <RetryPanel message={t('friends.loadFailed')} retryLabel={t('friends.retry')} onRetry={() => void data.refetch()} />
      ) : (
        <TabSkeleton heights={['h-16', 'h-16', 'h-16', 'h-16']} />
      )}
    </div>
  );
}
