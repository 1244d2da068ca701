import { Dialog } from '@/components/ui/dialog';
import { useI18n } from '@/lib/i18n/language-context';

/** Spec §2: the demo modal only says the video is coming soon. */
export default function DemoDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('landing.demo.title')} closeLabel={t('common.close')}>
      <div
        aria-hidden="true"
        className="grid aspect-video place-items-center rounded-2xl bg-gradient-to-br from-brand to-violet-600 text-6xl"
      >
        🎬
      </div>
      <p className="text-base text-muted">{t('landing.demo.comingSoon')}</p>
    </Dialog>
  );
}
