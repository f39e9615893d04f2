import type { FastifyBaseLogger } from 'fastify';
import type { SpaPreload } from './spa.ts';
import type { RouteChunks } from './spa-route-chunks.ts';

export interface SpaPreloadSources {
  /** The image of the first home suggestion card (the largest paint of `/`). */
  firstSuggestionImage(): Promise<string | undefined>;
  /** The hero image of a place, by id (the largest paint of a place screen). */
  placeImage(placeId: string): Promise<string | undefined>;
}

/** Only paths of this site are announced: the page's CSP loads images from nowhere else. */
const isLocalPath = (href: string | undefined): href is string =>
  typeof href === 'string' && href.startsWith('/') && !href.startsWith('//');

/**
 * Which images a page URL will paint first and which script chunks its first render runs, so the
 * server can announce them with the page: the browser fetches them while the entry script
 * downloads instead of after it has run (PERF-07: largest contentful paint on a phone). Best
 * effort: an unknown place or a failed lookup announces no image, the page is served as ever.
 */
export function createSpaPreloads(
  sources: SpaPreloadSources,
  routeChunks: RouteChunks,
  log: FastifyBaseLogger,
) {
  async function imageFor(pathname: string, searchParams: URLSearchParams): Promise<SpaPreload[]> {
    try {
      let image: string | undefined;
      if (pathname === '/') image = await sources.firstSuggestionImage();
      else if (pathname.startsWith('/place/') && searchParams.get('place'))
        image = await sources.placeImage(searchParams.get('place') ?? '');
      return isLocalPath(image) ? [{ href: image, as: 'image' }] : [];
    } catch (error) {
      log.debug({ err: error, url: pathname }, 'spa: no preload for this page');
      return [];
    }
  }

  return async function preloadsFor(url: string): Promise<SpaPreload[]> {
    const { pathname, searchParams } = new URL(url, 'http://local');
    const chunks = routeChunks(pathname).map((href): SpaPreload => ({ href, as: 'module' }));
    return [...(await imageFor(pathname, searchParams)), ...chunks];
  };
}
