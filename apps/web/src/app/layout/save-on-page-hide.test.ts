import { afterEach, describe, expect, it } from 'vitest';
import { makeStore, waitForRehydration } from '../../../test/shell-test-utils.tsx';
import { setThema } from '../state/theme-slice.ts';
import { saveOnPageHide } from './save-on-page-hide.ts';

afterEach(() => localStorage.clear());

/** A store whose saved state is back (redux-persist has rehydrated it). */
async function readyStore() {
  const made = makeStore();
  await waitForRehydration(made.persistor);
  return made;
}

const savedTheme = () =>
  JSON.parse(JSON.parse(localStorage.getItem('thema') ?? '{}').thema ?? 'null') as unknown;

describe('saveOnPageHide', () => {
  it('[SHELL-17][STATE-01] a theme changed just before a reload is saved when the page goes', async () => {
    const { store, persistor } = await readyStore();
    const stop = saveOnPageHide(persistor);
    store.dispatch(setThema('dark'));
    // redux-persist has not written yet: it writes from a timer.
    expect(savedTheme()).not.toBe('dark');
    window.dispatchEvent(new Event('pagehide'));
    expect(savedTheme()).toBe('dark');
    stop();
  });

  it('[STATE-01] stops listening once cleaned up', async () => {
    const { store, persistor } = await readyStore();
    saveOnPageHide(persistor)();
    store.dispatch(setThema('light'));
    window.dispatchEvent(new Event('pagehide'));
    expect(savedTheme()).not.toBe('light');
  });
});
