import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';

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
