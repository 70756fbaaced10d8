import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen, type ServiceInstance } from '@shop/platform';
import { accessMismatches, declaredRoutes, probeAccess, registeredApiRoutes } from '@shop/platform/src/route-manifest-check';
import { createTestEnvironment, createTestRuntime, type TestEnvironment } from '@shop/platform/src/testing';
import { routesByService } from '@shop/proto-contracts/routes';
import { createCatalogService } from '../app';

/** The catalog service's Express app against its routes in the manifest (decision 0071). */
describe('catalog routes and the route manifest', () => {
  let env: TestEnvironment;
  let service: ServiceInstance;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    env = await createTestEnvironment();
    const runtime = await createTestRuntime(env, 'catalog');
    service = await createCatalogService(runtime, { demoCatalog: false });
    server = await listen(service.app, 0);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await service?.stop();
    await env?.cleanup();
  });

  it('registers every /api/v1 route the manifest declares for it, and no other', () => {
    expect(registeredApiRoutes(service.app)).toEqual(declaredRoutes(routesByService.catalog));
  });

  it('refuses each route as its declared access says: 401 without login, 403 for a role not allowed', async () => {
    const results = await probeAccess(url, routesByService.catalog, env.keys.privateKey);
    expect(results.length).toBeGreaterThan(0);
    expect(accessMismatches(results)).toEqual([]);
  });
});
