import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers. The SPA is built without inline scripts, so script-src is 'self' only;
 * style attributes (used by animation and layout code) need 'unsafe-inline' for style-src.
 * The helmet middleware is built once and applied in one synchronous onRequest hook
 * (@fastify/helmet rebuilt it, parsing the CSP, in two hooks on every request: PERF-02).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; mapOrigins?: readonly string[] },
): Promise<void> {
  // A configured basemap's host (MAP_STYLE_URL, MAP_GLYPHS_URL): its style, tiles, glyphs, sprites.
  const mapOrigins = options.mapOrigins ?? [];
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mapOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...mapOrigins],
        // MapLibre's worker is a same-origin module script (the map chunk sets its URL): no blob:.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: options.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  // Helmet's headers depend only on the options: computed once here, then set as one object on
  // every reply by a synchronous hook (no middleware run per request).
  const headers = { ...staticHeaders(setHeaders), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // The page of a public share link is for the people it was given to, not for search engines.
    if (request.url.startsWith('/share/')) reply.header('x-robots-tag', 'noindex, nofollow');
    done();
  });
}

/**
 * Browser features the app never uses are off for it and anything it embeds (the map, passkeys
 * and clipboard writes need none of these). Only names Chromium knows: an unknown one is a console
 * warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

type HelmetMiddleware = ReturnType<typeof helmet>;

/** The headers a helmet middleware sets, collected by running it once against a stand-in response. */
function staticHeaders(middleware: HelmetMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  let failed: unknown;
  middleware(
    {} as Parameters<HelmetMiddleware>[0],
    response as unknown as Parameters<HelmetMiddleware>[1],
    (error?: unknown) => {
      failed = error;
    },
  );
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}
