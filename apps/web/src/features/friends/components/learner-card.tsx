import { useMutation, useQueryClient } from '@tanstack/react-query';
import Ban from 'lucide-react/icons/ban';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LearnerAvatar } from '@/components/ui/learner-avatar';
import { notify } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { courseName } from '@/lib/course-labels';
import { useI18n } from '@/lib/i18n/language-context';
import { applyBlock, blockLearner, useLearner } from '../api/friends-api';
import { FollowButton } from './follow-button';
import { LearnerFacts } from './learner-facts';
import { canMessage, MessageLink } from './learner-list';

/**
 * A learner's card (issue 16): who they are, follow or unfollow, message (when both follow each
 * other) and block. Opened by the address (`?learner=<id>`), so a search result or a notification
 * can open it too.
 */
export function LearnerCard({ userId, onClose }: { userId: string; onClose(): void }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const learner = useLearner(userId);
  const [confirming, setConfirming] = useState(false);
  const block = useMutation({
    mutationFn: () => blockLearner(userId),
    onSuccess: () => {
      const name = learner.data?.name ?? '';
      applyBlock(queryClient, userId);
      notify.success(t('friends.card.blocked', { name }));
      onClose();
    },
    onError: () => notify.error(t('friends.card.blockFailed')),
  });
  const data = learner.data;
  const notFound = learner.error instanceof ApiError && learner.error.status === 404;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={data ? data.name : notFound ? t('friends.card.notFoundTitle') : t('common.loading')}
      closeLabel={t('common.close')}
    >
      {data ? (
        <div className="flex flex-col gap-5">
          <div className="flex items-center gap-4">
            <LearnerAvatar userId={data.user_id} name={data.name} online={data.online} size="lg" />
            <div className="flex min-w-0 flex-col gap-1">
              <p className="font-semibold">{t('friends.card.learning', { language: courseName(data.course, language) })}</p>
              <LearnerFacts learner={data} />
              {data.follows_me ? <p className="text-sm font-semibold text-brand-text">{t('friends.followsYou')}</p> : null}
            </div>
          </div>
          {data.level === null ? (
            <p className="text-sm text-muted">{t('friends.card.privateNote', { name: data.name })}</p>
          ) : null}
          {confirming ? (
            <fieldset className="flex flex-col gap-3 rounded-2xl bg-danger-soft p-4">
              <legend className="float-start font-semibold text-fg">{t('friends.card.blockConfirm', { name: data.name })}</legend>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={block.isPending}
                  onClick={() => block.mutate()}
                  className={buttonClasses({
                    size: 'sm',
                    className: 'min-h-11 bg-red-700 text-white shadow-none hover:bg-red-800',
                  })}
                >
                  {t('friends.card.blockYes', { name: data.name })}
                </button>
                <button
                  type="button"
                  onClick={() => setConfirming(false)}
                  className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'min-h-11' })}
                >
                  {t('common.cancel')}
                </button>
              </div>
            </fieldset>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <FollowButton userId={data.user_id} name={data.name} following={data.following} />
              {canMessage(data) ? (
                <MessageLink learner={data} />
              ) : (
                <p className="text-sm text-muted">{t('friends.card.mutualOnly')}</p>
              )}
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'ms-auto min-h-11 text-danger!' })}
              >
                <Ban aria-hidden="true" className="size-4" />
                {t('friends.card.block')}
              </button>
            </div>
          )}
        </div>
      ) : notFound ? (
        <p>{t('friends.card.notFound')}</p>
      ) : learner.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{t('friends.loadFailed')}</p>
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            onClick={() => void learner.refetch()}
          >
            {t('friends.retry')}
          </button>
        </div>
      ) : (
        <div aria-busy="true" className="h-24 rounded-2xl bg-surface-muted motion-safe:animate-pulse" />
      )}
    </Dialog>
  );
}
