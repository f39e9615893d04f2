import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A condition is polled until it holds, within a bound that only matters when the test fails: on
// a two-core machine under a load of 25, the 1 s defaults of findBy*/waitFor and vi.waitFor made
// correct tests fail. Both wait up to 15 s (testTimeout 60 s in vitest.config.ts).
const WAIT_BOUND_MS = 15_000;
configure({ asyncUtilTimeout: WAIT_BOUND_MS });
const pollUntil = vi.waitFor;
vi.waitFor = ((callback, options) =>
  pollUntil(
    callback,
    typeof options === 'number' ? options : { timeout: WAIT_BOUND_MS, ...options },
  )) as typeof vi.waitFor;

// jsdom has no matchMedia: a controllable stand-in (tests flip `matches` and dispatch 'change').
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: vi.fn((query: string) => {
      const target = new EventTarget();
      return Object.assign(target, {
        matches: false,
        media: query,
        onchange: null,
        addListener: (listener: EventListener) => target.addEventListener('change', listener),
        removeListener: (listener: EventListener) => target.removeEventListener('change', listener),
      });
    }),
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
