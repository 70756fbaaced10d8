import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { kustomizeLite } from './kustomize-lite';

/**
 * The manifests as `kubectl apply -k` would send them: kubectl's built-in kustomize, or where there
 * is no kubectl (a fresh CI machine: Debian has no package) the same subset of kustomize in TS.
 */
const root = join(__dirname, '..', '..');
interface K8sObject {
  kind: string;
  metadata: { name: string; namespace?: string };
  spec: any;
  data?: Record<string, string>;
}
function hasKubectl(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const kubectl = hasKubectl();
function build(dir: string): K8sObject[] {
  if (!kubectl) return kustomizeLite(join(root, dir)) as K8sObject[];
  const out = execFileSync('kubectl', ['kustomize', join(root, dir)], { encoding: 'utf8' });
  return parseAllDocuments(out).map((d) => d.toJS() as K8sObject);
}
const base = build('deploy/k8s/base');
const production = build('deploy/k8s/overlays/production');
const ofKind = (objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind);
const deployments = ofKind(production, 'Deployment');
const containerOf = (d: K8sObject) => d.spec.template.spec.containers[0];
const envOf = (d: K8sObject) => containerOf(d).env as Array<{ name: string; value?: string; valueFrom?: any }>;

test('every deployment of the shop is there, each with its Service', () => {
  for (const objs of [base, production]) {
    expect(ofKind(objs, 'Deployment').map((d) => d.metadata.name).sort()).toEqual(['auth', 'cart', 'catalog', 'gateway', 'media', 'order']);
    expect(ofKind(objs, 'Service').map((d) => d.metadata.name).sort()).toEqual(['auth', 'cart', 'catalog', 'gateway', 'media', 'order']);
  }
});

test('every Secret key the pods read is named in the template and in the README command', () => {
  const keys = new Set<string>();
  for (const d of deployments) for (const e of envOf(d)) if (e.valueFrom?.secretKeyRef) keys.add(e.valueFrom.secretKeyRef.key);
  const template = parse(readFileSync(join(root, 'deploy/k8s/secret.template.yaml'), 'utf8')) as { stringData: Record<string, string> };
  expect([...keys].sort()).toEqual(Object.keys(template.stringData).sort());
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const command = readme.slice(readme.indexOf('create secret generic shop-secrets'));
  for (const key of keys) expect(command).toMatch(new RegExp(`--from-(literal|file)=${key}=`));
});

test('pods: probes, resources, non-root, pinned image', () => {
  for (const d of deployments) {
    const c = containerOf(d);
    expect([d.metadata.name, c.livenessProbe.httpGet.path, c.readinessProbe.httpGet.path]).toEqual([d.metadata.name, '/healthz', '/readyz']);
    expect(c.resources.requests.cpu).toBeTruthy();
    expect(c.resources.limits.memory).toBeTruthy();
    expect(d.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, fsGroup: 1000 });
    expect(c.image).toBe('registry.example.in/shopkart:1.0.0');
  }
  for (const d of ofKind(base, 'Deployment')) expect(containerOf(d).image).toMatch(/^shopkart:\d+\.\d+\.\d+$/);
});

test('media: one replica, Recreate, its volume', () => {
  const media = deployments.find((d) => d.metadata.name === 'media')!;
  expect(media.spec.replicas).toBe(1);
  expect(media.spec.strategy.type).toBe('Recreate');
  expect(ofKind(production, 'PersistentVolumeClaim')[0]!.spec.accessModes).toEqual(['ReadWriteOnce']);
});

test('production: no demo catalog, admin from the Secret, TRUST_PROXY behind the Ingress, metrics off the public port', () => {
  const config = ofKind(production, 'ConfigMap')[0]!;
  expect(config.data).toMatchObject({ DEMO_CATALOG: 'false', TRUST_PROXY: '1' });
  const auth = envOf(deployments.find((d) => d.metadata.name === 'auth')!);
  for (const key of ['ADMIN_EMAIL', 'ADMIN_PASSWORD']) expect(auth.find((e) => e.name === key)?.valueFrom?.secretKeyRef?.key).toBe(key);
  const gateway = envOf(deployments.find((d) => d.metadata.name === 'gateway')!);
  expect(gateway.find((e) => e.name === 'TRUST_PROXY')?.valueFrom?.configMapKeyRef?.key).toBe('TRUST_PROXY');
  expect(gateway.find((e) => e.name === 'METRICS_PORT')?.value).not.toBe(gateway.find((e) => e.name === 'PORT')?.value);
  const ingress = ofKind(production, 'Ingress')[0]!;
  expect(ingress.spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
});

test('disruption budgets, autoscalers and network policies', () => {
  expect(ofKind(production, 'PodDisruptionBudget').map((p) => p.spec.selector.matchLabels.app).sort()).toEqual(['auth', 'cart', 'catalog', 'gateway', 'order']);
  expect(ofKind(production, 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['cart', 'catalog', 'gateway']);
  const policies = ofKind(production, 'NetworkPolicy');
  expect(policies.find((p) => p.metadata.name === 'default-deny-ingress')?.spec.podSelector).toEqual({});
  // Who may open a connection to each service's API port (besides Prometheus on /metrics).
  const callers = (app: string) => {
    const p = policies.find((x) => x.spec.podSelector.matchLabels?.app === app)!;
    return p.spec.ingress[0].from.map((f: any) => f.podSelector?.matchLabels.app ?? f.namespaceSelector.matchLabels['kubernetes.io/metadata.name']).sort();
  };
  expect(callers('gateway')).toEqual(['ingress-nginx']);
  expect(callers('auth')).toEqual(['gateway']);
  expect(callers('catalog')).toEqual(['cart', 'gateway', 'order']);
  expect(callers('cart')).toEqual(['gateway']);
  expect(callers('order')).toEqual(['gateway']);
  expect(callers('media')).toEqual(['auth', 'catalog', 'gateway']);
});

const describe_ = kubectl ? describe : describe.skip;
describe_('where kubectl is present', () => {
  test('the TS subset builds what kubectl builds (kinds, names, images, config, replicas)', () => {
    const summary = (objs: K8sObject[]) =>
      objs
        .map((o) => [o.kind, o.metadata.name, o.metadata.namespace ?? '', o.kind === 'Deployment' ? `${containerOf(o).image} x${o.spec.replicas}` : '', JSON.stringify(Object.entries(o.data ?? {}).sort())].join(' '))
        .sort();
    for (const dir of ['deploy/k8s/base', 'deploy/k8s/overlays/production']) {
      const lite = kustomizeLite(join(root, dir)) as K8sObject[];
      // kubectl suffixes generated ConfigMap names with a content hash.
      const real = build(dir).map((o) => (o.kind === 'ConfigMap' ? { ...o, metadata: { ...o.metadata, name: o.metadata.name.replace(/-[a-z0-9]{10}$/, '') } } : o));
      expect(summary(lite)).toEqual(summary(real));
    }
  });
});
