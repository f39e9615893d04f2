import type { FastifyRequest } from 'fastify';

/**
 * The request's cookies, parsed on first use. @fastify/cookie is registered with `hook: false`:
 * most requests (bearer-authenticated reads) never look at a cookie, so none of them pays for
 * parsing the header; the CSRF check, the health route and the OAuth callback read them here.
 */
export function cookiesOf(request: FastifyRequest): Record<string, string | undefined> {
  // null until parsed (the plugin's decoration), though its type says otherwise.
  const parsed = request.cookies as FastifyRequest['cookies'] | null;
  if (parsed) return parsed;
  const cookies = request.server.parseCookie(request.headers.cookie ?? '');
  request.cookies = cookies;
  return cookies;
}
