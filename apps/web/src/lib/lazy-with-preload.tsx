import { type ComponentType, use } from 'react';

/**
 * Like `React.lazy`, and its code can be requested before it renders (`preload`). Once that code
 * is in, the component renders at once instead of suspending for a tick as `lazy` does: every
 * Suspense fallback React shows holds back the content that replaces it for at least 300 ms, so a
 * screen opened directly whose code had already arrived would wait for nothing.
 */
export function lazyWithPreload<M extends { default: ComponentType<never> }>(load: () => Promise<M>) {
  type Props = M['default'] extends ComponentType<infer P> ? P & object : never;
  let loaded: M | undefined;
  let request: Promise<M> | undefined;
  const preload = (): Promise<M> => {
    // Like React.lazy, a failure is kept: the screen shows it rather than asking again and again.
    request ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return request;
  };
  function LazyWithPreload(props: Props) {
    // Suspends to the nearest Suspense boundary until the code is in (the same promise every time).
    const Component = (loaded ?? use(preload())).default as ComponentType<Props>;
    return <Component {...props} />;
  }
  return Object.assign(LazyWithPreload, { preload });
}
