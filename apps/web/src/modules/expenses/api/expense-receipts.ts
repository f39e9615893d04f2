import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { okSchema } from '@tripcrew/contracts/common';
import { balancesSchema } from '@tripcrew/contracts/expenses';
import { apiGet } from '../../../lib/api-client.ts';
import { downloadAuthorized } from '../../../lib/download-file.ts';
import { expenseKeys, moneyPath } from './expense-keys.ts';

/** Images (re-encoded by the server) or a PDF, at most 5 MB (apps/api expense-receipts.service.ts). */
export const RECEIPT_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

const receiptPath = (tripId: string, expenseId: string) =>
  moneyPath(tripId, `expenses/${encodeURIComponent(expenseId)}/receipt`);

/**
 * PUT …/expenses/{expenseId}/receipt (multipart field "file"): attaches or replaces it.
 * DELETE …/receipt: removes it (its author or an admin).
 */
export function useReceiptActions(tripId: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: expenseKeys.trip(tripId) });
  const attach = useMutation({
    mutationFn: ({ expenseId, file }: { expenseId: string; file: File }) => {
      if (file.size > RECEIPT_MAX_BYTES) throw new Error('A receipt is at most 5 MB: choose a smaller file.');
      const form = new FormData();
      form.append('file', file);
      return apiWrite('PUT', receiptPath(tripId, expenseId), form, okSchema);
    },
    onSuccess: refresh,
  });
  const detach = useMutation({
    mutationFn: (expenseId: string) =>
      apiWrite('DELETE', receiptPath(tripId, expenseId), undefined, okSchema),
    onSuccess: refresh,
  });
  return { attach, detach };
}

/**
 * GET …/receipt, saved by the browser (an image or a PDF: not JSON, so around the API client).
 * A read of the balances goes first, so an expired access token is refreshed there.
 */
export async function downloadReceipt(tripId: string, expenseId: string): Promise<void> {
  await apiGet(moneyPath(tripId, 'balances'), balancesSchema);
  await downloadAuthorized(receiptPath(tripId, expenseId), 'receipt');
}
