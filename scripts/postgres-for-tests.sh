#!/usr/bin/env bash
# Starts the machine's PostgreSQL and makes the role and database the tests use (idempotent).
set -euo pipefail
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 && break
  sleep 1
done
su postgres -c "psql -q -v ON_ERROR_STOP=1" <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'figgle') THEN
    CREATE ROLE figgle LOGIN PASSWORD 'figgle' CREATEDB;
  END IF;
END $$;
-- The tests drop their databases WITH (FORCE). An autovacuum worker busy in one has no role, and
-- ending it takes pg_signal_backend: without it the drop fails now and then ("must be a member of
-- the role whose process is being terminated"), as ci21 and ci22 did.
GRANT pg_signal_backend TO figgle;
SQL
su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'figgle_test'\"" | grep -q 1 ||
  su postgres -c "createdb -O figgle figgle_test"
echo "PostgreSQL $version is ready for tests"
