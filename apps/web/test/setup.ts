import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait up to 5 s: on a loaded 2-core machine user-event typing can take longer
// than the 1 s default, which made correct tests fail.
configure({ asyncUtilTimeout: 5_000 });

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
