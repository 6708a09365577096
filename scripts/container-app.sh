#!/usr/bin/env bash
# What the container image runs, laid out under OUT (an empty or missing folder) as it sits in the
# image's /app: the server's bundle and the built web app (both built already, as `npm install`
# leaves them), `npm run backup` and `npm run restore` bundled beside the server's, and the server's
# production dependencies alone in a tree of their own. Run from the repository's root with every
# dependency installed. The Dockerfile's `build` stage runs it after `npm ci` and the two builds;
# scripts/container-test.sh runs it on the host, so CI's image needs no `npm ci` of its own.
#
#   bash scripts/container-app.sh OUT [PROD_CACHE]
#
# PROD_CACHE (optional): a folder where the production tree is kept, named by a digest of the
# manifests, the lock file and this script, and copied from there while none of them changed.
# npm reads its cache first (--prefer-offline), so on a machine that just ran `npm install` nothing
# is downloaded.
set -euo pipefail
out=$1
prod_cache=${2:-}
[ -f apps/server/dist/main.mjs ] || {
  echo "container-app: apps/server/dist/main.mjs is missing: build the server first" >&2
  exit 1
}
[ -f apps/web/dist/index.html ] || {
  echo "container-app: apps/web/dist/index.html is missing: build the web app first" >&2
  exit 1
}
manifests=(package.json package-lock.json .npmrc packages/*/package.json apps/*/package.json e2e/package.json bench/package.json)
mkdir -p "$out/apps/server" "$out/apps/web/public"

# The server's production dependencies. Test tools that the lock file holds only as optional peers
# (vitest, vite) go with the optional packages; tsx and esbuild are for development only once the
# bundles exist.
prod_tree() {
  local prod=$1
  rm -rf "$prod" && mkdir -p "$prod"
  for manifest in "${manifests[@]}"; do
    mkdir -p "$prod/$(dirname "$manifest")" && cp "$manifest" "$prod/$manifest"
  done
  (
    cd "$prod"
    npm ci --omit=dev -w @figgle/server --ignore-scripts --prefer-offline --no-audit --no-fund --loglevel=error
    npm prune --omit=dev --omit=peer --omit=optional -w @figgle/server --loglevel=error
    rm -rf node_modules/react node_modules/react-dom node_modules/tsx node_modules/esbuild \
      node_modules/.bin node_modules/.package-lock.json node_modules/@figgle
    find node_modules apps/server/node_modules -type d \( -name test -o -name tests -o -name __tests__ \
      -o -name example -o -name examples -o -name benchmarks \) -prune -exec rm -rf {} +
    find node_modules apps/server/node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' \
      -o -name '*.cts' -o -name '*.md' -o -name '*.markdown' \) -delete
    # Only the two trees stay.
    find . -mindepth 1 -maxdepth 1 ! -name node_modules ! -name apps -exec rm -rf {} +
    find apps -mindepth 1 -maxdepth 1 ! -name server -exec rm -rf {} +
    find apps/server -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
  )
}
if [ -n "$prod_cache" ]; then
  digest=$(cat "${manifests[@]}" "$0" | sha256sum | cut -c1-16)
  if [ ! -d "$prod_cache/$digest" ]; then
    rm -rf "$prod_cache" && mkdir -p "$prod_cache"
    prod_tree "$prod_cache/building"
    mv "$prod_cache/building" "$prod_cache/$digest"
  fi
  cp -a "$prod_cache/$digest/." "$out/"
else
  prod_tree "$out/.prod"
  cp -a "$out/.prod/." "$out/" && rm -rf "$out/.prod"
fi

cp package.json .npmrc "$out/"
cp apps/server/package.json "$out/apps/server/"
cp -a apps/server/dist "$out/apps/server/"
cp -a apps/web/dist "$out/apps/web/"
cp apps/web/public/logo-dark.svg "$out/apps/web/public/"

# `npm run backup` and `npm run restore` as two bundles beside the server's, so the image needs no tsx.
OUT=$out node --input-type=module -e "
  import { readFileSync } from 'node:fs'; import { build } from 'esbuild';
  const { dependencies } = JSON.parse(readFileSync('apps/server/package.json', 'utf8'));
  const external = Object.keys(dependencies).filter((name) => !name.startsWith('@figgle/') && name !== 'zod')
    .flatMap((name) => [name, name + '/*']);
  await build({ entryPoints: ['scripts/backup.mjs', 'scripts/restore.mjs'], outdir: process.env.OUT + '/apps/server/dist/tools',
    bundle: true, platform: 'node', format: 'esm', target: 'node20', external, outExtension: { '.js': '.mjs' },
    logLevel: 'warning' });"
