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
