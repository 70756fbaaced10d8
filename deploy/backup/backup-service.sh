#!/usr/bin/env bash
# One service's part of a backup of the distributed shop (README, "Backup and restore"; decision 0102):
#
#   DATABASE_URL=<the service's own database> [MEDIA_DIR=<media volume>] deploy/backup/backup-service.sh <service> <out-dir>
#
# Writes <out-dir>/<service>.dump: pg_dump's custom format, the whole database in one snapshot
# (--serializable-deferrable: a snapshot no serializable transaction can see differently). For
# media, the volume follows as <out-dir>/media.tar.gz once the dump is taken: pictures are only ever
# added, so every picture the dumped database knows is in the archive.
set -euo pipefail

usage() { echo "usage: DATABASE_URL=... deploy/backup/backup-service.sh <auth|catalog|cart|order|media> <out-dir>" >&2; exit 2; }
[ $# -eq 2 ] || usage
service=$1
out=$2
case "$service" in auth|catalog|cart|order|media) ;; *) usage ;; esac
: "${DATABASE_URL:?DATABASE_URL must name the database of the $service service}"
mkdir -p "$out"

started=$(date -u +%Y-%m-%dT%H:%M:%S.%3NZ)
pg_dump --format=custom --serializable-deferrable --no-owner --no-privileges --dbname="$DATABASE_URL" --file="$out/$service.dump.partial"
mv "$out/$service.dump.partial" "$out/$service.dump"
echo "$service $started" >>"$out/started.txt"

if [ "$service" = media ]; then
  : "${MEDIA_DIR:?MEDIA_DIR must name the media volume}"
  tar -czf "$out/media.tar.gz.partial" -C "$MEDIA_DIR" .
  mv "$out/media.tar.gz.partial" "$out/media.tar.gz"
fi
echo "[backup] $service: dump started $started, written to $out/$service.dump"
