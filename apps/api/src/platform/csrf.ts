import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookiesOf } from './cookies.ts';
import { AppError } from './errors.ts';

/** Double-submit CSRF protection (SPEC §6, §7): header X-CSRF-Token must equal the csrf-token cookie. */
export const CSRF_COOKIE = 'csrf-token';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Sets a fresh csrf-token cookie when the request has none; returns the token in force. */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = cookiesOf(request)[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{16,128}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false, // the web app reads it to echo it in the header
    maxAge: 60 * 60 * 24 * 30,
  });
  return token;
}

export function registerCsrf(app: FastifyInstance): void {
  // Synchronous: every request passes here (safe methods leave at once).
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    // An unknown route answers its JSON 404 whatever the headers: there is nothing to protect.
    if (request.is404) return done();
    if (request.routeOptions.config?.csrf === false) return done();
    const cookie = cookiesOf(request)[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      return done(
        new AppError(
          'CSRF',
          'Missing or invalid CSRF token: call GET /api/health to get the csrf-token cookie, then send its value in the X-CSRF-Token header.',
          403,
        ),
      );
    }
    done();
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false exempts a state-changing route from the CSRF check (e.g. an OAuth form post). */
    csrf?: boolean;
    /** Which rate-limit group the route counts against. */
    rateLimitGroup?: 'auth' | 'read' | 'write' | 'none';
  }
}
