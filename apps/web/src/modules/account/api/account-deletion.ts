import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import type { AccountDeletionPlan, DeleteAccountBody } from '@tripcrew/contracts/account-deletion';
import type { MessageResponse } from '@tripcrew/contracts/auth';
import { apiGet } from '../../../lib/api-client.ts';

export const ACCOUNT_DELETION_PATH = '/account/deletion';
export const DELETE_ACCOUNT_PATH = '/account/delete';

const planSchema = () =>
  import('@tripcrew/contracts/account-deletion').then((module) => module.accountDeletionPlanSchema);
const messageSchema = () => import('@tripcrew/contracts/auth').then((module) => module.messageResponseSchema);

/** GET /account/deletion: the trips the user alone administers, and how they confirm. */
export function getAccountDeletionPlan(): Promise<AccountDeletionPlan> {
  return apiGet(ACCOUNT_DELETION_PATH, planSchema());
}

export const accountDeletionPlanQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'deletion-plan'] as const,
    queryFn: getAccountDeletionPlan,
    staleTime: 0,
  });

/** The plan, read when the dialog opens (fresh each time: trips change). */
export function useAccountDeletionPlan(enabled: boolean) {
  return useQuery({ ...accountDeletionPlanQueryOptions(), enabled });
}

/** POST /account/delete: deletes the account for good (sent once, never queued offline). */
export function deleteAccount(body: DeleteAccountBody): Promise<MessageResponse> {
  return apiWrite('POST', DELETE_ACCOUNT_PATH, body, messageSchema());
}

/**
 * The deletion. `onDeleted` is the mutation's own callback, not mutate()'s: the server ends every
 * session as it deletes, so the page may switch to its signed-out view (and unmount the form)
 * before the answer arrives, and mutate()'s callbacks never run for an unmounted form.
 */
export function useDeleteAccountMutation(onDeleted: (answer: MessageResponse) => void) {
  return useMutation({ mutationKey: ['account', 'delete'], mutationFn: deleteAccount, onSuccess: onDeleted });
}
