#!/bin/sh
set -e
mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
as_pg() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  [ -n "$POSTGRES_PASSWORD" ] || { echo "POSTGRES_PASSWORD is required" >&2; exit 1; }
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pwfile && chown postgres /tmp/pwfile
  as_pg initdb -D "$PGDATA" -U postgres --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f /tmp/pwfile; echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  as_pg pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=/var/run/postgresql" -w start >/dev/null
  for f in /docker-entrypoint-initdb.d/*; do case "$f" in *.sql) echo "running $f"; as_pg psql -v ON_ERROR_STOP=1 -h /var/run/postgresql -U postgres -f "$f";; esac; done
  as_pg pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
[ "$1" = postgres ] && exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/var/run/postgresql
exec "$@"
