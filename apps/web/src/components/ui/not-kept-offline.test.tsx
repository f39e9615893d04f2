import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyOrNotKept } from './not-kept-offline.tsx';

/** A part whose code fails to load, as a fetch does without a network. */
function renderFailingPart(): void {
  const Part = lazyOrNotKept<{ name: string }>(() => Promise.reject(new TypeError('Failed to fetch')));
  render(
    <Suspense fallback={<p>loading</p>}>
      <Part name="Ana" />
    </Suspense>,
  );
}

describe('a part of a page whose code may not be on the device', () => {
  afterEach(() => vi.restoreAllMocks());

  it('[OFFLINE-06] shows the part once its code loads', async () => {
    const Part = lazyOrNotKept(async () => ({ name }: { name: string }) => <p>{`hello ${name}`}</p>);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part name="Ana" />
      </Suspense>,
    );
    expect(await screen.findByText('hello Ana')).toBeTruthy();
  });

  it('[OFFLINE-06] says plainly it was not kept when its code cannot load offline, and offers a reload once online', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderFailingPart();
    expect((await screen.findByTestId('not-kept-offline')).textContent).toContain(
      'This tab was not saved on this device',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    offline.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    // Online, it no longer says the device did not keep it: it says the part did not load.
    expect(screen.queryByTestId('not-kept-offline')).toBeNull();
    expect(screen.getByTestId('part-not-loaded').textContent).toContain('This part of the page did not load');
  });

  it('[OFFLINE-06] code that fails to load while online says it did not load, not that it was not kept', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderFailingPart();
    expect((await screen.findByTestId('part-not-loaded')).textContent).toContain(
      'This part of the page did not load',
    );
    expect(screen.queryByTestId('not-kept-offline')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
