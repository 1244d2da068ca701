import type { CompletePracticeResponse } from '@parla/shared/practice.schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BackLink } from '@/components/ui/page-header';
import { RetryPanel } from '@/components/ui/retry-panel';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { useStartPractice } from '../api/start-practice';
import { PracticeQuiz } from './practice-quiz';
import { PracticeResults } from './practice-results';

/** Spec §2/§4 quick practice: a timed quiz from the learner's course, then the results. */
export function QuickPractice() {
  const { t } = useI18n();
  const start = useStartPractice();
  const [result, setResult] = useState<CompletePracticeResponse | null>(null);
  const started = useRef(false);
  const startMutate = start.mutate;

  const begin = useCallback(() => {
    setResult(null);
    startMutate({ requestId: crypto.randomUUID() });
  }, [startMutate]);

  // One session per visit, even when React runs effects twice in development.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    begin();
  }, [begin]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <div className="flex items-center gap-3">
        <BackLink to={paths.app.dashboard}>{t('practice.back')}</BackLink>
        <p className="ms-auto text-sm font-bold tracking-wide text-brand-text uppercase">{t('practice.title')}</p>
      </div>
      {result ? (
        <PracticeResults result={result} onAgain={begin} />
      ) : start.data && !start.isPending ? (
        <PracticeQuiz key={start.data.session_id} session={start.data} onComplete={setResult} />
      ) : start.isError ? (
        <RetryPanel message={t('practice.startFailed')} retryLabel={t('practice.retry')} onRetry={begin} />
      ) : (
        <div role="status" className="flex flex-col items-center gap-4 py-16 text-muted">
          <span
            aria-hidden="true"
            className="size-10 rounded-full border-4 border-brand-soft border-t-brand motion-safe:animate-spin"
          />
          {t('practice.loading')}
        </div>
      )}
    </div>
  );
}
