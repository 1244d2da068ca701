import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetMatchMedia } from './match-media';

// jsdom has no layout: Radix measures elements with ResizeObserver.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

beforeEach(() => {
  resetMatchMedia();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  const root = document.documentElement;
  root.className = '';
  root.removeAttribute('style');
  root.lang = '';
  root.dir = '';
});
