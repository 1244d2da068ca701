import { clsx } from 'clsx';
import Search from 'lucide-react/icons/search';
import { type FocusEvent, type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/language-context';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SEARCH_MIN_LENGTH, useSearch } from '../api/search';
import { SEARCH_ITEM } from '../search-item';

// The results' code loads when the box is first focused, not with the dashboard: on its first load
// it would cost the page's main thread for something not yet asked for.
const loadRow = () => import('./search-result-row');
const SearchResultRow = lazy(() => loadRow().then((module) => ({ default: module.SearchResultRow })));

/** Spec §2: the search asks once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The search form (a search landmark) and its live results list. Not a combobox: a word's result
 * holds two controls (listen, open its lesson), which a listbox option cannot. Focus moves for
 * real instead: ↓ from the box (or Enter) goes to the first result's control, ↑/↓ move between
 * them, ↑ from the first returns to the box, and Escape closes the list and returns to the box
 * (in the phone's sheet, Escape closes the sheet and returns to its button). The count is
 * announced politely once an answer settles.
 *
 * `inline`: in the header, the list drops below the box while it has focus. `sheet`: inside the
 * phone's dialog, the box takes focus and the list sits under it.
 */
export function SearchBox({ variant, onNavigate }: { variant: 'inline' | 'sheet'; onNavigate?: () => void }) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const trimmed = text.trim();
  const term = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const search = useSearch(term);

  useEffect(() => {
    if (variant !== 'sheet') return;
    // After the dialog has noted what to return focus to and focused its first control (Close).
    const timer = setTimeout(() => input.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [variant]);

  const searching = trimmed.length >= SEARCH_MIN_LENGTH;
  const answer = searching ? search.data : undefined;
  const settled = searching && term === trimmed && !search.isFetching && answer?.query === term;
  const failed = searching && term === trimmed && search.isError && !search.isFetching;
  const announcement = failed
    ? ''
    : settled && answer
      ? answer.results.length === 0
        ? t('search.empty', { query: answer.query })
        : t('search.count', { count: answer.results.length })
      : '';

  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>(`[${SEARCH_ITEM}]`) ?? []);
  const close = () => {
    setOpen(false);
    onNavigate?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const fromBox = document.activeElement === input.current;
    let target: HTMLElement | undefined;
    if (event.key === 'ArrowDown' && (fromBox || index >= 0)) target = list[Math.min(index + 1, list.length - 1)];
    else if (event.key === 'ArrowUp' && index >= 0) target = index === 0 ? (input.current ?? undefined) : list[index - 1];
    else if (event.key === 'Home' && index >= 0) target = list[0];
    else if (event.key === 'End' && index >= 0) target = list[list.length - 1];
    else if (event.key === 'Escape' && variant === 'inline' && open && trimmed) {
      event.preventDefault();
      // Focusing the box opens the list: close it after.
      input.current?.focus();
      setOpen(false);
      return;
    }
    if (target) {
      event.preventDefault();
      if (fromBox) setOpen(true);
      target.focus();
    }
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (variant === 'inline' && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const showPanel = variant === 'sheet' || (open && trimmed.length > 0);

  const body = !searching ? (
    <p className="px-3 py-2 text-sm text-muted">{t('search.hint')}</p>
  ) : failed ? (
    <div role="alert" className="flex flex-col items-start gap-2 px-3 py-2">
      <p className="font-semibold">{t('search.error')}</p>
      <button
        type="button"
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        onClick={() => void search.refetch()}
        {...{ [SEARCH_ITEM]: '' }}
      >
        {t('search.retry')}
      </button>
    </div>
  ) : answer ? (
    <>
      {answer.results.length === 0 ? (
        settled ? (
          <p className="px-3 py-2 text-sm">{t('search.empty', { query: answer.query })}</p>
        ) : null
      ) : (
        <Suspense fallback={<p className="px-3 py-2 text-sm text-muted">{t('search.loading')}</p>}>
          <ul id={listId} aria-label={t('search.results')} className="flex flex-col gap-1">
            {answer.results.map((result) => (
              <li key={`${result.type}:${result.id}`}>
                <SearchResultRow result={result} onNavigate={close} />
              </li>
            ))}
          </ul>
        </Suspense>
      )}
      {settled ? null : <p className="px-3 py-2 text-sm text-muted">{t('search.loading')}</p>}
    </>
  ) : (
    <p className="px-3 py-2 text-sm text-muted">{t('search.loading')}</p>
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form, for Enter in the box; the <search> element has no implicit landmark role in older browsers and screen readers
    <form
      ref={root}
      role="search"
      aria-label={t('search.label')}
      className={clsx('relative', variant === 'sheet' && 'flex min-h-0 flex-1 flex-col gap-3')}
      onSubmit={(event) => {
        event.preventDefault();
        const first = items()[0];
        if (first) {
          setOpen(true);
          first.focus();
        }
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3.5 top-1/2 size-5 -translate-y-1/2 text-muted"
        />
        <input
          ref={input}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            setOpen(true);
            void loadRow();
          }}
          aria-label={t('search.label')}
          aria-controls={answer?.results.length ? listId : undefined}
          placeholder={t('search.placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          className={clsx(
            'h-11 w-full rounded-full border-2 border-line bg-surface ps-11 pe-4 text-base text-fg shadow-sm transition placeholder:text-muted hover:border-brand/60 focus:border-brand',
            variant === 'inline' && 'md:w-60 lg:w-72',
          )}
        />
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {showPanel ? (
        <div
          // Focusable so a click on a result's text keeps the list open (the blur stays inside).
          tabIndex={-1}
          aria-busy={searching && !settled && !failed}
          className={clsx(
            'focus:outline-none',
            variant === 'inline'
              ? 'absolute end-0 top-full z-40 mt-2 max-h-[min(32rem,70vh)] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-3xl border border-line bg-surface p-2 shadow-2xl'
              : 'min-h-0 flex-1 overflow-y-auto',
          )}
        >
          {body}
        </div>
      ) : null}
    </form>
  );
}
