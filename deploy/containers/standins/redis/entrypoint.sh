#!/bin/sh
set -e
if [ "$1" = redis-server ] && [ "$(id -u)" = 0 ]; then exec setpriv --reuid=redis --regid=redis --init-groups "$@"; fi
exec "$@"
