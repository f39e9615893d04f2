// Running beyond one machine (OPS-11): the Dockerfile, compose.yaml, the proxy configuration and
// the deployment guide. Containers cannot run here, so these tests read the files and check what
// a broken deployment would get wrong: stages, user, healthcheck, services, environment names
// that config.ts really reads, paths that really exist, and the guide's topics.
// (yaml comes with @fastify/swagger, a dependency of the API.)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from '../../scripts/ensure.mjs';

const read = (path) => readFileSync(join(root, path), 'utf8');

/** Dockerfile instructions ({ keyword, args }) grouped by stage, line continuations joined. */
function dockerStages(text) {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args };
    if (instruction.keyword === 'FROM') {
      const name = /\sAS\s+(\S+)/i.exec(args)?.[1];
      stages.push({ from: args, name, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1).instructions.push(instruction);
    }
  }
  return stages;
}

/** The variable names config.ts reads (its zod schema's keys). */
function configVariables() {
  const config = read('apps/api/src/config.ts');
  return new Set([...config.matchAll(/^\s{2}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]));
}

function compose() {
  return parse(read('compose.yaml'), { merge: true });
}

/** The services that run the API image: built from this repository. */
function apiServices(doc) {
  return Object.entries(doc.services).filter(([, s]) => s.build === '.' || s.build?.context === '.');
}

function envOf(service) {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((e) => e.split(/=(.*)/s).slice(0, 2)));
  return env;
}

describe('Dockerfile', () => {
  const stages = dockerStages(read('Dockerfile'));
  const final = stages.at(-1);
  const finalOf = (keyword) => final.instructions.filter((i) => i.keyword === keyword);

  it('[OPS-11] is multi-stage, and the final stage runs as a non-root user with a healthcheck on /api/health', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const users = finalOf('USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1).args).not.toMatch(/^(root|0)(:|$)/);
    const healthchecks = finalOf('HEALTHCHECK');
    expect(healthchecks).toHaveLength(1);
    expect(healthchecks[0].args).toMatch(/\/api\/health/);
    // The slim base image has no curl or wget: the check must use node.
    if (/slim|alpine|distroless/.test(final.from))
      expect(healthchecks[0].args).not.toMatch(/\b(curl|wget)\b/);
    expect(
      finalOf('EXPOSE')
        .map((i) => i.args)
        .join(' '),
    ).toMatch(/\b3000\b/);
  });

  it('[OPS-11] the final stage installs no dev dependencies and builds nothing', () => {
    for (const run of finalOf('RUN')) {
      expect(run.args).not.toMatch(/\bnpm (install|i|ci)\b(?![^&;]*--(omit=dev|production))/);
      expect(run.args).not.toMatch(/\b(vite|tsc|npm run build)\b/);
    }
    // Whatever it copies from another stage comes from a stage that installs production deps only
    // or from the web build output.
    for (const copy of finalOf('COPY')) {
      const from = /--from=(\S+)/.exec(copy.args)?.[1];
      if (!from) continue;
      const source = stages.find((s) => s.name === from);
      expect(source, `stage ${from}`).toBeDefined();
      const installs = source.instructions.filter(
        (i) => i.keyword === 'RUN' && /\bnpm (ci|install)\b/.test(i.args),
      );
      const productionOnly = installs.every((i) => /--omit=dev|--production/.test(i.args));
      expect(productionOnly || /apps\/web\/dist/.test(copy.args), copy.args).toBe(true);
    }
  });

  it('[OPS-11] runs the server in production mode, serves the built web app and keeps DATA_DIR on a volume', () => {
    const env = finalOf('ENV')
      .map((i) => i.args)
      .join(' ');
    expect(env).toMatch(/NODE_ENV=production/);
    expect(env).toMatch(/HOST=0\.0\.0\.0/);
    const dataDir = /DATA_DIR=(\S+)/.exec(env)?.[1];
    expect(dataDir).toBeDefined();
    expect(
      finalOf('VOLUME')
        .map((i) => i.args)
        .join(' '),
    ).toContain(dataDir);
    // The web build reaches the path the server serves (WEB_DIST, or server.ts's default).
    const webDist = /WEB_DIST=(\S+)/.exec(env)?.[1] ?? '/app/apps/web/dist';
    expect(
      finalOf('COPY').some((i) => i.args.includes('apps/web/dist') && i.args.trim().endsWith(webDist)),
    ).toBe(true);
    expect(read('apps/api/src/server.ts')).toMatch(/config\.webDist \?\?/);
    expect(finalOf('CMD').at(-1).args).toMatch(/apps\/api\/src\/server\.ts/);
    // Fewer glibc malloc arenas: the RSS after a load stays about half as high (bench/README.md).
    expect(env).toMatch(/MALLOC_ARENA_MAX=2/);
    // Every other variable is one the server reads (no typo goes unnoticed).
    const processVariables = ['MALLOC_ARENA_MAX'];
    for (const name of env.match(/\b[A-Z][A-Z0-9_]+(?==)/g)) {
      if (!processVariables.includes(name)) expect(configVariables(), name).toContain(name);
    }
  });

  it('[OPS-11] on the embedded engine only, the container starts the server with the memory settings npm start gives it', async () => {
    const { EMBEDDED_SERVER_ENV, serverEnv } = await import('../../scripts/server-env.mjs');
    const cmd = JSON.parse(finalOf('CMD').at(-1).args);
    expect(cmd.slice(0, 2)).toEqual(['sh', '-c']);
    const script = cmd[2];
    // Set only when DATABASE_URL is empty, then node replaces the shell (it receives SIGTERM).
    expect(script).toMatch(/^if \[ -z "\$DATABASE_URL" \]; then export .*; fi; exec node /);
    expect(script).toContain(EMBEDDED_SERVER_ENV.GLIBC_TUNABLES);
    expect(script).toContain(EMBEDDED_SERVER_ENV.NODE_OPTIONS);
    // npm start and the bench: the same settings on PGlite, none of them on PostgreSQL.
    expect(serverEnv({})).toMatchObject({ MALLOC_ARENA_MAX: '2', ...EMBEDDED_SERVER_ENV });
    const postgres = serverEnv({ DATABASE_URL: 'postgres://db/tripcrew' });
    expect(postgres.MALLOC_ARENA_MAX).toBe('2');
    expect(postgres).not.toHaveProperty('GLIBC_TUNABLES');
    expect(postgres).not.toHaveProperty('NODE_OPTIONS');
    // The caller's own settings win.
    expect(serverEnv({ NODE_OPTIONS: '--max-semi-space-size=8' }).NODE_OPTIONS).toBe(
      '--max-semi-space-size=2 --max-semi-space-size=8',
    );
    expect(serverEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=1' }).GLIBC_TUNABLES).toBe(
      'glibc.malloc.arena_max=1',
    );
  });

  it('[OPS-11] every stage runs on Node 24 LTS, while engines still admits the Node 20.19+ of local machines', () => {
    const text = read('Dockerfile');
    const image = /^ARG\s+NODE_IMAGE=(\S+)/m.exec(text)?.[1] ?? '';
    expect(image).toMatch(/^node:24[-.]/);
    for (const stage of stages) expect(stage.from).toMatch(/^(\$\{NODE_IMAGE\}|node:24[-.])/);
    const engines = JSON.parse(read('package.json')).engines?.node ?? '';
    const floor = /^>=\s*(\d+)\.(\d+)/.exec(engines);
    expect(floor, `engines.node is "${engines}"`).not.toBeNull();
    // Node 20.19 is the oldest these machines run; a floor above it would refuse them.
    expect(Number(floor[1]) * 1000 + Number(floor[2])).toBeLessThanOrEqual(20 * 1000 + 19);
    expect(read('docs/deployment.md')).toMatch(/node:24-bookworm-slim/);
  });

  it('[OPS-11] every path it copies from the repository exists and is not excluded by .dockerignore', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#') && !l.startsWith('!'));
    const sources = stages
      .flatMap((s) => s.instructions)
      .filter((i) => i.keyword === 'COPY' && !i.args.includes('--from='))
      .flatMap((i) => i.args.replace(/--\S+/g, '').trim().split(/\s+/).slice(0, -1));
    expect(sources).toEqual(
      expect.arrayContaining(['package-lock.json', 'apps/api/src', 'apps/api/drizzle']),
    );
    for (const source of sources) {
      expect(existsSync(join(root, source)), source).toBe(true);
      for (const pattern of ignored) {
        const plain = pattern.replace(/^\*\*\//, '').replace(/\/$/, '');
        expect(source === plain || source.startsWith(`${plain}/`), `${source} ignored by ${pattern}`).toBe(
          false,
        );
      }
    }
    // Never shipped into the image: secrets, local data, dependencies built for this machine.
    for (const pattern of ['.env', '**/node_modules', 'data', '.git']) expect(ignored).toContain(pattern);
  });
});

describe('compose.yaml', () => {
  const doc = compose();
  const apis = apiServices(doc);

  it('[OPS-11] runs PostgreSQL, Redis, two API replicas of this image and a reverse proxy', () => {
    expect(doc.services.postgres?.image).toMatch(/^postgres:/);
    expect(doc.services.redis?.image).toMatch(/^redis:/);
    const replicas = apis.reduce((sum, [, s]) => sum + (s.deploy?.replicas ?? 1), 0);
    expect(replicas).toBeGreaterThanOrEqual(2);
    const proxy = doc.services.proxy;
    expect(proxy?.image).toMatch(/^(caddy|nginx)/);
    expect(proxy.ports.map(String).join(' ')).toMatch(/443:443/);
    for (const [name, service] of apis) {
      expect(service.depends_on?.postgres?.condition, name).toBe('service_healthy');
      expect(service.depends_on?.redis?.condition, name).toBe('service_healthy');
      // Not published to the host: reached through the proxy only.
      expect(service.ports, name).toBeUndefined();
    }
  });

  it('[OPS-11] gives every replica the same database, Redis, secrets and a narrow TRUST_PROXY', () => {
    const known = configVariables();
    const envs = apis.map(([, s]) => envOf(s));
    for (const [index, env] of envs.entries()) {
      const name = apis[index][0];
      expect(env.DATABASE_URL, name).toMatch(/^postgres(ql)?:\/\/[^@]+@postgres:5432\//);
      expect(env.REDIS_URL, name).toMatch(/^redis:\/\/redis:6379/);
      expect(env.NODE_ENV, name).toBe('production');
      expect(env.HOST, name).toBe('0.0.0.0');
      expect(env.TRUST_PROXY, name).toBeDefined();
      expect(env.TRUST_PROXY, name).not.toBe('true');
      // JWT_SECRET and the other secrets come from an env file, never inline.
      expect(env.JWT_SECRET, name).toBeUndefined();
      expect(apis[index][1].env_file, name).toBeDefined();
      // A typo in a variable name would be silently ignored by the server.
      for (const key of Object.keys(env)) expect(known, `${name}: ${key}`).toContain(key);
      // Uploads are shared between replicas (a volume on one host, or S3).
      expect((apis[index][1].volumes ?? []).join(' '), name).toMatch(/:\/data\/uploads\b/);
    }
    expect(new Set(envs.map((e) => JSON.stringify(e))).size).toBe(1);
    // TRUST_PROXY covers the proxy's fixed address on the edge network.
    const subnet = doc.networks.edge.ipam.config[0].subnet;
    expect(envs[0].TRUST_PROXY).toBe(subnet);
    const proxyAddress = doc.services.proxy.networks.edge.ipv4_address;
    expect(proxyAddress.split('.').slice(0, 3).join('.')).toBe(subnet.split('.').slice(0, 3).join('.'));
  });

  it('[OPS-11] matches the two-instance bench runs that do run here (bench/lib/harness.mjs)', () => {
    const harness = read('bench/lib/harness.mjs');
    expect(harness).toMatch(/NODE_ENV: 'production'/);
    expect(harness).toMatch(/SEED_DEMO: 'false'/);
    // The messaging bench starts its instances through the set-up it shares with the live bench.
    for (const bench of ['bench/load.mjs', 'bench/lib/live-setup.mjs']) {
      const text = read(bench);
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET'])
        expect(text, `${bench} ${name}`).toContain(name);
    }
    const env = envOf(apis[0][1]);
    expect(env.SEED_DEMO).toBe('false');
    expect(read('deploy/tripcrew.env.example')).toMatch(/^JWT_SECRET=/m);
  });

  it('[OPS-11] the proxy balances both replicas with health checks and does not publish /api/metrics', () => {
    const caddy = read('deploy/Caddyfile');
    for (const [name] of apis) expect(caddy).toContain(`${name}:3000`);
    expect(caddy).toMatch(/health_uri \/api\/health/);
    expect(caddy).toMatch(/@metrics path \/api\/metrics/);
    expect(caddy).toMatch(/respond @metrics 404/);
    // Caddy proxies WebSocket upgrades by itself: no path-specific block may send /api/users/ws elsewhere.
    expect(caddy).not.toMatch(/handle[^\n]*\/api\/users\/ws/);
    expect(doc.services.proxy.volumes.join(' ')).toMatch(/deploy\/Caddyfile:\/etc\/caddy\/Caddyfile/);
    // Files the optional profiles mount exist.
    for (const service of Object.values(doc.services)) {
      for (const volume of service.volumes ?? []) {
        const source = String(volume).split(':')[0];
        if (source.startsWith('./') && !source.includes('secrets'))
          expect(existsSync(join(root, source)), source).toBe(true);
      }
    }
  });

  it('[OPS-11] the env example lists every secret and S3 variable, all read by config.ts', () => {
    const example = read('deploy/tripcrew.env.example');
    const names = [...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    const known = configVariables();
    for (const name of [
      'JWT_SECRET',
      'METRICS_TOKEN',
      'SMTP_URL',
      'GOOGLE_CLIENT_ID',
      'GITHUB_CLIENT_SECRET',
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ])
      expect(names).toContain(name);
    // Compose-only values (interpolated into compose.yaml) are the only ones config.ts does not read.
    const composeOnly = names.filter((name) => !known.has(name));
    expect(composeOnly.sort()).toEqual(['POSTGRES_PASSWORD', 'TRIPCREW_DOMAIN']);
    // The example holds no real secret.
    for (const line of example
      .split('\n')
      .filter((l) => /^(JWT_SECRET|METRICS_TOKEN|POSTGRES_PASSWORD)=/.test(l)))
      expect(line).toMatch(/=$/);
  });
});

describe('docs/deployment.md', () => {
  const guide = read('docs/deployment.md');

  it.each([
    [
      'an architecture diagram',
      /```\n[\s\S]*proxy[\s\S]*api-1[\s\S]*api-2[\s\S]*postgres[\s\S]*redis[\s\S]*```/,
    ],
    ['build and run with compose', /docker compose up/],
    ['TLS termination', /## TLS termination[\s\S]*certificate/],
    ['TRUST_PROXY', /## TRUST_PROXY[\s\S]*X-Forwarded-For/],
    ['secrets: JWT_SECRET the same on every replica', /JWT_SECRET[\s\S]*identical on every replica/],
    ['secrets: METRICS_TOKEN, OAuth and SMTP', /METRICS_TOKEN[\s\S]*SMTP_URL[\s\S]*GOOGLE_CLIENT_ID/],
    ['PostgreSQL backups with a schedule', /pg_dump[\s\S]*(cron|every 24 h)/],
    ['a restore test', /[Rr]estore test[\s\S]*pg_restore/],
    ['backups of uploads', /\*\*Uploads\.\*\*[\s\S]*uploads/],
    ['S3-compatible storage', /## S3-compatible upload storage[\s\S]*S3_ENDPOINT[\s\S]*S3_FORCE_PATH_STYLE/],
    [
      'no sticky sessions (Redis fan-out)',
      /[Ss]ticky sessions are\s+not needed[\s\S]*Redis|Redis[\s\S]*[Ss]ticky sessions/,
    ],
    ['metrics scraping', /## Metrics[\s\S]*\/api\/metrics[\s\S]*Prometheus/],
    [
      'what runs here and what does not',
      /## What runs here and what doesn't[\s\S]*bench:messaging[\s\S]*bench:load/,
    ],
  ])('[OPS-11] covers %s', (_topic, pattern) => {
    expect(guide).toMatch(pattern);
  });

  it('[OPS-11] names only files that exist', () => {
    const paths = [...guide.matchAll(/`((?:deploy|docs|apps|bench|test)\/[A-Za-z0-9_./-]+)`/g)].map(
      (m) => m[1],
    );
    paths.push(
      ...[...guide.matchAll(/\((?:\.\.\/)?((?:deploy|docs)\/[A-Za-z0-9_./-]+)\)/g)].map((m) => m[1]),
    );
    expect(paths.length).toBeGreaterThan(3);
    // `npm run build` makes the web app's dist/; a clean clone has not built it yet.
    const built = (path) => /^apps\/web\/dist(?:\/|$)/.test(path);
    for (const path of paths.filter((p) => !built(p))) expect(existsSync(join(root, path)), path).toBe(true);
  });
});
