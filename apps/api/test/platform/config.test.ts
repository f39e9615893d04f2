import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tripcrew-config-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The message of the ConfigError that loadConfig throws for env (fails the test otherwise). */
function configError(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOG_LEVEL', 'loud'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['SMTP_URL', 'mail.example.com'],
    ['APP_URL', 'not a url'],
    ['APP_URL', 'ftp://files.example.com'],
    ['SEED_DEMO', 'maybe'],
    ['BODY_LIMIT', '-5'],
    ['RATE_LIMIT_AUTH_MAX', 'lots'],
    ['JWT_SECRET', 'too-short'],
    ['TRUST_PROXY', '1'],
    ['TRUST_PROXY', 'yes please'],
    ['TRUST_PROXY', '10.0.0.0/8, not-an-ip'],
    ['MESSAGE_DIGEST_MINUTES', '-1'],
    ['MESSAGE_DIGEST_MINUTES', 'hourly'],
    ['GEOCODER_URL', 'photon.example.org'],
    ['GEOCODER_URL', 'ftp://geocoder.example.org'],
    ['GEOCODER_API', 'google'],
  ])('[API-01] %s=%s stops the boot with one line naming the variable', (name, value) => {
    const message = configError({ [name]: value });
    expect(message).toContain(`Invalid environment variable ${name}:`);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('[API-01] secrets and URL credentials are never echoed in the message', () => {
    const secret = configError({ JWT_SECRET: 'short-but-secret' });
    expect(secret).not.toContain('short-but-secret');
    const url = configError({ DATABASE_URL: 'mysql://admin:hunter2@db.internal/app' });
    expect(url).toContain('DATABASE_URL');
    expect(url).not.toContain('hunter2');
    expect(url).toContain('db.internal');
  });

  it('[API-01] a value with a line break still gives a single line', () => {
    const message = configError({ LOG_LEVEL: 'info\nInjected: line' });
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('LOG_LEVEL');
  });

  it('[API-01] an unusable DATA_DIR is a configuration error naming DATA_DIR, not a stack trace', () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'not a directory');
    const message = configError({ DATA_DIR: join(file, 'data') });
    expect(message).toMatch(/^Invalid environment variable DATA_DIR: /);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('[API-01] half a social-login provider names the missing variable', () => {
    expect(configError({ GOOGLE_CLIENT_ID: 'id-only' })).toMatch(
      /Invalid environment variable GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set/,
    );
    expect(configError({ GITHUB_CLIENT_SECRET: 'secret-only' })).toMatch(
      /Invalid environment variable GITHUB_CLIENT_ID: /,
    );
  });

  it('[API-02] every variable has its documented default', () => {
    // JWT_SECRET is given so that the default DATA_DIR (./data) is not written to by this test.
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40) });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(resolve('./data'));
    expect(config.logLevel).toBe('info');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Tripcrew <no-reply@localhost>');
    expect(config.oauth.google).toBeUndefined();
    expect(config.oauth.github).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.rateLimit.enabled).toBe(true);
    // Auth endpoints far tighter than catalogue reads.
    expect(config.rateLimit.authMax * 10).toBeLessThanOrEqual(config.rateLimit.readMax);
    expect(config.bodyLimit).toBeGreaterThanOrEqual(64 * 1024);
    expect(config.messageDigestMinutes).toBe(60);
    expect(config.geocoderUrl).toBeUndefined();
    expect(config.geocoderApi).toBe('photon');
    expect(config.maps).toMatchObject({
      styleUrl: 'https://tiles.openfreemap.org/styles/liberty',
      styleDarkUrl: 'https://tiles.openfreemap.org/styles/dark',
    });
  });

  it("[MAP-16] the street map is OpenFreeMap's unless MAP_STYLE_URL names another, says builtin, or MAP_PMTILES is set", () => {
    const maps = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'x'.repeat(40), ...env }).maps;
    expect(maps({ MAP_STYLE_URL: 'builtin', MAP_STYLE_DARK_URL: 'https://maps.example/dark' })).toMatchObject(
      {
        styleUrl: undefined,
        styleDarkUrl: undefined,
      },
    );
    expect(maps({ MAP_PMTILES: '/srv/world.pmtiles' })).toMatchObject({ styleUrl: undefined });
    expect(maps({ MAP_STYLE_URL: 'https://maps.example/style.json' })).toMatchObject({
      styleUrl: 'https://maps.example/style.json',
      styleDarkUrl: undefined,
    });
    expect(() => maps({ MAP_STYLE_URL: 'builtins' })).toThrow(
      /MAP_STYLE_URL: must be an http:\/\/ or https:\/\/ URL, or builtin/,
    );
  });

  it('[API-02] APP_URL follows PORT, and an https APP_URL turns on Secure cookies', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    const https = loadConfig({ DATA_DIR: dir, APP_URL: 'https://trips.example.com/' });
    expect(https.appUrl).toBe('https://trips.example.com');
    expect(https.secureCookies).toBe(true);
  });

  it('[API-02] demo data is seeded by default on the embedded database only', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).seedDemo).toBe(true);
    const pg = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' });
    expect(pg.seedDemo).toBe(false);
    expect(pg.databaseUrl).toBe('postgres://u@127.0.0.1:5432/db');
    expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgresql://u@127.0.0.1/db', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
  });

  it('[API-02] JWT_SECRET is generated once into DATA_DIR and reused after a restart', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, 'jwt-secret');
    expect(statSync(file).mode & 0o077).toBe(0); // readable by its owner only
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    // Another data directory gets its own secret; an explicit JWT_SECRET wins.
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first);
    const explicit = 'e'.repeat(48);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: explicit }).jwtSecret).toBe(explicit);
  });

  it('[API-02] the other variables are read as documented', () => {
    const dir = tempDir();
    const config = loadConfig({
      DATA_DIR: dir,
      PORT: '4010',
      HOST: '0.0.0.0',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Crew <crew@example.com>',
      GOOGLE_CLIENT_ID: 'gid',
      GOOGLE_CLIENT_SECRET: 'gsecret',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      BODY_LIMIT: '2048',
      RATE_LIMIT_AUTH_MAX: '7',
      RATE_LIMIT_READ_MAX: '70',
      MESSAGE_DIGEST_MINUTES: '0',
      // Empty means unset, as in compose files.
      DATABASE_URL: '',
    });
    expect(config).toMatchObject({
      port: 4010,
      host: '0.0.0.0',
      redisUrl: 'redis://127.0.0.1:6379',
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'Crew <crew@example.com>',
      oauth: { google: { clientId: 'gid', clientSecret: 'gsecret' }, github: undefined },
      logLevel: 'warn',
      trustProxy: true,
      bodyLimit: 2048,
      rateLimit: { authMax: 7, readMax: 70 },
      messageDigestMinutes: 0,
      databaseUrl: undefined,
    });
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'loopback, 172.16.0.1, fd00::/8' }).trustProxy).toBe(
      'loopback, 172.16.0.1, fd00::/8',
    );
  });
  it('[API-02] GEOCODER_URL loses its trailing slashes; GEOCODER_API names its API', () => {
    const dir = tempDir();
    const photon = loadConfig({ DATA_DIR: dir, GEOCODER_URL: 'http://photon:2322//' });
    expect(photon).toMatchObject({ geocoderUrl: 'http://photon:2322', geocoderApi: 'photon' });
    const nominatim = loadConfig({
      DATA_DIR: dir,
      GEOCODER_URL: 'https://geo.example.org/nominatim/',
      GEOCODER_API: 'nominatim',
    });
    expect(nominatim).toMatchObject({
      geocoderUrl: 'https://geo.example.org/nominatim',
      geocoderApi: 'nominatim',
    });
    expect(configError({ GEOCODER_API: 'google' })).toMatch(
      /^Invalid environment variable GEOCODER_API: must be photon or nominatim/,
    );
  });

  it('[API-02] a relative WEB_DIST is read from the working directory, like DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), WEB_DIST: 'apps/web/dist' }).webDist).toBe(
      resolve('apps/web/dist'),
    );
    expect(loadConfig({ DATA_DIR: tempDir(), WEB_DIST: '/srv/web' }).webDist).toBe('/srv/web');
    expect(loadConfig({ DATA_DIR: tempDir() }).webDist).toBeUndefined();
  });

  it('[OPS-12] METRICS_TOKEN is optional, at least 32 characters, and never echoed in a message', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).metricsToken).toBeUndefined();
    const token = 'm'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: token }).metricsToken).toBe(token);
    const message = configError({ METRICS_TOKEN: 'short-metrics-token' });
    expect(message).toMatch(/^Invalid environment variable METRICS_TOKEN: must be at least 32 characters/);
    expect(message).not.toContain('short-metrics-token');
  });

  describe('S3-compatible upload storage', () => {
    const complete = {
      S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com/',
      S3_BUCKET: 'tripcrew-uploads',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'do-not-print-this-secret',
    };

    it('[OPS-11] unset means local disk; all five S3_* variables select the object store', () => {
      const dir = tempDir();
      expect(loadConfig({ DATA_DIR: dir }).s3).toBeUndefined();
      expect(loadConfig({ DATA_DIR: dir, ...complete }).s3).toEqual({
        endpoint: 'https://s3.eu-west-1.amazonaws.com',
        bucket: 'tripcrew-uploads',
        region: 'eu-west-1',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'do-not-print-this-secret',
        forcePathStyle: false,
      });
      expect(loadConfig({ DATA_DIR: dir, ...complete, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(
        true,
      );
    });

    it.each(Object.keys(complete))(
      '[OPS-11] S3 storage without %s stops the boot with one line naming it',
      (name) => {
        const env: Record<string, string> = { ...complete };
        delete env[name];
        const message = configError(env);
        expect(message).toMatch(new RegExp(`^Invalid environment variable ${name}: S3 upload storage needs`));
        expect(message.split('\n')).toHaveLength(1);
        expect(message).not.toContain('do-not-print-this-secret');
      },
    );

    it.each([
      ['S3_ENDPOINT', 'minio:9000'],
      ['S3_BUCKET', 'Not_A_Bucket'],
      ['S3_FORCE_PATH_STYLE', 'sometimes'],
    ])('[OPS-11] %s=%s stops the boot with one line naming the variable', (name, value) => {
      const message = configError({ ...complete, [name]: value });
      expect(message).toContain(`Invalid environment variable ${name}:`);
      expect(message.split('\n')).toHaveLength(1);
    });

    it('[OPS-11] the secret key is never echoed in a message', () => {
      const message = configError({ ...complete, S3_SECRET_ACCESS_KEY: '', S3_ENDPOINT: 'not a url' });
      expect(message).toContain('S3_ENDPOINT');
      expect(message).not.toContain('do-not-print-this-secret');
    });
  });
});
