import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';
import { PopoverPanel, usePopover } from './popover.tsx';

function Inner() {
  const popover = usePopover();
  return (
    <div ref={popover.anchorRef}>
      <button type="button" {...popover.triggerProps}>
        emoji
      </button>
      <PopoverPanel state={popover} role="dialog" aria-label="Emoji picker">
        <button type="button">smile</button>
      </PopoverPanel>
    </div>
  );
}

it('[PERF-09] Escape closes a popover inside a dialog first (focus back on its trigger), then the dialog', async () => {
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(
    <Dialog open onClose={onClose} title="Write">
      <Inner />
    </Dialog>,
  );
  await user.click(screen.getByRole('button', { name: 'emoji' }));
  expect(screen.getByRole('dialog', { name: 'Emoji picker' })).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'smile' }));
  expect(screen.getByRole('dialog', { name: 'Emoji picker' })).toBeTruthy();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Emoji picker' })).toBeNull();
  expect(onClose).not.toHaveBeenCalled();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'emoji' }));
  await user.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledOnce();
});

it('[MSG-10] a press outside closes the popover on its click, so the control pressed still gets the click', async () => {
  const user = userEvent.setup();
  const onSend = vi.fn();
  render(
    <>
      <Inner />
      <button type="button" onClick={onSend}>
        Send
      </button>
    </>,
  );
  await user.click(screen.getByRole('button', { name: 'emoji' }));
  const send = screen.getByRole('button', { name: 'Send' });
  await user.pointer({ keys: '[MouseLeft>]', target: send });
  expect(screen.getByRole('dialog', { name: 'Emoji picker' })).toBeTruthy();
  await user.pointer({ keys: '[/MouseLeft]', target: send });
  expect(onSend).toHaveBeenCalledOnce();
  expect(screen.queryByRole('dialog', { name: 'Emoji picker' })).toBeNull();
});
