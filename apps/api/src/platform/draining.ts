import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * While the server shuts down (SIGTERM / SIGINT), requests that still arrive on an open
 * keep-alive connection answer a 503 in the API's own error shape, with Connection: close (set by
 * Fastify) and Retry-After, so load balancers and the web app retry elsewhere or a moment later.
 * Requests already in flight are not affected: they finish normally.
 * Needs `return503OnClosing: false`, or Fastify answers first with a body of its own.
 */
export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // Synchronous: every request passes here, and an async hook costs a promise per request.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    reply.header('retry-after', '5');
    done(new AppError('UNAVAILABLE', 'The server is restarting. Please try again in a moment.', 503));
  });
}
