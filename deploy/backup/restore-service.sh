#!/usr/bin/env bash
# One service's part of a restore of the distributed shop (README, "Backup and restore"; decision 0102):
#
#   DATABASE_URL=<an empty database for the service> [MEDIA_DIR=<empty media volume>] deploy/backup/restore-service.sh <service> <in-dir>
#
# Restores <in-dir>/<service>.dump into the database (in one transaction: all or nothing), and for
# media unpacks media.tar.gz into MEDIA_DIR. Refuses a database that holds the service's schema
# already and a MEDIA_DIR that is not empty. With the service stopped; run the consistency check
# (npm run check:consistency) once every service is restored, before the shop takes traffic.
set -euo pipefail

usage() { echo "usage: DATABASE_URL=... deploy/backup/restore-service.sh <auth|catalog|cart|order|media> <in-dir>" >&2; exit 2; }
[ $# -eq 2 ] || usage
service=$1
in=$2
case "$service" in auth|catalog|cart|order|media) ;; *) usage ;; esac
: "${DATABASE_URL:?DATABASE_URL must name an empty database for the $service service}"
[ -f "$in/$service.dump" ] || { echo "no $in/$service.dump" >&2; exit 1; }

if [ -n "$(psql --no-psqlrc -At --dbname="$DATABASE_URL" -c "select 1 from pg_namespace where nspname = '$service'")" ]; then
  echo "the database already holds the $service schema; restore into an empty database" >&2
  exit 1
fi
if [ "$service" = media ]; then
  : "${MEDIA_DIR:?MEDIA_DIR must name the (empty) media volume}"
  mkdir -p "$MEDIA_DIR"
  if [ -n "$(ls -A "$MEDIA_DIR")" ]; then echo "MEDIA_DIR is not empty" >&2; exit 1; fi
fi

pg_restore --exit-on-error --single-transaction --no-owner --no-privileges --dbname="$DATABASE_URL" "$in/$service.dump"
if [ "$service" = media ] && [ -f "$in/media.tar.gz" ]; then tar -xzf "$in/media.tar.gz" -C "$MEDIA_DIR"; fi
echo "[restore] $service restored from $in/$service.dump"
