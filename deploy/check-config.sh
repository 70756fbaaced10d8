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
