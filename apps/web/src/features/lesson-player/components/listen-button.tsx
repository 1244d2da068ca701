import { clsx } from 'clsx';
import Volume2 from 'lucide-react/icons/volume-2';
import { useI18n } from '@/lib/i18n/language-context';
import { canSynthesise } from '@/lib/speech';
import { useHoldToSpeak } from '../use-hold-to-speak';

/** Press and hold to hear `text` read aloud; absent where the browser cannot speak. */
export function ListenButton({ text, locale }: { text: string; locale: string }) {
  const { t } = useI18n();
  const { holding, speaking, handlers } = useHoldToSpeak(text, locale);
  if (!canSynthesise()) return null;
  return (
    <button
      type="button"
      {...handlers}
      aria-label={t('lesson.listen')}
      title={t('lesson.listen')}
      className={clsx(
        'relative inline-flex size-11 shrink-0 touch-none items-center justify-center overflow-hidden rounded-full border-2 border-line bg-surface text-brand-text transition select-none hover:border-brand',
        (holding || speaking) && 'border-brand bg-brand-soft',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'absolute inset-0 origin-bottom bg-brand/25',
          holding ? 'scale-y-100 motion-safe:transition-transform motion-safe:duration-800 motion-safe:ease-linear' : 'scale-y-0',
        )}
      />
      <Volume2 aria-hidden="true" className="relative size-5" />
    </button>
  );
}
