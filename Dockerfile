# syntax=docker/dockerfile:1
# Tripcrew: one image for the API and the built web app (docs/deployment.md).
#
#   docker build -t tripcrew .
#   docker compose up -d        # PostgreSQL, Redis, two API replicas and Caddy (compose.yaml)
#
# Stages: build (all dependencies, builds the web app) → prod-deps (production dependencies
# only) → runtime (slim, non-root, no build tools, no dev dependencies).

# Node 24 LTS (Node 20 left maintenance in April 2026). Local runs keep working on Node 20.19+
# (package.json `engines`: ">=20.19"); the image carries the supported LTS line.
ARG NODE_IMAGE=node:24-bookworm-slim

# ------------------------------------------------------------------ build: the web app
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first: the dependency layer stays cached until they change.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund --loglevel=error
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
RUN npm run build --workspace @tripcrew/web

# ------------------------------------------------------------------ prod-deps: what runs
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
# --omit=dev: no Vite, Vitest, Playwright or linters in the image. The API runs its TypeScript
# through tsx, which is a production dependency of apps/api (docs/decisions/001).
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error && npm cache clean --force
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/api/tsconfig.json apps/api/
COPY apps/api/src apps/api/src
COPY apps/api/drizzle apps/api/drizzle

# ------------------------------------------------------------------ runtime
FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX=2: glibc keeps fewer per-thread arenas, so the RSS after a load stays about
# half as high (bench/README.md, "Memory").
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
# Sources and production node_modules (workspace links included), then the built web app.
COPY --from=prod-deps --chown=node:node /app /app
COPY --from=build --chown=node:node /app/apps/web/dist /app/apps/web/dist
# DATA_DIR: uploads (unless S3_* is set), the dev outbox and, on the embedded engine, the database.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The unprivileged user of the official Node image (uid 1000).
USER node
EXPOSE 3000
# node itself (the slim image has no curl): healthy when /api/health answers 200.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# server.ts drains in-flight requests on SIGTERM (SHUTDOWN_TIMEOUT_MS, 10 s by default).
STOPSIGNAL SIGTERM
# On the embedded engine (no DATABASE_URL), the memory settings of scripts/server-env.mjs
# (docs/decisions/028: glibc malloc thresholds, a 2 MB young generation); with PostgreSQL, none.
# `exec`: node replaces the shell, so it is the process that receives SIGTERM.
CMD ["sh", "-c", "if [ -z \"$DATABASE_URL\" ]; then export GLIBC_TUNABLES=\"${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072}\" NODE_OPTIONS=\"--max-semi-space-size=2 $NODE_OPTIONS\"; fi; exec node --import tsx apps/api/src/server.ts"]
