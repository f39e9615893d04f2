import { api, isApiError } from '../../../lib/api-client.ts';

/**
 * DELETE through the API client, accepting 204 No Content as success.
 *
 * The client (SPEC §7, CLIENT-05) accepts only 200 for DELETE, while the trips API answers its
 * DELETE routes with 204. Until both agree, the trips module treats a 204 as done (reported to
 * the API side); a 200 works as well.
 */
export async function deleteAccepting204(path: string): Promise<void> {
  try {
    await api.delete<unknown>(path);
  } catch (error) {
    if (isApiError(error) && error.status === 204) return;
    throw error;
  }
}
