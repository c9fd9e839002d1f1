#!/usr/bin/env bash
# Starts the machine's PostgreSQL 15 cluster (Debian's pg_ctlcluster) and makes sure the test role
# and database exist, so the db:postgres suites can run. Idempotent: safe on a running cluster and
# on a database that already exists. Prints nothing on stdout but progress; needs root (su postgres).
set -euo pipefail

PG_VERSION=15
PG_CLUSTER=main
PG_PORT=5432
ROLE=stride
PASSWORD=stride
DATABASE=stride_test

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ ! -d "/usr/lib/postgresql/${PG_VERSION}" ]; then
  echo "ci-postgres: PostgreSQL ${PG_VERSION} is not installed" >&2
  exit 1
fi

# pg_ctlcluster exits non-zero when the cluster is already up; only a real failure should stop us.
if ! start_output=$(pg_ctlcluster "${PG_VERSION}" "${PG_CLUSTER}" start 2>&1); then
  if ! grep -qi 'already running' <<<"${start_output}"; then
    echo "${start_output}" >&2
    exit 1
  fi
fi

for _ in $(seq 1 60); do
  if pg_isready -q -h 127.0.0.1 -p "${PG_PORT}"; then
    break
  fi
  sleep 0.5
done
if ! pg_isready -q -h 127.0.0.1 -p "${PG_PORT}"; then
  echo "ci-postgres: PostgreSQL did not become ready on port ${PG_PORT}" >&2
  exit 1
fi

run_psql() {
  su postgres -c "psql -v ON_ERROR_STOP=1 -q -p ${PG_PORT} $*"
}

run_psql "-d postgres" <<SQL
DO \$\$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${ROLE}') THEN
    CREATE ROLE ${ROLE} WITH LOGIN CREATEDB PASSWORD '${PASSWORD}';
  ELSE
    ALTER ROLE ${ROLE} WITH LOGIN CREATEDB PASSWORD '${PASSWORD}';
  END IF;
END
\$\$;
SQL

if [ "$(run_psql "-d postgres -tA -c \"SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'\"")" != "1" ]; then
  run_psql "-d postgres -c \"CREATE DATABASE ${DATABASE} OWNER ${ROLE}\""
fi

echo "ci-postgres: PostgreSQL ${PG_VERSION} ready with database ${DATABASE} on 127.0.0.1:${PG_PORT}"
