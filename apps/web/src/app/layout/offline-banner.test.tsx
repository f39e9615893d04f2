import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_BANNER_TEXT, OfflineBanner } from './offline-banner.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => vi.restoreAllMocks());

describe('OfflineBanner', () => {
  it('is a status message while the browser is offline, gone when it is back online', () => {
    render(<OfflineBanner />);
    const region = screen.getByTestId('offline-banner');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toBe('');

    act(() => setOnline(false));
    expect(screen.getByRole('status').textContent).toContain(i18n._(OFFLINE_BANNER_TEXT));

    act(() => setOnline(true));
    expect(screen.queryByText(i18n._(OFFLINE_BANNER_TEXT))).toBeNull();
  });

  it('shows at once on a page loaded offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toContain("You're offline");
  });
});
