import type { Friend } from '@parla/shared/social.schema';
import Flame from 'lucide-react/icons/flame';
import Lock from 'lucide-react/icons/lock';
import Zap from 'lucide-react/icons/zap';
import { COURSE_FLAGS, courseName } from '@/lib/course-labels';
import { useI18n } from '@/lib/i18n/language-context';
import { relativeTime } from '@/lib/relative-time';

/** Spec §3 "Friend": the course, level, XP and streak, and whether they are online or when they last were. */
export function LearnerFacts({ learner }: { learner: Friend }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  if (learner.level === null) {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <span>
          <span aria-hidden="true">{COURSE_FLAGS[learner.course]} </span>
          {courseName(learner.course, language)}
        </span>
        <span className="inline-flex items-center gap-1">
          <Lock aria-hidden="true" className="size-3.5" />
          {t('friends.private')}
        </span>
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
      <span>
        <span aria-hidden="true">{COURSE_FLAGS[learner.course]} </span>
        {courseName(learner.course, language)}
      </span>
      <span>{t('friends.level', { level: number.format(learner.level) })}</span>
      <span className="inline-flex items-center gap-1">
        <Zap aria-hidden="true" className="size-3.5 text-amber-600 dark:text-amber-300" />
        {t('friends.xp', { xp: number.format(learner.total_xp ?? 0) })}
      </span>
      <span className="inline-flex items-center gap-1">
        <Flame aria-hidden="true" className="size-3.5 text-orange-600 dark:text-orange-300" />
        {t('friends.streak', { count: learner.streak ?? 0 })}
      </span>
      {learner.online ? (
        <span className="font-semibold text-success">{t('friends.online')}</span>
      ) : learner.last_seen_at ? (
        <span>{t('friends.lastSeen', { time: relativeTime(learner.last_seen_at, language) })}</span>
      ) : null}
    </p>
  );
}
