import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { metricsRegistry } from '@shop/platform/src/telemetry/metrics';

test('every metric the Grafana dashboard queries is one the shop exports', async () => {
  const dashboard = JSON.parse(readFileSync(join(__dirname, 'grafana-dashboard.json'), 'utf8')) as { panels: Array<{ targets: Array<{ expr: string }> }> };
  const used = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => t.expr.match(/\b(shop|http|process|nodejs)_[a-z0-9_]+/g) ?? [])));
  const exported = new Set((await metricsRegistry.getMetricsAsJSON()).map((m) => m.name));
  // Histograms are queried through their _bucket series.
  const unknown = [...used].filter((name) => !exported.has(name) && !exported.has(name.replace(/_bucket$/, '')));
  expect(unknown).toEqual([]);
  expect(used.size).toBeGreaterThan(8);
});
