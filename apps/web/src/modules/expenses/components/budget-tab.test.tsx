import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { errorBody, jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import { bo, makeDinner, makeMyMoney } from '../testing/expense-fixtures.ts';
import { BudgetTab } from './budget-tab.tsx';

resetMocksAfterEach();

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
    const me = { _id: 'u-1', name: 'Vi Viewer' };
    const entry = { createdBy: 'u-bo', canEdit: false };
    mockFetch((request) => {
      if (request.path === '/core/trips/t-1/money/mine')
        return jsonResponse(
          200,
          makeMyMoney({
            balanceMinor: -600,
            entries: [
              makeDinner({
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
              }),
              makeDinner({
                ...entry,
                paidBy: bo,
                split: {
                  kind: 'equal',
                  people: [
                    { ...bo, value: null, shareMinor: 2000, shareBaseMinor: 2000 },
                    { ...me, value: null, shareMinor: 1000, shareBaseMinor: 1000 },
                  ],
                },
              }),
            ],
          }),
        );
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
