import Search from 'lucide-react/icons/search';
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '@/lib/i18n/language-context';
import { SearchBox } from './search-box';

// The phone's sheet (with the dialog library) loads when its button is first pointed at or opened.
const loadSheet = () => import('./search-sheet');
const SearchSheet = lazy(loadSheet);

/**
 * The dashboard header's search (spec §2): a box in the header from 768 px; on a phone, where the
 * header has no room, a button opening a sheet with the box and its results.
 */
export function HeaderSearch() {
  const { t } = useI18n();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [requested, setRequested] = useState(false);
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
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setRequested(true);
          setSheetOpen(true);
        }}
        className="grid size-11 place-items-center rounded-full border border-line bg-surface text-fg shadow-sm transition hover:bg-surface-muted md:hidden"
      >
        <Search aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('search.open')}</span>
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <SearchSheet open={sheetOpen} onOpenChange={setSheetOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
