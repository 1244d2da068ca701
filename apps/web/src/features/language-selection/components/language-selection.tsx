import type { TargetLanguage } from '@parla/shared/content.schema';
import type { LanguageOption } from '@parla/shared/lessons.schema';
import { clsx } from 'clsx';
import Check from 'lucide-react/icons/check';
import Lightbulb from 'lucide-react/icons/lightbulb';
import Users from 'lucide-react/icons/users';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { PageHeader } from '@/components/ui/page-header';
import { RetryPanel } from '@/components/ui/retry-panel';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { useCourses } from '@/lib/get-courses';
import { useI18n } from '@/lib/i18n/language-context';
import { numberFromShortScale } from '@/lib/i18n/short-scale';
import { useNavigate } from '@/lib/router';
import { useUpdateCourse } from '../api/update-course';
import { difficultyKey, filterLanguages, LANGUAGE_FILTERS, type LanguageFilter, popularityKey } from '../language-filters';

const DIFFICULTY_TONE: Record<LanguageOption['difficulty'], ChipTone> = { Easy: 'success', Medium: 'amber', Hard: 'danger' };

function LanguageCard({
  option,
  selected,
  current,
  onSelect,
}: {
  option: LanguageOption;
  selected: boolean;
  current: boolean;
  onSelect(): void;
}) {
  const { t } = useI18n();
  return (
    <li>
      <label
        className={clsx(
          'relative flex h-full cursor-pointer flex-col gap-3 rounded-3xl border-2 bg-surface p-5 shadow-sm transition',
          'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
          selected ? 'border-brand ring-4 ring-brand/15' : 'border-line hover:border-brand/60',
        )}
      >
        <input type="radio" name="course" value={option.code} checked={selected} onChange={onSelect} className="sr-only" />
        <span className="flex items-start gap-3">
          <span aria-hidden="true" className="text-4xl leading-none">
            {option.flag}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-lg font-bold leading-tight">{option.name}</span>
            <span className="block text-muted" lang={option.code}>
              {option.native_name}
            </span>
          </span>
          {selected ? (
            <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand text-on-brand">
              <Check aria-hidden="true" className="size-4" />
            </span>
          ) : null}
        </span>
        <span className="flex flex-wrap gap-2">
          {current ? (
            <Chip size="sm" tone="solid">
              {t('languages.current')}
            </Chip>
          ) : null}
          <Chip size="sm" tone={DIFFICULTY_TONE[option.difficulty]}>
            {t(difficultyKey(option.difficulty))}
          </Chip>
          <Chip size="sm">{t(popularityKey(option.popularity))}</Chip>
          <Chip size="sm" icon={<Users aria-hidden="true" className="size-3.5" />}>
            {t('languages.speakers', { count: numberFromShortScale(option.speakers), speakers: option.speakers })}
          </Chip>
        </span>
        <span className="text-sm text-muted">{option.description}</span>
      </label>
    </li>
  );
}

/** Spec §2/§4 language selection: filters, course cards, and Confirm only for a different choice. */
export function LanguageSelection() {
  const { t, language } = useI18n();
  const profile = useMe().data?.profile;
  const navigate = useNavigate();
  const courses = useCourses(language);
  const update = useUpdateCourse();
  const current = profile?.target_language;
  const [filter, setFilter] = useState<LanguageFilter>('all');
  // Nothing chosen yet means the current course (the profile may arrive after the first render).
  const [choice, setPending] = useState<TargetLanguage | undefined>(undefined);
  const pending = choice ?? current;
  const chosen = courses.data?.languages.find((option) => option.code === pending);
  const changed = pending !== undefined && pending !== current;

  function confirm() {
    if (!pending || !changed) return;
    update.mutate(
      { targetLanguage: pending, requestId: crypto.randomUUID() },
      {
        onSuccess: () => {
          notify.success(t('languages.changed', { language: chosen?.name ?? pending }));
          navigate(paths.app.dashboard);
        },
      },
    );
  }

  const filterLabels: Record<LanguageFilter, string> = {
    all: t('languages.filter.all'),
    easy: t('languages.filter.easy'),
    popular: t('languages.filter.popular'),
  };
  const visible = courses.data ? filterLanguages(courses.data.languages, filter) : [];

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <PageHeader
        back={{ to: paths.app.dashboard, label: t('languages.back') }}
        title={t('languages.title')}
        subtitle={t('languages.subtitle')}
      />

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('languages.filter.label')}</legend>
        {LANGUAGE_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
            className={buttonClasses({
              variant: filter === value ? 'primary' : 'secondary',
              size: 'sm',
              className: filter === value ? 'shadow-none' : undefined,
            })}
          >
            {filterLabels[value]}
          </button>
        ))}
      </fieldset>

      {courses.isError ? (
        <RetryPanel
          message={t('languages.loadFailed')}
          retryLabel={t('languages.retry')}
          onRetry={() => void courses.refetch()}
        />
      ) : courses.data ? (
        <fieldset>
          <legend className="sr-only">{t('languages.listLabel')}</legend>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((option) => (
              <LanguageCard
                key={option.code}
                option={option}
                selected={option.code === pending}
                current={option.code === current}
                onSelect={() => setPending(option.code)}
              />
            ))}
          </ul>
        </fieldset>
      ) : (
        <div role="status" aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">{t('common.loading')}</span>
          {[0, 1, 2, 3, 4, 5].map((item) => (
            <div key={item} className="h-48 rounded-3xl bg-surface-muted motion-safe:animate-pulse" />
          ))}
        </div>
      )}

      <aside
        aria-labelledby="language-tip"
        className="flex gap-3 rounded-3xl border border-amber-300 bg-amber-50 p-5 dark:border-amber-500/40 dark:bg-amber-500/10"
      >
        <Lightbulb aria-hidden="true" className="size-6 shrink-0 text-amber-600 dark:text-amber-300" />
        <div>
          <h2 id="language-tip" className="font-bold">
            {t('languages.tip.title')}
          </h2>
          <p className="text-fg/90">{t('languages.tip.text')}</p>
        </div>
      </aside>

      {changed ? (
        <div className="sticky bottom-24 z-20 flex flex-col gap-2 rounded-3xl border border-line bg-surface/95 p-4 shadow-xl backdrop-blur sm:flex-row sm:items-center md:bottom-6">
          <p className="flex-1 font-semibold" aria-live="polite">
            {update.isError ? (
              <span className="text-danger">{t('languages.saveFailed')}</span>
            ) : (
              t('languages.pending', { language: chosen?.name ?? pending })
            )}
          </p>
          <button type="button" onClick={confirm} disabled={update.isPending} className={buttonClasses({ size: 'lg' })}>
            {update.isPending ? t('languages.saving') : t('languages.confirm')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
