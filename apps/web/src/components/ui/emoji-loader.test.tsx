import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmojiLoader, LOADER_EMOJI, LOADER_INTERVAL_MS } from './emoji-loader.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('EmojiLoader', () => {
  it('[SHELL-20] changes its emoji every 2 seconds', () => {
    render(<EmojiLoader />);
    const emoji = () => screen.getByTestId('loader-emoji').textContent;
    expect(LOADER_INTERVAL_MS).toBe(2000);
    expect(emoji()).toBe(LOADER_EMOJI[0]);

    act(() => vi.advanceTimersByTime(1999));
    expect(emoji()).toBe(LOADER_EMOJI[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(emoji()).toBe(LOADER_EMOJI[1]);
    act(() => vi.advanceTimersByTime(2000));
    expect(emoji()).toBe(LOADER_EMOJI[2]);

    // It keeps cycling through travel emoji.
    const seen = new Set<string | null>();
    for (let i = 0; i < LOADER_EMOJI.length; i += 1) {
      act(() => vi.advanceTimersByTime(2000));
      seen.add(emoji());
    }
    expect(seen.size).toBe(LOADER_EMOJI.length);
  });

  it('is announced as a loading status', () => {
    render(<EmojiLoader label="Loading trips…" />);
    expect(screen.getByRole('status').textContent).toContain('Loading trips…');
  });
});
