import { clsx } from 'clsx';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useI18n } from '@/lib/i18n/language-context';

/**
 * Tabs after the WAI-ARIA pattern, activated on focus: one tab stop (the selected tab), the arrow
 * keys move along the row in the reading direction (mirrored in right-to-left interfaces), Home
 * and End go to the ends. Only the selected panel's content is rendered, so a tab's data loads
 * when it is first opened.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  renderPanel,
  columns = 'grid-cols-2 sm:grid-cols-4',
}: {
  label: string;
  tabs: readonly { id: T; label: string }[];
  selected: T;
  onSelect(id: T): void;
  renderPanel(id: T): ReactNode;
  /** The tab row's grid columns (Tailwind classes): two rows of two on phones for four tabs by default. */
  columns?: string;
}) {
  const { dir } = useI18n();
  const base = useId();
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${base}-tab-${id}`;
  const panelId = (id: T) => `${base}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const next =
      event.key === forward
        ? (index + 1) % tabs.length
        : event.key === backward
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current.get(tab.id)?.focus();
  };

  return (
    <div className="flex flex-col gap-5">
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={clsx('grid gap-1 rounded-2xl bg-surface-muted p-1', columns)}
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={clsx(
                'min-h-11 rounded-xl px-3 py-2 text-sm font-bold transition',
                isSelected ? 'bg-surface text-brand-text shadow-sm' : 'text-muted hover:bg-surface/60 hover:text-fg',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes a panel a tab stop
          tabIndex={0}
          className="rounded-2xl outline-offset-4"
        >
          {tab.id === selected ? renderPanel(tab.id) : null}
        </div>
      ))}
    </div>
  );
}
