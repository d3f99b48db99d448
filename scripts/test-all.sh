#!/usr/bin/env bash
# Every test, in the order that fails fastest: types, lint, unit/component, API (PGlite), browser (Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
# Node 24 LTS (ADR 063): npm runs this with node_modules/.bin first on PATH, where the `node` devDependency puts it,
# whatever the machine's own node is; every child (vitest, tsx, the e2e server) inherits it.
node_version="$(node -p process.version)"
[[ "$node_version" == v24.* ]] || { echo "test-all: Node $node_version; the suite runs on Node 24: use 'npm test' after 'npm ci'" >&2; exit 1; }
echo "== Node $node_version ($(command -v node))"
echo "== typecheck" && npm run typecheck
echo "== lint" && npm run lint
echo "== unit and component tests" && npm run test:unit
echo "== API tests (PGlite)" && env -u DATABASE_URL npm run test:api
echo "== browser tests (Chromium)" && npm run test:e2e
