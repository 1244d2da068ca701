import { Dialog } from '@/components/ui/dialog';
import { useI18n } from '@/lib/i18n/language-context';
import { SearchBox } from './search-box';

/** The phone's search: a full-width sheet with the box and its results (loaded on first use). */
export default function SearchSheet({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useI18n();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('search.label')}
      closeLabel={t('search.close')}
      layout="sheet"
      // A phone's whole width for the box and its results (the sheet's usual width leaves a strip).
      className="max-sm:w-full! max-sm:rounded-none!"
    >
      <SearchBox variant="sheet" onNavigate={() => onOpenChange(false)} />
    </Dialog>
  );
}
