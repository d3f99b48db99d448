# syntax=docker/dockerfile:1
# The production image (ADR 063): built from the lockfile on Node 24, run as the unprivileged `node` user with only
# the API's production dependencies and the built artefact. CI has no container runtime: scripts/check-artefact.sh
# runs the same steps (the same scripts/assemble-artefact.sh) on the same Node and checks a login through the result.
#   docker build -t guarita .        docker compose up (compose.yaml: the app, PostgreSQL, MinIO)

# --- build: every dependency, the API bundle (apps/api/dist) and the web build (apps/web/dist)
FROM node:24-slim AS build
WORKDIR /src
# The manifests first, so the dependency layer is reused while only source changes.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && bash scripts/assemble-artefact.sh /artefact

# --- runtime: the assembled tree only (manifests, dist/, production node_modules)
FROM node:24-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# The code stays root's (the app cannot rewrite itself); the data folder (PGlite, local uploads, a demo's secret) is the app's.
COPY --from=build /artefact /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Liveness only (/healthz): /readyz also asks the database, and a database outage must not get the container restarted.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly, not through npm: the container's SIGTERM reaches the server (graceful shutdown, ADR 066). Run with an
# init (`docker run --init`, compose's `init: true`) to reap the short-lived child PGlite's first start spawns.
# The schema is brought up by `npm run migrate` before a release starts (compose.yaml's migrate service, ADR 064).
CMD ["node", "--enable-source-maps", "--import", "./apps/api/dist/tracing/preload.js", "apps/api/dist/server.js"]
