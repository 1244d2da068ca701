import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPageLoad, lazyWithPreload } from './lazy-with-preload';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyWithPreload', () => {
  it('suspends until its code is in, like React.lazy', async () => {
    let arrive: (module: { default: typeof Greeting }) => void = () => {};
    const Lazy = lazyWithPreload(() => new Promise<{ default: typeof Greeting }>((resolve) => (arrive = resolve)));
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Lazy name="Ada" />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => arrive({ default: Greeting }));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
  });

  it('renders at once when its code was preloaded', async () => {
    const Lazy = lazyWithPreload(async () => ({ default: Greeting }));
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });
});

describe('afterPageLoad', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits for the load event while the page is still loading', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    let loaded = false;
    const waiting = afterPageLoad().then(() => {
      loaded = true;
    });
    await Promise.resolve();
    expect(loaded).toBe(false);
    window.dispatchEvent(new Event('load'));
    await waiting;
    expect(loaded).toBe(true);
  });

  it('resolves at once on a page that has loaded', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    await expect(afterPageLoad()).resolves.toBeUndefined();
  });
});
