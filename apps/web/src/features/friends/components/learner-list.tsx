import type { Friend } from '@parla/shared/social.schema';
import MessageCircle from 'lucide-react/icons/message-circle';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { LearnerAvatar } from '@/components/ui/learner-avatar';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { LearnerFacts } from './learner-facts';

/** The address that opens a learner's card over the friends screen. */
export const learnerCardPath = (userId: string, tab: string) =>
  `${paths.app.friends}?${new URLSearchParams({ ...(tab === 'friends' ? {} : { tab }), learner: userId })}`;

/** Messages go between learners who follow each other (issue 16). */
export const canMessage = (learner: Pick<Friend, 'following' | 'follows_me'>) => learner.following && learner.follows_me;

export function MessageLink({ learner }: { learner: Pick<Friend, 'user_id' | 'name'> }) {
  const { t } = useI18n();
  return (
    <Link
      to={`${paths.app.messages}/${learner.user_id}`}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'min-h-11 sm:min-h-9' })}
    >
      <MessageCircle aria-hidden="true" className="size-4" />
      {t('friends.message')} <span className="sr-only">{learner.name}</span>
    </Link>
  );
}

/** One learner in a list: avatar, name (opening their card), facts, a note, and the row's actions. */
export function LearnerListItem({
  learner,
  tab,
  note,
  actions,
}: {
  learner: Friend;
  tab: string;
  note?: ReactNode;
  actions: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <li className="flex flex-col gap-3 rounded-3xl border border-line bg-surface p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <LearnerAvatar userId={learner.user_id} name={learner.name} online={learner.online} />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex flex-wrap items-center gap-x-2">
            <Link
              to={learnerCardPath(learner.user_id, tab)}
              className="truncate text-base font-bold text-fg underline-offset-4 hover:underline"
            >
              {learner.name}
            </Link>
            {learner.online ? <span className="sr-only">{t('friends.online')}</span> : null}
            {learner.follows_me ? (
              <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-semibold text-muted">
                {t('friends.followsYou')}
              </span>
            ) : null}
          </p>
          <LearnerFacts learner={learner} />
          {note ? <p className="text-sm font-semibold text-brand-text">{note}</p> : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 sm:justify-end">{actions}</div>
    </li>
  );
}
