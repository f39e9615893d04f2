import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AboutUs, aboutUsSchema } from '@tripcrew/contracts/vocabulary';
import { apiGet } from '../../../lib/api-client.ts';
import { cachedQuery } from '../../../lib/cached-query.ts';

export const ABOUT_US_PATH = '/core/vocabulary/about-us';
/** SPEC §7/§9: the about-us call is a cached GET with the lifetime parameter 1000. */
export const ABOUT_US_CACHE_LIFETIME = 1000;

/** GET /core/vocabulary/about-us: the about page's sections (map of key → {title, image, text}). */
export function getAboutUs(): Promise<AboutUs> {
  return apiGet(ABOUT_US_PATH, aboutUsSchema);
}

export const aboutUsQueryOptions = () =>
  cachedQuery(
    queryOptions({
      queryKey: ['vocabulary', 'about-us'] as const,
      queryFn: getAboutUs,
    }),
    ABOUT_US_CACHE_LIFETIME,
  );

export function useAboutUs() {
  return useQuery(aboutUsQueryOptions());
}
