#!/usr/bin/env bash
# The production tree (ADR 063), from a built checkout (`npm run build`) into DEST: the root and workspace manifests
# with the lockfile, the API's dist/ (with its migrations) and the web's dist/, then the API's production dependencies
# installed there from the lockfile (`npm ci --omit=dev`). No source, no tests, no dev dependency. The Dockerfile and
# scripts/check-artefact.sh both call this, so CI checks the very tree the image runs.
set -euo pipefail
DEST="${1:?usage: assemble-artefact.sh DEST}"
cd "$(dirname "$0")/.."

for built in apps/api/dist/server.js apps/web/dist/index.html; do
  [[ -f "$built" ]] || { echo "assemble-artefact: $built missing: run 'npm run build' first" >&2; exit 1; }
done

mkdir -p "$DEST"
cp package.json package-lock.json "$DEST/"
# npm ci wants every workspace of the lockfile present, even those with only dev dependencies (e2e, bench).
node -e 'for (const w of require("./package.json").workspaces) console.log(w)' | while read -r ws; do
  mkdir -p "$DEST/$ws" && cp "$ws/package.json" "$DEST/$ws/"
done
mkdir -p "$DEST/apps/api" "$DEST/apps/web"
cp -R apps/api/dist "$DEST/apps/api/dist"
cp -R apps/web/dist "$DEST/apps/web/dist"

# Only the API workspace's dependencies (and those of the workspace packages it uses): the web's React, icons and
# map are in its dist/ already, bundled (189 MB of node_modules instead of 306 MB).
cd "$DEST" && npm ci --omit=dev --workspace=@guarita/api --no-audit --no-fund --loglevel=error
