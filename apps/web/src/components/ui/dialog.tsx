import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import X from 'lucide-react/icons/x';
import { type ReactNode, useRef } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  children?: ReactNode;
  /** "center" for messages and forms, "sheet" for a side panel. */
  layout?: 'center' | 'sheet';
  className?: string;
}

/**
 * A modal dialog: focus is trapped inside, Escape and a click on the backdrop close it, and focus
 * returns to what had it before — Radix only returns it to a Dialog.Trigger, and our openers are
 * plain buttons (the dialog code loads on first use), so that part is done here. If the opener
 * has gone (the cookie banner closes with its dialog), focus goes to the main content.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  layout = 'center',
  className,
}: DialogProps) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid="dialog-backdrop" className="fixed inset-0 z-50 bg-slate-950/55 backdrop-blur-[2px]" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = returnFocusTo.current?.isConnected ? returnFocusTo.current : document.getElementById('main');
            target?.focus();
          }}
          className={clsx(
            'fixed z-50 flex flex-col gap-4 overflow-y-auto border border-line bg-surface p-6 text-fg shadow-2xl focus:outline-none',
            layout === 'center'
              ? 'inset-x-0 top-1/2 mx-auto max-h-[90vh] w-[min(92vw,32rem)] -translate-y-1/2 rounded-3xl'
              : 'inset-y-0 end-0 w-[min(100vw,24rem)] rounded-s-3xl',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-xl font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={closeLabel}
              className="-m-1 rounded-full p-2 text-muted transition hover:bg-surface-muted hover:text-fg"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className="text-base text-muted">{description}</RadixDialog.Description> : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
