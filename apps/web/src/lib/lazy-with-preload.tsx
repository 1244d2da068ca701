import { type ComponentType, use } from 'react';

/**
 * Like `React.lazy`, and its code can be requested before it renders (`preload`). Once that code
 * is in, the component renders at once instead of suspending for a tick as `lazy` does: every
 * Suspense fallback React shows holds back the content that replaces it for at least 300 ms, so a
 * screen opened directly whose code had already arrived would wait for nothing.
 */
export function lazyWithPreload<M extends { default: ComponentType<never> }>(load: () => Promise<M>) {
  type Props = M['default'] extends ComponentType<infer P> ? P & object : never;
  // Marked settled the way React marks a promise it has waited for, so use() reads it at once,
  // also when it settled before any render asked for it.
  type Request = Promise<M> & { status?: string; value?: M; reason?: unknown };
  let request: Request | undefined;
  const preload = (): Promise<M> => {
    if (!request) {
      // Like React.lazy, a failure is kept: the screen shows it rather than asking again and again.
      const pending: Request = load();
      pending.then(
        (value) => Object.assign(pending, { status: 'fulfilled', value }),
        (reason: unknown) => Object.assign(pending, { status: 'rejected', reason }),
      );
      request = pending;
    }
    return request;
  };
  function LazyWithPreload(props: Props) {
    // Suspends to the nearest Suspense boundary until the code is in (the same promise every time).
    const Component = use(preload()).default as ComponentType<Props>;
    return <Component {...props} />;
  }
  return Object.assign(LazyWithPreload, { preload });
}

/**
 * Resolves once the page has fired its `load` event. Code the first paint does not need is asked
 * for after it: the landing's budget (DESIGN.md §6) counts what is requested before `load`, and the
 * browser gives the first paint's files the bandwidth.
 */
export function afterPageLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}
