import { buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useI18n } from '@/lib/i18n/language-context';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  onQuit(): void;
}

/** Escape asks before leaving: keep learning  or quit. */
export function QuitDialog({ open, onOpenChange, onQuit }: Props) {
  const { t } = useI18n();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('lesson.quit.title')}
      description={t('lesson.quit.description')}
      closeLabel={t('lesson.quit.close')}
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onQuit} className={buttonClasses({ variant: 'secondary' })}>
          {t('lesson.quit.confirm')}
        </button>
        <button type="button" onClick={() => onOpenChange(false)} className={buttonClasses()}>
          {t('lesson.quit.keep')}
        </button>
      </div>
    </Dialog>
  );
}
