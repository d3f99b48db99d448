#!/usr/bin/env bash
# CI's proof of the production artefact (issue 28 item 2, ADR 063), the steps the Dockerfile runs, without a container
# runtime: the built tree assembled into a fresh folder (scripts/assemble-artefact.sh), `npm ci --omit=dev` there (no
# tsx, no TypeScript, no dev dependency at all), `npm run migrate`, `node apps/api/dist/server.js`, then /readyz 200,
# the web app and a customer login through the API (scripts/artefact-smoke.mjs).
#
# Runs on Node 24: the checkout's node_modules/.bin/node (the `node` devDependency), as the image's node:24-slim; set
# ARTEFACT_NODE to try another (e.g. a Node 22 binary). With PGURL_ADMIN (CI) it runs on PostgreSQL as in production:
# a database of its own, migrated by the owner role, the app as guarita_app (README, Database roles). Without it,
# on an embedded PGlite in the temporary folder. Demo mode: a production configuration would need SMTP, an SMS
# gateway and https, and the login's code is read from the demo outbox.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PORT="${ARTEFACT_PORT:-3201}"
NODE="${ARTEFACT_NODE:-$ROOT/node_modules/.bin/node}"
[[ -x "$NODE" ]] || NODE="$(command -v node)"
PGURL_ADMIN="${PGURL_ADMIN:-}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/guarita-artefact-XXXXXX")"
APP="$WORK/app"
DB="${ARTEFACT_DB:-guarita_artefact_$(date +%s)_$$}"
SERVER_PID=""
ms() { echo $(($(date +%s%N) / 1000000)); }
BEGAN=$(ms)

cleanup() {
  local status=$?
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    local t0
    t0=$(ms)
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    # Graceful shutdown has its own test (ADR 066); here it only must not hold CI up.
    while kill -0 "$SERVER_PID" 2>/dev/null && (($(ms) - t0 < 20000)); do sleep 0.2; done
    if kill -0 "$SERVER_PID" 2>/dev/null; then
      echo "check-artefact: the server had not exited 20 s after SIGTERM: killed" >&2
      kill -KILL "$SERVER_PID" 2>/dev/null || true
    else
      echo "server exited $(($(ms) - t0)) ms after SIGTERM"
    fi
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if ((status != 0)) && [[ -f "$WORK/server.log" ]]; then
    echo "-- server log (last 40 lines)" >&2
    tail -n 40 "$WORK/server.log" >&2
  fi
  [[ -n "$PGURL_ADMIN" ]] && psql "$PGURL_ADMIN" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1
  rm -rf "$WORK"
  echo "check-artefact: cleaned up after $(($(ms) - BEGAN)) ms"
  exit "$status"
}
trap cleanup EXIT

cd "$ROOT"
if [[ ! -f apps/api/dist/server.js || ! -f apps/web/dist/index.html ]]; then
  echo "-- no build yet: npm run build"
  t=$(ms) && npm run build && echo "build: $(($(ms) - t)) ms"
fi

# npm and the npm scripts below run on $NODE (as the image's on its node), found through a folder that holds only it:
# the checkout's node_modules/.bin on PATH would lend the artefact its dev tools (tsx).
mkdir -p "$WORK/bin" && ln -s "$(readlink -f "$NODE")" "$WORK/bin/node"
export PATH="$WORK/bin:$PATH"
echo "-- the production tree in $APP: scripts/assemble-artefact.sh (npm ci --omit=dev)"
t=$(ms)
bash scripts/assemble-artefact.sh "$APP"
echo "assemble and install (production dependencies): $(($(ms) - t)) ms"
for dev in tsx typescript esbuild vitest node @playwright/test fast-check s3rver smtp-server; do
  if [[ -e "$APP/node_modules/$dev" ]]; then
    echo "check-artefact: the dev dependency $dev was installed" >&2
    exit 1
  fi
done
echo "artefact: $(du -sh "$APP" | cut -f1) in all, node_modules $(du -sh "$APP/node_modules" | cut -f1), apps/api/dist $(du -sh "$APP/apps/api/dist" | cut -f1), apps/web/dist $(du -sh "$APP/apps/web/dist" | cut -f1)"

# Nothing from the surrounding shell's database settings: only what this check chooses.
unset DATABASE_URL MIGRATION_DATABASE_URL NODE_ENV
export PORT HOST=127.0.0.1 DATA_DIR="$WORK/data" DEMO_MODE=true MIGRATE_ON_START=false
if [[ -n "$PGURL_ADMIN" ]]; then
  RUNTIME_ROLE="${RUNTIME_ROLE:-guarita_app}"
  psql "$PGURL_ADMIN" -qc "CREATE DATABASE $DB"
  psql "$PGURL_ADMIN" -qc "DO \$\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$RUNTIME_ROLE') THEN CREATE ROLE $RUNTIME_ROLE LOGIN; END IF; END \$\$"
  base="${PGURL_ADMIN%/*}"
  export MIGRATION_DATABASE_URL="$base/$DB" DATABASE_URL="${base/\/\/*@/\/\/$RUNTIME_ROLE@}/$DB"
  where="PostgreSQL database $DB (migrations as the owner, the app as $RUNTIME_ROLE)"
else
  where="PGlite in $DATA_DIR"
fi

echo "-- npm run migrate ($where)"
t=$(ms)
(cd "$APP" && npm run --silent migrate)
echo "migrate: $(($(ms) - t)) ms"

if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then
  echo "check-artefact: something already listens on port $PORT (ARTEFACT_PORT picks another)" >&2
  exit 1
fi
echo "-- node apps/api/dist/server.js on port $PORT"
[[ -n "$PGURL_ADMIN" ]] || echo "(PGlite: a first start migrates and seeds a new embedded database, slower than on PostgreSQL)"
t=$(ms)
(cd "$APP" && exec "$NODE" --enable-source-maps --import ./apps/api/dist/tracing/preload.js apps/api/dist/server.js) >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
until curl -fsS -o /dev/null "http://127.0.0.1:$PORT/readyz" 2>/dev/null; do
  kill -0 "$SERVER_PID" 2>/dev/null || { echo "check-artefact: the server exited" >&2; exit 1; }
  (($(ms) - t < 120000)) || { echo "check-artefact: /readyz not 200 after 120 s" >&2; exit 1; }
  sleep 0.2
done
echo "start-up to /readyz 200: $(($(ms) - t)) ms on Node $("$NODE" -p process.version)"
"$NODE" scripts/artefact-smoke.mjs "http://127.0.0.1:$PORT"
echo "check-artefact: passed in $(($(ms) - BEGAN)) ms"
