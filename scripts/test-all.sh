#!/usr/bin/env bash
# Every test, in the order that fails fastest: types, lint, unit/component, API (PGlite), browser (Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck" && npm run typecheck
echo "== lint" && npm run lint
echo "== unit and component tests" && npm run test:unit
echo "== API tests (PGlite)" && env -u DATABASE_URL npm run test:api
echo "== browser tests (Chromium)" && npm run test:e2e
