import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accountExportRoutes } from './modules/account/export/account-export.routes.ts';
import { createAccountExportService } from './modules/account/export/account-export.service.ts';
import { accountDeletionRoutes } from './modules/account/deletion/account-deletion.routes.ts';
import { createAccountDeletionService } from './modules/account/deletion/account-deletion.service.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { createCategoriesService } from './modules/categories/categories.service.ts';
import { featuresRoutes } from './modules/features/core/features.routes.ts';
import { createFeaturesService } from './modules/features/core/features.service.ts';
import { imagesRoutes } from './modules/features/images/images.routes.ts';
import { airportsRoutes } from './modules/places/airports/airports.routes.ts';
import { createAirportsService } from './modules/places/airports/airports.service.ts';
import { createGeocoderClient } from './modules/places/lookup/geocoder-client.ts';
import { placeLookupRoutes } from './modules/places/lookup/place-lookup.routes.ts';
import { createPlaceLookupService } from './modules/places/lookup/place-lookup.service.ts';
import { placesRoutes } from './modules/places/core/places.routes.ts';
import { createCatalogueCache, createPlacesService } from './modules/places/core/places.service.ts';
import { suggestionsRoutes } from './modules/suggestions/suggestions.routes.ts';
import { createSuggestionsService } from './modules/suggestions/suggestions.service.ts';
import { createAssetsService } from './modules/assets/assets.service.ts';
import { createAuthModule } from './modules/auth/auth.module.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { forgetSignInFailures, sessionStartedAt } from './modules/auth/index.ts';
import { devOutboxOffReason } from './modules/auth/dev-outbox.availability.ts';
import { devOutboxRoutes } from './modules/auth/dev-outbox.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mapsRoutes } from './modules/maps/maps.routes.ts';
import { createMapsService, mapOrigins } from './modules/maps/maps.service.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { tripsRoutes } from './modules/trips/core/trips.routes.ts';
import { createTripsService } from './modules/trips/core/trips.service.ts';
import { createRateRefresher } from './modules/expenses/core/expenses.service.ts';
import { createMoneyServices } from './modules/expenses/core/expenses-money.ts';
import { expensesRoutes } from './modules/expenses/core/expenses.routes.ts';
import { undoMoney } from './modules/expenses/core/money-undo.ts';
import { chatsRoutes } from './modules/chats/core/chats.routes.ts';
import { createChatsService } from './modules/chats/core/chats.service.ts';
import { tripChatRoutes } from './modules/chats/trip-chat/trip-chat.routes.ts';
import { createTripChatService } from './modules/chats/trip-chat/trip-chat.service.ts';
import { subscribeBookingChatEvents } from './modules/chats/trip-chat/booking-chat-events.ts';
import { notificationsRoutes } from './modules/notifications/core/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/core/notifications.service.ts';
import { createNotificationSettingsService } from './modules/notifications/settings/notification-settings.service.ts';
import {
  createMessageDigest,
  type MessageDigest,
} from './modules/notifications/digest/message-digest.service.ts';
import { crewRoutes } from './modules/crew/crew.routes.ts';
import { createCrewService, crewFriendship } from './modules/crew/crew.service.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { createWishlistService } from './modules/wishlist/wishlist.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { vocabularyRoutes } from './modules/vocabulary/vocabulary.routes.ts';
import { createVocabularyService } from './modules/vocabulary/vocabulary.service.ts';
import { registerAuthGuard } from './platform/auth-guard.ts';
import { registerCsrf } from './platform/csrf.ts';
import { registerDraining } from './platform/draining.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { registerIdempotency } from './platform/idempotency.ts';
import { createEventBus } from './platform/events.ts';
import { subscribeLivePushes } from './platform/live-events.ts';
import { createLiveHub, registerLiveHub } from './platform/live-hub.ts';
import { liveSocketRoutes } from './platform/live-socket.ts';
import { createMetrics, metricsRoutes, registerMetricsHooks } from './platform/metrics.ts';
import { createMailer } from './platform/mail.ts';
import { API_PREFIX, registerOpenApi } from './platform/openapi.ts';
import { registerRateLimit } from './platform/rate-limit.ts';
import { createRedis, waitForRedis } from './platform/redis.ts';
import { registerSecurityHeaders } from './platform/security.ts';
import { registerSpa, sendSpaIndex, wantsSpa } from './platform/spa.ts';
import { createSpaPreloads } from './platform/spa-preloads.ts';
import { loadRouteChunks } from './platform/spa-route-chunks.ts';
import { createS3Storage } from './platform/s3-storage.ts';
import { createLocalStorage } from './platform/storage.ts';
import { createAccessTokens } from './platform/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The unread-messages digest job (tests run it with runOnce). */
    messageDigest: MessageDigest;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Overrides the pino logger options (tests pass false to silence it). */
  logger?: boolean | FastifyLoggerOptions;
  /** Where the log lines go (stdout by default); tests pass a stream to read them. */
  logStream?: DestinationStream;
}

/** An incoming X-Request-Id is reused only when it is short and plain; otherwise we mint one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Builds the whole server: plugins, then the modules under /api, then the SPA. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const logger: boolean | (FastifyLoggerOptions & { redact?: string[] }) = deps.logger ?? {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    ...(deps.logStream ? { stream: deps.logStream } : {}),
  };
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimit,
    // true, or the proxies' addresses / CIDR ranges (config refuses a hop count: Fastify ignores it).
    trustProxy: config.trustProxy,
    // false: Fastify would otherwise take any X-Request-Id verbatim; genReqId vets it instead.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: 'idle',
    // Requests arriving during shutdown get our JSON 503 (platform/draining.ts), not Fastify's.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A request that finds the database gone makes /api/health say so at once (not at the next check).
  const health = createHealthService({ database, version: config.version });
  registerErrorHandler(app, { onDatabaseUnavailable: () => health.reportUnreachable() });
  registerDraining(app);
  // The API speaks JSON (and multipart where a module registers it): a text/plain body is a
  // client mistake answered with a clear 400, not a string handed to a JSON schema.
  app.removeContentTypeParser('text/plain');

  const redis = config.redisUrl ? createRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onReady', () => waitForRedis(redis, 3_000, app.log));

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await registerSecurityHeaders(app, { https: config.secureCookies, mapOrigins: mapOrigins(config.maps) });
  // Before compression: its onSend hook stores the JSON text of answers to keyed writes (decision 016).
  registerIdempotency(app, { db: database.db, prefix: API_PREFIX, killAt: config.faultKillAt });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  // Parsed on first use only (platform/cookies.ts): bearer-only requests never pay for it.
  await app.register(cookie, { hook: false });
  // On the root instance so that every state-changing route, whichever plugin adds it, is covered.
  registerCsrf(app);
  await registerRateLimit(app, config.rateLimit, redis);
  await registerOpenApi(app, { version: config.version, https: config.secureCookies });

  // Accounts (issue 3): access tokens, mail (SMTP or dev outbox), uploaded files.
  const accessTokens = createAccessTokens({
    secret: config.jwtSecret,
    ttlSeconds: config.auth.accessTokenTtlSeconds,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log: app.log,
  });
  // Uploads: an S3-compatible store when S3_* is set (several instances), DATA_DIR/uploads otherwise.
  const storage = config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage(join(config.dataDir, 'uploads'));
  const users = createUsersService({ db: database.db, friendship: crewFriendship(database.db) });
  // Domain events between modules (crew, trips, chats → notifications and live pushes).
  const events = createEventBus(app.log);
  // Live frames (WebSocket /users/ws): in-process, or through Redis pub/sub when REDIS_URL is set.
  const live = createLiveHub({ redis, log: app.log });
  registerLiveHub(app, live);
  subscribeLivePushes(events, live);
  // Prometheus metrics (OPS-12): off in production unless METRICS_TOKEN is set (decision 008).
  // The hook goes on the root before any module route, so every route is measured.
  const metrics =
    config.isProduction && !config.metricsToken
      ? undefined
      : createMetrics({ database, liveSockets: () => live.socketCount() });
  if (metrics) registerMetricsHooks(app, metrics);
  const notifications = createNotificationsService({
    db: database.db,
    live,
    mail: {
      send: (message) => mailer.sendMail(message),
      appUrl: config.appUrl,
      secret: config.jwtSecret,
      log: app.log,
    },
  });
  const notificationSettings = createNotificationSettingsService({
    db: database.db,
    secret: config.jwtSecret,
  });
  notifications.subscribe(events);
  // A booking added, moved or removed also becomes a line in the trip's chat.
  subscribeBookingChatEvents(events, createTripChatService({ db: database.db, live }));
  // The unread-messages digest by email, on a timer (one instance of several runs each round).
  const messageDigest = createMessageDigest({
    db: database.db,
    lock: database,
    mail: {
      send: (message) => mailer.sendMail(message),
      appUrl: config.appUrl,
      secret: config.jwtSecret,
      log: app.log,
    },
    intervalMinutes: config.messageDigestMinutes,
  });
  app.decorate('messageDigest', messageDigest);
  messageDigest.start();
  app.addHook('onClose', async () => messageDigest.stop());
  // Social (issue "Social"): crew requests and wishlists.
  const crew = createCrewService({ db: database.db, events });
  const wishlist = createWishlistService({ db: database.db });
  app.addHook('onClose', async () => mailer.close());
  const auth = createAuthModule({
    config,
    db: database.db,
    mailer,
    tokens: accessTokens,
    log: app.log,
    events,
  });
  // On the root instance: app.requireUser / app.optionalUser / request.user for every plugin.
  // One query a call: the token's session is still active (or, without one, its account exists).
  registerAuthGuard(app, accessTokens, {
    accountExists: (userId) => users.exists(userId),
    sessionActive: (userId, sessionId, ip) => auth.sessions.isSignedIn(userId, sessionId, ip),
  });

  // Catalogue (issue 4): places, features, categories, suggestions, generated artwork.
  const catalogueCache = createCatalogueCache(database.db, { checkEveryMs: config.catalogueCacheCheckMs });
  const places = createPlacesService({ db: database.db, cache: catalogueCache });
  const categories = createCategoriesService({ db: database.db, cache: catalogueCache });
  const features = createFeaturesService({ db: database.db, places, categories });
  const suggestions = createSuggestionsService({ db: database.db, cache: catalogueCache });
  // Finding a place to add to a trip: the world's places, and a geocoder when GEOCODER_URL is set.
  const placeLookup = createPlaceLookupService({
    db: database.db,
    geocoder: config.geocoderUrl
      ? createGeocoderClient({
          baseUrl: config.geocoderUrl,
          api: config.geocoderApi,
          userAgent: `Tripcrew/${config.version} (${config.appUrl})`,
          log: app.log,
        })
      : undefined,
  });

  await app.register(
    async (api) => {
      await api.register(
        healthRoutes({
          health,
          secureCookies: config.secureCookies,
        }),
      );
      await api.register(vocabularyRoutes(createVocabularyService(database.db)));
      await api.register(authRoutes(auth));
      await api.register(usersRoutes(users));
      await api.register(placesRoutes(places));
      await api.register(placeLookupRoutes(placeLookup));
      // Airports and time zones from bundled data, read on first use (no database, no network).
      await api.register(airportsRoutes(createAirportsService()));
      await api.register(featuresRoutes(features));
      await api.register(categoriesRoutes(categories));
      await api.register(suggestionsRoutes(suggestions));
      // The basemap (decisions 021, 043): the street map, our own tiles, or MAP_PMTILES.
      const maps = createMapsService(config.maps);
      // A server whose maps are all built-in cuts its first tiles before anyone asks.
      if (!config.maps.styleUrl && !config.maps.pmtilesPath) app.addHook('onListen', async () => maps.warm());
      app.addHook('onClose', async () => maps.close());
      await api.register(mapsRoutes(maps));
      await api.register(crewRoutes(crew));
      await api.register(wishlistRoutes(wishlist));
      await api.register(imagesRoutes({ places, features }));
      await api.register(assetsRoutes(createAssetsService({ storage, users, log: app.log })));
      // Download my data (issue 22): archives prepared in the background, downloaded once.
      const accountExports = createAccountExportService({ db: database.db, storage, log: app.log });
      // The sweep (stale jobs, expired archives) once the server listens (after the migrations), then hourly.
      app.addHook('onListen', async () => accountExports.startSweeping());
      app.addHook('onClose', async () => accountExports.close());
      await api.register(accountExportRoutes(accountExports));
      // Trips (issue "Trips"): trips, members, features, planner, checklist, calendar.
      await api.register(
        tripsRoutes(
          createTripsService({
            db: database.db,
            storage,
            appUrl: config.appUrl,
            log: app.log,
            events,
            routingUrl: config.routingUrl,
            // A trip's own place may name a catalogue category.
            categories,
            // The money's entries of the history are undone by the money's rules.
            undoMoney,
          }),
        ),
      );
      // A trip's money (issue 24): budget, expenses, balances, settlements; rates refreshed daily
      // from FX_RATES_URL when set, once the server listens.
      await api.register(expensesRoutes(createMoneyServices({ db: database.db, events, storage })));
      if (config.fxRatesUrl) {
        const rates = createRateRefresher({ db: database.db, url: config.fxRatesUrl, log: app.log });
        app.addHook('onListen', async () => rates.start());
        app.addHook('onClose', async () => rates.stop());
      }
      // Notifications, direct messages and the live socket (issue "Social").
      await api.register(notificationsRoutes(notifications, notificationSettings));
      await api.register(chatsRoutes(createChatsService({ db: database.db, events, live })));
      await api.register(tripChatRoutes(createTripChatService({ db: database.db, live })));
      await api.register(
        liveSocketRoutes({
          hub: live,
          tokens: accessTokens,
          connections: metrics?.connections,
          sessionActive: (userId, sessionId) => auth.sessions.isActive(userId, sessionId),
          accountExists: (userId) => users.exists(userId),
        }),
      );
      // Deleting one's account (issue 22, decision 019): the password, then the TOTP code when on.
      await api.register(
        accountDeletionRoutes(
          createAccountDeletionService({
            db: database.db,
            storage,
            events,
            sendMail: (message) => mailer.sendMail(message),
            log: app.log,
            verifySecondFactor: auth.twoFactor.verifySecondFactor,
            checkPassword: auth.passwordChecks.verify,
            secondFactorEnabled: auth.twoFactor.isTwoFactorEnabled,
            removeDataExports: (userId) => accountExports.removeFilesOf(userId),
            sessionStartedAt: (userId, sessionId) => sessionStartedAt(database.db, userId, sessionId),
            forgetSignInFailures,
          }),
        ),
      );
      if (metrics) await api.register(metricsRoutes({ metrics, token: config.metricsToken }));
      // The dev outbox page's data; the route does not exist in production, behind a proxy or
      // on a non-loopback address, and the boot log says which.
      const outboxOff = devOutboxOffReason(config);
      if (outboxOff === undefined) {
        await api.register(devOutboxRoutes(mailer));
        app.log.info('dev outbox on: GET /api/dev/outbox answers loopback connections');
      } else if (!config.isProduction) {
        app.log.warn(`dev outbox off: ${outboxOff}`);
      }
    },
    { prefix: API_PREFIX },
  );

  const spa = await registerSpa(app, config.webDist);
  // The first screen's largest image and its route's chunks, announced with the page (PERF-07).
  const spaPreloads = createSpaPreloads(
    {
      firstSuggestionImage: async () => (await suggestions.all()).value[0]?.image,
      placeImage: async (placeId) => (await places.getById(placeId)).value.image.original,
    },
    loadRouteChunks(config.webDist, app.log),
    app.log,
  );
  app.setNotFoundHandler(async (request, reply) => {
    if (spa && wantsSpa(request)) return sendSpaIndex(reply, await spaPreloads(request.url));
    return reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0]}.`,
    });
  });

  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
  });
  return app;
}
