import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { type MapsConfig, mapsConfigOf } from './config-maps.ts';

export type { MapsConfig };

/**
 * The only reader of process.env (DESIGN §3). Parsed once at boot; a wrong value stops the
 * boot with one readable line naming the variable.
 */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/**
 * One TRUST_PROXY entry as proxy-addr understands it. A bare hop count is refused: Fastify trusts
 * nothing for a number (a direct client could spoof the hops), so it would silently do nothing.
 */
function isTrustedProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) || isIP(prefix) === 4;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // The fault suite only (test/faults): the process kills itself at this point of a keyed write.
  FAULT_KILL_AT: z.enum(['idempotent-write-before-commit', 'idempotent-write-after-commit']).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Tripcrew <no-reply@localhost>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  // Provider endpoints: overridable so tests run the real flow against a local OAuth2/OIDC server.
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GITHUB_AUTH_URL: z.url().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.max(365).default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  LOGIN_THROTTLE_WINDOW_MS: positiveInt.default(900_000),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(10),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt.default(30),
  SEED_DEMO: bool.optional(),
  SEED_PLACES: z.enum(['full', 'curated']).default('full'),
  CATALOGUE_CACHE_CHECK_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  // The digest of unread messages by email: how often it runs (0: never).
  MESSAGE_DIGEST_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  // Exchange rates (issue 24): an ECB-format daily feed, read once a day; unset → no network call.
  FX_RATES_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => ['true', 'false'].includes(v) || v.split(',').every((part) => isTrustedProxyEntry(part.trim())),
      'must be true, false, or a comma-separated list of proxy addresses or CIDR ranges (e.g. loopback, 10.0.0.0/8); a hop count is not supported',
    )
    .default('false'),
  BODY_LIMIT: positiveInt.default(1_048_576),
  RATE_LIMIT_ENABLED: bool.default(true),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(60_000),
  RATE_LIMIT_AUTH_MAX: positiveInt.default(20),
  RATE_LIMIT_READ_MAX: positiveInt.default(1200),
  RATE_LIMIT_WRITE_MAX: positiveInt.default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  // GET /api/metrics: required as a bearer token when set; production without it disables the route.
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  // S3-compatible upload storage (AWS S3, MinIO, R2): all or nothing; unset → DATA_DIR/uploads.
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // An OSRM-compatible routing server for trip legs (decision 022); unset → estimated legs only.
  ROUTING_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  // A geocoder for looking up addresses and points of interest; unset → no network call.
  GEOCODER_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  GEOCODER_API: z.enum(['photon', 'nominatim'], { error: 'must be photon or nominatim' }).default('photon'),
  // Maps (decisions 021, 039): OpenFreeMap's street map in the browser, falling back to the
  // bundled basemap; MAP_STYLE_URL=builtin keeps the bundled one (no call out), MAP_PMTILES a
  // Protomaps extract of one's own.
  MAP_STYLE_URL: z
    .union([
      z.literal('builtin'),
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, or builtin' }),
    ])
    .optional(),
  MAP_STYLE_DARK_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  MAP_PMTILES: z
    .string()
    .regex(/\.pmtiles$/i, 'must be the path of a .pmtiles file')
    .optional(),
  MAP_GLYPHS_URL: z
    .string()
    .regex(
      /^(https?:\/\/|\/).*\{fontstack\}.*\{range\}/,
      'must be an http(s) URL or an absolute path holding {fontstack} and {range}',
    )
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Where a keyed write kills the process (the fault suite; refused in production). */
  faultKillAt: Env['FAULT_KILL_AT'];
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** FX_RATES_URL: the exchange-rate feed refreshed daily (unset: rates come from members only). */
  fxRatesUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  oauth: {
    google: { clientId: string; clientSecret: string } | undefined;
    github: { clientId: string; clientSecret: string } | undefined;
  };
  seedDemo: boolean;
  /** full: every city of the world; curated: countries, regions and the curated catalogue's cities. */
  seedPlaces: 'full' | 'curated';
  /** How often (ms) cached catalogue reads re-check the catalogue version in the database. */
  catalogueCacheCheckMs: number;
  /** Minutes between two runs of the unread-messages digest; 0 turns it off. */
  messageDigestMinutes: number;
  /** true (every hop), false, or the proxies' addresses / CIDR ranges as a comma-separated list. */
  trustProxy: boolean | string;
  bodyLimit: number;
  rateLimit: { enabled: boolean; windowMs: number; authMax: number; readMax: number; writeMax: number };
  logLevel: Env['LOG_LEVEL'];
  webDist: string | undefined;
  shutdownTimeoutMs: number;
  /** Bearer token for GET /api/metrics (undefined: open outside production, disabled in it). */
  metricsToken: string | undefined;
  /** S3-compatible upload storage; undefined → local disk under DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Base URL of an OSRM-compatible routing server (no trailing slash); undefined → estimates. */
  routingUrl: string | undefined;
  /** Base URL of a Photon or Nominatim geocoder (no trailing slash); undefined → Tripcrew's places only. */
  geocoderUrl: string | undefined;
  /** GEOCODER_API: which API GEOCODER_URL speaks. */
  geocoderApi: Env['GEOCODER_API'];
  /** The basemap (decision 021). */
  maps: MapsConfig;
  version: string;
  /** Social-login provider endpoints (GOOGLE_*_URL, GITHUB_*_URL). */
  oauthEndpoints: {
    google: { authUrl: string; tokenUrl: string; userinfoUrl: string };
    github: { authUrl: string; tokenUrl: string; apiUrl: string };
  };
  auth: {
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    refreshReuseGraceSeconds: number;
    loginThrottle: { windowMs: number; maxPerAccount: number; maxPerIp: number };
  };
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true: https://endpoint/bucket/key (MinIO); false: https://bucket.endpoint/key (AWS, R2). */
  forcePathStyle: boolean;
}

/** The S3_* variables that must all be set together (S3_FORCE_PATH_STYLE has a default). */
const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTrustProxy(raw: string): boolean | string {
  if (raw === 'true') return true;
  if (raw === 'false' || raw === '') return false;
  return raw; // a comma-separated list of addresses or CIDR ranges
}

/** Reads (or creates once) a secret kept in DATA_DIR, so restarts keep sessions valid. */
function persistentSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  try {
    if (existsSync(file)) {
      const value = readFileSync(file, 'utf8').trim();
      if (value.length >= 32) return value;
    }
    mkdirSync(dataDir, { recursive: true });
    const value = randomBytes(48).toString('base64url');
    writeFileSync(file, value + '\n', { mode: 0o600 });
    return value;
  } catch (error) {
    // An unusable DATA_DIR is a configuration problem: one readable line, not a stack trace.
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(
      `Invalid environment variable DATA_DIR: cannot create or write ${file} (${code}); point DATA_DIR at a writable directory`,
    );
  }
}

/** Hides the credentials of a URL-like value (postgres://user:password@host) in messages. */
function redactCredentials(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/?#]*@/i, '$1***@');
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Parses an environment (process.env by default) into the typed configuration. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, the way shells and compose files usually mean them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = cleaned[name];
    // JSON quoting keeps the message on one line whatever the value holds.
    const value = /SECRET|TOKEN/.test(name) ? '***' : redactCredentials(got ?? '').slice(0, 120);
    const shown = got === undefined ? '' : ` (got ${JSON.stringify(value)})`;
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}${shown}`);
  }
  const env = parsed.data;
  for (const [id, secret] of [
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
  ] as const) {
    // Half a provider is a typo, not a choice: say so instead of silently disabling the button.
    if (Boolean(env[id]) !== Boolean(env[secret])) {
      const missing = env[id] ? secret : id;
      const present = env[id] ? id : secret;
      throw new ConfigError(`Invalid environment variable ${missing}: required when ${present} is set`);
    }
  }
  // Half an S3 configuration would silently keep uploads on local disk: name what is missing.
  const s3Set = S3_REQUIRED.filter((name) => env[name] !== undefined);
  if (s3Set.length > 0 && s3Set.length < S3_REQUIRED.length) {
    const missing = S3_REQUIRED.filter((name) => env[name] === undefined);
    throw new ConfigError(
      `Invalid environment variable ${missing[0]}: S3 upload storage needs ${S3_REQUIRED.join(', ')} together (missing: ${missing.join(', ')})`,
    );
  }
  if (env.FAULT_KILL_AT && env.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid environment variable FAULT_KILL_AT: only for the fault suite, never in production',
    );
  const dataDir = resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const pair = (id?: string, secret?: string) =>
    id && secret ? { clientId: id, clientSecret: secret } : undefined;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    faultKillAt: env.FAULT_KILL_AT,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    fxRatesUrl: env.FX_RATES_URL,
    mailFrom: env.MAIL_FROM,
    jwtSecret: env.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret'),
    oauth: {
      google: pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
      github: pair(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET),
    },
    // Demo data by default only on the embedded database (DESIGN §3).
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    seedPlaces: env.SEED_PLACES,
    catalogueCacheCheckMs: env.CATALOGUE_CACHE_CHECK_MS,
    messageDigestMinutes: env.MESSAGE_DIGEST_MINUTES,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    bodyLimit: env.BODY_LIMIT,
    rateLimit: {
      enabled: env.RATE_LIMIT_ENABLED,
      windowMs: env.RATE_LIMIT_WINDOW_MS,
      authMax: env.RATE_LIMIT_AUTH_MAX,
      readMax: env.RATE_LIMIT_READ_MAX,
      writeMax: env.RATE_LIMIT_WRITE_MAX,
    },
    logLevel: env.LOG_LEVEL,
    // Relative to the working directory, like DATA_DIR (the static file server needs it absolute).
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : undefined,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    metricsToken: env.METRICS_TOKEN,
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_REGION && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT.replace(/\/+$/, ''),
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    routingUrl: env.ROUTING_URL?.replace(/\/+$/, ''),
    geocoderUrl: env.GEOCODER_URL?.replace(/\/+$/, ''),
    geocoderApi: env.GEOCODER_API,
    maps: mapsConfigOf(env),
    oauthEndpoints: {
      google: {
        authUrl: env.GOOGLE_AUTH_URL,
        tokenUrl: env.GOOGLE_TOKEN_URL,
        userinfoUrl: env.GOOGLE_USERINFO_URL,
      },
      github: {
        authUrl: env.GITHUB_AUTH_URL,
        tokenUrl: env.GITHUB_TOKEN_URL,
        apiUrl: env.GITHUB_API_URL.replace(/\/+$/, ''),
      },
    },
    auth: {
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      refreshReuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
      loginThrottle: {
        windowMs: env.LOGIN_THROTTLE_WINDOW_MS,
        maxPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        maxPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
      },
    },
    version: readVersion(),
  };
}
