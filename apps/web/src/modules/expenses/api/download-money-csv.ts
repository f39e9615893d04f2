import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download-file.ts';
import { moneyPath } from './expense-keys.ts';

export type MoneyCsv = 'expenses' | 'balances';

/** GET /core/trips/{id}/expenses.csv or balances.csv through the API client (it needs the bearer token), saved as a file. */
export async function downloadMoneyCsv(tripId: string, which: MoneyCsv): Promise<void> {
  const text = await api.get<unknown>(moneyPath(tripId, `${which}.csv`), { headers: { Accept: 'text/csv' } });
  const body = typeof text === 'string' ? text : JSON.stringify(text);
  // Reading the answer as text drops its byte order mark; spreadsheets need it to see UTF-8.
  saveBlob(new Blob(['\uFEFF', body], { type: 'text/csv;charset=utf-8' }), `trip-${which}.csv`);
}
