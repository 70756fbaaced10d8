import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/**
 * The subset of kustomize these manifests use (resources, namespace, images, configMapGenerator
 * with merge, JSON 6902 "replace" patches), for checking them on a machine without kubectl:
 * Debian has no kubectl package and no kustomize binary can be downloaded in CI. Where kubectl is
 * present the tests build with it instead, so the two can be compared there.
 */
type Obj = Record<string, any>;

interface Kustomization {
  resources?: string[];
  namespace?: string;
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
  configMapGenerator?: Array<{ name: string; behavior?: 'create' | 'merge'; literals?: string[] }>;
  patches?: Array<{ target: { kind: string; name: string }; patch: string }>;
}

export function kustomizeLite(dir: string): Obj[] {
  const k = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  let objects: Obj[] = [];
  for (const resource of k.resources ?? []) {
    const path = join(dir, resource);
    if (resource.endsWith('.yaml')) objects.push(...parseAllDocuments(readFileSync(path, 'utf8')).map((d) => d.toJS() as Obj).filter(Boolean));
    else objects.push(...kustomizeLite(path));
  }
  for (const gen of k.configMapGenerator ?? []) {
    const data = Object.fromEntries((gen.literals ?? []).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    const existing = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === gen.name);
    if (gen.behavior === 'merge' && existing) existing.data = { ...existing.data, ...data };
    else objects.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: gen.name }, data });
  }
  for (const patch of k.patches ?? []) {
    const ops = parse(patch.patch) as Array<{ op: string; path: string; value: unknown }>;
    for (const target of objects.filter((o) => o.kind === patch.target.kind && o.metadata.name === patch.target.name)) {
      for (const op of ops) {
        if (op.op !== 'replace') throw new Error(`kustomize-lite: unsupported patch op ${op.op}`);
        const keys = op.path.split('/').slice(1);
        const parent = keys.slice(0, -1).reduce((o, key) => o[key], target);
        parent[keys.at(-1)!] = op.value;
      }
    }
  }
  for (const image of k.images ?? []) {
    for (const o of objects.filter((x) => x.kind === 'Deployment')) {
      for (const c of o.spec.template.spec.containers) {
        const [name, tag] = String(c.image).split(':');
        if (name === image.name) c.image = `${image.newName ?? name}:${image.newTag ?? tag ?? 'latest'}`;
      }
    }
  }
  if (k.namespace) objects = objects.map((o) => ({ ...o, metadata: { ...o.metadata, namespace: k.namespace } }));
  return objects;
}
