#!/usr/bin/env bash
# CI check of the deployment files: compose interpolates with every required setting (from
# .env.example) and refuses to run without them; kustomize builds the base and the production
# overlay. The structure of the built manifests is checked by deploy/k8s/manifests.test.ts.
set -euo pipefail
cd "$(dirname "$0")/.."

docker-compose --env-file .env.example -f docker-compose.yml config -q
echo "docker-compose config: ok"
if env -i PATH="$PATH" docker-compose --env-file /dev/null -f docker-compose.yml config -q 2>/dev/null; then
  echo "docker-compose config passed without .env: a secret has a default" >&2
  exit 1
fi
echo "docker-compose config without .env: refused, as it should be"

if command -v kubectl >/dev/null 2>&1; then
  for dir in deploy/k8s/base deploy/k8s/overlays/production; do
    kubectl kustomize "$dir" >/dev/null
    echo "kubectl kustomize $dir: ok"
  done
else
  # Debian has no kubectl package; deploy/k8s/manifests.test.ts (test:unit) then builds the
  # manifests with its own kustomize subset.
  echo "kubectl not installed: manifests are built by deploy/k8s/manifests.test.ts instead"
fi

# One image tag everywhere: the Dockerfile's build line, compose's default and the kustomize base.
docker_tag=$(sed -n 's/.*docker build .* -t shopkart:\([^ ]*\) .*/\1/p' deploy/Dockerfile)
compose_tag=$(sed -n 's/.*image: shopkart:${SHOP_IMAGE_TAG:-\([^}]*\)}.*/\1/p' docker-compose.yml)
kustomize_tag=$(sed -n 's/.*newTag: "\([^"]*\)".*/\1/p' deploy/k8s/base/kustomization.yaml)
if [ -z "$docker_tag" ] || [ "$docker_tag" != "$compose_tag" ] || [ "$docker_tag" != "$kustomize_tag" ]; then
  echo "image tags disagree: Dockerfile '$docker_tag', docker-compose.yml '$compose_tag', kustomize base '$kustomize_tag'" >&2
  exit 1
fi
echo "image tag shopkart:$docker_tag in the Dockerfile, compose and the kustomize base"

# The image is built once (decision 0080): one service has `build:`, every application service runs
# shopkart:<tag>, and the builder is the first of them in compose's start order (docker-compose 1.29
# makes sure of each service's image in that order and would try to pull shopkart for a service
# before the one that builds it).
resolved=$(docker-compose --env-file .env.example -f docker-compose.yml config)
builders=$(echo "$resolved" | awk '/^services:/{s=1;next} /^[a-z]/{s=0} s && /^  [a-z0-9_-]+:$/{svc=$1} s && /^    build:/{sub(":","",svc); print svc}')
app=$(echo "$resolved" | awk -v img="shopkart:$docker_tag" '/^services:/{s=1;next} /^[a-z]/{s=0} s && /^  [a-z0-9_-]+:$/{svc=$1} s && /^    image: / && $2 == img {sub(":","",svc); print svc}')
first=$(docker-compose --env-file .env.example -f docker-compose.yml config --services | grep -Fx -f <(echo "$app") | head -1)
if [ "$(echo "$builders" | grep -c .)" != 1 ] || ! echo "$app" | grep -qx "$builders" || [ "$first" != "$builders" ]; then
  echo "compose must build shopkart:$docker_tag once: services with build: '$(echo $builders)', first of the image's services in start order '$first'" >&2
  exit 1
fi
echo "compose builds shopkart:$docker_tag once ($builders, first in start order); $(echo "$app" | grep -c .) services run it"
