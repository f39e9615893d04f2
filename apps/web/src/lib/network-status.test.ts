import { onlineManager } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOnline, syncQueryOnlineState, useOnline } from './network-status.ts';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('network status', () => {
  it('useOnline follows the browser going offline and back online', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    act(() => goOffline(true));
    expect(result.current).toBe(false);
    expect(isOnline()).toBe(false);
    act(() => goOffline(false));
    expect(result.current).toBe(true);
  });

  it('a page started offline tells TanStack Query so (queries wait instead of failing)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    syncQueryOnlineState();
    expect(onlineManager.isOnline()).toBe(false);
  });
});
