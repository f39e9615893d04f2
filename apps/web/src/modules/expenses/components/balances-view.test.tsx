import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, setCookie } from '../../../lib/testing/fetch-mock.ts';
import { BalancesView } from './balances-view.tsx';

resetMocksAfterEach();

const ana = { _id: 'u-ana', name: 'Ana Alba' };
const bo = { _id: 'u-bo', name: 'Bo Berg' };
const cy = { _id: 'u-cy', name: 'Cy Cole' };

describe('BalancesView', () => {
  it('[MONEY-12] says in words who is owed and who owes, suggests the transfers and records one', async () => {
    setCookie('csrf-token', 'test-csrf');
    let settled = false;
    const fetch = mockFetch((request) => {
      if (request.path === '/core/trips/t-1/balances') {
        return jsonResponse(
          200,
          settled
            ? { baseCurrency: 'JPY', balances: [], transfers: [] }
            : {
                baseCurrency: 'JPY',
                balances: [
                  { ...ana, balanceMinor: 4500 },
                  { ...bo, balanceMinor: -3000 },
                  { ...cy, balanceMinor: -1500 },
                ],
                transfers: [
                  { from: bo, to: ana, amountMinor: 3000 },
                  { from: cy, to: ana, amountMinor: 1500 },
                ],
              },
        );
      }
      if (request.path === '/core/trips/t-1/settlements') {
        settled = true;
        return jsonResponse(201, {
          _id: 'e-9',
          kind: 'settlement',
          title: 'Payment',
          amount: '3000',
          amountMinor: 3000,
          currency: 'JPY',
          rate: '1',
          baseAmountMinor: 3000,
          baseCurrency: 'JPY',
          date: '2031-05-02',
          category: 'other',
          paidBy: bo,
          split: {
            kind: 'exact',
            people: [{ ...ana, value: '3000', shareMinor: 3000, shareBaseMinor: 3000 }],
          },
          createdBy: 'u-bo',
          createdAt: '2031-05-02T10:00:00.000Z',
          updatedAt: '2031-05-02T10:00:00.000Z',
          hasReceipt: false,
          receiptUrl: null,
          canEdit: true,
        });
      }
      return jsonResponse(404, {});
    });
    renderAt(<BalancesView tripId="t-1" canAdd online />);
    expect(await screen.findByText('is owed JP¥4,500')).toBeTruthy();
    expect(screen.getByText('owes JP¥3,000')).toBeTruthy();
    expect(screen.getByText('owes JP¥1,500')).toBeTruthy();
    expect(screen.getByText('Bo Berg pays Ana Alba JP¥3,000')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Record payment: Bo Berg pays Ana Alba JP¥3,000' }));
    await waitFor(() => expect(fetch.to('/core/trips/t-1/settlements', 'POST')).toHaveLength(1));
    expect(fetch.to('/core/trips/t-1/settlements', 'POST')[0]!.body).toEqual({
      from: 'u-bo',
      to: 'u-ana',
      amount: '3000',
    });
    expect(await screen.findByText('Everyone is settled up.')).toBeTruthy();
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
    renderAt(<BalancesView tripId="t-1" canAdd={false} online />);
    expect(await screen.findByText('Bo Berg pays Ana Alba €12.50')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Record payment/ })).toBeNull();
  });
});
