#!/usr/bin/env bash
# npm run test:containers — build the image with deploy/Dockerfile and run docker-compose.yml for
# real with podman, on a Debian machine with no Docker engine and no container registry (decision
# 0061). Run as root. Steps (each timed):
#   setup    apt-get install what is missing (podman, buildah, runc, slirp4netns, uidmap,
#            debootstrap, docker-compose 1.29)
#   bases    the FROM images, made locally once and cached: debian:bookworm-slim (debootstrap
#            minbase), node:20-bookworm-slim (that + this machine's Node 20 + npm + user node),
#            stand-ins for postgres:15, rabbitmq:3.13-management, redis:7 and axllent/mailpit
#            built from Debian packages (deploy/containers/standins)
#   image    podman build --format docker -f deploy/Dockerfile (the real one), with podman's layer
#            cache: the dependency layers (both `npm install`s and the runtime's copy of the
#            production node_modules) are kept between runs and reused while package.json files,
#            package-lock.json, .npmrc and the bases are unchanged; every layer made from the
#            sources is built again each run (decision 0086). Beside the build, compose's
#            PostgreSQL, RabbitMQ, Redis and mail sink start and become healthy.
#   compose  docker-compose up of the real docker-compose.yml through podman's Docker API, in a
#            private network namespace; a shopper journey (sign up, add to cart, COD order, cart
#            emptied by the OrderPlaced event), the admin from .env (login, ship, deliver, invoice
#            PDF), the order mail in the mail sink
#   sigterm  podman stop -t 10 of every app container: each must exit 0 by itself (no SIGKILL)
#   kube     podman kube play of `kubectl kustomize deploy/k8s/base` on compose's network (its
#            PostgreSQL/RabbitMQ/Redis/mail as the managed services): a shopper journey, a demo
#            picture served from the media volume, SIGTERM to every pod (exit 0); skipped with a
#            note when kubectl is missing or SKIP_KUBE=1
#   cleanup  containers, networks, volumes, the network namespace, every image but the cached bases
#            and the dependency layers
# Each step prints its seconds, and the run its total and the machine's load average.
#
# Settings (environment):
#   SHOPKART_CONTAINERS_CACHE  where podman's image store and the bases live between runs
#                              (default /var/cache/shopkart-containers; delete it to rebuild them)
#   REBUILD_BASES=1            rebuild the cached bases (and so every cached layer)
#   NO_LAYER_CACHE=1           build the image without the kept layers (an operator's first build)
#   KEEP=1                     leave the stack running and the work folder in place (debugging)
# Nothing is published on the machine's interfaces and the machine's own PostgreSQL, RabbitMQ and
# Redis are never used: compose's network and ports live in a private network namespace whose
# only way out is slirp4netns (outbound traffic only).
set -euo pipefail
# The whole script is one block, read before it runs: bash otherwise reads a script as it goes, and
# a checkout or an edit of this file during a run would run a mix of two versions.
{

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
CACHE=${SHOPKART_CONTAINERS_CACHE:-/var/cache/shopkart-containers}
PROJECT=shopkartct
NETNS=shopkart-ct-$$
GATEWAY_PORT=3794
BASES=(docker.io/library/debian:bookworm-slim docker.io/library/node:20-bookworm-slim docker.io/library/postgres:15
  docker.io/library/redis:7 docker.io/library/rabbitmq:3.13-management docker.io/axllent/mailpit:latest)
APP=(gateway auth catalog cart order media)
# The dependency layers of the image build, kept between runs under these tags (decision 0086).
LAYER_CACHE=localhost/shopkart-build-cache

[ "$(id -u)" = 0 ] || { echo "containers: run as root (podman with runc and cgroupfs, network namespaces)" >&2; exit 2; }
mkdir -p "$CACHE"
# One run per cache folder. The lock's file stays open in what a run starts (podman's service,
# conmon, slirp4netns), so a run killed without its cleanup leaves it held: when the run named in
# .lock.pid is gone, this run removes what it left (leftovers, in setup) and then takes the lock.
exec 8>"$CACHE/.lock.start"; flock 8
exec 9>>"$CACHE/.lock"
STALE_LOCK=
if ! flock -n 9; then
  prev=$(cat "$CACHE/.lock.pid" 2>/dev/null || true)
  if [ -n "$prev" ] && grep -qa 'containers/check.sh' "/proc/$prev/cmdline" 2>/dev/null; then
    echo "containers: another run (pid $prev) holds $CACHE/.lock" >&2; exit 2
  fi
  STALE_LOCK=1
fi
echo $$ > "$CACHE/.lock.pid"
exec 8>&-

WORK=$(mktemp -d -t shopkart-containers.XXXXXX)
# Podman's own folders are fixed, inside the cache: its database (in the image store) records the
# run and temporary folders it was first used with and refuses different ones later, so per-run
# folders would break the next run after a killed one. The lock above keeps them to one run.
PODMAN_STATE=$CACHE/podman
export CONTAINERS_CONF=$PODMAN_STATE/containers.conf CONTAINERS_STORAGE_CONF=$PODMAN_STATE/storage.conf
export DOCKER_HOST=unix://$WORK/podman.sock COMPOSE_PROJECT_NAME=$PROJECT
TIMINGS=() FAILURES=0 START=$SECONDS

say() { printf '\n[containers] %s\n' "$*"; }
ok() { printf '[containers]   OK   %s\n' "$*"; }
bad() { printf '[containers]   FAIL %s\n' "$*"; FAILURES=$((FAILURES + 1)); }
die() { bad "$*"; exit 1; }
timed() { local t0=$SECONDS; say "step $1"; "$@"; TIMINGS+=("$(printf '%-8s %4d s' "$1" $((SECONDS - t0)))"); }
load() { cut -d' ' -f1-3 /proc/loadavg; }
LOAD_START=$(load)
pn() { nsenter --net=/run/netns/$NETNS podman "$@"; }   # podman where the bridges live
in_ns() { nsenter --net=/run/netns/$NETNS "$@"; }
wait_http() { local i; for ((i = 0; i < $2 * 2; i++)); do in_ns curl -fs -m 2 -o /dev/null "$1" && return 0; sleep 0.5; done; return 1; }

# Podman settings. runc + cgroupfs: crun refuses hybrid cgroup v1/v2 hosts and there is no systemd;
# explicit ulimits: without CAP_SYS_RESOURCE the defaults ("raise to the hard limit") fail.
# The image store is the cache folder (bases survive runs); run state is per run.
mkdir -p "$PODMAN_STATE"
cat > "$CONTAINERS_CONF" <<EOF
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
tmp_dir = "$PODMAN_STATE/tmp"
[network]
network_config_dir = "$PODMAN_STATE/networks"
EOF
cat > "$CONTAINERS_STORAGE_CONF" <<EOF
[storage]
driver = "overlay"
graphroot = "$CACHE/storage"
runroot = "$PODMAN_STATE/run"
EOF
mkdir -p "$PODMAN_STATE/tmp" "$PODMAN_STATE/networks" "$PODMAN_STATE/run"

# ---------------------------------------------------------------------------------------------
setup() {
  local want=(podman buildah runc catatonit slirp4netns uidmap fuse-overlayfs debootstrap docker-compose curl openssl util-linux iproute2) missing=() p
  for p in "${want[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "  installing: ${missing[*]}"
    # NEEDRESTART_SUSPEND: never let the install restart the machine's services (shared servers).
    apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive NEEDRESTART_SUSPEND=1 apt-get install -y -q "${missing[@]}" >/dev/null 2>"$WORK/apt.log" \
      || { cat "$WORK/apt.log"; die "apt-get install ${missing[*]}"; }
  fi
  command -v node >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]')" = 20 ] || die "Node 20 is needed on this machine (copied into the base image)"
  leftovers
  echo "  $(podman --version), docker-compose $(docker-compose version --short), node $(node -v)"
}

# What a run that was killed (no cleanup) left in the cache's podman store and on the machine: its
# containers, pods, volumes and secret, and its network namespace with the processes inside it
# (podman's API service) and the slirp4netns attached to it. The lock says no other run is live.
leftovers() {
  local ns pid d n=0
  for ns in $(ip netns list | awk '$1 ~ /^shopkart-ct-[0-9]+$/ {print $1}'); do
    kill -0 "${ns#shopkart-ct-}" 2>/dev/null && continue
    for pid in $(ip netns pids "$ns") $(pgrep -f "slirp4netns .*/run/netns/$ns tap0" || true); do kill "$pid" 2>/dev/null || true; done
    ip netns del "$ns" 2>/dev/null || true; n=$((n + 1))
  done
  if [ -n "$(podman ps -aq 2>/dev/null)" ] || [ -n "$(podman pod ps -q 2>/dev/null)" ]; then
    podman pod rm -af -t 0 >/dev/null 2>&1 || true; podman rm -af -t 0 >/dev/null 2>&1 || true; n=$((n + 1))
  fi
  podman volume prune -f >/dev/null 2>&1 || true
  podman secret rm shop-secrets >/dev/null 2>&1 || true
  podman network rm -f ${PROJECT}_default >/dev/null 2>&1 || true
  # Its health pump (outside the namespace) and work folder; its image and source layers.
  for pid in $(pgrep -f "label=com.docker.compose.project=$PROJECT" || true); do kill "$pid" 2>/dev/null && n=$((n + 1)); done
  for d in "$(dirname "$WORK")"/shopkart-containers.*; do [ "$d" = "$WORK" ] || [ ! -d "$d" ] || { rm -rf "$d"; n=$((n + 1)); }; done
  drop_images
  if [ -n "$STALE_LOCK" ]; then # what still holds the killed run's lock (its network's DNS server)
    for pid in $(lock_holders); do kill "$pid" 2>/dev/null || true; done
    flock -w 30 9 || die "$CACHE/.lock is still held by: $(lock_holders | xargs -r ps -o pid=,args= -p)"
    n=$((n + 1))
  fi
  [ "$n" = 0 ] || echo "  removed what an earlier, killed run left behind"
  return 0
}
# Processes outside this run that have the lock file open.
lock_holders() {
  local f pid p
  for f in /proc/[0-9]*/fd/*; do
    [ "$(readlink "$f" 2>/dev/null)" = "$CACHE/.lock" ] || continue
    pid=${f#/proc/}; pid=${pid%%/*}; p=$pid
    while [ "${p:-1}" -gt 1 ] && [ "$p" != $$ ]; do p=$(awk '/^PPid:/ {print $2}' "/proc/$p/status" 2>/dev/null); done
    [ "$p" = $$ ] || echo "$pid"
  done | sort -u
}

# ---------------------------------------------------------------------------------------------
# What the Dockerfile's FROM and the compose file's images name, made locally (no registry).
bases() {
  local n
  if [ -n "${REBUILD_BASES:-}" ]; then # the kept layers first: a base with children is not removed
    for n in build-deps prod-deps runtime-deps; do podman rmi -f "$LAYER_CACHE:$n" >/dev/null 2>&1 || true; done
    drop_images; podman rmi -f "${BASES[@]}" >/dev/null 2>&1 || true; rm -rf "$CACHE/rootfs"
  fi
  if ! podman image exists docker.io/library/debian:bookworm-slim; then
    local mirror; mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
    if [ ! -f "$CACHE/rootfs/etc/debian_version" ]; then
      rm -rf "$CACHE/rootfs"
      debootstrap --variant=minbase bookworm "$CACHE/rootfs" "${mirror:-http://deb.debian.org/debian}" >"$WORK/debootstrap.log" 2>&1 \
        || { tail -5 "$WORK/debootstrap.log"; die "debootstrap failed"; }
    fi
    # debootstrap may leave the rootfs' /proc mounted (seen on a fresh machine): never into an image.
    awk -v r="$CACHE/rootfs/" 'index($2, r) == 1 {print $2}' /proc/mounts | sort -r | while read -r m; do umount -l "$m"; done
    rm -rf "$CACHE"/rootfs/var/cache/apt/*.bin "$CACHE"/rootfs/var/cache/apt/archives/*.deb "$CACHE"/rootfs/var/lib/apt/lists/*
    tar -C "$CACHE/rootfs" --one-file-system -c . | podman import --change 'CMD ["bash"]' - docker.io/library/debian:bookworm-slim >/dev/null 2>&1
    echo "  made debian:bookworm-slim (debootstrap minbase)"
  fi
  if ! podman image exists docker.io/library/node:20-bookworm-slim; then
    local R=$WORK/rootfs-node
    cp -a --one-file-system "$CACHE/rootfs" "$R"
    install -m755 "$(command -v node)" "$R/usr/local/bin/node"
    npm install -g --prefix "$R/usr/local" npm@10.8.2 --no-audit --no-fund >/dev/null 2>&1 || die "npm for the node base"
    chroot "$R" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
    # This machine's CA bundle, so `npm install` inside a build trusts what the machine trusts.
    mkdir -p "$R/usr/local/etc" "$R/etc/ssl/certs" && cp /etc/ssl/certs/ca-certificates.crt "$R/etc/ssl/certs/ca-certificates.crt"
    printf 'cafile=/etc/ssl/certs/ca-certificates.crt\nupdate-notifier=false\n' > "$R/usr/local/etc/npmrc"
    cat > "$R/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then set -- node "$@"; fi
exec "$@"
EOF
    chmod 755 "$R/usr/local/bin/docker-entrypoint.sh"
    tar -C "$R" -c . | podman import --change "ENV NODE_VERSION=$(node -p process.versions.node)" \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'ENTRYPOINT ["docker-entrypoint.sh"]' --change 'CMD ["node"]' - docker.io/library/node:20-bookworm-slim >/dev/null 2>&1
    rm -rf "$R"
    echo "  made node:20-bookworm-slim (node $(node -v))"
  fi
  local s img
  for s in postgres:docker.io/library/postgres:15 redis:docker.io/library/redis:7 \
    rabbitmq:docker.io/library/rabbitmq:3.13-management mailpit:docker.io/axllent/mailpit:latest; do
    img=${s#*:}
    podman image exists "$img" && continue
    podman build --network=host --format docker -t "$img" "$HERE/standins/${s%%:*}" >"$WORK/standin-${s%%:*}.log" 2>&1 \
      || { tail -10 "$WORK/standin-${s%%:*}.log"; die "stand-in ${s%%:*}"; }
    echo "  made the stand-in $img"
  done
  podman run --rm --network=host node:20-bookworm-slim sh -c 'echo "  base runs: node $(node -v), npm $(npm -v)"' 2>/dev/null \
    || die "podman cannot run a container"
}

# ---------------------------------------------------------------------------------------------
# The project as committed plus working-tree changes (tracked and untracked, not ignored), so that
# .env and the keys written below never land in the operator's checkout.
TAG=
image() {
  mkdir -p "$WORK/src"
  (cd "$ROOT" && git ls-files -z -c -o --exclude-standard | tar --null -T - --ignore-failed-read -cf - 2>/dev/null) | tar -C "$WORK/src" -xf -
  TAG=$(sed -n 's/.*SHOP_IMAGE_TAG:-\([^}]*\)}.*/\1/p' "$WORK/src/docker-compose.yml" | head -1)
  [ -n "$TAG" ] || die "no SHOP_IMAGE_TAG default in docker-compose.yml"
  # compose's PostgreSQL, RabbitMQ, Redis and mail sink need no image of ours: they start and get
  # healthy while the image builds (.dockerignore keeps the .env and keys written meanwhile out).
  infra >"$WORK/infra.log" 2>&1 &
  echo $! > "$WORK/infra.pid"
  local t0=$SECONDS cache=(--layers)
  [ -n "${NO_LAYER_CACHE:-}" ] && cache=(--layers --no-cache)
  (cd "$WORK/src" && podman build "${cache[@]}" --network=host --format docker -f deploy/Dockerfile -t "localhost/shopkart:$TAG" . >"$WORK/build.log" 2>&1) \
    || { tail -20 "$WORK/build.log"; die "podman build -f deploy/Dockerfile failed"; }
  ok "podman build -f deploy/Dockerfile: $((SECONDS - t0)) s, $(grep -c -- '^--> Using cache' "$WORK/build.log") of $(grep -cE 'STEP [0-9]+/[0-9]+: ' "$WORK/build.log") steps from the layer cache"
  keep_dependency_layers
  local hc; hc=$(podman image inspect "localhost/shopkart:$TAG" --format '{{if .HealthCheck}}yes{{end}}' 2>/dev/null || true)
  [ -n "$hc" ] && ok "shopkart:$TAG built from deploy/Dockerfile with its HEALTHCHECK ($(podman image inspect "localhost/shopkart:$TAG" --format '{{.Size}}' | awk '{printf "%.0f MB", $1/1e6}'))" \
    || bad "the image has no HEALTHCHECK (built as OCI?)"
  local engine; engine=$(grep -c 'EBADENGINE' "$WORK/build.log" || true)
  [ "$engine" = 0 ] && ok "no EBADENGINE in the build" || bad "$engine EBADENGINE lines in the build"
  podman run --rm --network=host --entrypoint sh "localhost/shopkart:$TAG" -c \
    '[ "$(id -u)" = 1000 ] && ! ls -a /app | grep -qE "^\.env$|\.pem$" && [ -f /etc/fonts/fonts.conf ]' 2>/dev/null \
    && ok "runs as uid 1000, no .env or key in /app, fontconfig present" || bad "image contents (user, secrets, fonts)"
}

# The layers that depend on the dependencies only, tagged so that cleanup keeps them (with their
# parents) and the next build finds them: stage build's `npm install`, stage prod-deps' `npm
# install --omit=dev`, the runtime stage's copy of prod-deps' /app. Podman's layer cache keys a
# COPY by its files' contents and a RUN by its parent layer and command, so they are reused while
# the manifests, the lockfile, .npmrc, the Dockerfile up to them and the bases are unchanged. The
# build prints "STEP n/m: <instruction>" and then "--> <id>" or "--> Using cache <id>".
keep_dependency_layers() {
  local name id step
  while IFS=$'\t' read -r id step; do
    case "$step" in
      'RUN npm install --no-audit'*) name=build-deps ;;
      'RUN npm install --omit=dev'*) name=prod-deps ;;
      'COPY --from=prod-deps /app'*) name=runtime-deps ;;
      *) continue ;;
    esac
    podman tag "$id" "$LAYER_CACHE:$name" || bad "could not keep the layer $id ($step)"
    echo "  kept $name ($id): $(grep -qF -- "--> Using cache $id" "$WORK/build.log" && echo reused || echo built this run)"
  done < <(awk '/STEP [0-9]+\/[0-9]+: / { sub(/.*STEP [0-9]+\/[0-9]+: /, ""); step = $0; want = 1; next }
                want && /^--> / { print ($2 == "Using" ? $4 : $2) "\t" step; want = 0 }' "$WORK/build.log")
}

# Every image but the bases and the kept dependency layers (and their parents): the project's
# image, the layers made from the sources, layers of older dependencies. Untagged layers go in
# passes, a child before its parent.
drop_images() {
  local keep img i
  keep=$(printf '%s\n' "${BASES[@]}")
  for img in $(podman images --format '{{.Repository}}:{{.Tag}}' | grep -v '<none>'); do
    [ "${img%%:*}" = "$LAYER_CACHE" ] && continue
    echo "$keep" | grep -qx "$img" || podman rmi -f "$img" >/dev/null 2>&1
  done
  for i in 1 2 3 4 5 6 7 8; do
    [ -n "$(podman images -a -q --filter dangling=true 2>/dev/null)" ] || break
    podman image prune -f >/dev/null 2>&1
  done
}

# ---------------------------------------------------------------------------------------------
# A private network namespace (outbound through slirp4netns) and podman's Docker API inside it.
netns_up() {
  ip netns add "$NETNS"; ip netns exec "$NETNS" ip link set lo up
  setsid slirp4netns --configure --mtu=65520 --disable-host-loopback --netns-type=path "/run/netns/$NETNS" tap0 >"$WORK/slirp.log" 2>&1 9>&- &
  echo $! > "$WORK/slirp.pid"
  setsid nsenter --net=/run/netns/$NETNS podman system service --time=0 "unix://$WORK/podman.sock" >"$WORK/service.log" 2>&1 9>&- &
  echo $! > "$WORK/service.pid"
  local i; for i in $(seq 1 40); do [ -S "$WORK/podman.sock" ] && return 0; sleep 0.25; done
  die "podman system service did not start"
}
# Podman schedules HEALTHCHECKs with systemd timers; without systemd nothing runs them and
# `depends_on: condition: service_healthy` would wait forever. This runs them every second, for
# the containers not healthy yet only (a check is a process in the container: cheap once, not
# every second for every container).
hc_pump_start() {
  setsid bash -c "while true; do for id in \$(podman ps --filter label=com.docker.compose.project=$PROJECT --format '{{.ID}} {{.Status}}' | awk '!/[(]healthy[)]/ {print \$1}'); do podman healthcheck run \$id >/dev/null 2>&1; done; sleep 1; done" >/dev/null 2>&1 9>&- &
  echo $! > "$WORK/hcpump.pid"
}
stop_pid() { # a helper this run started (its pid file), and wait until it is gone
  [ -f "$WORK/$1.pid" ] || return 0
  local pid i; pid=$(cat "$WORK/$1.pid")
  kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$WORK/$1.pid"
}

# .env as README "Docker Compose" says: copy the example, fill in every value, the key pair with \n escapes.
make_env() {
  cd "$WORK/src"
  cp .env.example .env
  sed -i -e "s/^POSTGRES_PASSWORD=.*/POSTGRES_PASSWORD=$(openssl rand -hex 12)/" -e "s/^RABBITMQ_PASSWORD=.*/RABBITMQ_PASSWORD=$(openssl rand -hex 12)/" \
    -e "s/^REDIS_PASSWORD=.*/REDIS_PASSWORD=$(openssl rand -hex 12)/" -e "s/^INTERNAL_API_TOKEN=.*/INTERNAL_API_TOKEN=$(openssl rand -hex 24)/" \
    -e "s/^ADMIN_PASSWORD=.*/ADMIN_PASSWORD=Ct-Admin-$(openssl rand -hex 8)/" \
    -e "s#^PUBLIC_URL=.*#PUBLIC_URL=http://localhost:$GATEWAY_PORT#" -e '/^JWT_PRIVATE_KEY=/d' -e '/^JWT_PUBLIC_KEY=/d' .env
  echo "GATEWAY_PORT=$GATEWAY_PORT" >> .env
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out jwt-private.pem 2>/dev/null
  openssl pkey -in jwt-private.pem -pubout -out jwt-public.pem
  echo "JWT_PRIVATE_KEY=\"$(awk '{printf "%s\\n", $0}' jwt-private.pem)\"" >> .env
  echo "JWT_PUBLIC_KEY=\"$(awk '{printf "%s\\n", $0}' jwt-public.pem)\"" >> .env
}

# Run in the background by image(): the namespace, .env, and compose's services that need no
# image of ours, up and (with the health pump) healthy. Its exit status is compose()'s to judge.
infra() {
  local t0=$SECONDS svc
  netns_up
  make_env
  cd "$WORK/src"
  docker-compose config -q || { echo "docker-compose config failed"; exit 1; }
  hc_pump_start
  timeout 300 docker-compose up -d postgres rabbitmq redis mail || { echo "docker-compose up of the infrastructure failed"; exit 1; }
  for svc in postgres rabbitmq redis; do
    until [ "$(podman inspect ${PROJECT}_${svc}_1 --format '{{.State.Health.Status}}' 2>/dev/null)" = healthy ]; do
      [ $((SECONDS - t0)) -lt 300 ] || { echo "$svc not healthy after 300 s"; exit 1; }
      sleep 0.5
    done
  done
  echo "infrastructure healthy $((SECONDS - t0)) s after the build started"
}

SHOPPER=
compose() {
  local t0=$SECONDS rc=0
  wait "$(cat "$WORK/infra.pid")" || rc=$?
  rm -f "$WORK/infra.pid"
  [ "$rc" = 0 ] && ok "$(tail -1 "$WORK/infra.log") (waited $((SECONDS - t0)) s for it after the build)" \
    || { tail -20 "$WORK/infra.log"; die "compose's infrastructure (namespace, .env, postgres, rabbitmq, redis, mail)"; }
  cd "$WORK/src"
  t0=$SECONDS
  timeout 400 docker-compose up -d --no-build >"$WORK/compose-up.log" 2>&1 || { tail -20 "$WORK/compose-up.log"; die "docker-compose up failed"; }
  ok "docker-compose up -d: $((SECONDS - t0)) s (every service healthy in dependency order)"
  local base=http://127.0.0.1:$GATEWAY_PORT
  wait_http "$base/readyz" 120 && ok "gateway ready on the published port $GATEWAY_PORT" || die "gateway not ready: $(in_ns curl -s -m 2 "$base/readyz")"
  podman ps --filter label=com.docker.compose.project=$PROJECT --format '  {{.Names}}  {{.Status}}'
  local out
  t0=$SECONDS
  out=$(in_ns node "$HERE/shopper.mjs" "$base") && ok "shopper journey ($((SECONDS - t0)) s): $out" || bad "shopper journey: $out"
  SHOPPER=$(echo "$out" | sed -n 's/.*"email":"\([^"]*\)".*/\1/p')
  local order; order=$(echo "$out" | sed -n 's/.*"order":"\([^"]*\)".*/\1/p')
  out=$(set -a; . ./.env; set +a; in_ns node "$HERE/staff.mjs" "$base" "$ADMIN_EMAIL" "$ADMIN_PASSWORD" "$order") \
    && ok "admin from .env: login, order shipped and delivered, invoice PDF: $out" || bad "staff journey: $out"
  local i got=
  for i in $(seq 1 60); do
    podman logs ${PROJECT}_mail_1 2>&1 | grep -F "$SHOPPER" >/dev/null && { got=1; break; }; sleep 0.5; done
  [ -n "$SHOPPER" ] && [ -n "$got" ] && ok "order mail to $SHOPPER reached the mail sink over SMTP" || bad "no mail to the shopper in the mail sink"
}

# Every app container gets SIGTERM (podman stop, 10 s grace as Docker's default) and must exit by
# itself with 0: 137 would be SIGKILL at the end of the grace period.
sigterm() {
  stop_pid hcpump
  local c name code took
  stop_one() {
    local t0; t0=$(date +%s%N)
    pn stop -t 10 "${PROJECT}_$1_1" >/dev/null 2>&1 || true
    echo "$1 $(( ($(date +%s%N) - t0) / 1000000 ))" >> "$WORK/stops"
  }
  : > "$WORK/stops"
  stop_one gateway          # the front first, as a rollout would
  local pids=()
  for c in auth catalog cart order media; do stop_one "$c" & pids+=($!); done
  wait "${pids[@]}"
  for c in "${APP[@]}"; do
    name=${PROJECT}_${c}_1
    code=$(podman inspect "$name" --format '{{.State.ExitCode}}' 2>/dev/null || echo '?')
    took=$(awk -v c="$c" '$1 == c {print $2}' "$WORK/stops")
    if [ "$code" = 0 ] && [ "${took:-99999}" -lt 10000 ]; then ok "$c stopped on SIGTERM in ${took} ms, exit 0"
    else bad "$c: exit $code after ${took:-?} ms (137 = killed at the end of the grace period); its last log lines:"
      podman logs --tail 8 "$name" 2>&1 | cut -c1-400 | sed 's/^/      /'; fi
  done
}

# podman kube play of `kubectl kustomize deploy/k8s/base` on compose's network, with compose's
# PostgreSQL/RabbitMQ/Redis/mail as the "managed services" (fresh k8s_* databases). Podman 4.3's
# gaps are bridged here, none is a defect of the manifests: secretKeyRef wants a podman secret
# holding a JSON map of base64 values; there are no Services, so each pod gets its Service's name
# as a network alias; replicas beyond the first become extra pods that cannot start (podman
# publishes containerPorts on the host), so only the first pod of each Deployment is started;
# probes with named ports are not run (podman turns them into healthchecks on port 0).
kube() {
  if [ -n "${SKIP_KUBE:-}" ] || ! command -v kubectl >/dev/null; then
    echo "  NOTE: podman kube play skipped ($([ -n "${SKIP_KUBE:-}" ] && echo SKIP_KUBE is set || echo kubectl is missing)): the Kubernetes manifests were not run"
    return 0
  fi
  cd "$WORK/src"
  local s pod inf
  for s in auth catalog cart order media; do podman exec ${PROJECT}_postgres_1 createdb -U postgres "k8s_$s" || die "createdb k8s_$s"; done
  kubectl kustomize deploy/k8s/base > "$WORK/k8s.yaml"
  (set -a; . ./.env; set +a
   kubectl -n shop create secret generic shop-secrets --dry-run=client -o json \
    --from-literal=AUTH_DATABASE_URL="postgres://postgres:$POSTGRES_PASSWORD@postgres:5432/k8s_auth" \
    --from-literal=CATALOG_DATABASE_URL="postgres://postgres:$POSTGRES_PASSWORD@postgres:5432/k8s_catalog" \
    --from-literal=CART_DATABASE_URL="postgres://postgres:$POSTGRES_PASSWORD@postgres:5432/k8s_cart" \
    --from-literal=ORDER_DATABASE_URL="postgres://postgres:$POSTGRES_PASSWORD@postgres:5432/k8s_order" \
    --from-literal=MEDIA_DATABASE_URL="postgres://postgres:$POSTGRES_PASSWORD@postgres:5432/k8s_media" \
    --from-literal=RABBITMQ_URL="amqp://$RABBITMQ_USER:$RABBITMQ_PASSWORD@rabbitmq:5672/shop" \
    --from-literal=REDIS_URL="redis://:$REDIS_PASSWORD@redis:6379/1" --from-literal=SMTP_URL=smtp://mail:1025 \
    --from-file=JWT_PRIVATE_KEY=jwt-private.pem --from-file=JWT_PUBLIC_KEY=jwt-public.pem \
    --from-literal=INTERNAL_API_TOKEN="$(openssl rand -hex 24)" --from-literal=ADMIN_EMAIL=admin@shop.example.in \
    --from-literal=ADMIN_PASSWORD="$ADMIN_PASSWORD" --from-literal=OIDC_CLIENT_ID= --from-literal=OIDC_CLIENT_SECRET= \
    --from-literal=PAYMENT_KEY_ID= --from-literal=PAYMENT_KEY_SECRET=) \
   | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.stringify(JSON.parse(s).data)))' > "$WORK/secret.json"
  podman secret create shop-secrets "$WORK/secret.json" >/dev/null
  pn kube play --start=false --network ${PROJECT}_default "$WORK/k8s.yaml" >"$WORK/kube-play.log" 2>&1 || { tail -5 "$WORK/kube-play.log"; die "kube play"; }
  for s in media auth catalog cart order gateway; do
    pod=$(podman pod ls --format '{{.Name}}' | grep -E "^$s-pod(-0)?$" | sed -n 1p)
    [ -n "$pod" ] || die "no pod for $s"
    inf=$(podman pod inspect "$pod" --format '{{.InfraContainerID}}')
    pn network disconnect ${PROJECT}_default "$inf" >/dev/null 2>&1 || true
    pn network connect --alias "$s" ${PROJECT}_default "$inf" >/dev/null 2>&1
    pn pod start "$pod" >/dev/null 2>&1 || bad "pod $pod did not start"
  done
  local gw; gw=$(podman inspect "$(podman pod inspect "$(podman pod ls --format '{{.Name}}' | grep -E '^gateway-pod(-0)?$')" --format '{{.InfraContainerID}}')" --format '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}')
  local i
  for i in $(seq 1 120); do in_ns curl -fs -m 2 "http://$gw:3000/readyz" | grep -q '"status":"ready"' && break; sleep 1; done
  in_ns curl -fs -m 2 "http://$gw:3000/readyz" | grep -q '"status":"ready"' && ok "kube play: gateway ready at $gw:3000 (probes' paths answer)" || die "kube gateway not ready: $(in_ns curl -s -m 2 "http://$gw:3000/readyz")"
  local out; out=$(in_ns node "$HERE/shopper.mjs" "http://$gw:3000") && ok "shopper journey through the manifests: $out" || bad "kube shopper journey: $out"
  local img=""
  for i in $(seq 1 60); do
    # The picture's address is absolute (the manifests' PUBLIC_URL): its path, asked of the gateway pod.
    img=$(in_ns curl -fs -m 5 "http://$gw:3000/api/v1/products?limit=1" | sed -n 's/.*"image":\["\([^"]*\)".*/\1/p' | sed 's#^[a-z]*://[^/]*##')
    [ -n "$img" ] && in_ns curl -fs -m 5 -o /dev/null "http://$gw:3000$img" && break; sleep 2; done
  [ -n "$img" ] && in_ns curl -fs -m 5 -o /dev/null "http://$gw:3000$img" && ok "a demo picture served from the media volume (written by uid 1000 on a read-only root)" || bad "picture $img not served"
  # SIGTERM to every pod (30 s grace as Kubernetes'): each app container must exit 0 by itself.
  local t0 code name cut
  for s in gateway auth catalog cart order media; do
    pod=$(podman pod ls --format '{{.Name}}' | grep -E "^$s-pod(-0)?$" | sed -n 1p)
    t0=$(date +%s%N); pn pod stop -t 30 "$pod" >/dev/null 2>&1 || true
    for name in $(podman ps -a --filter pod="$pod" --format '{{.Names}}' | grep -v -- '-infra$'); do
      code=$(podman inspect "$name" --format '{{.State.ExitCode}}')
      # Podman stops a pod's pause container (and tears its network down) together with the app, so
      # the app's goodbyes to its peers may go unanswered and be cut (decision 0079): shown here.
      cut=$(podman logs "$name" 2>&1 | sed -n 's/.*"msg":"\([^"]*did not \(answer\|finish\)[^"]*\)".*/\1/p' | paste -sd';' -)
      if [ "$code" = 0 ]; then ok "pod $pod: $name exit 0 on SIGTERM ($(( ($(date +%s%N) - t0) / 1000000 )) ms for the pod)${cut:+; $cut}"
      else bad "pod $pod: $name exit $code on SIGTERM; its last log lines:"; podman logs --tail 8 "$name" 2>&1 | cut -c1-400 | sed 's/^/      /'; fi
    done
  done
}

# ---------------------------------------------------------------------------------------------
cleanup() {
  local rc=$?
  set +e
  if [ -n "${KEEP:-}" ]; then echo "KEEP=1: left running; work folder $WORK, namespace $NETNS"; return; fi
  say "cleanup"
  local t0=$SECONDS
  stop_pid infra; stop_pid hcpump
  if [ -S "$WORK/podman.sock" ] && [ -f "$WORK/src/docker-compose.yml" ]; then
    (cd "$WORK/src" && timeout 120 docker-compose down -v -t 2 --remove-orphans >/dev/null 2>&1)
  fi
  if ip netns list | grep -qw "$NETNS"; then
    pn pod rm -af -t 2 >/dev/null 2>&1
    pn rm -af -t 2 >/dev/null 2>&1; pn network rm -f ${PROJECT}_default >/dev/null 2>&1
  fi
  podman rm -af -t 2 >/dev/null 2>&1
  podman volume prune -f >/dev/null 2>&1
  podman secret rm shop-secrets >/dev/null 2>&1
  stop_pid service; stop_pid slirp
  ip netns list | grep -qw "$NETNS" && ip netns del "$NETNS"
  drop_images
  rm -rf "$WORK"
  TIMINGS+=("$(printf '%-8s %4d s' cleanup $((SECONDS - t0)))")
  say "timings"; printf '  %s\n' "${TIMINGS[@]}"; printf '  %-8s %4d s\n' total $((SECONDS - START))
  echo "  load average (1, 5, 15 min) at the start $LOAD_START, at the end $(load), on $(nproc) cores"
  if [ "$rc" = 0 ] && [ "$FAILURES" = 0 ]; then say "PASSED"; else say "FAILED ($FAILURES failures, exit $rc)"; [ "$rc" = 0 ] && exit 1; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

timed setup
timed bases
timed image
timed compose
timed sigterm
timed kube
[ "$FAILURES" = 0 ]
exit
}
