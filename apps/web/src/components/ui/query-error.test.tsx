import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { QueryError } from './query-error.tsx';

it("[TRIP-19] a failed load shows the message as an alert with a 'Try again' that refetches, disabled while fetching", async () => {
  const refetch = vi.fn();
  const { rerender } = render(<QueryError query={{ refetch }} message="We could not load your trips." />);
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toContain('We could not load your trips.');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(refetch).toHaveBeenCalledOnce();
  rerender(<QueryError query={{ refetch, isFetching: true }} alertOn="message" message="Not loaded." />);
  expect(screen.getByRole('alert').textContent).toBe('Not loaded.');
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Try again' }).disabled).toBe(true);
});
