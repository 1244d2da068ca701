import { type ProgressSkillsResponse, SKILLS, type Skill } from '@parla/shared/progress.schema';
import BookOpenText from 'lucide-react/icons/book-open-text';
import Ear from 'lucide-react/icons/ear';
import Mic from 'lucide-react/icons/mic';
import PenLine from 'lucide-react/icons/pen-line';
import Repeat from 'lucide-react/icons/repeat';
import type { ComponentType } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { ProgressBar } from '@/components/ui/progress-bar';
import { RetryPanel } from '@/components/ui/retry-panel';
import { StatCard } from '@/components/ui/stat-card';
import { TabSkeleton } from '@/components/ui/tab-skeleton';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { useProgressSkills } from '../api/get-progress-skills';

const SKILL_ICONS: Record<Skill, ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>> = {
  speaking: Mic,
  reading: BookOpenText,
  listening: Ear,
  writing: PenLine,
};

/** A ring filled to `percent` (plain SVG: a circle drawn along a path of length 100). */
function Ring({ percent }: { percent: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 44 44" className="size-20 -rotate-90">
      <circle cx="22" cy="22" r="18" fill="none" strokeWidth="5" className="stroke-surface-muted" />
      {percent > 0 ? (
        <circle
          cx="22"
          cy="22"
          r="18"
          fill="none"
          strokeWidth="5"
          strokeLinecap="round"
          pathLength={100}
          strokeDasharray={`${percent} 100`}
          className="stroke-brand motion-safe:transition-[stroke-dasharray] motion-safe:duration-500"
        />
      ) : null}
    </svg>
  );
}

function SkillsOverview({ overview }: { overview: ProgressSkillsResponse['overview'] }) {
  const { t, language } = useI18n();
  const percent = new Intl.NumberFormat(language, { style: 'percent' });
  const number = new Intl.NumberFormat(language);
  return (
    <section
      aria-labelledby="progress-skills-overview"
      className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 shadow-sm"
    >
      <h2 id="progress-skills-overview" className="text-lg font-bold">
        {t('progress.skills.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {SKILLS.map((skill) => {
          const score = overview[skill];
          const Icon = SKILL_ICONS[skill];
          return (
            <li key={skill} className="flex flex-col items-center gap-2 text-center">
              <span className="relative grid place-items-center">
                <Ring percent={score.percent} />
                <span className="absolute text-base font-extrabold">{percent.format(score.percent / 100)}</span>
              </span>
              <span className="flex items-center gap-1.5 font-bold">
                <Icon aria-hidden="true" className="size-4 text-brand-text" />
                {t(`progress.skills.${skill}`)}
              </span>
              <span className="text-xs text-muted">
                {score.answered > 0
                  ? t('progress.skills.answers', { correct: number.format(score.correct), count: score.answered })
                  : t('progress.skills.noAnswers')}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Units({ units }: { units: ProgressSkillsResponse['units'] }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent' });
  return (
    <section aria-labelledby="progress-units" className="flex flex-col gap-3">
      <h2 id="progress-units" className="text-lg font-bold">
        {t('progress.units.title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {units.map((unit) => (
          <li key={unit.id} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm">
            <div className="flex items-start gap-3">
              <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-soft text-2xl">
                {unit.icon}
              </span>
              <div className="min-w-0 flex-1">
                <h3 className="font-bold" dir="auto">
                  {unit.title}
                </h3>
                <p className="text-sm text-muted">
                  {t('progress.units.words', { learned: number.format(unit.words_learned), count: unit.words })}
                  {' · '}
                  {t('progress.units.lessons', { completed: number.format(unit.lessons_completed), count: unit.lessons })}
                </p>
              </div>
              <Chip size="sm" tone={unit.percent >= 100 ? 'success' : 'brand'}>
                {unit.level}
              </Chip>
            </div>
            <div className="flex items-center gap-3">
              <ProgressBar
                label={t('progress.units.progress', { unit: unit.title })}
                value={unit.percent}
                tone={unit.percent >= 100 ? 'success' : 'brand'}
                size="sm"
                className="flex-1"
              />
              <span className="w-12 text-end text-sm font-bold">{percent.format(unit.percent / 100)}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Deck({ deck }: { deck: ProgressSkillsResponse['deck'] }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent' });
  return (
    <section aria-labelledby="progress-deck" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="progress-deck" className="text-lg font-bold">
          {t('progress.deck.title')}
        </h2>
        {deck.due_now > 0 ? (
          <Link to={paths.app.review} className={buttonClasses({ size: 'sm' })}>
            <Repeat aria-hidden="true" className="size-4" />
            {t('progress.deck.review', { count: deck.due_now })}
          </Link>
        ) : null}
      </div>
      {deck.cards > 0 ? (
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard label={t('progress.deck.cards')}>{number.format(deck.cards)}</StatCard>
          <StatCard label={t('progress.deck.due')}>{number.format(deck.due_now)}</StatCard>
          <StatCard label={t('progress.deck.learned')}>{number.format(deck.learned)}</StatCard>
          <StatCard label={t('progress.deck.recall')}>
            {deck.recall_percent === null ? '–' : percent.format(deck.recall_percent / 100)}
          </StatCard>
        </dl>
      ) : (
        <p className="rounded-2xl border border-dashed border-line p-4 text-muted">{t('progress.deck.empty')}</p>
      )}
    </section>
  );
}

/** Spec §2 Skills: the four skills as rings, the course's units with level, words and percent, the review deck. */
export function SkillsTab() {
  const { t } = useI18n();
  const skills = useProgressSkills();
  if (skills.data)
    return (
      <div className="flex flex-col gap-6">
        <SkillsOverview overview={skills.data.overview} />
        <Deck deck={skills.data.deck} />
        <Units units={skills.data.units} />
      </div>
    );
  if (skills.isError)
    return (
      <RetryPanel message={t('progress.loadFailed')} retryLabel={t('progress.retry')} onRetry={() => void skills.refetch()} />
    );
  return <TabSkeleton />;
}
