#!/usr/bin/env bash
# The container image and both compose files, tried for real on this machine (no registry is
# reachable here, Debian's packages are): one Debian 13 base with Node (Debian's nodejs, 20.19) by
# debootstrap, PostgreSQL 17's image on that base, the image, then for compose.yaml (Figgle +
# PostgreSQL) and compose.embedded.yaml: starts it, times start to healthy, registers someone through
# the dev mailbox, signs in, creates a task, restarts the containers, finds the task again with the
# same session, checks the server runs as a user other than root, and removes everything it started;
# then the image upgrades an old release's installations. Prints the image size and the times.
#
#   bash scripts/container-test.sh               the image from this machine's build (below)
#   bash scripts/container-test.sh --dockerfile  the image from the whole Dockerfile (npm ci inside)
#   bash scripts/container-test.sh --bases       only the bases and the runtime stage (.ci/run starts
#                                                this first, while npm install runs)
#
# The image: by default the Dockerfile's `runtime` stage (--target runtime, --build-arg
# NODE_IMAGE=<the base>) with the app that scripts/container-app.sh lays out from what `npm install`
# built on this machine (the web app, the server bundle, production dependencies from npm's cache),
# as the Dockerfile's last stage does with its own build stage: no `npm ci` in the image.
# `--dockerfile` builds the whole Dockerfile, as someone with a registry would.
#
# Cached in ~/.cache/figgle-container (FIGGLE_CONTAINER_CACHE) and podman's storage: the base's
# tarball and images are named by a digest of what makes them (a second run skips debootstrap), the
# production dependencies by a digest of the manifests and the lock file, and podman's layer cache
# keeps the runtime stage. Needs root (debootstrap, podman with runc). Installs podman, runc,
# debootstrap, podman-compose, uidmap, slirp4netns and curl with apt-get when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
started=$(date +%s)
cache=${FIGGLE_CONTAINER_CACHE:-$HOME/.cache/figgle-container}
mkdir -p "$cache"
mode=prebuilt
case "${1:-}" in
  --dockerfile) mode=dockerfile ;;
  --bases) mode=bases ;;
  '') ;;
  *)
    echo "usage: $0 [--dockerfile|--bases]" >&2
    exit 2
    ;;
esac
say() { echo "=== container-test: $*"; }
fail() {
  echo "=== container-test: FAILED: $*" >&2
  exit 1
}
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# Seconds since $1 (a now_ms), as 12.34.
since_ms() {
  local ms=$(($(now_ms) - $1))
  printf '%d.%02d' $((ms / 1000)) $((ms % 1000 / 10))
}

# Two runs at once (.ci/run's early --bases and the test after npm install) install the tools and
# make the bases once: the second waits here for the first.
exec 9>"$cache/bases.lock"
flock 9
need=()
for tool in podman runc debootstrap podman-compose newuidmap slirp4netns curl; do
  command -v "$tool" >/dev/null 2>&1 || need+=("$([ "$tool" = newuidmap ] && echo uidmap || echo "$tool")")
done
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# These machines mount cgroups in hybrid mode, which crun refuses: runc with the cgroupfs manager,
# and no default ulimits (docs: /work/shared/STACK-NOTES.md, "Containers on these machines").
export CONTAINERS_CONF="$cache/containers.conf"
printf '%s\n' '[containers]' 'default_ulimits = []' '[engine]' 'runtime = "runc"' 'cgroup_manager = "cgroupfs"' \
  'events_logger = "file"' >"$CONTAINERS_CONF.tmp"
mv "$CONTAINERS_CONF.tmp" "$CONTAINERS_CONF"

# The base: Debian 13 minbase with Debian's Node, one debootstrap. PostgreSQL's image: the same base
# with Debian's postgresql and an entrypoint that does what the official image's does with
# POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB (create the role and database on first start, the
# data in /var/lib/postgresql/data, pg_isready for the health check).
SUITE=trixie
MIRROR=http://deb.debian.org/debian
NODE_PACKAGES=nodejs,ca-certificates
POSTGRES_ENTRYPOINT=$(
  cat <<'END'
#!/bin/sh
set -e
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "$POSTGRES_PASSWORD" > /tmp/password
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/password --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f /tmp/password
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=/tmp" -w start >/dev/null
  createdb -h /tmp -U "$POSTGRES_USER" "$POSTGRES_DB"
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/tmp
END
)
# Debian's postgresql without its recommends, docs and the cluster the package creates (the image
# makes its own in its volume).
POSTGRES_CONTAINERFILE=$(
  cat <<'END'
COPY entrypoint.sh /usr/local/bin/entrypoint.sh
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null \
    && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/cache/apt/archives/*.deb /usr/share/doc/* \
       /usr/share/man/* /usr/share/locale/* /var/lib/postgresql/* /etc/postgresql/* \
    && chmod 755 /usr/local/bin/entrypoint.sh && mkdir -p /var/lib/postgresql/data \
    && chown postgres:postgres /var/lib/postgresql/data && chmod 700 /var/lib/postgresql/data \
    && ln -s /usr/lib/postgresql/*/bin/* /usr/local/bin/
ENV PGDATA=/var/lib/postgresql/data POSTGRES_USER=postgres POSTGRES_DB=postgres
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/entrypoint.sh"]
END
)
# What an image does not need of the debootstrapped tree: downloaded packages, apt's caches and
# lists, docs, translations.
BASE_TRIM='var/cache/apt/archives/*.deb var/cache/apt/*.bin var/lib/apt/lists/* usr/share/doc/* usr/share/man/* usr/share/info/* usr/share/locale/*'
base_key=$(printf '%s\n' "$SUITE" "$MIRROR" "$NODE_PACKAGES" "$BASE_TRIM" | sha256sum | cut -c1-12)
postgres_key=$(printf '%s\n' "$base_key" "$POSTGRES_ENTRYPOINT" "$POSTGRES_CONTAINERFILE" | sha256sum | cut -c1-12)
NODE_BASE=localhost/figgle-node-base:$base_key
POSTGRES_IMAGE=localhost/figgle-postgres:$postgres_key
# The runtime stage by a digest of the base and the Dockerfile (podman's layer cache runs the pgclient
# stage's apt-get again).
RUNTIME_IMAGE=localhost/figgle-runtime:$(printf '%s\n' "$base_key" "$(cat Dockerfile)" | sha256sum | cut -c1-12)
FIGGLE_IMAGE=localhost/figgle:container-test
export FIGGLE_IMAGE POSTGRES_IMAGE

# The base's root file system as a tarball in the cache (a new podman storage imports it again) and
# as an image.
node_base() {
  if podman image exists "$NODE_BASE"; then return; fi
  local dir="$cache/base-$base_key"
  local tarball="$dir/node.tar"
  if [ ! -s "$tarball" ]; then
    local debootstrap_at
    debootstrap_at=$(now_ms)
    say "debootstrap of Debian 13 minbase with $NODE_PACKAGES"
    # One base's tarball is kept.
    find "$cache" -mindepth 1 -maxdepth 1 -name 'base-*' ! -name "base-$base_key" -exec rm -rf {} +
    mkdir -p "$dir"
    local rootfs="$dir/rootfs"
    rm -rf "$rootfs"
    debootstrap --variant=minbase --include="$NODE_PACKAGES" "$SUITE" "$rootfs" "$MIRROR" >"$dir/debootstrap.log" 2>&1 ||
      fail "debootstrap failed, see $dir/debootstrap.log"
    (cd "$rootfs" && eval "rm -rf $BASE_TRIM")
    tar -C "$rootfs" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
    rm -rf "$rootfs"
    say "debootstrap done in $(since_ms "$debootstrap_at") s"
  fi
  podman import -q "$tarball" "$NODE_BASE" >/dev/null
}

postgres_image() {
  if podman image exists "$POSTGRES_IMAGE"; then return; fi
  local postgres_at
  postgres_at=$(now_ms)
  say "building PostgreSQL's image on the base"
  local context="$cache/postgres-image"
  rm -rf "$context" && mkdir -p "$context"
  printf '%s\n' "$POSTGRES_ENTRYPOINT" >"$context/entrypoint.sh"
  printf 'FROM %s\n%s\n' "$NODE_BASE" "$POSTGRES_CONTAINERFILE" >"$context/Containerfile"
  podman build --format docker --network host -t "$POSTGRES_IMAGE" "$context" >"$cache/postgres-build.log" 2>&1 ||
    {
      tail -30 "$cache/postgres-build.log"
      fail "PostgreSQL's image did not build (whole log: $cache/postgres-build.log)"
    }
  say "PostgreSQL's image built in $(since_ms "$postgres_at") s"
}

# This machine's CAs, for npm in the whole Dockerfile's build: a registry may be reached through a
# TLS-inspecting proxy.
ca_args=()
if [ -s /etc/ssl/certs/ca-certificates.crt ]; then
  ca_args=(-v /etc/ssl/certs/ca-certificates.crt:/run/host-ca.crt:ro --build-arg NPM_CAFILE=/run/host-ca.crt)
fi

# The Dockerfile's runtime stage on the base (its pgclient stage installs Debian's postgresql-client).
runtime_image() {
  if podman image exists "$RUNTIME_IMAGE"; then return; fi
  local runtime_at
  runtime_at=$(now_ms)
  podman build --format docker --network host --target runtime --build-arg NODE_IMAGE="$NODE_BASE" \
    -t "$RUNTIME_IMAGE" . >"$cache/runtime-build.log" 2>&1 ||
    {
      tail -30 "$cache/runtime-build.log"
      fail "the Dockerfile's runtime stage did not build (whole log: $cache/runtime-build.log)"
    }
  say "the Dockerfile's runtime stage: $(since_ms "$runtime_at") s"
  # Runtime stages of other Dockerfiles or bases.
  podman images --format '{{.Repository}}:{{.Tag}}' localhost/figgle-runtime | grep -vxF "$RUNTIME_IMAGE" |
    xargs -r podman rmi >/dev/null 2>&1 || true
}

node_base
postgres_image
[ "$mode" = dockerfile ] || runtime_image
flock -u 9
if [ "$mode" = bases ]; then
  say "bases ready in $(($(date +%s) - started)) s: $NODE_BASE, $POSTGRES_IMAGE, $RUNTIME_IMAGE"
  exit 0
fi

build_at=$(now_ms)
if [ "$mode" = prebuilt ]; then
  say "building the image: the Dockerfile's runtime stage with the app of scripts/container-app.sh, from this machine's build"
  # npm install built both; this builds again only what changed since.
  {
    node scripts/web-build.mjs &&
      node --input-type=module -e "await (await import('./scripts/server-run.mjs')).serverCommand()" &&
      rm -rf "$cache/app" &&
      bash scripts/container-app.sh "$cache/app" "$cache/production-dependencies"
  } >"$cache/app-build.log" 2>&1 || {
    tail -30 "$cache/app-build.log"
    fail "the app for the image did not build (whole log: $cache/app-build.log)"
  }
  # The Dockerfile's last stage, on the runtime stage built above.
  printf 'FROM %s\nCOPY . ./\n' "$RUNTIME_IMAGE" >"$cache/app.Containerfile"
  podman build --format docker -f "$cache/app.Containerfile" -t "$FIGGLE_IMAGE" "$cache/app" >"$cache/build.log" 2>&1 ||
    {
      tail -30 "$cache/build.log"
      fail "podman build failed (whole log: $cache/build.log)"
    }
  rm -rf "$cache/app"
  built_by="this machine's build (scripts/container-app.sh) on the Dockerfile's runtime stage"
else
  say "building the whole Dockerfile (--build-arg NODE_IMAGE=$NODE_BASE)"
  podman build --format docker --network host --build-arg NODE_IMAGE="$NODE_BASE" "${ca_args[@]}" -t "$FIGGLE_IMAGE" . >"$cache/build.log" 2>&1 ||
    {
      tail -30 "$cache/build.log"
      fail "podman build failed (whole log: $cache/build.log)"
    }
  built_by="the whole Dockerfile"
fi
# Earlier builds' images that lost their tag to this one.
podman image prune -f >/dev/null 2>&1 || true
build_seconds=$(since_ms "$build_at")
image_bytes=$(podman image inspect "$FIGGLE_IMAGE" --format '{{.Size}}')
image_mb=$((image_bytes / 1000 / 1000))
say "image built from $built_by in ${build_seconds} s: $FIGGLE_IMAGE is ${image_mb} MB"
[ "$image_mb" -le 250 ] || fail "the image is ${image_mb} MB, more than 250 MB"
podman run --rm "$FIGGLE_IMAGE" sh -c 'pg_dump --version && psql --version' >/dev/null 2>&1 ||
  fail "pg_dump or psql does not run in the image"

# Everything a variant started goes, however the script ends.
projects=()
cleanup() {
  for project in "${projects[@]}"; do
    podman pod rm -f "pod_$project" >/dev/null 2>&1 || true
    podman ps -a --filter "label=io.podman.compose.project=$project" -q | xargs -r podman rm -f >/dev/null 2>&1 || true
    podman volume ls -q --filter "label=io.podman.compose.project=$project" | xargs -r podman volume rm -f >/dev/null 2>&1 || true
  done
}
trap cleanup EXIT

# The journey, from this machine over the published port: sign-up, the link from the dev mailbox
# (read inside the container: it answers only loopback), sign-in, organization, project, task.
JOURNEY=$(
  cat <<'EOF'
const [step, baseUrl, container, stateFile] = process.argv.slice(1);
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
const origin = baseUrl;
let cookie = '';
async function call(path, { method = 'GET', body } = {}) {
  const response = await fetch(baseUrl + path, {
    method,
    redirect: 'manual',
    headers: { origin, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const set = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  if (set.length > 0) cookie = [...cookie.split('; ').filter(Boolean), ...set].join('; ');
  return response;
}
async function expectStatus(response, status, what) {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}
if (step === 'create') {
  const email = `ada-${Date.now()}@example.test`;
  const password = 'container-test-password';
  await expectStatus(
    await call('/api/auth/sign-up/email', {
      method: 'POST',
      body: { email, password, name: 'Ada Lovelace', firstname: 'Ada', lastname: 'Lovelace' },
    }),
    200,
    'sign-up',
  );
  let link;
  for (let tries = 0; tries < 50 && !link; tries++) {
    const mailbox = execFileSync('podman', [
      'exec', container, 'node', '-e',
      "fetch('http://127.0.0.1:3000/dev/mailbox').then((r) => r.text()).then((t) => process.stdout.write(t))",
    ]).toString();
    link = mailbox.match(new RegExp(`${baseUrl}[^\\s"'<>)]*verify[^\\s"'<>)]*`))?.[0]?.replaceAll('&amp;', '&');
    if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!link) throw new Error('no verification link in the dev mailbox');
  const verified = await call(link.slice(baseUrl.length));
  if (verified.status >= 400) throw new Error(`verification: ${verified.status}`);
  cookie = '';
  await expectStatus(await call('/api/auth/sign-in/email', { method: 'POST', body: { email, password } }), 200, 'sign-in');
  const organization = await (
    await expectStatus(await call('/api/organizations', { method: 'POST', body: { name: 'Containers' } }), 201, 'organization')
  ).json();
  const project = await (
    await expectStatus(
      await call('/api/projects', {
        method: 'POST',
        body: { name: 'Shipping', trigram: 'SHP', organization_id: organization.organization_id },
      }),
      201,
      'project',
    )
  ).json();
  const task = await (
    await expectStatus(
      await call(`/api/projects/${project.project_id}/tasks`, {
        method: 'POST',
        body: { title: 'Kept across a restart' },
      }),
      201,
      'task',
    )
  ).json();
  writeFileSync(stateFile, JSON.stringify({ cookie, taskId: task.task_id, email }));
  console.log(`registered ${email} through the dev mailbox, signed in, created task ${task.task_id}`);
} else if (step === 'old') {
  // The people of the old release's fixtures (apps/server/test/upgrade/fixtures), with their passwords.
  const { people, taskTitles } = JSON.parse(readFileSync(stateFile, 'utf8'));
  for (const person of people) {
    cookie = '';
    await expectStatus(await call('/api/auth/sign-in/email', { method: 'POST', body: { email: person.email, password: person.password } }), 200, `sign-in of ${person.email}`);
  }
  cookie = '';
  await expectStatus(await call('/api/auth/sign-in/email', { method: 'POST', body: { email: people[0].email, password: people[0].password } }), 200, 'sign-in');
  const projects = await (await expectStatus(await call('/api/projects'), 200, 'projects')).json();
  const project = projects.find((candidate) => candidate.name === 'Difference engine');
  if (!project) throw new Error(`the old project is gone: ${JSON.stringify(projects)}`);
  const listed = await (await expectStatus(await call(`/api/projects/${project.project_id}/tasks`), 200, 'tasks')).text();
  const missing = taskTitles.filter((title) => !listed.includes(title));
  if (missing.length > 0) throw new Error(`tasks lost in the upgrade: ${missing.join(', ')}`);
  await expectStatus(await call(`/api/projects/${project.project_id}/tasks`, { method: 'POST', body: { title: 'After the upgrade' } }), 201, 'task after the upgrade');
  console.log(`${people.map((person) => person.email).join(' and ')} signed in with their old passwords; their ${taskTitles.length} tasks are there; a new one was created`);
} else {
  const state = JSON.parse(readFileSync(stateFile, 'utf8'));
  cookie = state.cookie;
  const task = await (await expectStatus(await call(`/api/tasks/${state.taskId}`), 200, 'task after restart')).json();
  if (task.title !== 'Kept across a restart') throw new Error(`task after restart: ${JSON.stringify(task)}`);
  console.log(`after the restart, the same session reads task ${state.taskId}: "${task.title}"`);
}
EOF
)

# Waits until the container is healthy; prints the seconds since $1. With a port, /healthz is first
# polled from this machine (curl: a fraction of the CPU of a Node process in the container per poll),
# then the image's own HEALTHCHECK command must pass as well.
wait_healthy() {
  local container=$1 since=$2 limit=$3 port=${4:-}
  local deadline=$((since + limit * 1000))
  if [ -n "$port" ]; then
    while ! curl -fsS -o /dev/null --max-time 5 "http://localhost:$port/healthz" 2>/dev/null; do
      [ "$(now_ms)" -le "$deadline" ] || break
      sleep 0.25
    done
  fi
  while ! podman healthcheck run "$container" >/dev/null 2>&1; do
    if [ "$(now_ms)" -gt "$deadline" ]; then
      podman logs --tail 40 "$container" >&2 || true
      fail "$container was not healthy within $limit s"
    fi
    sleep 0.5
  done
  since_ms "$since"
}

results=()
variant() {
  local label=$1 file=$2 project=$3 port=$4
  projects+=("$project")
  # NODE_ENV=development: the dev mailbox stands in for SMTP; everything else as in production.
  local compose=(env NODE_ENV=development FIGGLE_PORT="$port" PUBLIC_URL="http://localhost:$port"
    POSTGRES_PASSWORD=container-test podman-compose -p "$project" -f "$file")
  local state="$cache/$project.state.json"
  local container="${project}_figgle_1"
  say "$label ($file): starting"
  cleanup
  local up_at
  up_at=$(($(date +%s%N) / 1000000))
  "${compose[@]}" up -d >"$cache/$project.up.log" 2>&1 || {
    cat "$cache/$project.up.log"
    fail "$label: compose up failed"
  }
  local first
  first=$(wait_healthy "$container" "$up_at" 300 "$port")
  say "$label: start to healthy ${first} s (first start: a new database)"
  local user
  user=$(podman exec "$container" sh -c 'id -u; id -un' | paste -sd' ')
  [ "${user%% *}" != 0 ] || fail "$label: the server runs as root"
  local process_user
  process_user=$(podman top "$container" user,args | awk 'NR > 1 && /main.mjs/ { print $1 }')
  [ -n "$process_user" ] && [ "$process_user" != root ] || fail "$label: the server process runs as '$process_user'"
  say "$label: the server process runs as $process_user (uid ${user%% *}), not root"
  node --input-type=module -e "$JOURNEY" create "http://localhost:$port" "$container" "$state"
  if [ "$file" = compose.yaml ]; then
    # npm run backup's bundle, with pg_dump against the PostgreSQL container, while Figgle runs.
    podman exec "$container" sh -c 'mkdir -p /data/backups && node apps/server/dist/tools/backup.mjs /data/backups/by-hand.tar.gz' ||
      fail "$label: the backup did not work"
  fi
  say "$label: restarting the containers"
  local restart_at
  restart_at=$(($(date +%s%N) / 1000000))
  "${compose[@]}" restart >>"$cache/$project.up.log" 2>&1 || fail "$label: compose restart failed"
  local again
  again=$(wait_healthy "$container" "$restart_at" 240 "$port")
  say "$label: restart to healthy ${again} s"
  node --input-type=module -e "$JOURNEY" check "http://localhost:$port" "$container" "$state"
  "${compose[@]}" down -v >>"$cache/$project.up.log" 2>&1 || true
  cleanup
  results+=("$label: start to healthy ${first} s, after a restart ${again} s, the task kept")
}

# An installation made by an old release (commit 82f2def, the fixtures of
# apps/server/test/upgrade/upgrade-from-old-release.test.ts), started with this image: it backs the
# database up into the volume, migrates it, and the old people sign in and find their tasks.
fixtures="$root/apps/server/test/upgrade/fixtures"
upgrade() {
  local label=$1 file=$2 project=$3 port=$4
  projects+=("$project")
  local compose=(env NODE_ENV=development FIGGLE_PORT="$port" PUBLIC_URL="http://localhost:$port"
    POSTGRES_PASSWORD=container-test podman-compose -p "$project" -f "$file")
  local container="${project}_figgle_1"
  say "upgrade of an old release's $label ($file)"
  cleanup
  if [ "$file" = compose.yaml ]; then
    "${compose[@]}" up -d postgres >"$cache/$project.up.log" 2>&1 || fail "$label: compose up postgres failed"
    local since
    since=$(($(date +%s%N) / 1000000))
    wait_healthy "${project}_postgres_1" "$since" 240 >/dev/null
    # pg_dump's statements without its psql-only \restrict lines (this psql may be older than that pg_dump).
    gunzip -c "$fixtures/old-release-postgres.sql.gz" | grep -v '^\\' |
      podman exec -i "${project}_postgres_1" psql -q -v ON_ERROR_STOP=1 -h /tmp -U figgle -d figgle >/dev/null ||
      fail "$label: the old database could not be loaded"
  else
    podman volume create --label "io.podman.compose.project=$project" "${project}_figgle-data" >/dev/null
    podman run --rm -v "${project}_figgle-data:/data" -v "$fixtures:/fixtures:ro" "$FIGGLE_IMAGE" \
      tar -xzf /fixtures/old-release-data.tar.gz -C /data --strip-components=1 2>/dev/null ||
      fail "$label: the old data directory could not be laid out"
  fi
  local up_at
  up_at=$(($(date +%s%N) / 1000000))
  "${compose[@]}" up -d >>"$cache/$project.up.log" 2>&1 || fail "$label: compose up failed"
  local healthy
  healthy=$(wait_healthy "$container" "$up_at" 300 "$port")
  local backed_up
  backed_up=$(podman logs "$container" 2>&1 | grep -o 'Backed up the database before migrating it from 0019_session_write_notices to [^:]*: [^ ]*' || true)
  [ -n "$backed_up" ] || {
    podman logs --tail 30 "$container" >&2
    fail "$label: no automatic backup before the upgrade"
  }
  say "$label: $backed_up"
  node --input-type=module -e "$JOURNEY" old "http://localhost:$port" "$container" "$fixtures/old-release-people.json"
  "${compose[@]}" down -v >>"$cache/$project.up.log" 2>&1 || true
  cleanup
  results+=("upgrade of the old release's $label: healthy in ${healthy} s after a backup, its people and tasks kept")
}

variant "Figgle + PostgreSQL" compose.yaml figgle-ct-postgres 38431
variant "embedded database" compose.embedded.yaml figgle-ct-embedded 38432
upgrade "PostgreSQL database" compose.yaml figgle-ct-upgrade-postgres 38433
upgrade "data directory" compose.embedded.yaml figgle-ct-upgrade-embedded 38434

say "image $FIGGLE_IMAGE: ${image_mb} MB, built from $built_by in ${build_seconds} s"
for line in "${results[@]}"; do say "$line"; done
say "passed in $(($(date +%s) - started)) s"
