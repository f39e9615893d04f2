/**
 * The trip's money as CSV files that open cleanly in spreadsheet apps: UTF-8 with a byte order
 * mark, a header row, ISO dates, amounts with a dot and no thousands separator, RFC 4180 quoting,
 * and text cells that would start a formula (= + - @) prefixed with an apostrophe.
 */
import { fromMinorUnits } from '@tripcrew/contracts/currencies';
import type { Balances, Expense } from '@tripcrew/contracts/expenses';

const BOM = '\uFEFF';

/** A text cell: quoted when needed, never read as a formula. */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const lines = (rows: readonly string[][]) => `${BOM}${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;

export function expensesCsv(expenses: readonly Expense[]): string {
  const header = [
    'date',
    'kind',
    'title',
    'category',
    'amount',
    'currency',
    'rate',
    'amount_in_base',
    'base_currency',
    'paid_by',
    'split',
    'shared_by',
  ];
  const rows = [...expenses]
    .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt))
    .map((e) => [
      e.date,
      e.kind,
      textCell(e.title),
      e.category,
      e.amount,
      e.currency,
      e.rate,
      fromMinorUnits(e.baseAmountMinor, e.baseCurrency),
      e.baseCurrency,
      textCell(e.paidBy.name),
      e.split.kind,
      textCell(
        e.split.people.map((p) => `${p.name}: ${fromMinorUnits(p.shareMinor, e.currency)}`).join('; '),
      ),
    ]);
  return lines([header, ...rows]);
}

export function balancesCsv(balances: Balances): string {
  const base = balances.baseCurrency;
  const rows = balances.balances.map((b) => [textCell(b.name), fromMinorUnits(b.balanceMinor, base), base]);
  const transfers = balances.transfers.map((t) => [
    textCell(`${t.from.name} pays ${t.to.name}`),
    fromMinorUnits(t.amountMinor, base),
    base,
  ]);
  return lines([
    ['person', 'balance', 'currency'],
    ...rows,
    [],
    ['settle up', 'amount', 'currency'],
    ...transfers,
  ]);
}
