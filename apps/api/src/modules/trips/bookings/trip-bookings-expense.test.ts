import type { Expense } from '@tripcrew/contracts/expenses';
import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { HistoryPage } from '@tripcrew/contracts/trip-history';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectJson, expectStatus } from '../../../../test/helpers/api-calls.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { expenseBody } from '../../expenses/expenses.fixtures.ts';
import { anaCrewTrip, useCatalogue } from '../trips.fixtures.ts';

describe("a booking's cost as a trip expense", () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  it('[BOOKINGS-EXPENSE-01] an expense made from a booking names it; the link is checked, kept on a change and let go with the booking', async () => {
    const { ana, tripId, url } = await anaCrewTrip(t, c, 1);
    const other = await anaCrewTrip(t, c, 1);
    const bookings = `/core/trips/${tripId}/bookings`;
    const flight = await expectJson<TripBooking>(
      call(ana, 'POST', bookings, {
        kind: 'flight',
        title: 'Flight TP 1350',
        cost: { amount: '412.30', currency: 'EUR' },
        start: { local: '2031-01-10T10:00', place: { iata: 'LIS' } },
      }),
    );
    const stranger = await expectJson<TripBooking>(
      call(other.ana, 'POST', `/core/trips/${other.tripId}/bookings`, {
        kind: 'train',
        start: { local: '2031-01-10T10:00', zone: 'Europe/Lisbon' },
      }),
    );
    const body = expenseBody(ana.id, { title: 'Flight TP 1350', amount: '412.30', category: 'transport' });
    // A booking of another trip, or none at all, is refused naming the field; nothing is written.
    for (const bookingId of [stranger._id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await call(ana, 'POST', `${url}/expenses`, { ...body, bookingId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'bookingId' });
    }
    const expense = await expectJson<Expense>(
      call(ana, 'POST', `${url}/expenses`, { ...body, bookingId: flight._id }),
      201,
    );
    expect(expense.bookingId).toBe(flight._id);
    // A change that does not name the booking keeps the link.
    const changed = await expectJson<Expense>(
      call(ana, 'PUT', `${url}/expenses/${expense._id}`, {
        ...body,
        amount: '399.00',
        version: expense.version,
      }),
    );
    expect(changed).toMatchObject({ amount: '399.00', bookingId: flight._id });
    // The expense removed, then the booking: the undo brings the expense back without the link.
    await expectStatus(call(ana, 'DELETE', `${url}/expenses/${expense._id}`), 200);
    await expectStatus(call(ana, 'DELETE', `${bookings}/${flight._id}`), 200);
    const history = await expectJson<HistoryPage>(call(ana, 'GET', `${url}/history?kind=expense`));
    const removal = history.entries.find((entry) => entry.action === 'removed');
    await expectStatus(call(ana, 'POST', `${url}/history/${removal?._id}/undo`), 200);
    const [back] = await expectJson<Expense[]>(call(ana, 'GET', `${url}/expenses`));
    expect(back).toMatchObject({ title: 'Flight TP 1350', amount: '399.00', bookingId: null });
  });

  it('[BOOKINGS-EXPENSE-02] removing the booking keeps its expense, unlinked', async () => {
    const { ana, tripId, url } = await anaCrewTrip(t, c, 1);
    const stay = await expectJson<TripBooking>(
      call(ana, 'POST', `/core/trips/${tripId}/bookings`, {
        kind: 'lodging',
        start: { local: '2031-01-10T15:00', zone: 'Europe/Lisbon' },
      }),
    );
    const body = expenseBody(ana.id, { title: 'Stay', amount: '300', category: 'accommodation' });
    await expectJson<Expense>(call(ana, 'POST', `${url}/expenses`, { ...body, bookingId: stay._id }), 201);
    await expectStatus(call(ana, 'DELETE', `/core/trips/${tripId}/bookings/${stay._id}`), 200);
    const [kept] = await expectJson<Expense[]>(call(ana, 'GET', `${url}/expenses`));
    expect(kept).toMatchObject({ title: 'Stay', bookingId: null });
  });
});
