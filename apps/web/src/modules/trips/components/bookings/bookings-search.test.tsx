import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import { bookingTrip, flight, lodging, mockBookings } from './booking-test-fixtures.ts';
import { BookingsTab } from './bookings-tab.tsx';

resetMocksAfterEach();

const render = (path = '/') => {
  const result = renderWithToasts(<BookingsTab trip={bookingTrip('member')} userId="u-1" />, { path });
  signIn(result.store);
  return result;
};
const titles = () =>
  screen.queryAllByTestId('trip-booking').map((card) => within(card).getByRole('heading').textContent);

describe('BookingsTab search and links', () => {
  it('[BOOKINGS-SEARCH-01] a confirmation code, a title word or a place finds the booking within the trip', async () => {
    mockBookings([
      flight(),
      lodging(),
      flight({
        _id: '33333333-3333-4333-8333-333333333333',
        title: 'Porto to Paris',
        confirmationCode: 'ZZ9QRT',
      }),
      lodging({
        _id: '44444444-4444-4444-8444-444444444444',
        title: 'Hotel Paris',
        confirmationCode: 'H-77',
      }),
    ]);
    render();
    await screen.findByText('Lisbon to New York');
    const search = screen.getByRole('searchbox', { name: /Find a booking/ });
    await userEvent.type(search, 'zz9q');
    expect(titles()).toEqual(['Porto to Paris']);
    await userEvent.clear(search);
    await userEvent.type(search, 'paris');
    expect(titles()).toEqual(['Porto to Paris', 'Hotel Paris']);
    await userEvent.clear(search);
    await userEvent.type(search, 'nowhere');
    expect(titles()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No booking matches “nowhere”.');
  });

  it('[BOOKINGS-WEB-21] ?add=train opens the form for a train; ?import=1 the mail import', async () => {
    mockBookings([]);
    const { unmount } = render('/?add=train');
    const form = within(await screen.findByRole('dialog', { name: 'Add a booking' }));
    expect((form.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement).value).toBe('train');
    unmount();
    render('/?import=1');
    expect(await screen.findByRole('dialog', { name: 'Import bookings from a mail' })).toBeTruthy();
  });
});
