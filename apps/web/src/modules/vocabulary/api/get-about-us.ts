import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AboutUs } from '@tripcrew/contracts/vocabulary';
import { cachedGet } from '../../../lib/api-client.ts';

export const ABOUT_US_PATH = '/core/vocabulary/about-us';
/** SPEC §7/§9: the about-us call is a cached GET with the lifetime parameter 1000. */
export const ABOUT_US_CACHE_LIFETIME = 1000;

/** GET /core/vocabulary/about-us: the about page's sections (map of key → {title, image, text}). */
export function getAboutUs(): Promise<AboutUs> {
  return cachedGet<AboutUs>(ABOUT_US_PATH, ABOUT_US_CACHE_LIFETIME);
}

export const aboutUsQueryOptions = () =>
  queryOptions({
    queryKey: ['vocabulary', 'about-us'] as const,
    queryFn: getAboutUs,
  });

export function useAboutUs() {
  return useQuery(aboutUsQueryOptions());
}
