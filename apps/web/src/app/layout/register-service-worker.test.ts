import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettles } from './register-service-worker.ts';

/** A window whose readyState, load event, timers and idle callbacks the test controls. */
function fakeWindow(readyState: DocumentReadyState) {
  const listeners: Array<() => void> = [];
  const win = {
    document: { readyState },
    addEventListener: vi.fn((type: string, listener: () => void) => {
      if (type === 'load') listeners.push(listener);
    }),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    requestIdleCallback: vi.fn((fn: () => void) => {
      fn();
      return 1;
    }),
  };
  return { win: win as unknown as Window, fireLoad: () => listeners.forEach((listener) => listener()) };
}

describe('service worker registration', () => {
  afterEach(() => vi.useRealTimers());

  it('[PERF-07] waits for the load event, then the delay, then an idle moment', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const { win, fireLoad } = fakeWindow('loading');
    afterPageSettles(task, 3000, win);
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();
    fireLoad();
    vi.advanceTimersByTime(2999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(win.requestIdleCallback).toHaveBeenCalledTimes(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('[PERF-07] on a page that has already loaded, only the delay remains', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const { win } = fakeWindow('complete');
    afterPageSettles(task, 3000, win);
    expect(win.addEventListener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(3000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
