import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { useNavigate } from '@/lib/router';
import { LessonMessage } from './lesson-message';

/** Spec §8: a lesson that cannot be started shows 'Error: No exercise data available' and Go Back. */
export function LessonError() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <LessonMessage icon="😕" title={t('lesson.error.title')}>
      <button
        type="button"
        onClick={() => navigate(paths.app.dashboard)}
        className={buttonClasses({ size: 'lg', className: 'w-full' })}
      >
        {t('lesson.error.back')}
      </button>
    </LessonMessage>
  );
}
