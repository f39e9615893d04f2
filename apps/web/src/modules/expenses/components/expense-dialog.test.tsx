import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { errorBody, jsonResponse, mockFetch, setCookie } from '../../../lib/testing/fetch-mock.ts';
import type { Expense } from '../api/expense-list.ts';
import { ana, bo, makeExpense } from '../testing/expense-fixtures.ts';
import { ExpenseDialog } from './expense-dialog.tsx';

resetMocksAfterEach();

const people = [ana, bo];

function renderDialog(onClose = vi.fn(), options: { isAdmin?: boolean; expense?: Expense } = {}) {
  renderAt(
    <ExpenseDialog
      tripId="t-1"
      baseCurrency="EUR"
      people={people}
      startDate="2031-05-01"
      endDate="2031-05-10"
      currentUserId="u-ana"
      isAdmin={options.isAdmin ?? false}
      expense={options.expense}
      onClose={onClose}
    />,
  );
  return onClose;
}

/** A taxi of 18.00 EUR paid by `paidBy`, shared by Ana and Bo, added by Ana. */
function taxi(paidBy: (typeof people)[number]): Expense {
  const share = { value: null, shareMinor: 900, shareBaseMinor: 900 };
  return makeExpense({
    paidBy,
    split: { kind: 'equal', people: people.map((person) => ({ ...person, ...share })) },
  });
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ExpenseDialog', () => {
  it('[MONEY-09] checks the form before sending: the problems stand at their fields and nothing goes out', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch(() => jsonResponse(200, {}));
    renderDialog();
    fill('Amount', '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    expect((await screen.findByText('Give the expense a title')).getAttribute('role')).toBe('alert');
    expect(screen.getByText('EUR amounts have at most 2 decimals')).toBeTruthy();
    expect(screen.getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Amount').getAttribute('aria-describedby')).toMatch(/amount-error/);
    expect(fetch.to('/core/trips/t-1/expenses', 'POST')).toHaveLength(0);
  });

  it('[MONEY-10] the split editor shows what is left to assign, and percentages must total 100', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch(() => jsonResponse(200, {}));
    renderDialog();
    fill('Title', 'Museum');
    fill('Amount', '40');
    fill('How to split', 'percent');
    fill('Percent for Ana Alba', '60');
    expect(screen.getByText('Left to assign: 40.00 %')).toBeTruthy();
    fill('Percent for Bo Berg', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    expect(await screen.findByText('The percentages add up to 90 %, not 100 %')).toBeTruthy();
    expect(fetch.to('/core/trips/t-1/expenses', 'POST')).toHaveLength(0);

    fill('How to split', 'exact');
    fill('EUR for Ana Alba', '25');
    fill('EUR for Bo Berg', '20');
    expect(screen.getByText('Too much assigned: 5.00 EUR')).toBeTruthy();
    fill('EUR for Bo Berg', '15');
    expect(screen.getByText('All assigned')).toBeTruthy();
  });

  it('[MONEY-11] asks for the rate of another currency (prefilled), sends it, and shows the server refusal at its field keeping the values', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch((request) => {
      if (request.path === '/core/trips/t-1/rates') {
        return jsonResponse(200, {
          currency: request.query.get('currency'),
          baseCurrency: 'EUR',
          rate: '0.0062',
          source: 'table',
          asOf: '2031-05-01',
        });
      }
      if (request.path === '/core/trips/t-1/expenses' && request.method === 'POST') {
        return jsonResponse(400, {
          ...errorBody(400, 'BAD_REQUEST', 'Date the expense within 60 days of the trip'),
          field: 'date',
        });
      }
      return jsonResponse(404, errorBody(404, 'NOT_FOUND', 'Not found'));
    });
    const onClose = renderDialog();
    fill('Title', 'Ramen');
    fill('Amount', '1200');
    fill('Currency', 'JPY');
    const rate = await screen.findByDisplayValue('0.0062');
    expect(rate).toBe(screen.getByLabelText('Rate (EUR for 1 JPY)'));
    expect(screen.getByText('1 JPY = 0.0062 EUR')).toBeTruthy();
    fireEvent.change(rate, { target: { value: '0.0061' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));

    await waitFor(() => expect(fetch.to('/core/trips/t-1/expenses', 'POST')).toHaveLength(1));
    expect(fetch.to('/core/trips/t-1/expenses', 'POST')[0]!.body).toEqual({
      title: 'Ramen',
      amount: '1200',
      currency: 'JPY',
      rate: '0.0061',
      date: expect.stringMatching(/^2031-05-01$/),
      category: 'other',
      paidBy: 'u-ana',
      split: { kind: 'equal', people: [{ userId: 'u-ana' }, { userId: 'u-bo' }] },
    });
    const dateError = await screen.findByText('Date the expense within 60 days of the trip');
    expect(dateError.id).toBe(screen.getByLabelText('Date').getAttribute('aria-describedby'));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Ramen');
    expect((screen.getByLabelText('Rate (EUR for 1 JPY)') as HTMLInputElement).value).toBe('0.0061');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add expense' })).toBeTruthy();
  });

  describe('who paid', () => {
    it('a member records only what they paid: the payer is themselves, as text, and goes out as such', async () => {
      setCookie('csrf-token', 'test-csrf');
      const fetch = mockFetch(() => jsonResponse(200, {}));
      renderDialog();
      const payer = screen.getByRole('group', { name: 'Paid by' });
      expect(within(payer).getByText('Ana Alba (you)')).toBeTruthy();
      expect(within(payer).getByText(/an admin of the trip adds what others paid/)).toBeTruthy();
      expect(screen.queryByRole('combobox', { name: 'Paid by' })).toBeNull();
      expect(screen.queryByText('Bo Berg', { selector: 'option' })).toBeNull();

      fill('Title', 'Coffee');
      fill('Amount', '6');
      fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
      await waitFor(() => expect(fetch.to('/core/trips/t-1/expenses', 'POST')).toHaveLength(1));
      expect(fetch.to('/core/trips/t-1/expenses', 'POST')[0]!.body).toMatchObject({ paidBy: 'u-ana' });
    });

    it('an admin chooses any traveller, themselves first chosen', () => {
      renderDialog(vi.fn(), { isAdmin: true });
      const select = screen.getByRole('combobox', { name: 'Paid by' }) as HTMLSelectElement;
      expect(select.value).toBe('u-ana');
      expect([...select.options].map((option) => option.text)).toEqual(['Ana Alba', 'Bo Berg']);
      fireEvent.change(select, { target: { value: 'u-bo' } });
      expect(select.value).toBe('u-bo');
    });

    it('a member changing their own expense keeps themselves as the payer', () => {
      renderDialog(vi.fn(), { expense: taxi(people[0]!) });
      expect(within(screen.getByRole('group', { name: 'Paid by' })).getByText('Ana Alba (you)')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(false);
    });

    it('on an expense they added that an admin put on someone else, a member keeps that payer and saves', async () => {
      setCookie('csrf-token', 'test-csrf');
      const fetch = mockFetch(() => jsonResponse(200, {}));
      renderDialog(vi.fn(), { expense: taxi(people[1]!) });
      const payer = screen.getByRole('group', { name: 'Paid by' });
      expect(within(payer).getByText('Bo Berg')).toBeTruthy();
      expect(within(payer).getByText('Only an admin of the trip changes who paid.')).toBeTruthy();
      expect(screen.queryByRole('combobox', { name: 'Paid by' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(fetch.to('/core/trips/t-1/expenses/e-1', 'PUT')).toHaveLength(1));
      expect(fetch.to('/core/trips/t-1/expenses/e-1', 'PUT')[0]!.body).toMatchObject({ paidBy: 'u-bo' });
    });

    it('an admin changes who paid an expense someone else paid', () => {
      renderDialog(vi.fn(), { isAdmin: true, expense: taxi(people[1]!) });
      const select = screen.getByRole('combobox', { name: 'Paid by' }) as HTMLSelectElement;
      expect(select.value).toBe('u-bo');
      expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(false);
    });
  });

  it('[MONEY-31] an expense changed meanwhile: the form keeps what was typed, says who changed it and what it is now, and a second save replaces theirs', async () => {
    setCookie('csrf-token', 'test-csrf');
    let puts = 0;
    const fetch = mockFetch((request) => {
      if (request.path === '/core/trips/t-1/expenses/e-1' && request.method === 'PUT' && ++puts === 1) {
        return jsonResponse(409, {
          ...errorBody(409, 'VERSION_CONFLICT', 'Bo Berg changed this expense while you were editing.'),
          conflict: {
            kind: 'expense',
            recordId: 'e-1',
            version: 2,
            fields: ['amount', 'title'],
            current: { title: 'Taxi to the airport', amount: '24.00', currency: 'EUR', version: 2 },
            changedBy: { _id: 'u-bo', name: 'Bo Berg' },
            changedAt: '2031-05-02T11:00:00.000Z',
          },
        });
      }
      return jsonResponse(200, { ...taxi(people[0]!), title: 'Taxi home', version: 3 });
    });
    const onClose = renderDialog(vi.fn(), { expense: taxi(people[0]!) });
    fill('Title', 'Taxi home');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      (await screen.findByText(/^Bo Berg changed this expense while you were editing/)).textContent,
    ).toBe(
      'Bo Berg changed this expense while you were editing (now: Taxi to the airport — 24.00 EUR). Your changes are still here: save again to replace theirs, or cancel to keep theirs.',
    );
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Taxi home');
    expect(onClose).not.toHaveBeenCalled();
    const sent = () => fetch.to('/core/trips/t-1/expenses/e-1', 'PUT').map((call) => call.body);
    expect(sent()[0]).toMatchObject({ title: 'Taxi home', version: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()[1]).toMatchObject({ title: 'Taxi home', version: 2 });
  });

  it('[MONEY-28] a proposed rate says where it comes from: the app’s reference rates of a day (to check) or the trip’s last one', async () => {
    let answer = { rate: '1.073767851390', source: 'bundled', asOf: '2024-01-04' };
    mockFetch((request) =>
      request.path === '/core/trips/t-1/rates'
        ? jsonResponse(200, { currency: request.query.get('currency'), baseCurrency: 'EUR', ...answer })
        : jsonResponse(404, errorBody(404, 'NOT_FOUND', 'Not found')),
    );
    renderDialog();
    fill('Currency', 'CHF');
    const rate = await screen.findByDisplayValue('1.073767851390');
    expect(screen.getByText('Reference rate of 4 Jan 2024, check it')).toBeTruthy();
    expect(screen.getByText('1 CHF = 1.073767851390 EUR')).toBeTruthy();
    // Typed over, the rate is the member's own: no source is claimed.
    fireEvent.change(rate, { target: { value: '1.05' } });
    expect(screen.queryByText(/Reference rate/)).toBeNull();
    expect(screen.getByText('1 CHF = 1.05 EUR')).toBeTruthy();

    answer = { rate: '0.0062', source: 'trip', asOf: '2031-11-12' };
    fill('Currency', 'JPY');
    await screen.findByDisplayValue('0.0062');
    expect(screen.getByText('Last rate used in this trip (12 Nov 2031)')).toBeTruthy();
  });
});
