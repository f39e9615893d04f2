import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog as Modal } from './dialog.tsx';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open settings
      </button>
      <Modal
        open={open}
        title="Trip settings"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <label>
          Trip name <input defaultValue="Nice" />
        </label>
        <button type="button">save</button>
      </Modal>
    </>
  );
}

afterEach(() => {
  document.body.style.overflow = '';
});

describe('Modal', () => {
  it('[SHELL-13] closes on a click outside its content and locks page scroll while open', async () => {
    const user = userEvent.setup();
    document.body.style.overflow = 'auto';
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'open settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Trip settings' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.body.style.overflow).toBe('hidden');

    // A click inside the content keeps it open.
    await user.click(screen.getByRole('textbox', { name: 'Trip name' }));
    expect(screen.getByRole('dialog')).toBeTruthy();

    // A click on the backdrop closes it and gives scrolling back (previous value restored).
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('auto');
  });

  it('[SHELL-13] a press that starts inside the content and ends outside does not close it', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open settings' }));
    const input = screen.getByRole('textbox', { name: 'Trip name' });
    await user.pointer([
      { keys: '[MouseLeft>]', target: input },
      { target: screen.getByTestId('modal-overlay') },
      { keys: '[/MouseLeft]' },
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('[SHELL-13] Escape closes it; focus moves into the dialog and returns to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'open settings' });
    await user.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Trip name' }));

    // Tab stays inside the dialog.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'save' }));
    await user.tab();
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('[SHELL-13] the close button closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'open settings' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('[SHELL-13] nested modals keep the page locked until the last one closes', () => {
    const { rerender } = render(
      <>
        <Modal open onClose={() => undefined} ariaLabel="outer">
          outer
        </Modal>
        <Modal open onClose={() => undefined} ariaLabel="inner">
          inner
        </Modal>
      </>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <>
        <Modal open onClose={() => undefined} ariaLabel="outer">
          outer
        </Modal>
        <Modal open={false} onClose={() => undefined} ariaLabel="inner">
          inner
        </Modal>
      </>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(<></>);
    expect(document.body.style.overflow).toBe('');
  });
});
