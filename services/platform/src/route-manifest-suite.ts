import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routesByService, type ServiceName } from '@shop/proto-contracts/routes';
import { accessMismatches, declaredRoutes, probeAccess, registeredApiRoutes } from './route-manifest-check';
import { listen, type Runtime, type ServiceInstance } from './index';
import { createTestEnvironment, createTestRuntime, type TestEnvironment } from './testing';

/**
 * The test every service runs against its routes in the manifest (decision 0071): the Express app
 * registers exactly the declared /api/v1 routes, and refuses each as its declared access says.
 * `create` builds the service on a test runtime.
 */
export function describeRouteManifest(service: ServiceName, create: (runtime: Runtime, env: TestEnvironment) => Promise<ServiceInstance>): void {
  describe(`${service} routes and the route manifest`, () => {
    let env: TestEnvironment;
    let instance: ServiceInstance;
    let server: Server;
    let url: string;

    beforeAll(async () => {
      env = await createTestEnvironment();
      instance = await create(await createTestRuntime(env, service), env);
      server = await listen(instance.app, 0);
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
      await instance?.stop();
      await env?.cleanup();
    });

    it('registers every /api/v1 route the manifest declares for it, and no other', () => {
      expect(registeredApiRoutes(instance.app)).toEqual(declaredRoutes(routesByService[service]));
    });

    it('refuses each route as its declared access says: 401 without login, 403 for a role not allowed', async () => {
      const results = await probeAccess(url, routesByService[service], env.keys.privateKey);
      expect(results.length).toBeGreaterThan(0);
      expect(accessMismatches(results)).toEqual([]);
    });
  });
}
