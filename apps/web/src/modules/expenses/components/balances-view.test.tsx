import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import {
  errorBody,
  type FetchMock,
  jsonResponse,
  mockFetch,
  setCookie,
} from '../../../lib/testing/fetch-mock.ts';
import { ana, bo, makeExpense, threeWayBalances } from '../testing/expense-fixtures.ts';
import { BalancesView } from './balances-view.tsx';

resetMocksAfterEach();

const SETTLEMENTS = '/core/trips/t-1/settlements';

/** Waits for the one payment recorded, and expects it to be Bo paying Ana `amount`. */
async function expectRecorded(fetch: FetchMock, amount: string): Promise<void> {
  await waitFor(() => expect(fetch.to(SETTLEMENTS, 'POST')).toHaveLength(1));
  expect(fetch.to(SETTLEMENTS, 'POST')[0]!.body).toEqual({ from: 'u-bo', to: 'u-ana', amount });
}

describe('BalancesView', () => {
  it('[MONEY-12] says in words who is owed and who owes, suggests the transfers and records one once its amount is confirmed', async () => {
    setCookie('csrf-token', 'test-csrf');
    let settled = false;
    const fetch = mockFetch((request) => {
      if (request.path === '/core/trips/t-1/balances') {
        return jsonResponse(
          200,
          settled ? { baseCurrency: 'JPY', balances: [], transfers: [] } : threeWayBalances('JPY'),
        );
      }
      if (request.path === SETTLEMENTS) {
        settled = true;
        return jsonResponse(
          201,
          makeExpense({
            _id: 'e-9',
            kind: 'settlement',
            title: 'Payment',
            amount: '3000',
            amountMinor: 3000,
            currency: 'JPY',
            baseAmountMinor: 3000,
            baseCurrency: 'JPY',
            category: 'other',
            paidBy: bo,
            split: {
              kind: 'exact',
              people: [{ ...ana, value: '3000', shareMinor: 3000, shareBaseMinor: 3000 }],
            },
            createdBy: 'u-bo',
          }),
        );
      }
      return jsonResponse(404, {});
    });
    renderAt(<BalancesView tripId="t-1" canAdd online currentUserId="u-ana" isAdmin={false} />);
    expect(await screen.findByText('is owed JP¥4,500')).toBeTruthy();
    expect(screen.getByText('owes JP¥3,000')).toBeTruthy();
    expect(screen.getByText('owes JP¥1,500')).toBeTruthy();
    expect(screen.getByText('Bo Berg pays Ana Alba JP¥3,000')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Record payment: Bo Berg pays Ana Alba JP¥3,000' }));
    // Nothing goes out before the amount is seen and confirmed.
    const confirm = screen.getByRole('dialog', { name: 'Record payment' });
    expect(within(confirm).getByText('Record that Bo Berg paid Ana Alba:')).toBeTruthy();
    const amount = within(confirm).getByLabelText('Amount (JPY)');
    expect((amount as HTMLInputElement).value).toBe('3000');
    expect(
      within(confirm).getByText('The whole suggested amount. Lower it for a part payment.'),
    ).toBeTruthy();
    expect(fetch.to(SETTLEMENTS, 'POST')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Record JP¥3,000' }));
    await expectRecorded(fetch, '3000');
    expect(await screen.findByText('Everyone is settled up.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('[MONEY-13] without the right to add, the transfers show without a button', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        baseCurrency: 'EUR',
        balances: [
          { ...ana, balanceMinor: 1250 },
          { ...bo, balanceMinor: -1250 },
        ],
        transfers: [{ from: bo, to: ana, amountMinor: 1250 }],
      }),
    );
    renderAt(<BalancesView tripId="t-1" canAdd={false} online currentUserId="u-bo" isAdmin={false} />);
    expect(await screen.findByText('Bo Berg pays Ana Alba €12.50')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Record payment/ })).toBeNull();
  });

  describe('who records a suggested payment', () => {
    const threeWay = () =>
      mockFetch((request) => {
        if (request.path === '/core/trips/t-1/balances') return jsonResponse(200, threeWayBalances('EUR'));
        return jsonResponse(403, errorBody(403, 'FORBIDDEN', 'Only who paid, who was paid, or an admin'));
      });
    const recordButtons = () => screen.queryAllByRole('button', { name: /^Record payment:/ });
    const rule = 'A payment is recorded by who pays, who is paid, or an admin of the trip.';

    it('the payer sees the button on their own debt only, and a line saying who records the others', async () => {
      threeWay();
      renderAt(<BalancesView tripId="t-1" canAdd online currentUserId="u-bo" isAdmin={false} />);
      expect(await screen.findByText('Cy Cole pays Ana Alba €15.00')).toBeTruthy();
      expect(recordButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
        'Record payment: Bo Berg pays Ana Alba €30.00',
      ]);
      expect(screen.getByText(rule)).toBeTruthy();
    });

    it('the payee sees the button on every payment to them', async () => {
      threeWay();
      renderAt(<BalancesView tripId="t-1" canAdd online currentUserId="u-ana" isAdmin={false} />);
      await screen.findByText('Cy Cole pays Ana Alba €15.00');
      expect(recordButtons()).toHaveLength(2);
      expect(screen.queryByText(rule)).toBeNull();
    });

    it('a member in none of them sees the suggestions without a button', async () => {
      threeWay();
      renderAt(<BalancesView tripId="t-1" canAdd online currentUserId="u-dee" isAdmin={false} />);
      expect(await screen.findByText('Bo Berg pays Ana Alba €30.00')).toBeTruthy();
      expect(recordButtons()).toHaveLength(0);
      expect(screen.getByText(rule)).toBeTruthy();
    });

    it('an admin in none of them records any', async () => {
      threeWay();
      renderAt(<BalancesView tripId="t-1" canAdd online currentUserId="u-dee" isAdmin />);
      await screen.findByText('Bo Berg pays Ana Alba €30.00');
      expect(recordButtons()).toHaveLength(2);
      expect(screen.queryByText(rule)).toBeNull();
    });

    it('cancelling the confirmation records nothing; a refusal stays in the dialog', async () => {
      setCookie('csrf-token', 'test-csrf');
      const fetch = threeWay();
      renderAt(<BalancesView tripId="t-1" canAdd online currentUserId="u-bo" isAdmin={false} />);
      const record = await screen.findByRole('button', {
        name: 'Record payment: Bo Berg pays Ana Alba €30.00',
      });
      fireEvent.click(record);
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(fetch.to(SETTLEMENTS, 'POST')).toHaveLength(0);

      fireEvent.click(record);
      const confirm = screen.getByRole('dialog', { name: 'Record payment' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Record €30.00' }));
      expect(await within(confirm).findByRole('alert')).toHaveProperty(
        'textContent',
        'Only who paid, who was paid, or an admin',
      );
      await expectRecorded(fetch, '30.00');
    });

    it('[MONEY-18] a part payment: the amount is editable, at most the suggested one, and what is recorded is what was typed', async () => {
      setCookie('csrf-token', 'test-csrf');
      const fetch = threeWay();
      renderAt(<BalancesView tripId="t-1" canAdd online currentUserId="u-bo" isAdmin={false} />);
      fireEvent.click(
        await screen.findByRole('button', { name: 'Record payment: Bo Berg pays Ana Alba €30.00' }),
      );
      const confirm = screen.getByRole('dialog', { name: 'Record payment' });
      const amount = within(confirm).getByLabelText('Amount (EUR)');
      expect((amount as HTMLInputElement).value).toBe('30.00');

      fireEvent.change(amount, { target: { value: '45' } });
      expect(within(confirm).getByText('At most €30.00: that settles the whole debt.')).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      expect(within(confirm).getByRole('button', { name: 'Record €30.00' })).toHaveProperty('disabled', true);
      fireEvent.change(amount, { target: { value: '0' } });
      expect(within(confirm).getByText('The amount must be more than zero.')).toBeTruthy();
      fireEvent.change(amount, { target: { value: '12,5' } });
      expect(within(confirm).getByText('Write the amount as a number, such as 12.50.')).toBeTruthy();

      fireEvent.change(amount, { target: { value: '12.5' } });
      expect(
        within(confirm).getByText('A part payment: €30.00 was suggested; the rest stays owed.'),
      ).toBeTruthy();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Record €12.50' }));
      await expectRecorded(fetch, '12.50');
    });
  });
});
