import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import { errorBody, jsonResponse } from '../../../../lib/testing/fetch-mock.ts';
import type { HistoryEntry } from '../../api/trip-history.ts';
import { makeTrip, mockTripApi } from '../../testing/trip-fixtures.ts';
import { HistoryTab } from './history-tab.tsx';

resetMocksAfterEach();

const ADA = { _id: 'u-1', name: 'Ada Lovelace' };
const BOB = { _id: 'u-2', name: 'Bob Stone' };

let seq = 0;
function entry(overrides: Partial<HistoryEntry>): HistoryEntry {
  seq += 1;
  return {
    _id: `e-${seq}`,
    kind: 'trip-feature',
    action: 'removed',
    recordId: 'f-1',
    label: 'Castelo de São Jorge',
    fields: [],
    before: null,
    after: null,
    by: BOB,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    undoOf: null,
    undone: false,
    canUndo: false,
    ...overrides,
  };
}

/** A change of one text of a record, which is named by it: `field` from `from` to `to`. */
function textChange(
  kind: HistoryEntry['kind'],
  field: string,
  from: string,
  to: string,
  overrides: Partial<HistoryEntry> = {},
): HistoryEntry {
  return entry({
    kind,
    action: 'changed',
    label: from,
    fields: [field],
    before: { [field]: from },
    after: { [field]: to },
    ...overrides,
  });
}

/** A payment's entry (payments have no label): `action` by Bob, with `change` (its values, undoOf…). */
const paymentEntry = (action: HistoryEntry['action'], change: Partial<HistoryEntry>) =>
  entry({ kind: 'settlement', action, label: '', ...change });

const HISTORY = '/core/trips/t-1/history';

/** The tab of the trip, for a signed-in member, with the money module's name of one category. */
function renderTab(): void {
  const result = renderWithToasts(
    <HistoryTab
      trip={makeTrip()}
      categoryName={(category) => (category === 'food' ? 'Food and drinks' : category)}
    />,
  );
  signIn(result.store);
}

function renderHistory(answer: (query: URLSearchParams) => { entries: HistoryEntry[]; next: string | null }) {
  const fetch = mockTripApi({
    extra: (request) =>
      request.path === HISTORY && request.method === 'GET'
        ? jsonResponse(200, answer(request.query))
        : undefined,
  });
  renderTab();
  return fetch;
}

/** Renders one page of these entries and waits until each is shown. */
async function showEntries(entries: HistoryEntry[]): Promise<void> {
  renderHistory(() => ({ entries, next: null }));
  expect(await screen.findAllByTestId('history-entry')).toHaveLength(entries.length);
}

const sentences = () => screen.getAllByTestId('history-sentence').map((el) => el.textContent);

describe('HistoryTab', () => {
  it('[HISTORY-20] puts every kind of change into words, days counted from the trip start, text before → after', async () => {
    await showEntries([
      entry({
        kind: 'planner-item',
        action: 'moved',
        fields: ['date'],
        before: { date: '2031-05-05' },
        after: { date: '2031-05-06' },
      }),
      entry({
        kind: 'planner-item',
        action: 'moved',
        label: 'Feature 2',
        fields: ['date'],
        before: { date: '2031-05-07' },
        after: { date: null },
      }),
      textChange('planner-item', 'text', 'Meet at the hotel', 'Meet at the station', { by: ADA }),
      entry({ by: ADA }),
      entry({ kind: 'packing-item', action: 'added', label: 'Sunscreen', after: { text: 'Sunscreen' } }),
      textChange('trip', 'tripName', 'Lisbon', 'Lisbon in May', { by: ADA }),
      entry({ action: 'restored', by: ADA, undoOf: 'e-x', after: { date: '2031-05-05' } }),
      entry({ kind: 'packing-item', action: 'removed', label: 'Towel', by: null, undone: true }),
    ]);
    expect(sentences()).toEqual([
      'Bob Stone moved Castelo de São Jorge from day 1 to day 2',
      'Bob Stone moved Feature 2 from day 3 to unscheduled',
      'Ada Lovelace changed the note ‘Meet at the hotel’',
      'Ada Lovelace removed Castelo de São Jorge from the trip',
      'Bob Stone added ‘Sunscreen’ to the packing list',
      'Ada Lovelace renamed the trip from Lisbon to Lisbon in May',
      'Ada Lovelace undid removing Castelo de São Jorge from the trip',
      'A former member removed ‘Towel’ from the packing list',
    ]);
    const [note] = screen.getAllByTestId('history-detail');
    expect(note!.textContent).toBe('Text:Meet at the hotelMeet at the station');
    expect(within(note!).getByLabelText('became')).toBeTruthy();
    const rows = screen.getAllByTestId('history-entry');
    expect(within(rows[0]!).getByText('5 min ago')).toBeTruthy();
    expect(within(rows[7]!).getByTestId('history-undone').textContent).toBe('Undone');
    expect(within(rows[7]!).queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('[HISTORY-24] puts money into words: expenses and payments with their amounts and people, the budget with its figures', async () => {
    await showEntries([
      entry({
        kind: 'expense',
        action: 'added',
        label: 'Dinner',
        by: ADA,
        after: { title: 'Dinner', amount: '90.00', currency: 'EUR', paidBy: 'u-1', category: 'food' },
      }),
      entry({
        kind: 'expense',
        action: 'changed',
        label: 'Dinner at Ramiro',
        by: ADA,
        fields: ['amount', 'category', 'paidBy'],
        before: { amount: '90.00', currency: 'EUR', category: 'other', paidBy: 'u-1' },
        after: { amount: '96.00', currency: 'EUR', category: 'food', paidBy: 'u-2' },
      }),
      paymentEntry('added', {
        after: { from: 'u-2', to: 'u-1', amount: '10.00', currency: 'EUR' },
      }),
      paymentEntry('changed', {
        fields: ['amount'],
        before: { from: 'u-2', to: 'gone', amount: '10.00', currency: 'EUR' },
        after: { from: 'u-2', to: 'gone', amount: '12.50', currency: 'EUR' },
      }),
      paymentEntry('removed', {
        before: { from: 'u-2', to: 'u-1', amount: '5.00', currency: 'EUR' },
      }),
      entry({
        kind: 'budget',
        action: 'changed',
        label: '',
        by: ADA,
        fields: ['planned', 'visibleToGuests'],
        before: { planned: null, visibleToGuests: false, baseCurrency: 'EUR' },
        after: { planned: '1200.00', visibleToGuests: true, baseCurrency: 'EUR' },
      }),
      entry({
        kind: 'expense',
        action: 'removed',
        label: 'Taxi',
        before: { amount: '20.00', currency: 'EUR' },
      }),
    ]);
    expect(sentences()).toEqual([
      'Ada Lovelace added the expense ‘Dinner’ (€90.00)',
      'Ada Lovelace changed the expense ‘Dinner at Ramiro’',
      'Bob Stone recorded a payment: Bob Stone paid Ada Lovelace €10.00',
      'Bob Stone changed the payment from Bob Stone to a former member',
      'Bob Stone removed the payment of €5.00 from Bob Stone to Ada Lovelace',
      'Ada Lovelace changed the budget',
      'Bob Stone removed the expense ‘Taxi’ (€20.00)',
    ]);
    expect(screen.getAllByTestId('history-detail').map((el) => el.textContent)).toEqual([
      'Amount:€90.00€96.00',
      'Category:otherFood and drinks',
      'Paid by:Ada LovelaceBob Stone',
      'Amount:€10.00€12.50',
      'Planned in total:none€1,200.00',
      'Shown to guests and viewers:noyes',
    ]);
  });

  it('[HISTORY-25] new dates and their undo say so, with the first and last day before and after', async () => {
    const dates = {
      before: { startDate: '2031-05-05', endDate: '2031-05-07' },
      fields: ['startDate', 'endDate'],
    };
    await showEntries([
      entry({ kind: 'trip', action: 'changed', by: ADA, undoOf: 'e-x', ...dates, after: dates.before }),
      entry({
        kind: 'trip',
        action: 'changed',
        ...dates,
        after: { startDate: '2031-05-12', endDate: '2031-05-14' },
      }),
    ]);
    expect(sentences()).toEqual([
      "Ada Lovelace undid a change of the trip's dates",
      "Bob Stone changed the trip's dates",
    ]);
    expect(screen.getAllByTestId('history-detail')).toHaveLength(4);
  });

  it('[HISTORY-26] undone expenses and payments say what was undone', async () => {
    const dinner = { title: 'Dinner', amount: '90.00', currency: 'EUR' };
    const payment = { from: 'u-2', to: 'u-1', amount: '10.00', currency: 'EUR' };
    await showEntries([
      entry({ kind: 'expense', action: 'added', label: 'Dinner', undoOf: 'e-a', after: dinner }),
      entry({ kind: 'expense', action: 'removed', label: 'Dinner', undoOf: 'e-b', before: dinner }),
      paymentEntry('added', { undoOf: 'e-c', after: payment }),
      paymentEntry('removed', { undoOf: 'e-d', before: payment }),
    ]);
    expect(sentences()).toEqual([
      'Bob Stone undid removing the expense ‘Dinner’ (€90.00)',
      'Bob Stone undid adding the expense ‘Dinner’ (€90.00)',
      'Bob Stone undid removing the payment of €10.00 from Bob Stone to Ada Lovelace',
      'Bob Stone undid recording the payment of €10.00 from Bob Stone to Ada Lovelace',
    ]);
  });

  it('[HISTORY-21] filters by person and kind through the query, says when nothing matches, and pages with "Show older"', async () => {
    const fetch = renderHistory((query) => {
      if (query.get('person') === 'u-2') return { entries: [], next: null };
      if (query.get('before') === 'e-page1')
        return { entries: [entry({ _id: 'e-old', label: 'Old stop' })], next: null };
      return { entries: [entry({ _id: 'e-page1' })], next: 'e-page1' };
    });
    await screen.findAllByTestId('history-entry');
    const first = fetch.to(HISTORY, 'GET')[0]!;
    expect(first.query.get('person')).toBeNull();
    expect(first.query.get('kind')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(2));
    expect(fetch.to(HISTORY, 'GET').at(-1)!.query.get('before')).toBe('e-page1');
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();

    fireEvent.change(screen.getByLabelText('What'), { target: { value: 'packing-item' } });
    await vi.waitFor(() => expect(fetch.to(HISTORY, 'GET').at(-1)!.query.get('kind')).toBe('packing-item'));
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'u-2' } });
    expect((await screen.findByTestId('history-empty')).textContent).toContain(
      'No changes match these filters.',
    );
    const last = fetch.to(HISTORY, 'GET').at(-1)!;
    expect(last.query.get('person')).toBe('u-2');
    expect(last.query.get('kind')).toBe('packing-item');

    // Back to everything: the pages read before are there again.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(2));
  });

  it('[HISTORY-22] an empty history says nothing has changed yet', async () => {
    renderHistory(() => ({ entries: [], next: null }));
    expect((await screen.findByTestId('history-empty')).textContent).toContain('Nothing has changed yet.');
  });

  it("[HISTORY-23] Undo posts the undo and refetches; a refusal shows the server's message", async () => {
    let undone = false;
    const removal = entry({ _id: 'e-removal', canUndo: true });
    const rename = textChange('trip', 'tripName', 'Lisbon', 'Porto', { _id: 'e-rename', canUndo: true });
    const fetch = mockTripApi({
      extra: (request) => {
        if (request.path === HISTORY)
          return jsonResponse(200, {
            entries: [rename, { ...removal, undone, canUndo: !undone }],
            next: null,
          });
        if (request.path === `${HISTORY}/e-removal/undo` && request.method === 'POST') {
          undone = true;
          return jsonResponse(200, entry({ action: 'restored', undoOf: 'e-removal', by: ADA }));
        }
        if (request.path === `${HISTORY}/e-rename/undo`)
          return jsonResponse(
            409,
            errorBody(409, 'VERSION_CONFLICT', 'The name changed since: there is nothing to undo.'),
          );
        return undefined;
      },
    });
    renderTab();

    const undo = await screen.findByRole('button', {
      name: 'Undo: Bob Stone removed Castelo de São Jorge from the trip',
    });
    fireEvent.click(undo);
    expect(await screen.findByText('Undone.')).toBeTruthy();
    expect(fetch.to(`${HISTORY}/e-removal/undo`, 'POST')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.getAllByTestId('history-undone')).toHaveLength(1));
    expect(fetch.to(HISTORY, 'GET').length).toBeGreaterThanOrEqual(2);

    fireEvent.click(
      screen.getByRole('button', { name: 'Undo: Bob Stone renamed the trip from Lisbon to Porto' }),
    );
    expect(await screen.findByText('The name changed since: there is nothing to undo.')).toBeTruthy();
  });
});
