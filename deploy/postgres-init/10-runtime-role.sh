#!/bin/sh
# compose.yaml's PostgreSQL, once, when its volume is new (the postgres image runs /docker-entrypoint-initdb.d): the
# runtime role the app connects as. POSTGRES_USER owns the database and runs the migrations, which grant this role
# its rows-only privileges (README, Database roles; ADR 010).
set -eu
psql -v ON_ERROR_STOP=1 -v pw="$APP_DB_PASSWORD" --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
CREATE ROLE guarita_app LOGIN PASSWORD :'pw';
SQL
