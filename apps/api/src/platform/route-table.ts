import type { Ok } from '@tripcrew/contracts/common';
import type { FastifyContextConfig, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentUser, type AuthUser } from './auth-guard.ts';
import {
  errorResponses,
  optionalUserRoute,
  publicRoute,
  privateAnswers,
  signedInRoute,
  type ErrorStatus,
} from './route-options.ts';

/**
 * A plugin's JSON routes as a table: each route is its path, its OpenAPI description and one call
 * of its service, and the table adds what they share (the guard, the tag, the error answers, the
 * signed-in caller and the status of a creation):
 *
 *   const route = routeTable(app, 'signedIn', { tag: 'trips', errors: [400, 401, 403, 404] });
 *   route.get('/core/trips/:id/planner', {
 *     summary: 'The planner',
 *     params: tripIdParamsSchema,
 *     answer: plannerSchema,
 *     run: ({ userId, params }) => service.planner(userId, params.id),
 *   });
 *
 * registers what `app.get(url, signedInRoute(app, 'trips', { summary, params, response: { 200:
 * plannerSchema, ...errorResponses(400, 401, 403, 404) } }), async (request) => …)` would: the same
 * route, guard and OpenAPI operation.
 */

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Schema = z.ZodType | undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Who may call the table's routes (auth-guard.ts): signed in, anyone, or anyone with more for a user. */
export type Guard = 'signedIn' | 'optionalUser' | 'public';

/** What a route's `run` learns of its caller under each guard. */
interface Callers {
  signedIn: { user: AuthUser; userId: string };
  optionalUser: { user: AuthUser | null };
  public: Record<never, never>;
}

/** What a route's `run` gets: the caller and the input Fastify checked against the schemas. */
export type RouteCall<G extends Guard, P, B, Q> = Callers[G] & {
  params: Parsed<P>;
  body: Parsed<B>;
  query: Parsed<Q>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** The success statuses a table route documents: 200, 201, or both when `run` picks (and sends). */
type SuccessStatus = 200 | 201 | readonly [200, 201];

export interface RouteSpec<
  G extends Guard,
  P extends Schema,
  B extends Schema,
  Q extends Schema,
  R extends Schema,
> {
  summary: string;
  description?: string;
  params?: P;
  body?: B;
  querystring?: Q;
  consumes?: string[];
  produces?: string[];
  config?: FastifyContextConfig;
  /** The most bytes of a body this route reads, when it is not the server's BODY_LIMIT. */
  bodyLimit?: number;
  /** The success answer's schema; none for a route that sends a file or a redirect itself. */
  answer?: R;
  /** 200 unless said; with 201 the table sends what `run` answers with that status. */
  status?: SuccessStatus;
  /** The route's error answers, instead of the table's. */
  errors?: readonly ErrorStatus[];
  /** The one service call: its answer, or the reply when it sent one itself (a file, a redirect). */
  run: (call: RouteCall<G, P, B, Q>) => Promise<(R extends z.ZodType ? z.output<R> : never) | FastifyReply>;
}

type Register<G extends Guard> = <
  P extends Schema = undefined,
  B extends Schema = undefined,
  Q extends Schema = undefined,
  R extends Schema = undefined,
>(
  url: string,
  spec: RouteSpec<G, P, B, Q, R>,
) => void;

export interface RouteTable<G extends Guard> {
  get: Register<G>;
  post: Register<G>;
  put: Register<G>;
  patch: Register<G>;
  delete: Register<G>;
}

export interface TableOptions {
  /** The OpenAPI tag of every route. */
  tag: string;
  /** The error answers of a route that names none. */
  errors?: readonly ErrorStatus[];
  /** tableRoutes: the plugin's answers are per user, `Cache-Control: private, no-store` (privateAnswers). */
  private?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `{ 200: answer, …errors }`, or nothing when the route documents no answer at all. */
function responseOf(answer: Schema, status: SuccessStatus, errors: readonly ErrorStatus[]) {
  const codes: readonly number[] = typeof status === 'number' ? [status] : status;
  const response = {
    ...(answer ? Object.fromEntries(codes.map((code) => [code, answer])) : {}),
    ...errorResponses(...errors),
  };
  return Object.keys(response).length > 0 ? response : undefined;
}

/** The schema with only the keys a route gives (a key set to undefined would still show). */
function schemaOf(entries: Record<string, unknown>): FastifySchema {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}

function optionsOf(app: ZodApp, guard: Guard, tag: string, schema: FastifySchema) {
  if (guard === 'signedIn') return signedInRoute(app, tag, schema);
  if (guard === 'optionalUser') return optionalUserRoute(app, tag, schema);
  return publicRoute(tag, schema);
}

function callerOf(guard: Guard, request: FastifyRequest) {
  if (guard === 'signedIn') {
    const user = currentUser(request);
    return { user, userId: user.id };
  }
  return guard === 'optionalUser' ? { user: request.user } : {};
}

/** Registers each route of a plugin under one guard and tag; see the top of this file. */
export function routeTable<G extends Guard>(app: ZodApp, guard: G, options: TableOptions): RouteTable<G> {
  const register =
    (method: Method): Register<G> =>
    (url, spec) => {
      const {
        run,
        answer,
        status = 200,
        errors = options.errors ?? [],
        config,
        bodyLimit,
        ...documented
      } = spec;
      const schema = schemaOf({ ...documented, response: responseOf(answer, status, errors) });
      app.route({
        method,
        url,
        ...optionsOf(app, guard, options.tag, schema),
        ...(config ? { config } : {}),
        ...(bodyLimit ? { bodyLimit } : {}),
        handler: async (request, reply) => {
          // The input is what Fastify checked against the route's schemas before this runs.
          const { params, body, query } = request;
          const call = { ...callerOf(guard, request), params, body, query, request, reply };
          const answered = await run(call as Parameters<typeof run>[0]);
          return status === 201 && answered !== reply ? reply.status(201).send(answered) : answered;
        },
      });
    };
  return {
    get: register('GET'),
    post: register('POST'),
    put: register('PUT'),
    patch: register('PATCH'),
    delete: register('DELETE'),
  };
}

/**
 * A routes plugin made of one table: `define` registers the routes on `route` (and may use the
 * plugin's `app` for anything else, e.g. its hooks or another table). With `private`, every answer
 * of the plugin is private, the table's and any other route's alike.
 */
export function tableRoutes<G extends Guard>(
  guard: G,
  options: TableOptions,
  define: (route: RouteTable<G>, app: ZodApp) => Promise<void> | void,
): FastifyPluginAsyncZod {
  return async (app) => {
    if (options.private) privateAnswers(app);
    await define(routeTable(app, guard, options), app);
  };
}

const OK: Ok = { ok: true };

/** The answer `{ ok: true }` of a route (a DELETE, say) once its `work` is done. */
export async function done(work: Promise<unknown>): Promise<Ok> {
  await work;
  return OK;
}
