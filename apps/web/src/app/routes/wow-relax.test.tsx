import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, renderRoutes, waitForRehydration } from '../../../test/shell-test-utils.tsx';
import { BREAK_SECONDS, WowRelaxPage } from './wow-relax.tsx';

const routes = [
  { path: '/wow-relax', element: <WowRelaxPage /> },
  { path: '/', element: <p>home screen</p> },
];

afterEach(() => {
  vi.useRealTimers();
});

describe('WowRelaxPage', () => {
  it("[SHELL-07] shows 'Relax and enjoy your time!', counts down from 30 s and then goes to /", async () => {
    const made = makeStore();
    await waitForRehydration(made.persistor);
    vi.useFakeTimers();
    const { router } = renderRoutes(routes, { path: '/wow-relax', ...made });
    const countdown = () => screen.getByTestId('relax-countdown').textContent;
    expect(screen.getByRole('heading', { level: 1, name: 'Relax and enjoy your time!' })).toBeTruthy();
    expect(BREAK_SECONDS).toBe(30);
    expect(countdown()).toBe('30');
    expect(screen.getByRole('timer')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toBe('29');
    act(() => vi.advanceTimersByTime(9000));
    expect(countdown()).toBe('20');
    act(() => vi.advanceTimersByTime(19_000));
    expect(countdown()).toBe('1');
    expect(router.state.location.pathname).toBe('/wow-relax');

    act(() => vi.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home screen')).toBeTruthy();
  });
});
