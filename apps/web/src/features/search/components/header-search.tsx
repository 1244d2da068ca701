import Search from 'lucide-react/icons/search';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useI18n } from '@/lib/i18n/language-context';
import { SearchBox } from './search-box';

/**
 * The dashboard header's search (spec §2): a box in the header from 768 px; on a phone, where the
 * header has no room, a button opening a sheet with the box and its results.
 */
export function HeaderSearch() {
  const { t } = useI18n();
  const [sheetOpen, setSheetOpen] = useState(false);
  return (
    <>
      <div className="hidden md:block">
        <SearchBox variant="inline" />
      </div>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={sheetOpen}
        title={t('search.open')}
        onClick={() => setSheetOpen(true)}
        className="grid size-11 place-items-center rounded-full border border-line bg-surface text-fg shadow-sm transition hover:bg-surface-muted md:hidden"
      >
        <Search aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('search.open')}</span>
      </button>
      <Dialog
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        title={t('search.label')}
        closeLabel={t('search.close')}
        layout="sheet"
        // A phone's whole width for the box and its results (the sheet's usual width leaves a strip).
        className="max-sm:w-full! max-sm:rounded-none!"
      >
        <SearchBox variant="sheet" onNavigate={() => setSheetOpen(false)} />
      </Dialog>
    </>
  );
}
