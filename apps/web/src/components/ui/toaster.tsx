import { useEffect, useState } from 'react';

// sonner is not part of the page's first load: a toast only ever follows an action (or a failed
// language file), and the landing's first-load budget (110 KB) has no room for it. It loads with
// the first toast, or once the page has settled, so it does not compete with what the page shows
// first.
type Sonner = typeof import('sonner');
const SETTLE_MS = 2_000;
let sonnerModule: Promise<Sonner> | undefined;
const waitingForSonner = new Set<(module: Promise<Sonner>) => void>();
const loadSonner = () => {
  if (!sonnerModule) {
    sonnerModule = import('sonner');
    for (const notify of waitingForSonner) notify(sonnerModule);
    waitingForSonner.clear();
  }
  return sonnerModule;
};

function whenSettled(callback: () => void): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(callback, { timeout: SETTLE_MS });
    else callback();
  }, SETTLE_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

// A toast sent before the toaster has subscribed would be lost, so sending waits for it.
let markToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});

const APP_TOASTER = 'app';

/**
 * Two toasters (spec §9): interface toasts with sonner's own defaults — 4000 ms, 3 visible,
 * gap 14, width 356, swipe 45, bottom-right, Alt+T — and app notifications top-centre for 4 s.
 */
export function Toasters({ theme, dir, label }: { theme: 'light' | 'dark'; dir: 'ltr' | 'rtl'; label: string }) {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => {
    let active = true;
    const show = (module: Promise<Sonner>) =>
      module.then(
        (loaded) => active && setSonner(loaded),
        (error: unknown) => console.error(error),
      );
    if (sonnerModule) void show(sonnerModule);
    else waitingForSonner.add(show);
    const cancel = whenSettled(() => void loadSonner());
    return () => {
      active = false;
      waitingForSonner.delete(show);
      cancel();
    };
  }, []);
  // Runs after the Toaster children's own effects, i.e. once they listen.
  useEffect(() => {
    if (sonner) markToasterReady();
  }, [sonner]);
  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <>
      <Toaster theme={theme} dir={dir} containerAriaLabel={label} />
      <Toaster id={APP_TOASTER} theme={theme} dir={dir} position="top-center" duration={4_000} containerAriaLabel={label} />
    </>
  );
}

type Kind = 'success' | 'error';

function send(kind: Kind, message: string, toasterId?: string) {
  void Promise.all([loadSonner(), toasterReady]).then(([{ toast }]) => toast[kind](message, toasterId ? { toasterId } : {}));
}

/** Interface toasts (language changes, saved settings) — bottom-right. */
export const notify = {
  success: (message: string) => send('success', message),
  error: (message: string) => send('error', message),
};

/** Notifications about what the visitor just did (a message sent, a subscription) — top-centre. */
export const appToast = {
  success: (message: string) => send('success', message, APP_TOASTER),
  error: (message: string) => send('error', message, APP_TOASTER),
};
