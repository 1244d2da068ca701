import Accessibility from 'lucide-react/icons/accessibility';
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '@/lib/i18n/language-context';

// The panel (and the dialog library under it) loads on first use, not with the landing page.
const loadPanel = () => import('./accessibility-panel');
const AccessibilityPanel = lazy(loadPanel);

/** The floating button that opens the accessibility panel (spec §2). */
export function AccessibilityButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  return (
    <>
      <button
        id="a11y-button"
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('a11y.open')}
        title={t('a11y.open')}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="fixed bottom-5 start-5 z-40 [body:has(#bottom-navigation)_&]:bottom-24 md:[body:has(#bottom-navigation)_&]:bottom-5 grid size-13 place-items-center rounded-full bg-brand text-on-brand shadow-lg shadow-brand/30 ring-4 ring-canvas transition hover:bg-brand-strong motion-safe:hover:scale-105"
      >
        <Accessibility aria-hidden="true" className="size-7" />
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <AccessibilityPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
