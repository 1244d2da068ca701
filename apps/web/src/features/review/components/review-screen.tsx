import type { CompletePracticeResponse } from '@parla/shared/practice.schema';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { BackLink } from '@/components/ui/page-header';
import { RetryPanel } from '@/components/ui/retry-panel';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/language-context';
import { useSearchParams } from '@/lib/router';
import { useReviewDue } from '../api/get-review-due';
import { useStartReview } from '../api/start-review';
import { ReviewEmpty } from './review-empty';
import { ReviewRound } from './review-round';
import { ReviewSummary } from './review-summary';

function Loading() {
  const { t } = useI18n();
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-16 text-muted">
      <span
        aria-hidden="true"
        className="size-10 rounded-full border-4 border-brand-soft border-t-brand motion-safe:animate-spin"
      />
      {t('review.loading')}
    </div>
  );
}

/**
 * The review screen: the learner's due FSRS cards as a round of questions, the summary with the XP
 * earned, or — nothing due — when the next word will be. With `?lesson=<id>` (a finished lesson's
 * Review button): that lesson's words, due or not.
 */
export function ReviewScreen() {
  const { t } = useI18n();
  const lessonId = useSearchParams().get('lesson') ?? undefined;
  const due = useReviewDue();
  const start = useStartReview();
  const [result, setResult] = useState<CompletePracticeResponse | null>(null);
  const started = useRef(false);
  const startMutate = start.mutate;
  const refetchDue = due.refetch;

  const begin = useCallback(() => {
    started.current = true;
    setResult(null);
    // Nothing due after all (answered on another device): the count is stale, the empty state shows.
    startMutate(
      { requestId: crypto.randomUUID(), lessonId },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'nothing_due') void refetchDue();
        },
      },
    );
  }, [startMutate, refetchDue, lessonId]);

  // One round per visit once words are due (a lesson's words at once), even when React runs
  // effects twice in development.
  const dueCount = due.data?.due_count ?? 0;
  useEffect(() => {
    if (started.current || (dueCount === 0 && !lessonId)) return;
    begin();
  }, [dueCount, begin, lessonId]);

  const nothingDue = start.error instanceof ApiError && start.error.code === 'nothing_due';
  let body: ReactNode;
  if (result) body = <ReviewSummary result={result} onAgain={begin} />;
  else if (start.data && !start.isPending)
    body = <ReviewRound key={start.data.session_id} session={start.data} onComplete={setResult} />;
  else if (start.isError && !nothingDue)
    body = <RetryPanel message={t('review.startFailed')} retryLabel={t('review.retry')} onRetry={begin} />;
  else if (due.isError && !due.data)
    body = <RetryPanel message={t('review.loadFailed')} retryLabel={t('review.retry')} onRetry={() => void due.refetch()} />;
  else if (due.data && due.data.due_count === 0 && !start.isPending && (!started.current || nothingDue))
    body = (
      <ReviewEmpty
        deck={due.data}
        onDue={() => {
          started.current = false;
          start.reset();
          void refetchDue();
        }}
      />
    );
  else body = <Loading />;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <div className="flex items-center gap-3">
        <BackLink to={paths.app.dashboard}>{t('review.back')}</BackLink>
        <p className="ms-auto text-sm font-bold tracking-wide text-brand-text uppercase">{t('review.title')}</p>
      </div>
      {body}
    </div>
  );
}
