# Figgle's container image: `docker build -t figgle .` (or `podman build --format docker -t figgle .`).
# Three stages: `build` installs every dependency and builds the web app and the server bundle,
# `pgclient` takes pg_dump and psql out of Debian's package, and the image keeps only what the server
# runs: the bundle, the built web app, the server's production dependencies, `npm run backup` and
# `npm run restore` bundled in apps/server/dist/tools, and those two programs. On any Debian-based
# Node 20 image: NODE_IMAGE picks it (scripts/container-test.sh builds one from Debian's packages).
# docs/operations/container.md says how to run it; decision 0025 why it is made so.
ARG NODE_IMAGE=docker.io/library/node:20-trixie-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The official image has npm; a base made of Debian's nodejs package gets Debian's.
RUN command -v npm >/dev/null || (apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends npm >/dev/null)
# A CA file for npm, where the registry is reached through a TLS-inspecting proxy (empty: the image's).
ARG NPM_CAFILE=""
# The manifests alone first, so a change to the sources reuses the installed dependencies.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/test-support/package.json packages/test-support/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/figma-plugin/package.json apps/figma-plugin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# --ignore-scripts: the postinstall builds below, once the sources are here.
RUN ${NPM_CAFILE:+env npm_config_cafile=$NPM_CAFILE} npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
COPY . .
RUN node scripts/web-build.mjs \
    && node --input-type=module -e "await (await import('./scripts/server-run.mjs')).buildServer()"
# `npm run backup` and `npm run restore` as two bundles beside the server's, so the image needs no tsx.
RUN node --input-type=module -e " \
      import { readFileSync } from 'node:fs'; import { build } from 'esbuild'; \
      const { dependencies } = JSON.parse(readFileSync('apps/server/package.json', 'utf8')); \
      const external = Object.keys(dependencies).filter((name) => !name.startsWith('@figgle/') && name !== 'zod') \
        .flatMap((name) => [name, name + '/*']); \
      await build({ entryPoints: ['scripts/backup.mjs', 'scripts/restore.mjs'], outdir: 'apps/server/dist/tools', \
        bundle: true, platform: 'node', format: 'esm', target: 'node20', external, outExtension: { '.js': '.mjs' }, \
        logLevel: 'warning' });"
# The server's production dependencies alone, in a tree of their own. Test tools that the lock file
# holds only as optional peers (vitest, vite) go with the optional packages; tsx and esbuild are for
# development only once the bundles exist.
RUN mkdir /prod && cp -a package.json package-lock.json .npmrc /prod/ \
    && for manifest in packages/*/package.json apps/*/package.json e2e/package.json bench/package.json; do \
         mkdir -p "/prod/$(dirname "$manifest")" && cp "$manifest" "/prod/$manifest"; done \
    && cd /prod \
    && ${NPM_CAFILE:+env npm_config_cafile=$NPM_CAFILE} npm ci --omit=dev -w @figgle/server --ignore-scripts --no-audit --no-fund --loglevel=error \
    && npm prune --omit=dev --omit=peer --omit=optional -w @figgle/server --loglevel=error \
    && rm -rf node_modules/react node_modules/react-dom node_modules/tsx node_modules/esbuild \
         node_modules/.bin node_modules/.package-lock.json node_modules/@figgle \
    && find node_modules apps/server/node_modules -type d \( -name test -o -name tests -o -name __tests__ \
         -o -name example -o -name examples -o -name benchmarks \) -prune -exec rm -rf {} + \
    && find node_modules apps/server/node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' \
         -o -name '*.cts' -o -name '*.md' -o -name '*.markdown' \) -delete

# pg_dump and psql, for the automatic backup before an upgrade and for backups on PostgreSQL (Debian
# 13's client is PostgreSQL 17's, which reads servers up to 17): the two programs and the libraries
# they need that the Node image lacks, without the Perl wrappers of Debian's package (~50 MB). A stage
# of its own on the bare base, so the libraries the base lacks are known.
FROM ${NODE_IMAGE} AS pgclient
RUN find /usr -name '*.so*' | sort > /tmp/libraries-before \
    && apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-client >/dev/null \
    && bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1) \
    && mkdir -p /pgclient/usr/local/bin \
    && cp "$bin/pg_dump" "$bin/psql" /pgclient/usr/local/bin/ \
    && ldd "$bin/pg_dump" "$bin/psql" | awk '/=> \// { print $3 }' | sort -u | while read -r library; do \
         real=$(readlink -f "$library"); \
         if ! grep -qxF "$real" /tmp/libraries-before && ! grep -qxF "$library" /tmp/libraries-before; then \
           mkdir -p "/pgclient$(dirname "$real")" && cp "$real" "/pgclient$(dirname "$real")/$(basename "$library")"; fi; done \
    && /pgclient/usr/local/bin/pg_dump --version

FROM ${NODE_IMAGE}
COPY --from=pgclient /pgclient/ /
RUN echo 'figgle:x:10001:10001:Figgle:/data:/usr/sbin/nologin' >> /etc/passwd \
    && echo 'figgle:x:10001:' >> /etc/group \
    && mkdir -p /data && chown 10001:10001 /data && chmod 700 /data
WORKDIR /app
COPY --from=build /prod/node_modules node_modules
COPY --from=build /prod/apps/server/node_modules apps/server/node_modules
COPY --from=build /src/package.json /src/.npmrc ./
COPY --from=build /src/apps/server/package.json apps/server/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
COPY --from=build /src/apps/web/public/logo-dark.svg apps/web/public/
# The settings that npm start gives the server (scripts/server-run.mjs: SERVER_ENV, SERVER_NODE_ARGS).
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_ARENA_MAX=1 \
    MALLOC_MMAP_THRESHOLD_=32768
USER 10001:10001
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server is PID 1 and handles SIGTERM itself, as under npm start: it finishes the requests in
# flight, closes the database and exits 0 (apps/server/src/main.ts).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=2", "--expose-gc", "apps/server/dist/main.mjs"]
