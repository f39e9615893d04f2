import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToastContainer, TOAST_CONTAINER_PROPS } from './toast-container.tsx';

afterEach(() => {
  act(() => toast.dismiss());
});

const progressBar = () => document.querySelector<HTMLElement>('.Toastify__progress-bar');

describe('AppToastContainer', () => {
  it('[SHELL-19] is configured top-right, 5000 ms, pause on hover and on focus loss', () => {
    expect(TOAST_CONTAINER_PROPS).toMatchObject({
      position: 'top-right',
      autoClose: 5000,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
    });
  });

  it('[SHELL-19] shows toasts top-right with a 5000 ms timer that pauses on hover and on window blur', async () => {
    // jsdom's document never has focus; a real focused window does.
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    render(<AppToastContainer theme="light" />);
    act(() => {
      toast('Trip saved');
    });
    const message = await screen.findByText('Trip saved');
    const container = document.querySelector('.Toastify__toast-container');
    expect(container?.className).toContain('Toastify__toast-container--top-right');

    // jsdom runs no CSS animations: finish the enter transition by hand, which starts the timer.
    const toastElement = message.closest('.Toastify__toast') as HTMLElement;
    act(() => {
      fireEvent.animationEnd(toastElement);
    });

    // The auto-close timer is the progress bar's CSS animation.
    const bar = progressBar();
    expect(bar?.style.animationDuration).toBe('5000ms');
    expect(bar?.style.animationPlayState).toBe('running');

    fireEvent.mouseEnter(toastElement);
    expect(progressBar()?.style.animationPlayState).toBe('paused');
    fireEvent.mouseLeave(toastElement);
    expect(progressBar()?.style.animationPlayState).toBe('running');

    act(() => {
      window.dispatchEvent(new FocusEvent('blur'));
    });
    expect(progressBar()?.style.animationPlayState).toBe('paused');
    act(() => {
      window.dispatchEvent(new FocusEvent('focus'));
    });
    expect(progressBar()?.style.animationPlayState).toBe('running');
    hasFocus.mockRestore();
  });

  it('[SHELL-19] the toast closes when its 5000 ms timer ends', async () => {
    render(<AppToastContainer theme="dark" />);
    act(() => {
      toast('Bye soon');
    });
    const toastElement = (await screen.findByText('Bye soon')).closest('.Toastify__toast') as HTMLElement;
    // jsdom runs no CSS animations: play them to their end by hand (enter, 5000 ms timer, exit).
    act(() => {
      fireEvent.animationEnd(toastElement);
    });
    expect(progressBar()?.style.animationDuration).toBe('5000ms');
    act(() => {
      fireEvent.animationEnd(progressBar() as HTMLElement);
    });
    act(() => {
      fireEvent.animationEnd(toastElement);
    });
    await waitFor(() => expect(screen.queryByText('Bye soon')).toBeNull());
  });
});
