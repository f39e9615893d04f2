import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Expense } from '@tripcrew/contracts/expenses';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, setCookie } from '../../../lib/testing/fetch-mock.ts';
import { ana, bo, makeExpense } from '../testing/expense-fixtures.ts';
import { ExpenseList } from './expense-list.tsx';

resetMocksAfterEach();

/** An expense of 17 December 2026, added on 27 November: the fixtures' taxi with `overrides`. */
function expense(overrides: Partial<Expense> = {}): Expense {
  const added = '2026-11-27T10:00:00.000Z';
  return makeExpense({ date: '2026-12-17', createdAt: added, updatedAt: added, ...overrides });
}

const dialog = {
  tripId: 't-1',
  baseCurrency: 'EUR',
  people: [],
  startDate: null,
  endDate: null,
  currentUserId: 'u-ana',
  isAdmin: false,
};

describe('ExpenseList receipts', () => {
  it('[MONEY-17] its author attaches a receipt (sent as multipart); who may see it opens it; others see no button', async () => {
    setCookie('csrf-token', 'test-csrf');
    let list = [expense(), expense({ _id: 'e-2', title: 'Museum', canEdit: false })];
    const fetch = mockFetch((request) => {
      if (request.path === '/core/trips/t-1/expenses/e-1/receipt' && request.method === 'PUT') {
        list = [
          expense({ hasReceipt: true, receiptUrl: '/api/core/trips/t-1/expenses/e-1/receipt' }),
          list[1] as Expense,
        ];
        return jsonResponse(200, { ok: true });
      }
      if (request.path === '/core/trips/t-1/expenses') return jsonResponse(200, list);
      return jsonResponse(404, {});
    });
    renderAt(<ExpenseList canAdd online dialog={dialog} />);
    const attach = await screen.findByRole('button', { name: 'Attach a receipt to Taxi' });
    expect(screen.queryByRole('button', { name: /receipt.*Museum/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Receipt of Taxi' })).toBeNull();

    const input = attach.parentElement?.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('application/pdf');
    const file = new File(['%PDF-1.4 …'], 'taxi.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(fetch.to('/core/trips/t-1/expenses/e-1/receipt', 'PUT')).toHaveLength(1));
    const sent = fetch.to('/core/trips/t-1/expenses/e-1/receipt', 'PUT')[0]?.body;
    expect(sent instanceof FormData && sent.get('file')).toBeInstanceOf(File);
    expect(await screen.findByRole('button', { name: 'Receipt of Taxi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace the receipt of Taxi' })).toBeTruthy();
  });

  it('[MONEY-17] its author removes a receipt after confirming; cancelling sends nothing', async () => {
    setCookie('csrf-token', 'test-csrf');
    const withReceipt = { hasReceipt: true, receiptUrl: '/api/core/trips/t-1/expenses/e-1/receipt' };
    let list = [
      expense(withReceipt),
      expense({ _id: 'e-2', title: 'Museum', canEdit: false, ...withReceipt }),
    ];
    const fetch = mockFetch((request) => {
      if (request.path === '/core/trips/t-1/expenses/e-1/receipt' && request.method === 'DELETE') {
        list = [expense(), list[1] as Expense];
        return jsonResponse(200, { ok: true });
      }
      if (request.path === '/core/trips/t-1/expenses') return jsonResponse(200, list);
      return jsonResponse(404, {});
    });
    renderAt(<ExpenseList canAdd online dialog={dialog} />);
    const removeButton = await screen.findByRole('button', { name: 'Remove the receipt of Taxi' });
    // Someone who may open a receipt but not change the expense cannot remove it.
    expect(screen.getByRole('button', { name: 'Receipt of Museum' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove the receipt of Museum' })).toBeNull();

    fireEvent.click(removeButton);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to('/core/trips/t-1/expenses/e-1/receipt', 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the receipt of Taxi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this receipt?' });
    expect(confirm.textContent).toContain('The receipt of Taxi is deleted for everyone in the trip.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fetch.to('/core/trips/t-1/expenses/e-1/receipt', 'DELETE')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Attach a receipt to Taxi' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Receipt of Taxi' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove the receipt of Taxi' })).toBeNull();
  });

  it('[MONEY-17] a file over 5 MB is refused before anything is sent', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch((request) =>
      request.path === '/core/trips/t-1/expenses' ? jsonResponse(200, [expense()]) : jsonResponse(404, {}),
    );
    renderAt(<ExpenseList canAdd online dialog={dialog} />);
    const attach = await screen.findByRole('button', { name: 'Attach a receipt to Taxi' });
    const input = attach.parentElement?.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    const error = vi.spyOn(toast, 'error');
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'A receipt is at most 5 MB: choose a smaller file.',
        expect.anything(),
      ),
    );
    expect(fetch.to('/core/trips/t-1/expenses/e-1/receipt', 'PUT')).toHaveLength(0);
  });
});

describe('ExpenseList payments', () => {
  const payment = (amountMinor: number, version: number, canEdit = true) =>
    expense({
      _id: 's-1',
      kind: 'settlement',
      title: 'Settlement',
      amount: (amountMinor / 100).toFixed(2),
      amountMinor,
      baseAmountMinor: amountMinor,
      category: 'other',
      paidBy: bo,
      split: {
        kind: 'exact',
        people: [{ ...ana, value: null, shareMinor: amountMinor, shareBaseMinor: amountMinor }],
      },
      createdBy: 'u-bo',
      canEdit,
      version,
    });
  // Bo owes Ana 30.00 and has paid 10.00 of it: 20.00 still owed.
  const balances = {
    baseCurrency: 'EUR',
    balances: [
      { ...ana, balanceMinor: 2000 },
      { ...bo, balanceMinor: -2000 },
    ],
    transfers: [{ from: bo, to: ana, amountMinor: 2000 }],
  };

  it('[MONEY-23] a party edits a payment’s amount (prefilled, at most what is owed with its own amount) and deletes it after confirming', async () => {
    setCookie('csrf-token', 'test-csrf');
    let list = [payment(1000, 1)];
    const fetch = mockFetch((request) => {
      if (request.path === '/core/trips/t-1/settlements/s-1' && request.method === 'PATCH') {
        list = [payment(2500, 2)];
        return jsonResponse(200, list[0]);
      }
      if (request.path === '/core/trips/t-1/expenses/s-1' && request.method === 'DELETE') {
        list = [];
        return jsonResponse(200, { ok: true });
      }
      if (request.path === '/core/trips/t-1/expenses') return jsonResponse(200, list);
      if (request.path === '/core/trips/t-1/balances') return jsonResponse(200, balances);
      return jsonResponse(404, {});
    });
    renderAt(<ExpenseList canAdd online dialog={dialog} />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Edit payment: Bo Berg paid Ana Alba €10.00' }),
    );
    const edit = await screen.findByRole('dialog', { name: 'Edit payment' });
    const amount = screen.getByLabelText('Amount (EUR)') as HTMLInputElement;
    expect(amount.value).toBe('10.00');
    // 20.00 still owed + its own 10.00: at most 30.00.
    expect(await screen.findByText('At most €30.00.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '30.01' } });
    expect(screen.getByText('At most €30.00: more than that is not owed between the two.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.submit(amount.closest('form') as HTMLFormElement);
    await waitFor(() => expect(fetch.to('/core/trips/t-1/settlements/s-1', 'PATCH')).toHaveLength(1));
    expect(fetch.to('/core/trips/t-1/settlements/s-1', 'PATCH')[0]?.body).toEqual({
      amount: '25.00',
      version: 1,
    });
    await waitFor(() => expect(edit.isConnected).toBe(false));
    expect(await screen.findByText(/Bo Berg paid Ana Alba €25\.00/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Bo Berg paid Ana Alba €25.00' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this payment?' });
    expect(confirm.textContent).toContain('is taken out of the budget and the balances');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetch.to('/core/trips/t-1/expenses/s-1', 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('No expenses yet — add the first one.')).toBeTruthy();
  });

  it('[MONEY-23] someone not in a payment sees neither edit nor delete; a refused edit stays open with the reason', async () => {
    setCookie('csrf-token', 'test-csrf');
    const list = [payment(1000, 1), { ...payment(500, 1, false), _id: 's-2' }];
    mockFetch((request) => {
      if (request.path === '/core/trips/t-1/settlements/s-1' && request.method === 'PATCH')
        return jsonResponse(409, {
          statusCode: 409,
          code: 'VERSION_CONFLICT',
          message: 'Someone changed this payment meanwhile: see its amount now.',
        });
      if (request.path === '/core/trips/t-1/expenses') return jsonResponse(200, list);
      if (request.path === '/core/trips/t-1/balances') return jsonResponse(200, balances);
      return jsonResponse(404, {});
    });
    renderAt(<ExpenseList canAdd online dialog={dialog} />);
    expect(await screen.findAllByRole('button', { name: /^Edit payment/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^Edit payment/ }));
    const amount = (await screen.findByLabelText('Amount (EUR)')) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone changed this payment meanwhile: see its amount now.',
    );
    expect(screen.getByRole('dialog', { name: 'Edit payment' })).toBeTruthy();
  });
});
