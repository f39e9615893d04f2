import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPendingUpdate, resetPendingUpdate } from './service-worker-update.ts';
import {
  checkForUpdatesWhenVisible,
  listenForUpdates,
  type UpdatableWorkbox,
  UPDATE_CHECK_INTERVAL_MS,
} from './watch-for-updates.ts';
import { UpdatePrompt } from './update-prompt.tsx';

/**
 * A stand-in for workbox-window's Workbox, listened to as the app does with a spy for the reload:
 * the test fires its events and sees its messages.
 */
function listeningWorkbox() {
  const listeners: Record<string, Array<() => void>> = {};
  const wb = {
    addEventListener: vi.fn((type: string, listener: () => void) => {
      (listeners[type] ??= []).push(listener);
    }),
    messageSkipWaiting: vi.fn(),
  } satisfies UpdatableWorkbox;
  const fire = (type: 'waiting' | 'controlling') =>
    act(() => (listeners[type] ?? []).forEach((listener) => listener()));
  const reload = vi.fn();
  listenForUpdates(wb, reload);
  return { wb, fire, reload };
}

const reloadButton = () => screen.queryByRole('button', { name: 'Reload' });

describe('the update prompt', () => {
  afterEach(() => act(() => resetPendingUpdate()));

  it('shows nothing while the running version is the newest', () => {
    listeningWorkbox();
    render(<UpdatePrompt />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(getPendingUpdate()).toBeNull();
  });

  it('a waiting version shows "New version available" with Reload; Reload asks the waiting worker to take over, then reloads once it controls the page', async () => {
    const user = userEvent.setup();
    const { wb, fire, reload } = listeningWorkbox();
    render(<UpdatePrompt />);

    fire('waiting');
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('New version available');
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();

    await user.click(reloadButton()!);
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reloadButton()?.hasAttribute('disabled')).toBe(true);
    // Not yet: the old worker still serves this page until the new one controls it.
    expect(reload).not.toHaveBeenCalled();

    fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads by itself: a new worker activated elsewhere waits for the Reload here', async () => {
    const user = userEvent.setup();
    const { wb, fire, reload } = listeningWorkbox();
    render(<UpdatePrompt />);

    fire('waiting');
    fire('controlling'); // another tab accepted the update
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeTruthy();

    await user.click(reloadButton()!);
    expect(reload).toHaveBeenCalledTimes(1);
    // The worker is already active: no message to a worker that no longer waits.
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('accepting twice asks once; the first install taking control reloads nothing', () => {
    const { wb, fire, reload } = listeningWorkbox();

    fire('controlling'); // first install: clientsClaim takes the page, nothing waits
    expect(reload).not.toHaveBeenCalled();
    expect(getPendingUpdate()).toBeNull();

    fire('waiting');
    const apply = getPendingUpdate()!;
    apply();
    apply();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a page shown again asks for a new version at most once an hour; a failed check is no error', async () => {
    const doc = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
    doc.visibilityState = 'hidden';
    let clock = 0;
    const update = vi.fn(() => Promise.reject(new Error('offline')));
    checkForUpdatesWhenVisible(update, doc as unknown as Document, () => clock);
    const show = () => {
      doc.visibilityState = 'visible';
      doc.dispatchEvent(new Event('visibilitychange'));
    };

    clock = UPDATE_CHECK_INTERVAL_MS - 1;
    show();
    expect(update).not.toHaveBeenCalled();
    clock = UPDATE_CHECK_INTERVAL_MS;
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(update).not.toHaveBeenCalled();
    show();
    expect(update).toHaveBeenCalledTimes(1);
    show();
    expect(update).toHaveBeenCalledTimes(1);
    clock += UPDATE_CHECK_INTERVAL_MS;
    show();
    expect(update).toHaveBeenCalledTimes(2);
    await Promise.resolve();
  });
});
