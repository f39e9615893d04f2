import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import { ana, bo as me, makeDinner, makeMyMoney } from '../testing/expense-fixtures.ts';
import { OpenMoneyFromLeftTrips } from './open-money.tsx';

resetMocksAfterEach();

describe('OpenMoneyFromLeftTrips', () => {
  it('[MONEY-30] lists the trips left with money open, each with the balance, and shows the part read-only on request', async () => {
    const fetch = mockFetch((request) => {
      if (request.path === '/core/money/open')
        return jsonResponse(200, [
          { tripId: 't-9', tripName: 'Porto', baseCurrency: 'EUR', balanceMinor: -1500 },
        ]);
      if (request.path === '/core/trips/t-9/money/mine')
        return jsonResponse(
          200,
          makeMyMoney({
            tripId: 't-9',
            tripName: 'Porto',
            balanceMinor: -1500,
            former: true,
            entries: [
              makeDinner({
                split: {
                  kind: 'equal',
                  people: [
                    { ...ana, value: null, shareMinor: 1500, shareBaseMinor: 1500 },
                    { ...me, value: null, shareMinor: 1500, shareBaseMinor: 1500 },
                  ],
                },
                canEdit: false,
              }),
            ],
          }),
        );
      return jsonResponse(404, {});
    });
    renderAt(<OpenMoneyFromLeftTrips userId="u-bo" />);
    expect(await screen.findByRole('heading', { name: 'Money still open from trips you left' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Trips you left with money open' });
    expect(within(list).getByText('Porto')).toBeTruthy();
    expect(within(list).getByText('You owe €15.00')).toBeTruthy();
    // The part is read only when asked for.
    expect(fetch.to('/core/trips/t-9/money/mine')).toHaveLength(0);
    const show = screen.getByRole('button', { name: 'Show your part of Porto' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(await screen.findByText('your share €15.00')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your part of Porto' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Hide your part of Porto' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
  });

  it('[MONEY-30] shows nothing when no trip left has money open', async () => {
    const fetch = mockFetch(() => jsonResponse(200, []));
    const { container } = renderAt(<OpenMoneyFromLeftTrips userId="u-bo" />);
    await vi.waitFor(() => expect(fetch.to('/core/money/open')).toHaveLength(1));
    expect(container.textContent ?? '').not.toContain('Money still open');
  });
});
