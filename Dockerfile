# Figgle's container image: `docker build -t figgle .` (or `podman build --format docker -t figgle .`).
# Stages: `build` installs every dependency, builds the web app and the server bundle and lays the
# app out with scripts/container-app.sh, `pgclient` takes pg_dump and psql out of Debian's package,
# `runtime` is the base with those two programs, the user and the settings, and the image is
# `runtime` with the app: the bundle, the built web app, the server's production dependencies,
# `npm run backup` and `npm run restore` bundled in apps/server/dist/tools. On any Debian-based
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
# The image's /app in /out: the bundles, the built web app, `npm run backup` and `npm run restore`
# bundled beside the server's, and the server's production dependencies in a tree of their own.
RUN ${NPM_CAFILE:+env npm_config_cafile=$NPM_CAFILE} bash scripts/container-app.sh /out

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

# The runtime: the base, pg_dump and psql, the user, the settings; everything but the app itself.
# scripts/container-test.sh builds this stage alone (--target runtime) and puts an app built on the
# host on it, the same way as the last stage below.
FROM ${NODE_IMAGE} AS runtime
COPY --from=pgclient /pgclient/ /
RUN echo 'figgle:x:10001:10001:Figgle:/data:/usr/sbin/nologin' >> /etc/passwd \
    && echo 'figgle:x:10001:' >> /etc/group \
    && mkdir -p /data && chown 10001:10001 /data && chmod 700 /data
WORKDIR /app
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

# The app: what scripts/container-app.sh laid out in the build stage.
FROM runtime
COPY --from=build /out/ ./
