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
});
