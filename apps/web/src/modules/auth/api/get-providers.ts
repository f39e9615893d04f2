import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ProvidersResponse,
  providersResponseSchema,
  type SocialProvider,
} from '@tripcrew/contracts/auth';
import { api, apiUrl } from '../../../lib/api-client.ts';

export const PROVIDERS_PATH = '/auth/providers';

/** GET /auth/providers: which social login buttons are enabled (facebook and apple never are). */
export async function getProviders(): Promise<ProvidersResponse> {
  return providersResponseSchema.parse(await api.get<unknown>(PROVIDERS_PATH));
}

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'] as const,
    queryFn: getProviders,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useProviders() {
  return useQuery(providersQueryOptions());
}

/** Where a social login button sends the browser: GET /auth/networks/{provider} on the API host. */
export function socialLoginUrl(provider: SocialProvider): string {
  return apiUrl(`/auth/networks/${provider}`);
}
