import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { featureItem, makeFeature } from '../../testing/trip-fixtures.ts';
import { StopTimesDialog } from './stop-times-dialog.tsx';

const stop = { ...featureItem(makeFeature(1, { title: 'Gulbenkian' }), '2026-12-02', 0), time: '10:30' };

function renderDialog(onSave = vi.fn(() => Promise.resolve())) {
  const onClose = vi.fn();
  render(
    <StopTimesDialog item={stop} label="Gulbenkian" typicalMinutes={150} onSave={onSave} onClose={onClose} />,
  );
  return { dialog: within(screen.getByRole('dialog', { name: 'Times of Gulbenkian' })), onSave, onClose };
}

describe('StopTimesDialog', () => {
  it("[TIMELINE-WEB-05] a stop's own time and visit are saved; empty fields go back to the day's flow and the usual visit", async () => {
    const user = userEvent.setup();
    const { dialog, onSave, onClose } = renderDialog();
    expect((dialog.getByLabelText('Arrive at (optional)') as HTMLInputElement).value).toBe('10:30');
    expect(dialog.getByText('Empty: the usual visit, 150 minutes.')).toBeTruthy();
    await user.type(dialog.getByLabelText('Visit, in minutes (optional)'), '90');
    await user.click(dialog.getByRole('button', { name: 'Save times' }));
    expect(onSave).toHaveBeenCalledWith({ time: '10:30', visitMinutes: 90 });
    expect(onClose).toHaveBeenCalled();
  });

  it('[TIMELINE-WEB-06] a visit outside 5 to 720 minutes is refused before sending; a refusal of the server keeps what was typed', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() => Promise.reject(new Error('Bob Stone changed this while you were editing.')));
    const { dialog, onClose } = renderDialog(onSave);
    const visit = dialog.getByLabelText('Visit, in minutes (optional)') as HTMLInputElement;
    await user.type(visit, '800');
    await user.click(dialog.getByRole('button', { name: 'Save times' }));
    expect(dialog.getByRole('alert').textContent).toBe('A visit takes 5 to 720 minutes.');
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(visit);
    await user.type(visit, '45');
    await user.click(dialog.getByRole('button', { name: 'Save times' }));
    expect(await dialog.findByText('Bob Stone changed this while you were editing.')).toBeTruthy();
    expect(visit.value).toBe('45');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('StopTimesDialog: hours for the trip', () => {
  it("[HOURS-FIX-01] a member corrects a stop's opening hours for this trip; unchanged hours are not sent, cleared ones go back to the place's", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() => Promise.resolve());
    const { unmount } = render(
      <StopTimesDialog
        item={stop}
        label="Gulbenkian"
        typicalMinutes={150}
        placeHours="We-Mo 10:00-18:00"
        onSave={onSave}
        onClose={vi.fn()}
      />,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Times of Gulbenkian' }));
    const hours = dialog.getByLabelText('Opening hours for this trip (optional)') as HTMLInputElement;
    expect(hours.placeholder).toBe('We-Mo 10:00-18:00');
    await user.click(dialog.getByRole('button', { name: 'Save times' }));
    expect(onSave).toHaveBeenLastCalledWith({ time: '10:30', visitMinutes: null });
    await user.type(hours, '  Tu-Su 10:00-18:00 ');
    await user.click(dialog.getByRole('button', { name: 'Save times' }));
    expect(onSave).toHaveBeenLastCalledWith({
      time: '10:30',
      visitMinutes: null,
      hours: 'Tu-Su 10:00-18:00',
    });
    unmount();

    const corrected = { ...stop, hours: 'Tu-Su 10:00-18:00' };
    render(
      <StopTimesDialog
        item={corrected}
        label="Gulbenkian"
        typicalMinutes={150}
        onSave={onSave}
        onClose={vi.fn()}
      />,
    );
    const again = within(screen.getByRole('dialog', { name: 'Times of Gulbenkian' }));
    await user.clear(again.getByLabelText('Opening hours for this trip (optional)'));
    await user.click(again.getByRole('button', { name: 'Save times' }));
    expect(onSave).toHaveBeenLastCalledWith({ time: '10:30', visitMinutes: null, hours: null });
  });
});
