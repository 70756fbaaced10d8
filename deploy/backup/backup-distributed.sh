#!/usr/bin/env bash
# npm run backup:distributed -- <out-dir>: a backup of the distributed shop as the launcher runs it
# (README, "Backup and restore"; decision 0102). The five database dumps start at the same moment
# (each in one snapshot of its own database: PostgreSQL cannot share a snapshot across databases),
# then the media volume and the keys are added and every file's SHA-256 is written to SHA256SUMS.
#
# Settings as for npm run start:distributed: DATABASE_URL (the server), DB_PREFIX (shop),
# DATA_DIR (./data: keys under DATA_DIR/keys), MEDIA_DIR (DATA_DIR/media).
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: npm run backup:distributed -- <out-dir>" >&2; exit 2; }
out=$1
: "${DATABASE_URL:?DATABASE_URL must name the PostgreSQL server (as for npm run start:distributed)}"
prefix=${DB_PREFIX:-shop}
data=${DATA_DIR:-./data}
media=${MEDIA_DIR:-$data/media}
here=$(cd "$(dirname "$0")" && pwd)
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then echo "$out is not empty" >&2; exit 1; fi
mkdir -p "$out"

db_of() { node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$DATABASE_URL" "${prefix}_$1"; }

pids=()
for service in auth catalog cart order media; do
  DATABASE_URL=$(db_of "$service") MEDIA_DIR=$media bash "$here/backup-service.sh" "$service" "$out" &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ $failed -eq 0 ] || { echo "a dump failed; the backup in $out is incomplete" >&2; exit 1; }

if [ -d "$data/keys" ]; then tar -czf "$out/keys.tar.gz" -C "$data" keys; fi
(cd "$out" && sha256sum -- *.dump *.tar.gz started.txt >SHA256SUMS)
echo "[backup] done: $out (restore with npm run restore:distributed -- $out)"
