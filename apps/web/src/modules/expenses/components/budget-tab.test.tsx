import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../lib/api-client.ts';
import { errorBody, jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import { BudgetTab } from './budget-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

const props = { tripId: 't-1', travellers: [], startDate: null, endDate: null, currentUserId: 'u-1' };

describe('BudgetTab', () => {
  it("[MONEY-15] a guest the admin keeps out sees the API's reason as a calm notice, not an error", async () => {
    const message = "Only the trip's admin can let guests and viewers see its money";
    const fetch = mockFetch(() => jsonResponse(403, errorBody(403, 'FORBIDDEN', message)));
    renderAt(<BudgetTab {...props} />);
    expect(await screen.findByRole('heading', { name: "The trip's money is private" })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(fetch.to('/core/trips/t-1/budget')).toHaveLength(1);
  });

  it('[MONEY-16] an empty trip invites the first expense; admins get the budget editor and the visibility switch', async () => {
    mockFetch((request) => {
      if (request.path === '/core/trips/t-1/budget') {
        return jsonResponse(200, {
          baseCurrency: 'KWD',
          plannedMinor: 500000,
          visibleToGuests: false,
          spentMinor: 0,
          categories: [],
          perDay: [],
          perMember: [],
          canManage: true,
          canAdd: true,
        });
      }
      if (request.path === '/core/trips/t-1/expenses') return jsonResponse(200, []);
      return jsonResponse(200, { baseCurrency: 'KWD', balances: [], transfers: [] });
    });
    renderAt(<BudgetTab {...props} />);
    expect(await screen.findByText('No expenses yet — add the first one.')).toBeTruthy();
    expect(screen.getByText('KWD 0.000 of KWD 500.000')).toBeTruthy();
    expect(screen.getByRole('switch', { name: /Guests and viewers see the money/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit budget' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add expense' })).toBeTruthy();
  });

  it('[MONEY-27] a viewer the money is not shared with still reads their own share and payments', async () => {
    const bo = { _id: 'u-bo', name: 'Bo Berg' };
    const me = { _id: 'u-1', name: 'Vi Viewer' };
    const entry = {
      amountMinor: 3000,
      currency: 'EUR',
      rate: '1',
      baseAmountMinor: 3000,
      baseCurrency: 'EUR',
      date: '2031-05-06',
      category: 'food',
      createdBy: 'u-bo',
      createdAt: '2031-05-06T10:00:00.000Z',
      updatedAt: '2031-05-06T10:00:00.000Z',
      hasReceipt: false,
      receiptUrl: null,
      canEdit: false,
      version: 1,
    };
    mockFetch((request) => {
      if (request.path === '/core/trips/t-1/money/mine')
        return jsonResponse(200, {
          tripId: 't-1',
          tripName: 'Lisbon',
          baseCurrency: 'EUR',
          balanceMinor: -600,
          former: false,
          entries: [
            {
              ...entry,
              _id: 's-1',
              kind: 'settlement',
              title: 'Settlement',
              amount: '4.00',
              amountMinor: 400,
              baseAmountMinor: 400,
              category: 'other',
              paidBy: me,
              split: {
                kind: 'exact',
                people: [{ ...bo, value: '4.00', shareMinor: 400, shareBaseMinor: 400 }],
              },
            },
            {
              ...entry,
              _id: 'e-1',
              kind: 'expense',
              title: 'Dinner',
              amount: '30.00',
              paidBy: bo,
              split: {
                kind: 'equal',
                people: [
                  { ...bo, value: null, shareMinor: 2000, shareBaseMinor: 2000 },
                  { ...me, value: null, shareMinor: 1000, shareBaseMinor: 1000 },
                ],
              },
            },
          ],
        });
      return jsonResponse(403, errorBody(403, 'FORBIDDEN', "The trip's admin has not shared its money"));
    });
    renderAt(<BudgetTab {...props} />);
    expect(await screen.findByRole('heading', { name: "The trip's money is private" })).toBeTruthy();
    expect(await screen.findByText('You owe €6.00')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Your expenses and payments' });
    expect(list.textContent).toContain('Vi Viewer paid Bo Berg €4.00');
    expect(list.textContent).toContain('Dinner');
    expect(list.textContent).toContain('your share €10.00');
    expect(list.textContent).toContain('paid by Bo Berg, €30.00 in all');
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
  });
});
