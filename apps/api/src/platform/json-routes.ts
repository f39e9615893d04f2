import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CachedJson, encodeJson, sendCacheable, sendSerializedJson } from './http-cache.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The OpenAPI description of a JSON GET route and the schemas Fastify checks its input with. */
export interface JsonRoute<
  R extends z.ZodType,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
> {
  tags: string[];
  summary: string;
  response: R;
  querystring?: Q;
  params?: P;
}

/** What a route's loader gets: the query string and path parameters, checked by their schemas. */
export interface RouteInput<Q, P> {
  query: Parsed<Q>;
  params: Parsed<P>;
}

/** Registers the GET route; its loader's input is what Fastify checked against the schemas. */
function registerGet<Q, P>(
  app: ZodApp,
  url: string,
  route: JsonRoute<z.ZodType, z.ZodType | undefined, z.ZodType | undefined>,
  send: (request: FastifyRequest, reply: FastifyReply, input: RouteInput<Q, P>) => Promise<FastifyReply>,
): void {
  const { response, ...rest } = route;
  const schema: FastifySchema = { ...rest, response: { 200: response } };
  app.get(url, { schema }, async (request, reply) => send(request, reply, request as RouteInput<Q, P>));
}

/**
 * A GET route whose answer is sent with Cache-Control and a strong ETag of its bytes, or 304 when
 * the client holds it (FEATURE-09). The loader answers either the value, encoded here by the
 * response schema, or a CachedJson serialized already (a catalogue-cache read).
 */
export function getCacheable<
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(
  app: ZodApp,
  url: string,
  route: JsonRoute<R, Q, P> & { maxAgeSeconds: number },
  load: (input: RouteInput<Q, P>) => Promise<z.output<R> | CachedJson<z.output<R>>>,
): void {
  const { maxAgeSeconds, ...doc } = route;
  registerGet<Q, P>(app, url, doc, async (request, reply, input) => {
    const loaded = await load(input);
    const cached = loaded instanceof CachedJson ? loaded : encodeJson(route.response, loaded);
    return sendCacheable(request, reply, cached, maxAgeSeconds);
  });
}

/**
 * A GET route that answers JSON bytes serialized already (an answer cached as bytes): sent as
 * they are, without the response serializer; the response schema still documents them.
 */
export function getSerialized<
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(
  app: ZodApp,
  url: string,
  route: JsonRoute<R, Q, P>,
  load: (input: RouteInput<Q, P>) => Promise<Buffer>,
): void {
  registerGet<Q, P>(app, url, route, async (_request, reply, input) =>
    sendSerializedJson(reply, await load(input)),
  );
}
