#!/usr/bin/env bash
# npm run restore:distributed -- <in-dir>: brings a backup:distributed back with the shop stopped
# (README, "Backup and restore"; decision 0102). Checks every file against SHA256SUMS, creates the
# five databases (refusing any that exists), restores them side by side, unpacks the media volume
# and the keys into an empty DATA_DIR, then runs the consistency check, which lists and repairs
# what the five dumps, taken at slightly different moments, disagree on.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: npm run restore:distributed -- <in-dir>" >&2; exit 2; }
in=$1
: "${DATABASE_URL:?DATABASE_URL must name the PostgreSQL server (as for npm run start:distributed)}"
prefix=${DB_PREFIX:-shop}
data=${DATA_DIR:-./data}
media=${MEDIA_DIR:-$data/media}
here=$(cd "$(dirname "$0")" && pwd)

(cd "$in" && sha256sum --quiet -c SHA256SUMS) || { echo "the backup in $in is damaged" >&2; exit 1; }
if [ -e "$data/keys" ]; then echo "$data/keys exists; restore into an empty DATA_DIR" >&2; exit 1; fi

db_of() { node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$DATABASE_URL" "${prefix}_$1"; }
for service in auth catalog cart order media; do
  psql --no-psqlrc -q --dbname="$DATABASE_URL" -v ON_ERROR_STOP=1 -c "create database ${prefix}_$service" \
    || { echo "database ${prefix}_$service exists (drop it first, or choose another DB_PREFIX)" >&2; exit 1; }
done

pids=()
for service in auth catalog cart order media; do
  DATABASE_URL=$(db_of "$service") MEDIA_DIR=$media bash "$here/restore-service.sh" "$service" "$in" &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ $failed -eq 0 ] || { echo "a restore failed" >&2; exit 1; }

mkdir -p "$data"
if [ -f "$in/keys.tar.gz" ]; then tar -xzf "$in/keys.tar.gz" -C "$data"; fi
echo "[restore] databases, media and keys restored; checking what crosses services"
exec npx tsx "$here/check-consistency.ts"
