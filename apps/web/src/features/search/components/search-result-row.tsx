import type { SearchResult } from '@parla/shared/search.schema';
import { PROFICIENCY_LEVELS } from '@parla/shared/users.schema';
import { clsx } from 'clsx';
import BookOpen from 'lucide-react/icons/book-open';
import Check from 'lucide-react/icons/check';
import Languages from 'lucide-react/icons/languages';
import UserRound from 'lucide-react/icons/user-round';
import Volume2 from 'lucide-react/icons/volume-2';
import { useId } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { paths } from '@/config/paths';
import { courseName } from '@/lib/course-labels';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { canSynthesise } from '@/lib/speech';
import { SEARCH_ITEM } from '../search-item';
import { useSpeakWord } from '../use-speak-word';

const item = { [SEARCH_ITEM]: '' };

const rowLink =
  'flex flex-col gap-1 rounded-2xl p-3 text-start transition hover:bg-surface-muted focus-visible:bg-surface-muted ' +
  'focus-visible:outline-offset-[-2px]';

/**
 * A line of the result's own text (a title, a translation) in its own direction, aligned with the
 * interface like the dashboard's lessons: an English title sits at the start of an Arabic screen.
 */
function Line({
  id,
  lang,
  className,
  children,
}: {
  id?: string;
  lang?: string | undefined;
  className?: string;
  children: string;
}) {
  return (
    <span id={id} className={clsx('block break-words', className)}>
      <span dir="auto" lang={lang}>
        {children}
      </span>
    </span>
  );
}

const isLevel = (value: string): value is (typeof PROFICIENCY_LEVELS)[number] =>
  (PROFICIENCY_LEVELS as readonly string[]).includes(value);

/** The type badge and the difficulty, on one line above the result's title. */
function ResultMeta({ result }: { result: SearchResult }) {
  const { t } = useI18n();
  const badge = {
    lesson: { tone: 'brand', icon: BookOpen, label: t('search.type.lesson') },
    vocabulary: { tone: 'amber', icon: Languages, label: t('search.type.vocabulary') },
    friend: { tone: 'success', icon: UserRound, label: t('search.type.friend') },
  } as const;
  const { tone, icon: Icon, label } = badge[result.type];
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Chip tone={tone} size="sm" icon={<Icon aria-hidden="true" className="size-3.5" />}>
        {label}
      </Chip>
      {isLevel(result.difficulty) ? (
        <span className="text-xs font-semibold text-muted">{t(`setup.level.${result.difficulty}`)}</span>
      ) : null}
    </span>
  );
}

function LessonResult({ result, onNavigate }: { result: SearchResult; onNavigate(): void }) {
  return (
    <Link
      to={`${paths.app.lesson}/${encodeURIComponent(result.lesson_id ?? result.id)}`}
      onClick={onNavigate}
      className={rowLink}
      {...item}
    >
      <ResultMeta result={result} />
      <Line className="font-bold leading-tight">{result.title}</Line>
      {result.description ? <Line className="text-sm text-muted">{result.description}</Line> : null}
    </Link>
  );
}

function PersonResult({ result, onNavigate }: { result: SearchResult; onNavigate(): void }) {
  const { t, language } = useI18n();
  // The course's name in the interface language (the server names it in the native one).
  const course = result.language ? courseName(result.language, language) : result.description;
  return (
    <Link to={`${paths.app.friends}?learner=${encodeURIComponent(result.id)}`} onClick={onNavigate} className={rowLink} {...item}>
      <ResultMeta result={result} />
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-bold leading-tight break-words" dir="auto">
          {result.title}
        </span>
        {result.is_following ? (
          <span className="inline-flex items-center gap-1 text-xs font-semibold text-success">
            <Check aria-hidden="true" className="size-3.5" />
            {t('search.following')}
          </span>
        ) : null}
      </span>
      {course ? <span className="text-sm text-muted">{t('search.learns', { language: course })}</span> : null}
    </Link>
  );
}

function ListenWord({ word, language }: { word: string; language: string }) {
  const { t } = useI18n();
  const { speaking, play } = useSpeakWord(word, language);
  if (!canSynthesise()) return null;
  const label = t('search.listen', { word });
  return (
    <button
      type="button"
      onClick={play}
      aria-label={label}
      title={label}
      className={clsx(
        'grid size-10 shrink-0 place-items-center rounded-full border-2 border-line bg-surface text-brand-text transition hover:border-brand',
        speaking && 'border-brand bg-brand-soft',
      )}
      {...item}
    >
      <Volume2 aria-hidden="true" className="size-5" />
    </button>
  );
}

function WordResult({ result, onNavigate }: { result: SearchResult; onNavigate(): void }) {
  const { t } = useI18n();
  const wordId = useId();
  return (
    <div className="flex flex-col gap-2 rounded-2xl p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <ResultMeta result={result} />
        <Line id={wordId} lang={result.language} className="text-lg font-bold leading-tight">
          {result.title}
        </Line>
        {result.roman ? (
          <Line lang={result.language ? `${result.language}-Latn` : undefined} className="text-sm text-muted italic">
            {result.roman}
          </Line>
        ) : null}
        <Line className="text-sm">{result.description}</Line>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {result.language ? <ListenWord word={result.title} language={result.language} /> : null}
        {result.lesson_id ? (
          <Link
            to={`${paths.app.lesson}/${encodeURIComponent(result.lesson_id)}`}
            onClick={onNavigate}
            aria-describedby={wordId}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            {...item}
          >
            {t('search.openLesson')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/**
 * One result (spec §3 "Search item"): a lesson starts the lesson, a person opens their card on the
 * friends screen, a word shows its translation with a listen button and its lesson.
 */
export function SearchResultRow({ result, onNavigate }: { result: SearchResult; onNavigate(): void }) {
  if (result.type === 'lesson') return <LessonResult result={result} onNavigate={onNavigate} />;
  if (result.type === 'friend') return <PersonResult result={result} onNavigate={onNavigate} />;
  return <WordResult result={result} onNavigate={onNavigate} />;
}
